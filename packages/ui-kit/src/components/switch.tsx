// The on/off toggle, apart from the text fields: it is the only control built on headless UI, and
// a page with a plain form (/login) should not download that library for it.
import { Switch as HSwitch } from '@headlessui/react';
import { useId, type ReactNode } from 'react';
import { cx } from './cx.js';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label; or give `aria-label` for a bare switch in a table cell. */
  label?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

/** An on/off toggle (role=switch). */
export function Switch({ checked, onChange, label, disabled, size = 'md', className, ...aria }: SwitchProps) {
  const id = useId();
  const sw = (
    <HSwitch
      id={id}
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={aria['aria-label']}
      className={cx(
        'group relative inline-flex shrink-0 cursor-pointer items-center rounded-full transition-colors duration-150 focus-visible:shadow-focus data-disabled:cursor-not-allowed data-disabled:opacity-50',
        size === 'sm' ? 'h-4 w-7' : 'h-5 w-9',
        checked ? 'bg-brand-500' : 'bg-line-strong',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'inline-block rounded-full bg-white shadow-sm transition-transform duration-150',
          size === 'sm'
            ? 'size-3 translate-x-0.5 group-data-checked:translate-x-3.5'
            : 'size-4 translate-x-0.5 group-data-checked:translate-x-[18px]',
        )}
      />
    </HSwitch>
  );
  if (label === undefined) return <span className={className}>{sw}</span>;
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      {sw}
      <label htmlFor={id} className="cursor-pointer text-sm text-ink select-none">
        {label}
      </label>
    </span>
  );
}
