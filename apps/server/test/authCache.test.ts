// The per-request principal is cached, but never outlives a change to what it grants: logout,
// disable, password change, role and grant changes take effect on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { tokenHash } from '../src/shared/password.js';
import { sessions } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { must } from '../src/shared/must.js';

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
