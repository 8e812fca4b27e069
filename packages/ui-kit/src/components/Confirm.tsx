// confirm() as a promise: `if (await confirm({ title, message })) ...`. One provider near the root.
import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button } from './Button.js';

// The provider sits at the root of every page, /login too: the dialog's code (headless UI) loads
// with the first confirmation, not with the first page.
const Dialog = lazy(() => import('./Dialog.js').then((m) => ({ default: m.Dialog })));

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** Red OK button for what cannot be undone. */
  danger?: boolean;
  /** Hide the cancel button (an acknowledgement). */
  noCancel?: boolean;
}

type ConfirmFn = (o: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn | null>(null);

export interface ConfirmLabels {
  ok: string;
  cancel: string;
  close: string;
}

export function ConfirmProvider({
  children,
  labels = { ok: 'OK', cancel: 'Cancel', close: 'Close' },
}: {
  children: ReactNode;
  labels?: ConfirmLabels;
}) {
  const [state, setState] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmFn>((o) => {
    resolver.current?.(false);
    setState(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setState(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {state !== null && (
        <Suspense fallback={null}>
          <Dialog
            open
            onClose={() => settle(false)}
            title={state.title}
            size="sm"
            closeLabel={labels.close}
            footer={
              <>
                {!state.noCancel && (
                  <Button onClick={() => settle(false)}>{state.cancelText ?? labels.cancel}</Button>
                )}
                <Button variant={state.danger ? 'danger' : 'primary'} onClick={() => settle(true)} autoFocus>
                  {state.okText ?? labels.ok}
                </Button>
              </>
            }
          >
            {state.message}
          </Dialog>
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** The confirm function of the nearest ConfirmProvider. */
export function useConfirm(): ConfirmFn {
  const fn = useContext(ConfirmContext);
  return useMemo(
    () => fn ?? ((o: ConfirmOptions) => Promise.resolve(window.confirm(String(o.message ?? o.title)))),
    [fn],
  );
}
