// Failed sign-in throttling, per account and per client IP, over the login_attempts table
// (so it holds across restarts and several server processes). Numbers: docs/decisions.md.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tooMany } from '../../http/errors.js';
import { loginAttempts } from './tables.js';

export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const ACCOUNT_MAX_FAILURES = 5;
export const IP_MAX_FAILURES = 20;
export const MAX_DELAY_MS = 2000;

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export const accountLocked = (minutes: number) =>
  tooMany(
    `登录失败次数过多，账号已锁定，请${minutes}分钟后再试 / too many failed sign-ins: the account is locked, try again in ${minutes} minute(s)`,
  );
export const ipLocked = (minutes: number) =>
  tooMany(
    `该地址登录失败次数过多，请${minutes}分钟后再试 / too many failed sign-ins from this address: try again in ${minutes} minute(s)`,
  );

const normal = (username: string) => username.trim().toLowerCase();

/**
 * When the failures in `times` (newest first) lock: the newest failure L locks until L + LOCK_MS
 * when at least `max` failures fall within WINDOW_MS up to L.
 */
export function lockedUntil(times: Date[], max: number): number | null {
  const newest = times[0];
  if (!newest) return null;
  const from = newest.getTime() - WINDOW_MS;
  const inWindow = times.filter((t) => t.getTime() > from).length;
  return inWindow >= max ? newest.getTime() + LOCK_MS : null;
}

async function accountFailures(db: DbOrTx, username: string, now: Date): Promise<Date[]> {
  const [lastOk] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, username), eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  const since = Math.max(lastOk?.at.getTime() ?? 0, now.getTime() - WINDOW_MS - LOCK_MS);
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, new Date(since)),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(ACCOUNT_MAX_FAILURES * 4);
  return rows.map((r) => r.at);
}

async function ipFailures(db: DbOrTx, ip: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, new Date(now.getTime() - WINDOW_MS - LOCK_MS)),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(IP_MAX_FAILURES * 4);
  return rows.map((r) => r.at);
}

/** Throws 429 with the minutes left when the account or the address is locked. */
export async function assertNotLocked(db: DbOrTx, username: string, ip: string, now: Date): Promise<void> {
  const t = now.getTime();
  const ipUntil = lockedUntil(await ipFailures(db, ip, now), IP_MAX_FAILURES);
  if (ipUntil && ipUntil > t) throw ipLocked(minutesLeft(ipUntil, t));
  const accUntil = lockedUntil(await accountFailures(db, normal(username), now), ACCOUNT_MAX_FAILURES);
  if (accUntil && accUntil > t) throw accountLocked(minutesLeft(accUntil, t));
}

export interface FailureOutcome {
  /** Failures of the account within the window, this one included. */
  accountFailures: number;
  /** Set when this failure locked the account or the address. */
  locked: 'account' | 'ip' | null;
  lockMinutes: number;
}

/** Records a failed attempt and tells whether it locked the account or the address. */
export async function recordFailure(
  db: DbOrTx,
  username: string,
  ip: string,
  now: Date,
): Promise<FailureOutcome> {
  await db.insert(loginAttempts).values({ at: now, username: normal(username), ip, success: false });
  const acc = await accountFailures(db, normal(username), now);
  const t = now.getTime();
  const accUntil = lockedUntil(acc, ACCOUNT_MAX_FAILURES);
  const ipUntil = lockedUntil(await ipFailures(db, ip, now), IP_MAX_FAILURES);
  const inWindow = acc.filter((d) => d.getTime() > t - WINDOW_MS).length;
  if (accUntil && accUntil > t)
    return { accountFailures: inWindow, locked: 'account', lockMinutes: minutesLeft(accUntil, t) };
  if (ipUntil && ipUntil > t)
    return { accountFailures: inWindow, locked: 'ip', lockMinutes: minutesLeft(ipUntil, t) };
  return { accountFailures: inWindow, locked: null, lockMinutes: 0 };
}

/** A success resets the account's counter (the address keeps its own); old rows are pruned. */
export async function recordSuccess(db: DbOrTx, username: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ at: now, username: normal(username), ip, success: true });
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - 24 * 3600_000)));
}

/** The pause added to a failed attempt: perFailure × failures, capped at 2 s. */
export const failureDelay = (perFailureMs: number, failures: number) =>
  Math.min(MAX_DELAY_MS, perFailureMs * Math.max(1, failures));

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve();

/** Number of attempts stored (for tests and diagnostics). */
export async function attemptCount(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts);
  return r?.n ?? 0;
}
