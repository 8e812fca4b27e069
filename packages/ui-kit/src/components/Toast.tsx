// Transient messages (success / error / warning / info) in a live region at the top centre.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx.js';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: ReactNode;
}

export interface ToastApi {
  show(kind: ToastKind, message: ReactNode, ms?: number): void;
  success(message: ReactNode): void;
  error(message: ReactNode): void;
  warning(message: ReactNode): void;
  info(message: ReactNode): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const tone: Record<ToastKind, { dot: string; icon: string }> = {
  success: { dot: 'bg-success-500', icon: 'M5 10.5l3 3 7-7' },
  error: { dot: 'bg-danger-500', icon: 'M6.5 6.5l7 7M13.5 6.5l-7 7' },
  warning: { dot: 'bg-warning-500', icon: 'M10 5.5v5.5M10 14v.5' },
  info: { dot: 'bg-info-500', icon: 'M10 9v5.5M10 5.8v.4' },
};

/** Imperative access for code outside React (e.g. SDK hooks); set by the provider. */
export const toastBridge: { current: ToastApi | null } = { current: null };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const seq = useRef(0);
  const remove = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, message: ReactNode, ms?: number) => {
      const id = ++seq.current;
      setItems((xs) => {
        // The same text twice in a row (several failing queries) shows once.
        if (xs.some((x) => x.kind === kind && x.message === message)) return xs;
        return [...xs.slice(-4), { id, kind, message }];
      });
      window.setTimeout(() => remove(id), ms ?? (kind === 'error' ? 5000 : 3000));
    },
    [remove],
  );
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (m) => show('success', m),
      error: (m) => show('error', m),
      warning: (m) => show('warning', m),
      info: (m) => show('info', m),
    }),
    [show],
  );
  toastBridge.current = api;
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2"
        aria-live="polite"
      >
        {items.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex max-w-[560px] animate-slide-in items-start gap-2.5 rounded-lg border border-line bg-surface py-2 pr-3 pl-2.5 text-sm text-ink shadow-pop"
          >
            <span
              className={cx(
                'mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-full text-white',
                tone[t.kind].dot,
              )}
              aria-hidden="true"
            >
              <svg width="12" height="12" viewBox="0 0 20 20">
                <path
                  d={tone[t.kind].icon}
                  stroke="currentColor"
                  strokeWidth="2.4"
                  fill="none"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <span className="break-words">{t.message}</span>
            <button
              type="button"
              aria-label="×"
              onClick={() => remove(t.id)}
              className="ml-1 text-subtle hover:text-ink"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Show a message: `useToast().error('...')`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
