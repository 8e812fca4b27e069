// The one-time temporary password dialog of the system screens.
import { Button, Dialog, useToast } from '@bo/ui-kit';
import { useSyncExternalStore } from 'react';
import { useT } from '../../i18n';

export interface Secret {
  kind: 'created' | 'reset';
  username: string;
  password: string;
}

// The list declarations are static; their save and actions announce the password here, and the
// screen renders the dialog (the password lives only in memory, until the dialog closes).
let current: Secret | null = null;
const listeners = new Set<() => void>();
export function showSecret(s: Secret | null): void {
  current = s;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function TemporaryPasswordDialog() {
  const t = useT();
  const toast = useToast();
  const secret = useSyncExternalStore(subscribe, () => current);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.password);
      toast.success(t('sys.copied'));
    } catch {
      toast.warning(t('sys.copyFailed'));
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={() => showSecret(null)}
      title={t('sys.tempTitle')}
      persistent
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={() => void copy()}>{t('sys.copy')}</Button>
          <Button variant="primary" onClick={() => showSecret(null)}>
            {t('list.ok')}
          </Button>
        </>
      }
    >
      {secret && (
        <>
          <p className="text-sm text-ink-2">
            {t(secret.kind === 'created' ? 'sys.tempCreated' : 'sys.tempReset', {
              username: secret.username,
            })}
          </p>
          <output
            aria-label={t('sys.tempTitle')}
            className="mt-3 block rounded-md border border-line bg-canvas px-3 py-2 font-mono text-lg tracking-wider select-all"
          >
            {secret.password}
          </output>
        </>
      )}
    </Dialog>
  );
}
