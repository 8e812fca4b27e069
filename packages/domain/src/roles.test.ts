import { describe, expect, it } from 'vitest';
import {
  PermissionConfigError,
  TASK_BADGE_HIGH,
  TASK_BADGE_ROLES,
  assertRoleList,
  cityOptions,
  hasAnyRole,
  hasNoRole,
  isTaskBadgeHigh,
  preselect,
  scopeOptions,
  showsTaskBadge,
} from './roles.js';

describe('role checks', () => {
  it('accepts role objects and bare codes, compared as numbers', () => {
    expect(hasAnyRole({ roles: [{ code: 5 }] }, [5, 15])).toBe(true);
    expect(hasAnyRole({ roles: [{ code: '5' }] }, [5])).toBe(true);
    expect(hasAnyRole({ roles: [5] }, ['5'])).toBe(true);
    expect(hasAnyRole({ roles: ['23'] }, [23, 21])).toBe(true);
    expect(hasAnyRole({ roles: [1, 2] }, [5])).toBe(false);
  });

  it('treats a missing user or role list as holding nothing', () => {
    expect(hasAnyRole(null, [5])).toBe(false);
    expect(hasAnyRole({}, [5])).toBe(false);
    expect(hasAnyRole({ roles: null }, [5])).toBe(false);
    expect(hasNoRole(undefined, [5])).toBe(true);
  });

  it('has none of', () => {
    expect(hasNoRole({ roles: [1] }, [5])).toBe(true);
    expect(hasNoRole({ roles: [{ code: 5 }] }, [5, 6])).toBe(false);
    expect(hasNoRole({ roles: [1] }, [])).toBe(true);
  });

  it('shows the task badge to roles 76, 72, 58, 34, 15, 5 only', () => {
    expect(TASK_BADGE_ROLES).toEqual([76, 72, 58, 34, 15, 5]);
    for (const code of TASK_BADGE_ROLES) expect(showsTaskBadge({ roles: [{ code }] })).toBe(true);
    expect(showsTaskBadge({ roles: [{ code: 1 }, { code: 77 }] })).toBe(false);
    expect(TASK_BADGE_HIGH).toBe(1000);
    expect(isTaskBadgeHigh(999)).toBe(false);
    expect(isTaskBadgeHigh(1000)).toBe(true);
  });

  it('refuses a permission check configured without codes', () => {
    expect(() => assertRoleList([23, 21])).not.toThrow();
    for (const bad of [undefined, null, [], '23', {}])
      expect(() => assertRoleList(bad)).toThrow(PermissionConfigError);
    try {
      assertRoleList([]);
    } catch (e) {
      expect(e).toBeInstanceOf(PermissionConfigError);
      expect((e as PermissionConfigError).message).toBe('需要配置正确的权限，如 v-permission="[23,21]"');
      expect((e as PermissionConfigError).messages.en).toContain('[23,21]');
    }
  });
});

describe('selector options', () => {
  const cities = [
    { code: '0101', name: '北京' },
    { code: '0201', name: '上海' },
  ];

  it('heads the city list with the two centres', () => {
    expect(cityOptions(cities)).toEqual([
      { value: -1, label: '品牌流量中心' },
      { value: -2, label: '运营管理中心' },
      { value: '0101', label: '北京' },
      { value: '0201', label: '上海' },
    ]);
    expect(
      cityOptions(cities, { locale: 'en' })
        .slice(0, 2)
        .map((o) => o.label),
    ).toEqual(['Brand traffic centre', 'Operations management centre']);
  });

  it('leaves the centres out on request', () => {
    expect(cityOptions(cities, { withCentres: false })).toEqual([
      { value: '0101', label: '北京' },
      { value: '0201', label: '上海' },
    ]);
    expect(cityOptions([], { withCentres: false })).toEqual([]);
  });

  it('adds All (code 0) to type-1 selectors only', () => {
    const items = [{ code: 'A', name: '华东' }];
    expect(scopeOptions(items, 1)).toEqual([
      { value: 0, label: '全部', all: true },
      { value: 'A', label: '华东' },
    ]);
    expect(scopeOptions(items, 1, 'en')[0]?.label).toBe('All');
    expect(scopeOptions(items, 2)).toEqual([{ value: 'A', label: '华东' }]);
    expect(scopeOptions(null, 2)).toEqual([]);
  });

  it('preselects the single real option', () => {
    expect(preselect(scopeOptions([{ code: 'A', name: 'a' }], 1))).toBe('A');
    expect(preselect(scopeOptions([{ code: 'A', name: 'a' }], 2))).toBe('A');
    expect(
      preselect(
        scopeOptions(
          [
            { code: 'A', name: 'a' },
            { code: 'B', name: 'b' },
          ],
          1,
        ),
      ),
    ).toBeUndefined();
    expect(preselect(scopeOptions([], 1))).toBeUndefined();
  });

  it('preselects the first of several when a choice is required, never an absent one', () => {
    const two = [
      { code: 'A', name: 'a' },
      { code: 'B', name: 'b' },
    ];
    expect(preselect(scopeOptions(two, 2), true)).toBe('A');
    expect(preselect(scopeOptions(two, 2))).toBeUndefined();
    expect(preselect(scopeOptions([], 2), true)).toBeUndefined();
  });
});
