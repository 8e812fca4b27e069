// A button that opens a menu of actions (Headless UI Menu: role=menu/menuitem, keyboard).
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx.js';

export type DropdownItem =
  | {
      key: string;
      label: ReactNode;
      onSelect: () => void;
      icon?: ReactNode;
      danger?: boolean;
      disabled?: boolean;
      hint?: ReactNode;
    }
  | { key: string; separator: true }
  | { key: string; heading: ReactNode };

export interface DropdownProps {
  /** The trigger's content. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text. */
  label?: string;
  items: ReadonlyArray<DropdownItem>;
  align?: 'start' | 'end';
  triggerClassName?: string;
  menuClassName?: string;
}

export function Dropdown({
  trigger,
  label,
  items,
  align = 'end',
  triggerClassName,
  menuClassName,
}: DropdownProps) {
  return (
    <Menu>
      <MenuButton
        aria-label={label}
        className={cx(
          'inline-flex h-control items-center gap-1.5 rounded-md px-2 text-sm text-ink-2 hover:bg-hover hover:text-ink data-open:bg-hover data-open:text-ink',
          triggerClassName,
        )}
      >
        {trigger}
      </MenuButton>
      <MenuItems
        anchor={align === 'end' ? 'bottom end' : 'bottom start'}
        className={cx(
          'z-50 min-w-44 origin-top animate-pop-in rounded-lg border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:6px] focus:outline-none',
          menuClassName,
        )}
      >
        {items.map((it) =>
          'separator' in it ? (
            <MenuSeparator key={it.key} className="my-1 h-px bg-line" />
          ) : 'heading' in it ? (
            <div key={it.key} className="px-2.5 pt-1.5 pb-1 text-xs text-subtle">
              {it.heading}
            </div>
          ) : (
            <MenuItem key={it.key} disabled={it.disabled}>
              <button
                type="button"
                onClick={it.onSelect}
                className={cx(
                  'flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left data-disabled:opacity-50 data-focus:bg-hover',
                  it.danger ? 'text-danger-600' : 'text-ink',
                )}
              >
                {it.icon && (
                  <span className="text-muted" aria-hidden="true">
                    {it.icon}
                  </span>
                )}
                <span className="flex-1">{it.label}</span>
                {it.hint && <span className="text-xs text-subtle">{it.hint}</span>}
              </button>
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
