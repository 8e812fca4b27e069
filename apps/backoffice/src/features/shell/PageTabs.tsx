// Closable page tabs (spec §2); right-click offers 'close all'.
import { Icon, cx } from '@bo/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HOME_PATH, type PageTab } from '../../app/tabs';
import { useT } from '../../i18n';

export interface PageTabsProps {
  tabs: readonly PageTab[];
  activeKey: string;
  titleOf: (tab: PageTab) => string;
  onClose: (key: string) => void;
  onCloseAll: () => void;
  onCloseOthers: (key: string) => void;
}

export function PageTabs({ tabs, activeKey, titleOf, onClose, onCloseAll, onCloseOthers }: PageTabsProps) {
  const t = useT();
  const [menu, setMenu] = useState<{ x: number; y: number; key: string } | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const activeRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!menu) return undefined;
    menuRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Escape') return;
      if (e instanceof MouseEvent && menuRef.current?.contains(e.target as Node)) return;
      setMenu(null);
    };
    window.addEventListener('mousedown', close);
    window.addEventListener('keydown', close);
    window.addEventListener('blur', close);
    return () => {
      window.removeEventListener('mousedown', close);
      window.removeEventListener('keydown', close);
      window.removeEventListener('blur', close);
    };
  }, [menu]);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);

  return (
    <div className="relative flex h-10 shrink-0 items-end border-b border-line bg-surface px-3">
      <nav aria-label={t('shell.tabs')} className="min-w-0 flex-1 overflow-x-auto [scrollbar-width:none]">
        <ul className="flex items-end gap-1">
          {tabs.map((tab) => {
            const active = tab.key === activeKey;
            const title = titleOf(tab);
            return (
              <li
                key={tab.key}
                ref={active ? activeRef : undefined}
                onContextMenu={(e) => {
                  e.preventDefault();
                  setMenu({ x: e.clientX, y: e.clientY, key: tab.key });
                }}
                className={cx(
                  'group relative flex h-8 max-w-52 shrink-0 items-center rounded-t-md border border-b-0 text-xs transition-colors',
                  active
                    ? 'border-line bg-canvas text-ink'
                    : 'border-transparent text-muted hover:bg-hover hover:text-ink',
                )}
              >
                {active && (
                  <span
                    className="absolute inset-x-0 -top-px h-0.5 rounded-t-md bg-brand-500"
                    aria-hidden="true"
                  />
                )}
                <Link
                  to={tab.fullPath}
                  aria-current={active ? 'page' : undefined}
                  className={cx(
                    'truncate py-1.5 pl-3',
                    tab.key === HOME_PATH ? 'pr-3' : 'pr-1',
                    active && 'font-medium',
                  )}
                  title={title}
                >
                  {title}
                </Link>
                {tab.key !== HOME_PATH && (
                  <button
                    type="button"
                    aria-label={t('shell.closeTab', { title })}
                    onClick={() => onClose(tab.key)}
                    className={cx(
                      'mr-1.5 inline-flex size-4 items-center justify-center rounded-sm text-subtle hover:bg-line-strong hover:text-ink',
                      active ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 focus:opacity-100',
                    )}
                  >
                    <Icon name="close" size={11} strokeWidth={2.2} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {menu && (
        <div
          ref={menuRef}
          role="menu"
          aria-label={t('shell.tabs')}
          style={{ left: menu.x, top: menu.y }}
          className="fixed z-50 min-w-32 animate-pop-in rounded-lg border border-line bg-surface p-1 text-sm shadow-pop"
        >
          {menu.key !== HOME_PATH && (
            <button
              role="menuitem"
              type="button"
              className="block w-full rounded-md px-2.5 py-1.5 text-left hover:bg-hover"
              onClick={() => {
                onClose(menu.key);
                setMenu(null);
              }}
            >
              {t('common.close')}
            </button>
          )}
          <button
            role="menuitem"
            type="button"
            className="block w-full rounded-md px-2.5 py-1.5 text-left hover:bg-hover"
            onClick={() => {
              onCloseOthers(menu.key);
              setMenu(null);
            }}
          >
            {t('shell.closeOthers')}
          </button>
          <button
            role="menuitem"
            type="button"
            className="block w-full rounded-md px-2.5 py-1.5 text-left hover:bg-hover"
            onClick={() => {
              onCloseAll();
              setMenu(null);
            }}
          >
            {t('shell.closeAll')}
          </button>
        </div>
      )}
    </div>
  );
}
