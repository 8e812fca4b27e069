// Service accounts (issue 35): an administrator creates one with a long-lived token scoped by role
// and campus; the token works without a password sign-in and without idle expiry, stays within its
// campuses, and stops at once when revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { sessions, users } from '../src/slices/system/tables.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

/** A centre leader's service account on SH01 (role 72 reads that campus's students). */
const createCentreAccount = () =>
  admin.system.serviceAccountCreate({
    body: { name: 'nightly report', roles: [72], campuses: ['SH01'], days: 30 },
  });

describe('service accounts', () => {
  it('an administrator creates one: its token works at once, scoped to its campuses', async () => {
    const created = await createCentreAccount();
    expect(created.username).toMatch(/^svc-[0-9a-f]{10}$/);
    const svc = t.sdk(created.token);
    const me = await svc.system.userInfo();
    expect(me).toMatchObject({ username: created.username, name: 'nightly report' });
    expect(me.schoolItems.map((c) => c.code)).toEqual(['SH01']);
    const own = await svc.students.students({ query: { schoolItemCode: 'SH01', pageSize: 1 } });
    expect(own.total).toBeGreaterThan(0);
    await expectApiError(
      svc.students.students({ query: { schoolItemCode: 'BJ01', pageSize: 1 } }),
      ErrorCode.noPermission,
    );
    // An administrator-only screen stays closed to a centre leader's role.
    await expectApiError(svc.system.privileges(), ErrorCode.noPermission);
  });

  it('revoking stops the token at once and disables the account', async () => {
    const created = await createCentreAccount();
    const svc = t.sdk(created.token);
    await svc.system.userInfo();
    await admin.system.serviceAccountRevoke({ body: { username: created.username } });
    await expectApiError(svc.system.userInfo(), ErrorCode.tokenInvalid);
    const [u] = await t.database.db.select().from(users).where(eq(users.username, created.username));
    expect(u?.status).toBe(0);
  });

  it('only an administrator creates or revokes one; never with the administrator role; a user is no service account', async () => {
    const created = await createCentreAccount();
    const director = await t.as('director');
    await expectApiError(
      director.system.serviceAccountCreate({ body: { name: 'x', roles: [72], campuses: ['SH01'] } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.system.serviceAccountRevoke({ body: { username: created.username } }),
      ErrorCode.noPermission,
    );
    const e = await expectApiError(
      admin.system.serviceAccountCreate({ body: { name: 'x', roles: [1], campuses: [] } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.roles');
    await expectApiError(
      admin.system.serviceAccountCreate({ body: { name: 'x', roles: [72], campuses: [] } }),
      ErrorCode.validation,
    );
    await expectApiError(
      admin.system.serviceAccountRevoke({ body: { username: 'svc-nosuch' } }),
      ErrorCode.notFound,
    );
    await expectApiError(
      admin.system.serviceAccountRevoke({ body: { username: 'sales' } }),
      ErrorCode.validation,
    );
  });

  // Last: it moves the server's clock past every user session's absolute expiry.
  it('the token is stored only as a hash, lives its days and is not idle-expired', async () => {
    const created = await createCentreAccount();
    const [u] = await t.database.db.select().from(users).where(eq(users.username, created.username));
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, u?.id ?? 0));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.method).toBe('service');
    expect(rows[0]?.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    // A week without a call (far past a user session's idle limit) and the nightly job still signs in.
    t.clock.advance(7 * 86_400_000);
    expect((await t.sdk(created.token).system.userInfo()).username).toBe(created.username);
    // Past its 30 days it is refused.
    t.clock.advance(24 * 86_400_000);
    await expectApiError(t.sdk(created.token).system.userInfo(), ErrorCode.tokenInvalid);
  });
});
