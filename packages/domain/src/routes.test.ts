import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, NO_CACHE_ROUTE_NAMES, REDIRECTS, ROUTES, routeByPath } from './routes.js';

describe('route table', () => {
  it('has unique paths', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('puts every route in an existing group', () => {
    const keys = new Set(MENU_GROUPS.map((g) => g.key));
    for (const r of ROUTES) if (r.group !== null) expect(keys.has(r.group), r.path).toBe(true);
    for (const g of MENU_GROUPS)
      expect(
        ROUTES.some((r) => r.group === g.key),
        g.key,
      ).toBe(true);
  });
  it('has titles in both languages', () => {
    for (const r of ROUTES) {
      expect(r.title['zh-CN'].length, r.path).toBeGreaterThan(0);
      expect(r.title.en.length, r.path).toBeGreaterThan(0);
    }
  });
  it('marks public routes and no-cache names', () => {
    expect(
      ROUTES.filter((r) => r.public)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/auth', '/err', '/login', '/modifyPwd', '/noauth']);
    for (const n of NO_CACHE_ROUTE_NAMES.filter((x) => x !== 'createTarget' && x !== 'editClue')) {
      const r = ROUTES.find((x) => x.name === n);
      expect(r, n).toBeDefined();
      expect(r?.cache).toBe(false);
    }
    expect(routeByPath('/clues/clueDetail')?.menu).toBe(false);
  });
  it('resolves paths with params and redirects to existing routes', () => {
    expect(routeByPath('/financial/installmentDetails/42')?.path).toBe('/financial/installmentDetails/:id');
    expect(routeByPath('/setting/campus')?.title['zh-CN']).toBe('校区管理');
    expect(routeByPath('/nope')).toBeUndefined();
    for (const to of Object.values(REDIRECTS)) expect(routeByPath(to), to).toBeDefined();
  });
});
