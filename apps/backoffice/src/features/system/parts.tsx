// Pieces shared by the system screens: the one-time temporary password dialog and a checkbox list.
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

export interface CheckOption {
  value: string | number;
  label: string;
}

/** Checkboxes for a many-valued form field, as a labelled group. */
export function CheckList({
  id,
  label,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  options: readonly CheckOption[];
  value: unknown;
  onChange: (v: Array<string | number>) => void;
  error?: string;
  disabled?: boolean;
}) {
  const selected = Array.isArray(value) ? (value as Array<string | number>) : [];
  const has = (v: string | number) => selected.some((s) => String(s) === String(v));
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-xs font-medium text-ink-2">{label}</legend>
      <div className="flex max-h-36 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto rounded-md border border-line p-2">
        {options.map((o) => (
          <label key={String(o.value)} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-3.5 accent-brand-500"
              disabled={disabled}
              checked={has(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...selected, o.value]
                    : selected.filter((s) => String(s) !== String(o.value)),
                )
              }
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
