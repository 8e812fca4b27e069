// Dynamic page titles (spec §2): a screen calls usePageTitle(title); the tab and document show it.
import { createContext, useContext, useEffect } from 'react';

export interface ScreenContextValue {
  /** The tab (pathname) this screen instance belongs to. */
  tabKey: string;
  setTitle: (tabKey: string, title: string | undefined) => void;
}

export const ScreenContext = createContext<ScreenContextValue | null>(null);

/**
 * Sets this screen's title while it is mounted (tab label and document title). Pass undefined to
 * fall back to the route table's title. Examples: clueDetail → `${childName} 线索详情`,
 * AddDiscount → id ? '编辑折扣' : '新增折扣'.
 */
export function usePageTitle(title: string | null | undefined): void {
  const ctx = useContext(ScreenContext);
  useEffect(() => {
    if (!ctx || !title) return;
    ctx.setTitle(ctx.tabKey, title);
  }, [ctx, title]);
}

/** The tab key of the screen being rendered (null outside the shell). */
export function useScreenKey(): string | null {
  return useContext(ScreenContext)?.tabKey ?? null;
}

type Loc = 'zh-CN' | 'en';

const SUFFIX: Record<string, Record<Loc, string>> = {
  '/clues/clueDetail': { 'zh-CN': '线索详情', en: 'clue details' },
  '/clues/resourceDetail': { 'zh-CN': '资源详情', en: 'resource details' },
};
const NAMED = new Set([
  '/discount/discountDetail',
  '/discount/giveDetail',
  '/discount/preferDetail',
  '/discount/activityDetail',
  '/newDiscount/discountDetail',
  '/newDiscount/giveDetail',
  '/newDiscount/preferDetail',
  '/newDiscount/activityDetail',
  '/clues/assessmentInner',
]);
const ADD_DISCOUNT = new Set(['/discount/addDiscount', '/newDiscount/addDiscount']);

function pick(state: unknown, query: URLSearchParams, keys: readonly string[]): string | undefined {
  const s = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  for (const k of keys) {
    const v = s[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  for (const k of keys) {
    const v = query.get(k);
    if (v && v.trim()) return v.trim();
  }
  return undefined;
}

/**
 * The dynamic titles of spec §2 that need no screen code, from the location's state or query:
 * clueDetail/resourceDetail → child name + suffix; AddDiscount → edit/add by id; the discount,
 * gift, voucher and activity details and assessmentInner → the stored name. Undefined: use the table's title.
 */
export function autoTitle(
  pattern: string,
  fullPath: string,
  state: unknown,
  locale: Loc,
): string | undefined {
  const query = new URLSearchParams(fullPath.split('?')[1] ?? '');
  const suffix = SUFFIX[pattern];
  if (suffix) {
    const child = pick(state, query, ['childName', 'childname', 'name']);
    return child ? `${child}${locale === 'en' ? ' – ' : ' '}${suffix[locale]}` : undefined;
  }
  if (ADD_DISCOUNT.has(pattern)) {
    const id = pick(state, query, ['id']);
    return id
      ? locale === 'en'
        ? 'Edit discount'
        : '编辑折扣'
      : locale === 'en'
        ? 'Add discount'
        : '新增折扣';
  }
  if (NAMED.has(pattern)) return pick(state, query, ['title', 'name', 'discountName', 'activityName']);
  return undefined;
}
