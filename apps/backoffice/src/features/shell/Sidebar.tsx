// Left menu (spec §2): 200 px, 64 px collapsed; home plus the user's groups; one group open at a time.
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, isTaskBadgeHigh, showsTaskBadge } from '@bo/domain';
import { CountBadge, Icon, cx } from '@bo/ui-kit';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { groupOfPath, type MenuGroupView } from '../../app/menu';
import { sdk } from '../../app/sdk';
import { useCanOpen } from '../../app/permissions';
import { useUser } from '../../app/session';
import { useT, type TFunction } from '../../i18n';
import { optionalEndpoint } from './logout';

const TASK_CENTER = '/clues/taskCenter';

function countOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['count', 'total', 'num']) if (typeof o[k] === 'number') return o[k];
  }
  return 0;
}

/** The task-centre count for badge roles, when the tasks slice offers it. */
function useTaskCount(enabled: boolean): number | null {
  const menuCount = optionalEndpoint(sdk.tasks, 'menuCount');
  const q = useQuery({
    queryKey: ['tasks', 'menuCount'],
    queryFn: async () => countOf(await (menuCount as NonNullable<typeof menuCount>)()),
    enabled: enabled && menuCount !== null,
    refetchInterval: 60_000,
  });
  return enabled && menuCount ? (q.data ?? null) : null;
}

function TaskBadge({ count, t }: { count: number; t: TFunction }) {
  if (count <= 0) return null;
  const high = isTaskBadgeHigh(count);
  return (
    <CountBadge
      count={count}
      tone={high ? 'warning' : 'danger'}
      className={high ? 'ring-2 ring-warning-100/30' : ''}
      label={t('shell.taskCount', { n: count })}
    />
  );
}

export function Sidebar({ groups, collapsed }: { groups: MenuGroupView[]; collapsed: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const user = useUser();
  const taskCount = useTaskCount(showsTaskBadge(user));
  // A role without the home screen has no home link (the guard lands it on its first screen).
  const canOpenHome = useCanOpen('/home');
  const activeGroup = groupOfPath(groups, pathname);
  const [open, setOpen] = useState<string | null>(activeGroup);

  useEffect(() => {
    if (activeGroup) setOpen(activeGroup);
  }, [activeGroup]);

  const itemClass = (active: boolean) =>
    cx(
      'flex h-9 items-center gap-2.5 rounded-md text-[13px] transition-colors',
      active
        ? 'bg-brand-500 text-white shadow-[0_1px_2px_rgb(0_0_0/0.3)]'
        : 'text-sidebar-ink hover:bg-white/6 hover:text-white',
    );

  return (
    <nav
      aria-label={t('shell.menu')}
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
      className="flex h-full shrink-0 flex-col bg-sidebar transition-[width] duration-200"
    >
      <Link
        to="/home"
        className={cx(
          'flex h-13 shrink-0 items-center gap-2.5 border-b border-white/6',
          collapsed ? 'justify-center' : 'px-4',
        )}
        aria-label={t('app.name')}
      >
        <span
          className="flex size-7 items-center justify-center rounded-lg bg-gradient-to-br from-brand-400 to-brand-600 text-sm font-bold text-white shadow-[0_2px_8px_rgb(51_112_255/0.45)]"
          aria-hidden="true"
        >
          教
        </span>
        {!collapsed && (
          <span className="truncate text-sm font-semibold tracking-wide text-white">{t('app.name')}</span>
        )}
      </Link>
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-2 py-3 [scrollbar-color:rgb(255_255_255/0.15)_transparent] [scrollbar-width:thin]">
        <ul className="flex flex-col gap-0.5">
          {canOpenHome && (
            <li>
              <Link
                to="/home"
                aria-current={pathname === '/home' ? 'page' : undefined}
                title={collapsed ? t('shell.home') : undefined}
                className={cx(itemClass(pathname === '/home'), collapsed ? 'justify-center' : 'px-3')}
              >
                <Icon name="home" size={17} />
                {collapsed ? (
                  <span className="sr-only">{t('shell.home')}</span>
                ) : (
                  <span className="truncate">{t('shell.home')}</span>
                )}
              </Link>
            </li>
          )}
          {groups.map((g) => {
            const isOpen = open === g.key;
            const hasActive = activeGroup === g.key;
            if (collapsed) {
              return (
                <li key={g.key}>
                  <Menu>
                    <MenuButton
                      aria-label={g.title}
                      className={cx(
                        'flex h-9 w-full items-center justify-center rounded-md transition-colors',
                        hasActive
                          ? 'bg-white/10 text-white'
                          : 'text-sidebar-ink hover:bg-white/6 hover:text-white',
                      )}
                    >
                      <Icon name={g.icon} size={17} />
                    </MenuButton>
                    <MenuItems
                      anchor="right start"
                      className="z-50 min-w-44 animate-pop-in rounded-lg border border-white/8 bg-sidebar-2 p-1 shadow-pop [--anchor-gap:10px] focus:outline-none"
                    >
                      <div className="px-2.5 pt-1.5 pb-1 text-xs text-sidebar-ink/70">{g.title}</div>
                      {g.items.map((it) => (
                        <MenuItem key={it.path}>
                          <Link
                            to={it.path}
                            aria-current={pathname === it.path ? 'page' : undefined}
                            className={cx(
                              'flex items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-[13px] data-focus:bg-white/8',
                              pathname === it.path
                                ? 'text-brand-300'
                                : 'text-sidebar-ink data-focus:text-white',
                            )}
                          >
                            {it.title}
                            {it.path === TASK_CENTER && taskCount !== null && (
                              <TaskBadge count={taskCount} t={t} />
                            )}
                          </Link>
                        </MenuItem>
                      ))}
                    </MenuItems>
                  </Menu>
                </li>
              );
            }
            return (
              <li key={g.key}>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={`menu-group-${g.key}`}
                  onClick={() => setOpen(isOpen ? null : g.key)}
                  className={cx(
                    'flex h-9 w-full items-center gap-2.5 rounded-md px-3 text-left text-[13px] transition-colors',
                    hasActive ? 'text-white' : 'text-sidebar-ink hover:bg-white/6 hover:text-white',
                  )}
                >
                  <Icon name={g.icon} size={17} />
                  <span className="flex-1 truncate">{g.title}</span>
                  <Icon
                    name="chevronDown"
                    size={14}
                    className={cx('opacity-60 transition-transform duration-200', isOpen ? 'rotate-180' : '')}
                  />
                </button>
                <ul id={`menu-group-${g.key}`} hidden={!isOpen} className="mt-0.5 mb-1 flex flex-col gap-0.5">
                  {g.items.map((it) => (
                    <li key={it.path}>
                      <Link
                        to={it.path}
                        aria-current={pathname === it.path ? 'page' : undefined}
                        className={cx(itemClass(pathname === it.path), 'pr-2 pl-[38px]')}
                      >
                        <span className="flex-1 truncate">{it.title}</span>
                        {it.path === TASK_CENTER && taskCount !== null && (
                          <TaskBadge count={taskCount} t={t} />
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
