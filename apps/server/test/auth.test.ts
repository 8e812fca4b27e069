// Sign-in, throttling, sessions and password changes as a caller sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@bo/api-sdk';
import { randomBytes, scryptSync } from 'node:crypto';
import { auditLog, users } from '../src/slices/system/tables.js';
import { hashPassword } from '../src/shared/password.js';
import { failureDelay, lockedUntil } from '../src/slices/system/throttle.js';
import { maskUrl } from '../src/app.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';
import { TEST_PASSWORD_COST } from './template.js';

const NO_DELAY = { LOGIN_FAILURE_DELAY_MS: '0' };
const MINUTE = 60_000;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: NO_DELAY });
});
afterAll(async () => t?.close());

const audits = (action: string, target?: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(
      target ? and(eq(auditLog.action, action), eq(auditLog.target, target)) : eq(auditLog.action, action),
    );

describe('sign-in', () => {
  it('refuses a wrong password with one message for unknown names and wrong passwords, and audits it', async () => {
    const a = await expectApiError(
      t.sdk().system.login({ body: { username: 'finance', password: 'nope' } }),
      ErrorCode.validation,
    );
    const b = await expectApiError(
      t.sdk().system.login({ body: { username: 'nobody-here', password: 'nope' } }),
      ErrorCode.validation,
    );
    expect(a.message).toBe(b.message);
    expect(a.message).toContain('wrong username or password');
    expect((await audits('auth.loginFailed', 'users:finance')).length).toBeGreaterThan(0);
    // The password is never part of what is audited.
    expect(JSON.stringify(await audits('auth.loginFailed'))).not.toContain('nope');
  });

  it('locks the account and address pair after 5 failures within 15 minutes, tells the minutes left, and unlocks by itself', async () => {
    const login = (password: string) => t.sdk().system.login({ body: { username: 'hr', password } });
    for (let i = 0; i < 4; i++) {
      await expectApiError(login('wrong-' + i), ErrorCode.validation);
      t.clock.advance(MINUTE);
    }
    const locked = await expectApiError(login('wrong-5'), ErrorCode.tooMany);
    expect(locked.message).toContain('15 minute');
    // While locked even the right password is refused from this address, without checking it.
    const still = await expectApiError(login('demo123456'), ErrorCode.tooMany);
    expect(still.message).toContain('for this account from this address');
    expect((await audits('auth.lockout', 'users:hr')).length).toBe(1);
    t.clock.advance(14 * MINUTE);
    expect((await expectApiError(login('demo123456'), ErrorCode.tooMany)).message).toContain('1 minute');
    t.clock.advance(MINUTE);
    const user = await login('demo123456');
    expect(user.username).toBe('hr');
  });

  it('resets the pair counter on success', async () => {
    const login = (password: string) => t.sdk().system.login({ body: { username: 'teacher', password } });
    for (let i = 0; i < 4; i++) await expectApiError(login('bad'), ErrorCode.validation);
    await login('demo123456');
    for (let i = 0; i < 4; i++) await expectApiError(login('bad'), ErrorCode.validation);
    expect((await login('demo123456')).username).toBe('teacher');
    t.clock.advance(30 * MINUTE);
  });

  it('never logs credentials of the query forms', () => {
    const logged = maskUrl('/api/auth/login?username=sales&password=s3cret&v=1.1');
    expect(logged).not.toContain('s3cret');
    expect(maskUrl('/api/auth/chgpass?username=a&oldpassword=old1&newpassword=new2')).not.toMatch(
      /old1|new2/,
    );
    expect(maskUrl('/api/auth/loginDashboard?code=abc')).not.toContain('abc');
  });

  it('adds a growing delay to failures, capped at 2 s', () => {
    expect(failureDelay(200, 1)).toBe(200);
    expect(failureDelay(200, 3)).toBe(600);
    expect(failureDelay(200, 50)).toBe(2000);
    expect(failureDelay(0, 5)).toBe(0);
  });

  it('locks when 5 failures fall within the 15-minute window, not when they are spread out', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m));
    expect(lockedUntil([at(14), at(10), at(5), at(3), at(0)], 5)).toBe(at(29).getTime());
    expect(lockedUntil([at(40), at(30), at(20), at(10), at(0)], 5)).toBeNull();
  });
});

describe('sessions', () => {
  it('revokes the token on logout and audits both ends', async () => {
    const token = await t.login('sales');
    await t.sdk(token).system.logout();
    await expectApiError(t.sdk(token).system.userInfo(), ErrorCode.tokenInvalid);
    expect((await audits('auth.logout', 'users:sales')).length).toBeGreaterThan(0);
    expect((await audits('auth.login', 'users:sales')).length).toBeGreaterThan(0);
  });

  it('expires an idle session', async () => {
    const token = await t.login('sales');
    t.clock.advance((t.config.SESSION_IDLE_MINUTES + 1) * MINUTE);
    await expectApiError(t.sdk(token).system.userInfo(), ErrorCode.tokenInvalid);
  });

  it('changing the password keeps this session, revokes the others, and the old password stops working', async () => {
    const here = await t.login('director');
    const elsewhere = await t.login('director');
    await t
      .sdk(here)
      .system.changePassword({ body: { oldPassword: 'demo123456', newPassword: 'NewPass2026' } });
    await expectApiError(t.sdk(elsewhere).system.userInfo(), ErrorCode.tokenInvalid);
    expect((await t.sdk(here).system.userInfo()).username).toBe('director');
    await expectApiError(
      t.sdk().system.login({ body: { username: 'director', password: 'demo123456' } }),
      ErrorCode.validation,
    );
    await t.sdk().system.login({ body: { username: 'director', password: 'NewPass2026' } });
    expect((await audits('auth.passwordChanged', 'users:director')).length).toBe(1);
    // Put it back for the other tests (through the spec's /auth/chgpass query form).
    await t.sdk().system.chgpass({
      query: { username: 'director', oldpassword: 'NewPass2026', newpassword: 'demo1234567' },
    });
    await t.sdk().system.chgpass({
      body: { username: 'director', oldpassword: 'demo1234567', newpassword: 'demo123456' },
    });
  });

  it('refuses a weak new password naming the field, and a wrong current password', async () => {
    const s = await t.as('finance');
    const weak = await expectApiError(
      s.system.changePassword({ body: { oldPassword: 'demo123456', newPassword: 'abcdefgh' } }),
      ErrorCode.validation,
    );
    expect(weak.field).toBe('body.newPassword');
    const short = await expectApiError(
      s.system.changePassword({ body: { oldPassword: 'demo123456', newPassword: 'ab1' } }),
      ErrorCode.validation,
    );
    expect(short.message).toContain('8');
    const wrong = await expectApiError(
      s.system.changePassword({ body: { oldPassword: 'not-it', newPassword: 'Better2026' } }),
      ErrorCode.validation,
    );
    expect(wrong.field).toBe('body.oldPassword');
    const same = await expectApiError(
      s.system.changePassword({ body: { oldPassword: 'demo123456', newPassword: 'demo123456' } }),
      ErrorCode.validation,
    );
    expect(same.field).toBe('body.newPassword');
    await expectApiError(
      t
        .sdk()
        .system.chgpass({ body: { username: 'finance', oldpassword: 'wrong', newpassword: 'Better2026' } }),
      ErrorCode.validation,
    );
  });

  it('a reset gives a one-time temporary password, revokes every session and forces a change before anything else', async () => {
    const admin = await t.as('admin');
    const old = await t.login('teacher');
    const reset = await admin.system.resetPassword({ query: { usercode: 'teacher' } });
    expect(reset.temporaryPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    await expectApiError(t.sdk(old).system.userInfo(), ErrorCode.tokenInvalid);
    await expectApiError(
      t.sdk().system.login({ body: { username: 'teacher', password: 'demo123456' } }),
      ErrorCode.validation,
    );

    const user = await t
      .sdk()
      .system.login({ body: { username: 'teacher', password: reset.temporaryPassword } });
    expect(user.mustChangePassword).toBe(true);
    const s = t.sdk(user.token);
    const refused = await expectApiError(s.clueSettings.assessScaleAll(), ErrorCode.noPermission);
    expect(refused.message).toContain('change your password first');
    // The shell still loads: user info, menu and forbidden routes answer.
    expect((await s.system.userInfo()).mustChangePassword).toBe(true);
    await s.system.menu({ query: { groupcode: 2 } });
    await s.system.forbiddenRoutes({ query: { groupcode: 2 } });

    await s.system.changePassword({
      body: { oldPassword: reset.temporaryPassword, newPassword: 'Teacher2026' },
    });
    expect((await s.system.userInfo()).mustChangePassword).toBe(false);
    expect((await s.clueSettings.assessScaleAll()).length).toBeGreaterThan(0);
    expect((await audits('auth.passwordReset', 'users:teacher')).length).toBe(1);
  });

  it('disabling an account revokes its sessions and refuses its sign-in', async () => {
    const admin = await t.as('admin');
    const token = await t.login('sales');
    await admin.system.authInfoUpdateStatus({ body: { code: 'sales', status: 0 } });
    await expectApiError(t.sdk(token).system.userInfo(), ErrorCode.tokenInvalid);
    await expectApiError(
      t.sdk().system.login({ body: { username: 'sales', password: 'demo123456' } }),
      ErrorCode.validation,
    );
    await admin.system.authInfoUpdateStatus({ body: { code: 'sales', status: 1 } });
    await t.login('sales');
  });
});

describe('address lockout', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: NO_DELAY });
  });
  afterAll(async () => s?.close());

  it('locks a client address after 20 failures across accounts, and only for 15 minutes', async () => {
    let last: Error | undefined;
    for (let i = 0; i < 20; i++) {
      last = await s
        .sdk()
        .system.login({ body: { username: `guess${i % 5}-${Math.floor(i / 5)}`, password: 'x' } })
        .then(
          () => undefined,
          (e: Error) => e,
        );
    }
    expect(last?.message).toContain('from this address');
    const e = await expectApiError(
      s.sdk().system.login({ body: { username: 'admin', password: 'demo123456' } }),
      ErrorCode.tooMany,
    );
    expect(e.message).toContain('15 minute');
    s.clock.advance(15 * MINUTE);
    expect(
      (await s.sdk().system.login({ body: { username: 'admin', password: 'demo123456' } })).username,
    ).toBe('admin');
  });
});

describe('password storage', () => {
  /** A hash as the scrypt era stored it: "scrypt$logN$r$p$salt$hash" (base64). */
  const scryptEraHash = (password: string) => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    return `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  };
  const storedHash = async (username: string) =>
    (await t.deps.db.select().from(users).where(eq(users.username, username)))[0]?.passwordHash ?? '';
  const setHash = (username: string, passwordHash: string) =>
    t.deps.db.update(users).set({ passwordHash }).where(eq(users.username, username));
  const atTestCost = new RegExp(
    `^\\$argon2id\\$v=19\\$m=${TEST_PASSWORD_COST.memoryKib},t=${TEST_PASSWORD_COST.timeCost},p=1\\$`,
  );

  it('keeps passwords as argon2id PHC strings at the configured cost', async () => {
    expect(await storedHash('admin')).toMatch(atTestCost);
  });

  it('signs in with a scrypt-era hash and replaces it by argon2id at that sign-in', async () => {
    await setHash('fmanager', scryptEraHash('demo123456'));
    // A wrong password neither signs in nor touches the stored hash.
    await expectApiError(
      t.sdk().system.login({ body: { username: 'fmanager', password: 'demo1234567' } }),
      ErrorCode.validation,
    );
    expect(await storedHash('fmanager')).toMatch(/^scrypt\$10\$/);
    expect(
      (await t.sdk().system.login({ body: { username: 'fmanager', password: 'demo123456' } })).username,
    ).toBe('fmanager');
    const upgraded = await storedHash('fmanager');
    expect(upgraded).toMatch(atTestCost);
    // The new hash is the same password, and a sign-in at the current cost leaves it as it is.
    await t.login('fmanager');
    expect(await storedHash('fmanager')).toBe(upgraded);
  });

  it('rehashes an argon2id hash of other parameters at the next sign-in', async () => {
    await setHash('fmanager', await hashPassword('demo123456', { memoryKib: 2048, timeCost: 1 }));
    await t.login('fmanager');
    expect(await storedHash('fmanager')).toMatch(atTestCost);
  });
});
