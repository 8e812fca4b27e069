// Permissions, menus and the administration of roles, privileges and accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, catalogue } from '@bo/api-sdk';
import { ROUTES } from '@bo/domain';
import { auditLog } from '../src/slices/system/tables.js';
import { ACTION_PRIVILEGES, ROLE_GRANTS, ROLE_SEED } from '../src/slices/system/seed.js';
import { assertCampus, assertRegion, campusScope, type AuthUser } from '../src/http/auth.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { LOGIN_FAILURE_DELAY_MS: '0' } });
});
afterAll(async () => t?.close());

const screens = (menu: { privileges: { navigateurl: string }[] }[]) =>
  menu.flatMap((g) => g.privileges.map((p) => p.navigateurl));

describe('menu and forbidden routes', () => {
  it('gives each role its own menu, groups in the order of the route table', async () => {
    const sales = await (await t.as('sales')).system.menu({ query: { groupcode: 2 } });
    const finance = await (await t.as('finance')).system.menu({ query: { groupcode: 2 } });
    const admin = await (await t.as('admin')).system.menu({ query: { groupcode: 2 } });
    expect(sales.map((g) => g.path)).toEqual([
      '/workSurface/index',
      '/clues/clueList',
      '/students/createStudent',
      // A consultant's own figures (/dataStatistics/personal).
      '/dataStatistics/index',
    ]);
    expect(screens(sales)).toContain('/clues/clueList');
    expect(screens(sales)).toContain('/dataStatistics/personal');
    expect(screens(sales)).not.toContain('/financial/payApproval');
    expect(screens(finance)).toContain('/financial/payApproval');
    expect(screens(finance)).not.toContain('/clues/clueList');
    // Detail screens are not menu items; the administrator sees every menu screen.
    expect(screens(sales)).not.toContain('/clues/clueDetail');
    expect(screens(admin).length).toBe(ROUTES.filter((r) => r.menu && r.group).length);
    const first = must(sales[0]);
    expect(first).toMatchObject({
      name: '工作台',
      cssname: 'workbench',
      privileges: [{ name: '工作台', navigateurl: '/workSurface/index' }],
    });
  });

  it('lists the routes a user may not open, and none for the administrator', async () => {
    const sales = await (await t.as('sales')).system.forbiddenRoutes({ query: { groupcode: 2 } });
    expect(sales).toContain('/setting/systemUsers');
    expect(sales).toContain('/financial/payApproval');
    expect(sales).not.toContain('/clues/clueDetail');
    expect(sales).not.toContain('/home');
    expect(sales).not.toContain('/login');
    expect(await (await t.as('admin')).system.forbiddenRoutes({ query: { groupcode: 2 } })).toEqual([]);
  });

  it('a disabled privilege leaves menus and becomes forbidden', async () => {
    const admin = await t.as('admin');
    await admin.system.privilegeUpdateStatus({ body: { code: '/clues/cluePublic', status: 0 } });
    const sales = await t.as('sales');
    expect(screens(await sales.system.menu({ query: {} }))).not.toContain('/clues/cluePublic');
    expect(await sales.system.forbiddenRoutes({ query: {} })).toContain('/clues/cluePublic');
    await admin.system.privilegeUpdateStatus({ body: { code: '/clues/cluePublic', status: 1 } });
    expect(screens(await sales.system.menu({ query: {} }))).toContain('/clues/cluePublic');
  });
});

describe('access', () => {
  it("refuses another role's endpoint with 403 'no permission'", async () => {
    const finance = await t.as('finance');
    const e = await expectApiError(finance.system.authInfos({ query: {} }), ErrorCode.noPermission);
    expect(e.message).toContain('no permission');
    await expectApiError(
      (await t.as('sales')).system.roleSave({ body: { code: 99, name: 'x' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      (await t.as('teacher')).system.resetPassword({ query: { usercode: 'admin' } }),
      ErrorCode.noPermission,
    );
    await expectApiError((await t.as('hr')).feedback.list({ query: {} }), ErrorCode.noPermission);
  });

  it('every endpoint of the system and feedback slices declares its access', () => {
    for (const e of catalogue().filter((x) => x.slice === 'system' || x.slice === 'feedback')) {
      expect(['public', 'signedIn', 'privilege'], `${e.slice}.${e.name}`).toContain(e.endpoint.access.kind);
    }
  });

  it('every role of the grant table exists, and every grant names a screen or an action', () => {
    const paths = new Set([...ROUTES.map((r) => r.path), ...ACTION_PRIVILEGES.map((a) => a.code)]);
    for (const [code, patterns] of Object.entries(ROLE_GRANTS)) {
      expect(ROLE_SEED.map((r) => r.code)).toContain(Number(code));
      for (const p of patterns) {
        if (p === '*') continue;
        const ok = p.endsWith('/*') ? [...paths].some((x) => x.startsWith(p.slice(0, -1))) : paths.has(p);
        expect(ok, `${code}: ${p}`).toBe(true);
      }
    }
  });

  it('scope helpers refuse (never filter) a campus or region outside the user', () => {
    const u: AuthUser = {
      id: 1,
      username: 'u',
      name: 'u',
      roles: [72],
      privileges: new Set(),
      isAdmin: false,
      allScope: false,
      provinceTypes: ['HD'],
      schoolItems: ['SH01'],
      employeeCode: null,
      sessionId: 1,
      mustChangePassword: false,
    };
    expect(() => assertCampus(u, 'SH01')).not.toThrow();
    expect(() => assertCampus(u, 'BJ01')).toThrow(/outside your scope/);
    expect(() => assertRegion(u, 'HB')).toThrow(/outside your scope/);
    expect(campusScope(u)).toEqual(['SH01']);
    expect(campusScope({ ...u, allScope: true })).toBeNull();
  });
});

describe('roles and privileges', () => {
  it('assigns the number of a role created without one, after the roles the product knows by number', async () => {
    const admin = await t.as('admin');
    const first = await admin.system.roleSave({ body: { name: '质检', description: '' } });
    expect(first.code).toBeGreaterThanOrEqual(1001);
    const second = await admin.system.roleSave({ body: { name: '质检二', description: '' } });
    expect(second.code).toBe(first.code + 1);
    // Updating names the role.
    const e = await expectApiError(
      admin.system.roleSave({ body: { name: '无编码', version: 1 } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('code');
  });
  it('creates a role, grants it screens, and the change is audited with before and after', async () => {
    const admin = await t.as('admin');
    const created = await admin.system.roleSave({
      body: { code: 81, name: '客服', description: 'Customer service' },
    });
    expect(created).toMatchObject({ code: 81, status: 1, userCount: 0, version: 1 });
    await expectApiError(admin.system.roleSave({ body: { code: 81, name: 'dup' } }), ErrorCode.conflict);
    await admin.system.rolePrivilegeSave({
      body: { code: 81, privilegeCodes: ['/home', '/operation/feedback'] },
    });
    expect((await admin.system.role({ params: { code: 81 } })).privilegeCodes).toEqual([
      '/home',
      '/operation/feedback',
    ]);
    const bad = await expectApiError(
      admin.system.rolePrivilegeSave({ body: { code: 81, privilegeCodes: ['/no/such'] } }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.privilegeCodes');
    const updated = await admin.system.roleSave({ body: { code: 81, name: '客服中心', version: 1 } });
    expect(updated.version).toBe(2);
    await expectApiError(
      admin.system.roleSave({ body: { code: 81, name: 'stale', version: 1 } }),
      ErrorCode.conflict,
    );
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'role.update'));
    expect(entry?.detail).toMatchObject({ before: { name: '客服' }, after: { name: '客服中心' } });
    const [grant] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'role.privileges'));
    expect(grant?.detail).toMatchObject({ added: ['/home', '/operation/feedback'], removed: [] });
  });

  it('refuses to disable the administrator role', async () => {
    const admin = await t.as('admin');
    await expectApiError(admin.system.roleUpdateStatus({ body: { code: 1, status: 0 } }), ErrorCode.rule);
  });

  it('answers the privilege tree with groups holding their screens', async () => {
    const tree = await (await t.as('admin')).system.privileges({ query: { groupcode: 2 } });
    const setting = tree.find((n) => n.code === '/setting');
    expect(setting?.type).toBe('group');
    expect(setting?.children.map((c) => c.code)).toContain('/setting/roleAuthorization');
  });

  it('saves a new action privilege and refuses a duplicate', async () => {
    const admin = await t.as('admin');
    await admin.system.privilegeSave({
      body: { code: 'feedback.export', name: '导出反馈', type: 'action', groupCode: 'operation' },
    });
    await expectApiError(
      admin.system.privilegeSave({ body: { code: 'feedback.export', name: 'x', type: 'action' } }),
      ErrorCode.conflict,
    );
    const tree = await admin.system.privileges({ query: {} });
    expect(tree.find((n) => n.code === '/operation')?.children.map((c) => c.code)).toContain(
      'feedback.export',
    );
  });
});

describe('accounts', () => {
  it('creates an account with a one-time temporary password that must be changed', async () => {
    const admin = await t.as('admin');
    const saved = await admin.system.authInfoSave({
      body: {
        username: 'newbie',
        name: '新同事',
        roles: [34],
        regions: ['HD'],
        campuses: ['SH02'],
        mobile: '13800000001',
      },
    });
    expect(saved.temporaryPassword).toBeTruthy();
    const u = await t
      .sdk()
      .system.login({ body: { username: 'newbie', password: must(saved.temporaryPassword) } });
    expect(u.mustChangePassword).toBe(true);
    expect(u.schoolItems.map((s) => s.code)).toEqual(['SH02']);
    const page = await admin.system.authInfos({ query: { name: 'newbie' } });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      username: 'newbie',
      roles: [{ code: 34 }],
      campuses: ['SH02'],
      mustChangePassword: true,
    });
    await expectApiError(
      admin.system.authInfoSave({ body: { username: 'newbie', name: 'dup', roles: [34] } }),
      ErrorCode.conflict,
    );
    const row = must(page.list[0]);
    await admin.system.authInfoSave({
      body: {
        id: row.id,
        version: row.version,
        username: 'newbie',
        name: '新同事二',
        roles: [34, 15],
        campuses: ['SH02'],
      },
    });
    await expectApiError(
      admin.system.authInfoSave({
        body: { id: row.id, version: row.version, username: 'newbie', name: 'stale', roles: [34] },
      }),
      ErrorCode.conflict,
    );
    const filtered = await admin.system.authInfos({ query: { roleCode: 15, status: 1 } });
    expect(filtered.list.map((r) => r.username)).toContain('newbie');
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'account.update'));
    expect(entry?.detail).toMatchObject({
      before: { name: '新同事', roles: [34] },
      after: { name: '新同事二', roles: [34, 15] },
    });
  });

  it('a director managing accounts may only give campuses of their own region, and only scoped roles', async () => {
    const admin = await t.as('admin');
    await admin.system.roleSave({
      body: { code: 82, name: '账号管理员', description: 'Manages accounts of their campuses' },
    });
    await admin.system.rolePrivilegeSave({
      body: { code: 82, privilegeCodes: ['/home', '/setting/systemUsers'] },
    });
    const dir = must((await admin.system.authInfos({ query: { username: 'director' } })).list[0]);
    await admin.system.authInfoSave({
      body: {
        id: dir.id,
        version: dir.version,
        username: 'director',
        name: dir.name,
        roles: [76, 82],
        regions: dir.regions,
        campuses: dir.campuses,
        employeeCode: dir.employeeCode,
      },
    });

    const director = await t.as('director');
    const outside = await expectApiError(
      director.system.authInfoSave({
        body: { username: 'bj-sales', name: '北京顾问', roles: [34], regions: ['HD'], campuses: ['BJ01'] },
      }),
      ErrorCode.noPermission,
    );
    expect(outside.message).toContain('outside your scope');
    await expectApiError(
      director.system.authInfoSave({
        body: { username: 'x-fin', name: 'x', roles: [20], campuses: ['SH01'] },
      }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.system.authInfoSave({
        body: { username: 'x-adm', name: 'x', roles: [1], campuses: ['SH01'] },
      }),
      ErrorCode.noPermission,
    );
    const ok = await director.system.authInfoSave({
      body: { username: 'hz-sales', name: '杭州顾问', roles: [34], regions: ['HD'], campuses: ['HZ01'] },
    });
    expect(ok.temporaryPassword).toBeTruthy();
    // The director's list holds the accounts of their campuses only (not finance, not hr).
    const names = (await director.system.authInfos({ query: { pageSize: 100 } })).list.map((r) => r.username);
    expect(names).toContain('hz-sales');
    expect(names).not.toContain('finance');
    await expectApiError(
      director.system.resetPassword({ query: { usercode: 'finance' } }),
      ErrorCode.noPermission,
    );
  });

  it('lists accounts by a part of the name, the user name, the status and a role, a page at a time', async () => {
    const admin = await t.as('admin');
    const list = async (q: Record<string, unknown>) =>
      (await admin.system.authInfos({ query: { pageSize: 100, ...q } })).list;
    const usernames = async (q: Record<string, unknown>) => (await list(q)).map((r) => r.username);
    expect(await usernames({ roleCode: 20 })).toEqual(expect.arrayContaining(['finance', 'fmanager']));
    expect((await list({ roleCode: 20 })).every((r) => r.roles.some((x) => x.code === 20))).toBe(true);
    expect(await usernames({ name: '王建' })).toContain('director');
    // "name" matches the user name too; "username" only the user name.
    expect(await usernames({ name: 'fman' })).toEqual(['fmanager']);
    expect(await usernames({ username: 'fman' })).toEqual(['fmanager']);
    expect(await usernames({ username: '周敏' })).toEqual([]);
    expect(await usernames({ status: 1, roleCode: 30 })).toContain('hr');
    expect((await list({ status: 0 })).every((r) => r.status === 0)).toBe(true);
    const all = await usernames({});
    const second = await admin.system.authInfos({ query: { pageSize: 2, pageIdx: 2 } });
    expect(second.total).toBe(all.length);
    expect(second.list.map((r) => r.username)).toEqual(all.slice(2, 4));
  });

  it('refuses to disable oneself', async () => {
    await expectApiError(
      (await t.as('admin')).system.authInfoUpdateStatus({ body: { code: 'admin', status: 0 } }),
      ErrorCode.rule,
    );
  });
});

describe('small reads', () => {
  it('generates a stable id code from a code and a name', async () => {
    const s = await t.as('sales');
    const a = await s.system.generateIdCode({ query: { code: 'SH01', name: '张三' } });
    expect(a).toMatch(/^SH01-[0-9a-f]{4}$/);
    expect(await s.system.generateIdCode({ query: { code: 'SH01', name: '张三' } })).toBe(a);
    expect(await s.system.generateIdCode({ query: { code: 'SH01', name: '李四' } })).not.toBe(a);
  });

  it('answers isJujiganyu true only for the home-intervention role', async () => {
    expect(await (await t.as('sales')).system.isJujiganyu()).toBe(false);
    const admin = await t.as('admin');
    const saved = await admin.system.authInfoSave({
      body: { username: 'home1', name: '居家老师', roles: [60], regions: ['HD'], campuses: ['SH01'] },
    });
    const token = (
      await t.sdk().system.login({ body: { username: 'home1', password: must(saved.temporaryPassword) } })
    ).token;
    await t.sdk(token).system.changePassword({
      body: { oldPassword: must(saved.temporaryPassword), newPassword: 'HomeCare2026' },
    });
    expect(await t.sdk(token).system.isJujiganyu()).toBe(true);
  });

  it('lists enabled users for pickers by name, to the account screens only', async () => {
    const found = await (await t.as('admin')).system.allUsers({ query: { name: '王' } });
    expect(found.map((u) => u.username)).toEqual(['director']);
    expect(Object.keys(must(found[0])).sort()).toEqual(['id', 'name', 'username']);
    await expectApiError((await t.as('teacher')).system.allUsers({ query: {} }), ErrorCode.noPermission);
    await expectApiError((await t.as('sales')).system.allUsers({ query: {} }), ErrorCode.noPermission);
  });

  it('directors hold the clue approval action, consultants do not', async () => {
    const admin = await t.as('admin');
    expect((await admin.system.role({ params: { code: 76 } })).privilegeCodes).toContain('clues.approve');
    expect((await admin.system.role({ params: { code: 34 } })).privilegeCodes).not.toContain('clues.approve');
    const tree = await admin.system.privileges({ query: {} });
    expect(
      tree.find((n) => n.code === '/clues')?.children.find((c) => c.code === 'clues.approve')?.type,
    ).toBe('action');
  });

  it('lists roles with their account counts to the screens that assign roles', async () => {
    await expectApiError((await t.as('teacher')).system.roles({ query: {} }), ErrorCode.noPermission);
    await expectApiError((await t.as('sales')).system.roles({ query: {} }), ErrorCode.noPermission);
    const roles = await (await t.as('hr')).system.roles({ query: {} });
    expect(roles.find((r) => r.code === 34)?.userCount).toBeGreaterThan(0);
    expect(roles.map((r) => r.code)).toEqual(
      expect.arrayContaining([1, 5, 15, 20, 30, 34, 40, 50, 58, 60, 72, 76]),
    );
    // The list is one prepared statement whose filters are its parameters: a part of the name, the
    // status, both, none — and it answers today's rows, not those of the first time it ran.
    const admin = await t.as('admin');
    const named = (q: { name?: string; status?: 0 | 1 }) =>
      admin.system.roles({ query: q }).then((rs) => rs.map((r) => r.code).sort((a, b) => a - b));
    expect(await named({ name: '顾问' })).toEqual(
      ROLE_SEED.filter((r) => r.name.includes('顾问'))
        .map((r) => r.code)
        .sort((a, b) => a - b),
    );
    await admin.system.roleSave({ body: { code: 83, name: '临时顾问', status: 0 } });
    expect(await named({ name: '顾问', status: 0 })).toEqual([83]);
    expect(await named({ status: 0 })).toContain(83);
    expect(await named({ status: 1 })).not.toContain(83);
    expect(await named({})).toContain(83);
    expect(await named({ name: '没有这个角色' })).toEqual([]);
  });
});

function must<T>(v: T | null | undefined): T {
  if (v === null || v === undefined) throw new Error('expected a value');
  return v;
}
