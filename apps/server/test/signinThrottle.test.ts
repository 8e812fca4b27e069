// Sign-in throttling cannot be turned against users (issue 11 §3): a stranger's failures from one address
// do not lock the owner out elsewhere; one address is throttled; an account under attack from many
// addresses is slowed for those addresses only; unknown names cost the same password work as known ones;
// password checks wait in a bounded line per address (issue 37 §2).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSdk, ErrorCode } from '@bo/api-sdk';
import * as password from '../src/shared/password.js';
import { accountSpacing } from '../src/slices/system/throttle.js';
import { DEMO_PASSWORD, expectApiError, startTestServer, type TestServer } from './harness.js';

// Counts password verifications; the real function still runs.
vi.mock('../src/shared/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof password>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const MINUTE = 60_000;
let t: TestServer;
beforeAll(async () => {
  // Behind a proxy: the client address is the X-Forwarded-For the test sends. One password check at a
  // time, and one per address (running or waiting).
  t = await startTestServer({
    env: {
      LOGIN_FAILURE_DELAY_MS: '0',
      TRUST_PROXY: 'true',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_QUEUE_PER_ADDRESS: '1',
    },
  });
}, 180_000);
afterAll(async () => t?.close());

/** An SDK whose requests come from `ip`. */
const from = (ip: string) =>
  createSdk({
    baseURL: t.baseURL,
    locale: 'en',
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', ip);
      return fetch(url, { ...init, headers });
    },
  });
const login = (ip: string, username: string, pw: string) =>
  from(ip).system.login({ body: { username, password: pw } });

describe('sign-in throttling', () => {
  it("a stranger's failures from one address lock that address only: the owner signs in from another", async () => {
    for (let i = 0; i < 4; i++)
      await expectApiError(login('10.0.0.1', 'admin', 'guess' + i), ErrorCode.validation);
    await expectApiError(login('10.0.0.1', 'admin', 'guess4'), ErrorCode.tooMany);
    // From the stranger's address even the right password is refused during the lock...
    const e = await expectApiError(login('10.0.0.1', 'admin', DEMO_PASSWORD), ErrorCode.tooMany);
    expect(e.message).toContain('from this address');
    // ...while the owner, from an address with no failures, gets in.
    expect((await login('10.0.0.2', 'admin', DEMO_PASSWORD)).username).toBe('admin');
    t.clock.advance(15 * MINUTE);
    expect((await login('10.0.0.1', 'admin', DEMO_PASSWORD)).username).toBe('admin');
    t.clock.advance(30 * MINUTE);
  });

  it('the public /auth/chgpass cannot be used to lock the owner out either', async () => {
    for (let i = 0; i < 5; i++)
      await from('10.0.1.1')
        .system.chgpass({
          body: { username: 'finance', oldpassword: 'guess' + i, newpassword: 'Whatever2026' },
        })
        .catch(() => undefined);
    await expectApiError(
      from('10.0.1.1').system.chgpass({
        body: { username: 'finance', oldpassword: DEMO_PASSWORD, newpassword: 'Whatever2026' },
      }),
      ErrorCode.tooMany,
    );
    expect((await login('10.0.1.2', 'finance', DEMO_PASSWORD)).username).toBe('finance');
    t.clock.advance(30 * MINUTE);
  });

  it('slows an account attacked from many addresses for the addresses that failed, not for a clean one', async () => {
    for (let i = 1; i <= 6; i++)
      await expectApiError(login(`10.0.2.${i}`, 'hr', 'guess'), ErrorCode.validation);
    // Six failures across addresses: an address that failed must now wait accountSpacing(6) = 2 s.
    expect(accountSpacing(6)).toBe(2000);
    const slowed = await expectApiError(login('10.0.2.1', 'hr', 'guess-again'), ErrorCode.tooMany);
    expect(slowed.message).toContain('try again in 2 second');
    // The owner from an address with no recent failure is checked at once.
    expect((await login('10.0.2.99', 'hr', DEMO_PASSWORD)).username).toBe('hr');
    t.clock.advance(2000);
    await expectApiError(login('10.0.2.1', 'hr', 'guess-again'), ErrorCode.validation);
    t.clock.advance(30 * MINUTE);
  });

  it('spaces attempts out more with each failure, up to a minute', () => {
    expect(accountSpacing(4)).toBe(0);
    expect(accountSpacing(5)).toBe(1000);
    expect(accountSpacing(8)).toBe(8000);
    expect(accountSpacing(40)).toBe(60_000);
  });

  it('an unknown name costs the same password verification as a known one', async () => {
    const verify = vi.mocked(password.verifyPassword);
    verify.mockClear();
    await expectApiError(login('10.0.3.1', 'no-such-user', 'guess'), ErrorCode.validation);
    expect(verify).toHaveBeenCalledTimes(1);
    // Against an argon2id hash at the configured cost, as real accounts' are.
    const { ARGON2_MEMORY_KIB: m, ARGON2_TIME_COST: time } = t.config;
    expect(verify.mock.calls[0]?.[1]).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${m},t=${time},p=1\\$`));
    verify.mockClear();
    await expectApiError(login('10.0.3.1', 'sales', 'guess'), ErrorCode.validation);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('answers 429 at once to an address whose password check is still running; another address waits its turn', async () => {
    const verify = vi.mocked(password.verifyPassword);
    const real = verify.getMockImplementation();
    if (!real) throw new Error('the real verifyPassword');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    verify.mockClear();
    // The first check from 10.0.4.1 is a slow hash that ends when the test says.
    verify.mockImplementationOnce(async (pw, stored) => {
      await held;
      return real(pw, stored);
    });
    const first = login('10.0.4.1', 'director', DEMO_PASSWORD);
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
    const e = await expectApiError(login('10.0.4.1', 'director', DEMO_PASSWORD), ErrorCode.tooMany);
    expect(e.message).toContain('too many sign-ins from this address at once');
    // Unknown names from that address are refused alike, before any password work.
    await expectApiError(login('10.0.4.1', 'no-such-user', 'guess'), ErrorCode.tooMany);
    expect(verify).toHaveBeenCalledTimes(1);
    // Another address is not refused: it waits for the one check that runs, then signs in.
    const other = login('10.0.4.2', 'teacher', DEMO_PASSWORD);
    await vi.waitFor(() => expect(t.deps.passwords.stats().waiting).toBe(1));
    release();
    expect((await first).username).toBe('director');
    expect((await other).username).toBe('teacher');
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
