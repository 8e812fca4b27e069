// The enable/disable switch of a row, asking first ('确定要停用吗？') and showing the pending call.
import { useState } from 'react';
import { useConfirm } from '../components/Confirm.js';
import { Switch } from '../components/switch.js';
import { useListLabels } from './labels.js';

export interface StatusSwitchProps {
  on: boolean;
  /** Performs the change; a rejection leaves the switch as it was (the caller shows the error). */
  onChange: (next: boolean) => Promise<unknown>;
  /** The row's name, for the switch's accessible name. */
  name: string;
  disabled?: boolean;
  confirmDisable?: string;
  confirmEnable?: string;
}

export function StatusSwitch({
  on,
  onChange,
  name,
  disabled,
  confirmDisable,
  confirmEnable,
}: StatusSwitchProps) {
  const L = useListLabels();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const toggle = async (next: boolean) => {
    const ok = await confirm({
      title: L.confirmTitle,
      message: next ? (confirmEnable ?? L.confirmEnable) : (confirmDisable ?? L.confirmDisable),
      danger: !next,
      okText: L.ok,
      cancelText: L.cancel,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await onChange(next);
    } catch {
      // The caller reports the failure; the switch stays where the server left it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        size="sm"
        checked={on}
        disabled={disabled || busy}
        onChange={(v) => void toggle(v)}
        aria-label={name}
      />
      <span className={on ? 'text-xs text-success-600' : 'text-xs text-subtle'}>
        {on ? L.enabled : L.disabled}
      </span>
    </span>
  );
}
