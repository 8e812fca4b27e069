// The left menu from the server's menu entries (spec §3), kept to screens that exist in this build.
import { MENU_GROUPS, routeByPath, type Locale } from '@bo/domain';
import type { TMenuEntry } from '@bo/api-sdk';

export interface MenuItem {
  path: string;
  title: string;
}
export interface MenuGroupView {
  key: string;
  title: string;
  icon: string;
  items: MenuItem[];
}

function groupKeyOf(entry: TMenuEntry): string | null {
  const byField = MENU_GROUPS.find(
    (g) => g.key === entry.code || `/${g.key}` === entry.code || `/${g.key}` === entry.path,
  );
  if (byField) return byField.key;
  for (const p of entry.privileges) {
    const g = routeByPath(p.navigateurl)?.group;
    if (g) return g;
  }
  return null;
}

/**
 * Groups in the server's order with the screens the user may open and that have a component
 * (`hasScreen`), minus forbidden ones; empty groups are left out.
 */
export function buildMenu(
  entries: readonly TMenuEntry[],
  opts: { hasScreen: (path: string) => boolean; forbidden: readonly string[]; locale: Locale },
): MenuGroupView[] {
  const out: MenuGroupView[] = [];
  for (const e of entries) {
    const key = groupKeyOf(e) ?? e.code;
    const def = MENU_GROUPS.find((g) => g.key === key);
    const items: MenuItem[] = [];
    for (const p of e.privileges) {
      const path = p.navigateurl;
      if (!opts.hasScreen(path) || opts.forbidden.includes(path) || items.some((i) => i.path === path))
        continue;
      const r = routeByPath(path);
      const title = r ? r.title[opts.locale] : opts.locale === 'en' ? p.nameEn || p.name : p.name;
      items.push({ path, title });
    }
    if (items.length === 0) continue;
    const existing = out.find((g) => g.key === key);
    if (existing) {
      existing.items.push(...items.filter((i) => !existing.items.some((x) => x.path === i.path)));
      continue;
    }
    out.push({
      key,
      title: def ? def.title[opts.locale] : opts.locale === 'en' ? e.nameEn || e.name : e.name,
      icon: def?.icon ?? 'box',
      items,
    });
  }
  return out;
}

/** The group holding a path, to open it when the screen is shown. */
export function groupOfPath(groups: readonly MenuGroupView[], pathname: string): string | null {
  return groups.find((g) => g.items.some((i) => i.path === pathname))?.key ?? null;
}
