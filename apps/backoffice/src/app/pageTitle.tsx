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
