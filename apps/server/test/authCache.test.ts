// on both engines: invalidation by LISTEN/NOTIFY on PostgreSQL, in process on PGlite.
// The per-request principal is cached, but never outlives a change to what it grants: logout,
// disable, password change, role and grant changes take effect on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { tokenHash } from '../src/shared/password.js';
import { sessions } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { must } from '../src/shared/must.js';
import { AUTH_CHANNEL, onAuthChange } from '../src/http/authEvents.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  // A long cache window: only invalidation can explain a change seen on the next request.
  t = await startTestServer({ env: { LOGIN_FAILURE_DELAY_MS: '0', AUTH_CACHE_SECONDS: '300' } });
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const account = async (username: string) =>
  must((await admin.system.authInfos({ query: { username } })).list[0], username);

describe('principal cache', () => {
  it('answers repeated requests of a session without reading the session again', async () => {
    const token = await t.login('sales');
    const sales = t.sdk(token);
    expect((await sales.system.userInfo()).username).toBe('sales');
    // Removed behind the server's back (no trigger announces a delete): the cached principal still serves.
    await t.deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
    expect((await sales.system.userInfo()).username).toBe('sales');
  });

  it('refuses the token on the request after logout', async () => {
    const token = await t.login('sales');
    const s = t.sdk(token);
    await s.system.userInfo();
    await s.system.logout();
    await expectApiError(s.system.userInfo(), ErrorCode.tokenInvalid);
  });

  it('refuses every session of an account on the request after it is disabled', async () => {
    const teacher = await t.as('teacher');
    await teacher.system.userInfo();
    await admin.system.authInfoUpdateStatus({ body: { code: 'teacher', status: 0 } });
    await expectApiError(teacher.system.userInfo(), ErrorCode.tokenInvalid);
    await admin.system.authInfoUpdateStatus({ body: { code: 'teacher', status: 1 } });
  });

  it('refuses the other sessions after a password change and keeps the one that changed it', async () => {
    const a = await t.as('finance');
    const b = await t.as('finance');
    await a.system.userInfo();
    await b.system.userInfo();
    await a.system.changePassword({ body: { oldPassword: 'demo123456', newPassword: 'Finance2026x' } });
    await expectApiError(b.system.userInfo(), ErrorCode.tokenInvalid);
    expect((await a.system.userInfo()).username).toBe('finance');
  });

  it('applies a role given or taken and a grant changed on the next request', async () => {
    await admin.system.roleSave({ body: { code: 91, name: '账号查看', description: 'Sees accounts' } });
    await admin.system.rolePrivilegeSave({ body: { code: 91, privilegeCodes: ['/setting/systemUsers'] } });
    const hr = await t.as('hr');
    const withRoles = async (roles: number[]) => {
      const a = await account('hr');
      await admin.system.authInfoSave({
        body: {
          id: a.id,
          version: a.version,
          username: 'hr',
          name: a.name,
          roles,
          regions: a.regions,
          campuses: a.campuses,
          employeeCode: a.employeeCode,
        },
      });
    };
    await expectApiError(hr.system.authInfos({ query: {} }), ErrorCode.noPermission);
    await withRoles([30, 91]);
    expect((await hr.system.authInfos({ query: {} })).total).toBeGreaterThan(0);
    await withRoles([30]);
    await expectApiError(hr.system.authInfos({ query: {} }), ErrorCode.noPermission);
    await withRoles([30, 91]);
    expect((await hr.system.authInfos({ query: {} })).total).toBeGreaterThan(0);
    await admin.system.rolePrivilegeSave({ body: { code: 91, privilegeCodes: ['/home'] } });
    await expectApiError(hr.system.authInfos({ query: {} }), ErrorCode.noPermission);
  });

  it('still ends an idle session although it is cached', async () => {
    const director = await t.as('director');
    await director.system.userInfo();
    t.clock.advance((t.config.SESSION_IDLE_MINUTES + 1) * 60_000);
    await expectApiError(director.system.userInfo(), ErrorCode.tokenInvalid);
  });
});

describe('cached access reads (the role list, the privilege tree)', () => {
  // A session of its own: the idle test above moved the clock past the first one's idle limit.
  let me: Sdk;
  beforeAll(async () => {
    me = await t.as('admin');
  });
  const roleName = async (code: number) =>
    (await me.system.roles({ query: {} })).find((r) => r.code === code)?.name;
  /**
   * Waits until this server has heard every access announcement made so far: on PostgreSQL they reach
   * the listener connection some milliseconds after the write, in commit order, so a marker sent now
   * comes after all of them.
   */
  const announcementsHeard = async () => {
    const heard = new Promise<void>((resolve) => {
      const off = onAuthChange((c) => {
        if (c.kind === 'session' && c.id === -1) {
          off();
          resolve();
        }
      });
    });
    await t.deps.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, 'session:-1')`);
    await heard;
  };

  it('answers from the cache while nothing announces a change, and reads again once the database announces one', async () => {
    await me.system.roleSave({ body: { code: 92, name: '缓存甲', description: '' } });
    // The save's own announcement, arriving after the read below, would empty the cache it filled.
    await announcementsHeard();
    expect(await roleName(92)).toBe('缓存甲');
    // Renamed behind the server's back with the announcing trigger off: the cached list still serves.
    await t.deps.db.execute(sql`alter table roles disable trigger roles_auth_notify`);
    try {
      await t.deps.db.execute(sql`update roles set name = '缓存乙' where code = 92`);
    } finally {
      await t.deps.db.execute(sql`alter table roles enable trigger roles_auth_notify`);
    }
    expect(await roleName(92)).toBe('缓存甲');
    // Any server's write announces itself on bo_auth: the next read is the database's.
    await t.deps.db.execute(sql`update roles set description = 'x' where code = 92`);
    await expect.poll(() => roleName(92)).toBe('缓存乙');
  });

  it("shows this server's own writes on the very next read: a role saved, an account given a role, a privilege renamed", async () => {
    await me.system.roleSave({ body: { code: 93, name: '缓存丙', description: '' } });
    expect(await roleName(93)).toBe('缓存丙');
    const count = async () => (await me.system.roles({ query: {} })).find((r) => r.code === 93)?.userCount;
    expect(await count()).toBe(0);
    const a = must((await me.system.authInfos({ query: { username: 'teacher' } })).list[0], 'teacher');
    await me.system.authInfoSave({
      body: {
        id: a.id,
        version: a.version,
        username: 'teacher',
        name: a.name,
        roles: [...a.roles.map((r) => r.code), 93],
        regions: a.regions,
        campuses: a.campuses,
        employeeCode: a.employeeCode,
      },
    });
    expect(await count()).toBe(1);
    const tree = await me.system.privileges();
    const leaf = must(tree.flatMap((g) => g.children)[0], 'a privilege');
    await me.system.privilegeSave({ body: { ...leaf, name: `${leaf.name}（改）` } });
    const again = await me.system.privileges();
    expect(again.flatMap((g) => g.children).find((p) => p.code === leaf.code)?.name).toBe(
      `${leaf.name}（改）`,
    );
  });
});
