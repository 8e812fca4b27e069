// Closable page tabs (spec §2); right-click offers 'close all'. When the tabs do not fit, arrow
// buttons scroll the strip and a menu lists every open page; the active tab is always scrolled into
// view, and ←/→ move between tabs from the keyboard.
import { Dropdown, Icon, cx } from '@bo/ui-kit';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
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
  const strip = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const [edges, setEdges] = useState({ left: false, right: false });

  // Which way there is more to see; checked on scroll, on resize and when tabs open or close.
  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useLayoutEffect(measure, [measure, tabs]);
  useEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);

  const scrollBy = (dir: -1 | 1) => {
    const el = strip.current;
    if (!el) return;
    el.scrollBy?.({ left: dir * Math.max(120, el.clientWidth * 0.7), behavior: 'smooth' });
  };

  /** ←/→/Home/End on a tab move the focus to its neighbour (the browser scrolls it into view). */
  const onTabKey = (e: KeyboardEvent<HTMLAnchorElement>) => {
    const keys: Record<string, (i: number, n: number) => number> = {
      ArrowLeft: (i) => i - 1,
      ArrowRight: (i) => i + 1,
      Home: () => 0,
      End: (_i, n) => n - 1,
    };
    const step = keys[e.key];
    const links = strip.current?.querySelectorAll<HTMLAnchorElement>('a[data-tab]');
    if (!step || !links) return;
    const all = Array.from(links);
    const next = all[step(all.indexOf(e.currentTarget), all.length)];
    if (!next) return;
    e.preventDefault();
    next.focus();
  };

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

  // The active tab into view, within the strip only (scrollIntoView would also move the page).
  useEffect(() => {
    const el = strip.current;
    const tab = activeRef.current;
    if (!el || !tab) return;
    const start = tab.offsetLeft - el.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start < el.scrollLeft) el.scrollLeft = Math.max(0, start - 24);
    else if (end > el.scrollLeft + el.clientWidth) el.scrollLeft = end - el.clientWidth + 24;
    measure();
  }, [activeKey, tabs.length, measure]);

  const overflowing = edges.left || edges.right;
  const arrow =
    'inline-flex size-7 shrink-0 items-center justify-center self-center rounded-md text-muted hover:bg-hover hover:text-ink disabled:opacity-30 disabled:hover:bg-transparent';

  return (
    <div className="relative flex h-10 shrink-0 items-end gap-1 border-b border-line bg-surface px-3">
      {overflowing && (
        <button
          type="button"
          className={arrow}
          aria-label={t('shell.tabsScrollLeft')}
          disabled={!edges.left}
          onClick={() => scrollBy(-1)}
        >
          <Icon name="chevronRight" size={14} className="rotate-180" />
        </button>
      )}
      <nav
        ref={strip}
        aria-label={t('shell.tabs')}
        onScroll={measure}
        className="min-w-0 flex-1 overflow-x-auto [scrollbar-width:none]"
      >
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
                  data-tab
                  onKeyDown={onTabKey}
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
      {overflowing && (
        <>
          <button
            type="button"
            className={arrow}
            aria-label={t('shell.tabsScrollRight')}
            disabled={!edges.right}
            onClick={() => scrollBy(1)}
          >
            <Icon name="chevronRight" size={14} />
          </button>
          <Dropdown
            label={t('shell.tabsAll')}
            triggerClassName={arrow}
            trigger={<Icon name="chevronDown" size={14} />}
            menuClassName="max-h-80 overflow-y-auto"
            items={tabs.map((tab) => ({
              key: tab.key,
              label: (
                <span
                  className={cx(
                    'block max-w-64 truncate',
                    tab.key === activeKey && 'font-medium text-brand-600',
                  )}
                >
                  {titleOf(tab)}
                </span>
              ),
              onSelect: () => void navigate(tab.fullPath),
            }))}
          />
        </>
      )}
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
