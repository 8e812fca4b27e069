// The page tabs of the layout shell: one tab per screen path, kept in sessionStorage ('tabsList').
// Pure functions over a list plus load/save; the shell holds the list in state.
import { STORAGE_KEYS } from '@bo/domain';

export interface PageTab {
  /** The pathname: one tab per screen. */
  key: string;
  /** Pathname + search of the last visit (what clicking the tab opens). */
  fullPath: string;
  /** A title set by the screen (usePageTitle), else the route table's. */
  title?: string;
}

export const HOME_PATH = '/home';

/** Opens (or updates) the tab of a location. Home is always first and never closable. */
export function openTab(tabs: readonly PageTab[], pathname: string, search = ''): PageTab[] {
  const fullPath = pathname + search;
  const hasHome = tabs.some((t) => t.key === HOME_PATH);
  const i = tabs.findIndex((t) => t.key === pathname);
  // Unchanged: the same array, so callers can compare by reference.
  if (hasHome && i >= 0 && tabs[i]?.fullPath === fullPath) return tabs as PageTab[];
  const list = hasHome ? [...tabs] : [{ key: HOME_PATH, fullPath: HOME_PATH }, ...tabs];
  const j = list.findIndex((t) => t.key === pathname);
  const cur = list[j];
  if (j >= 0 && cur) {
    list[j] = { ...cur, fullPath };
    return list;
  }
  return [...list, { key: pathname, fullPath }];
}

/**
 * Closes a tab; returns the new list and, when the closed tab was active, where to go
 * (the right neighbour, else the left one).
 */
export function closeTab(
  tabs: readonly PageTab[],
  key: string,
  activeKey: string,
): { tabs: PageTab[]; next: string | null } {
  if (key === HOME_PATH) return { tabs: [...tabs], next: null };
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0) return { tabs: [...tabs], next: null };
  const left = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: left, next: null };
  const neighbour = left[i] ?? left[i - 1] ?? left[0];
  return { tabs: left, next: neighbour ? neighbour.fullPath : HOME_PATH };
}

/** Closes every tab but home. */
export function closeAllTabs(tabs: readonly PageTab[]): PageTab[] {
  return tabs.filter((t) => t.key === HOME_PATH);
}

export function setTabTitle(tabs: readonly PageTab[], key: string, title: string | undefined): PageTab[] {
  if (!tabs.some((t) => t.key === key && t.title !== title)) return tabs as PageTab[];
  return tabs.map((t) => (t.key === key ? { ...t, title } : t));
}

export function loadTabs(): PageTab[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.tabsList);
    const v: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(v)) return [];
    return v.filter(
      (t): t is PageTab =>
        typeof t === 'object' &&
        t !== null &&
        typeof (t as PageTab).key === 'string' &&
        typeof (t as PageTab).fullPath === 'string',
    );
  } catch {
    return [];
  }
}

export function saveTabs(tabs: readonly PageTab[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.tabsList, JSON.stringify(tabs));
  } catch {
    /* storage full or unavailable: tabs are a convenience */
  }
}

export function clearTabs(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.tabsList);
  } catch {
    /* ignore */
  }
  tabsReset.forEach((f) => f());
}

/** The shell subscribes so that sign-out empties the visible tab bar too. */
export const tabsReset = new Set<() => void>();
