// Failed sign-in throttling over the login_attempts table (so it holds across restarts and several
// server processes). A stranger must not be able to lock a user out, so nothing locks an account as such:
// an account and address pair locks; an address that fails across many accounts locks (itself only);
// across addresses an account under attack is slowed, and only for addresses that already failed on it —
// the owner's password from an address with no recent failure always gets checked. Numbers: docs/decisions.md.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tooMany } from '../../http/errors.js';
import { loginAttempts } from './tables.js';

export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** Failures of one account from one address within WINDOW_MS that lock that pair for LOCK_MS. */
export const PAIR_MAX_FAILURES = 5;
/** Failures from one address (any accounts) within WINDOW_MS that lock the address for LOCK_MS. */
export const IP_MAX_FAILURES = 20;
/** Failures of one account (any addresses) within WINDOW_MS after which its attempts are spaced out. */
export const ACCOUNT_SLOW_AFTER = 5;
/** The spacing: 1 s after the 5th failure, doubling with each further one, at most 60 s. */
export const ACCOUNT_SLOW_BASE_MS = 1000;
export const ACCOUNT_SLOW_MAX_MS = 60_000;
export const MAX_DELAY_MS = 2000;

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export const pairLocked = (minutes: number) =>
  tooMany(
    `该账号在此地址登录失败次数过多，请${minutes}分钟后再试 / too many failed sign-ins for this account from this address: try again in ${minutes} minute(s)`,
  );
export const ipLocked = (minutes: number) =>
  tooMany(
    `该地址登录失败次数过多，请${minutes}分钟后再试 / too many failed sign-ins from this address: try again in ${minutes} minute(s)`,
  );
export const slowedDown = (seconds: number) =>
  tooMany(
    `该账号近期登录失败较多，请${seconds}秒后再试 / many recent failed sign-ins for this account: try again in ${seconds} second(s)`,
  );

const normal = (username: string) => username.trim().toLowerCase();

/** The spacing required between attempts on an account with `failures` recent failures (0 = none). */
export const accountSpacing = (failures: number) =>
  failures < ACCOUNT_SLOW_AFTER
    ? 0
    : Math.min(ACCOUNT_SLOW_MAX_MS, ACCOUNT_SLOW_BASE_MS * 2 ** (failures - ACCOUNT_SLOW_AFTER));

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

const since = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Failures of the pair since its last success (newest first, within the window and a lock): one
 * statement, as every sign-in attempt reads it twice (issue 37 §2: attempts wait in a fair line, and
 * their database work is what that line's turn costs).
 */
async function pairFailures(db: DbOrTx, username: string, ip: string, now: Date): Promise<Date[]> {
  const pair = and(eq(loginAttempts.username, username), eq(loginAttempts.ip, ip));
  const lastOk = db
    .select({ at: sql`max(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(pair, eq(loginAttempts.success, true)));
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        pair,
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, new Date(now.getTime() - WINDOW_MS - LOCK_MS)),
        sql`${loginAttempts.at} > coalesce((${lastOk}), '-infinity'::timestamptz)`,
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(PAIR_MAX_FAILURES * 4);
  return rows.map((r) => r.at);
}

/** Failures of the account from any address within the window (newest first). */
async function accountFailures(db: DbOrTx, username: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, since(now, WINDOW_MS)),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(64);
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
        gt(loginAttempts.at, since(now, WINDOW_MS + LOCK_MS)),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(IP_MAX_FAILURES * 4);
  return rows.map((r) => r.at);
}

/** The failures assertMayTry read (newest first), for recordFailure to count on without reading again. */
export interface SeenFailures {
  ip: Date[];
  pair: Date[];
}

/**
 * Throws 429 (before any password is checked) when the address is locked, the pair is locked, or the
 * account is being slowed and this address already failed on it within the window. Answers the
 * failures it read.
 */
export async function assertMayTry(
  db: DbOrTx,
  username: string,
  ip: string,
  now: Date,
): Promise<SeenFailures> {
  const t = now.getTime();
  const name = normal(username);
  const ipTimes = await ipFailures(db, ip, now);
  const ipUntil = lockedUntil(ipTimes, IP_MAX_FAILURES);
  if (ipUntil && ipUntil > t) throw ipLocked(minutesLeft(ipUntil, t));
  const pair = await pairFailures(db, name, ip, now);
  const pairUntil = lockedUntil(pair, PAIR_MAX_FAILURES);
  if (pairUntil && pairUntil > t) throw pairLocked(minutesLeft(pairUntil, t));
  const seen = { ip: ipTimes, pair };
  if (!pair.some((d) => d.getTime() > t - WINDOW_MS)) return seen;
  const acc = await accountFailures(db, name, now);
  const next = (acc[0]?.getTime() ?? 0) + accountSpacing(acc.length);
  if (next > t) throw slowedDown(Math.max(1, Math.ceil((next - t) / 1000)));
  return seen;
}

export interface FailureOutcome {
  /** Failures of this account from this address within the window, this one included. */
  pairFailures: number;
  /** Set when this failure locked the pair or the address. */
  locked: 'pair' | 'ip' | null;
  lockMinutes: number;
}

/**
 * Records a failed attempt and tells whether it locked the pair or the address. `seen`: what
 * assertMayTry read for this attempt, when no other attempt of this address can have failed since
 * (the password pool runs one attempt per address at a time): this failure is added to it instead of
 * reading both again. Another server process on the same database may add failures meanwhile: the
 * next attempt's assertMayTry reads them.
 */
export async function recordFailure(
  db: DbOrTx,
  username: string,
  ip: string,
  now: Date,
  seen?: SeenFailures,
): Promise<FailureOutcome> {
  const name = normal(username);
  await db.insert(loginAttempts).values({ at: now, username: name, ip, success: false });
  const t = now.getTime();
  const pair = seen ? [now, ...seen.pair] : await pairFailures(db, name, ip, now);
  const pairUntil = lockedUntil(pair, PAIR_MAX_FAILURES);
  const ipTimes = seen ? [now, ...seen.ip] : await ipFailures(db, ip, now);
  const ipUntil = lockedUntil(ipTimes, IP_MAX_FAILURES);
  const inWindow = pair.filter((d) => d.getTime() > t - WINDOW_MS).length;
  if (pairUntil && pairUntil > t)
    return { pairFailures: inWindow, locked: 'pair', lockMinutes: minutesLeft(pairUntil, t) };
  if (ipUntil && ipUntil > t)
    return { pairFailures: inWindow, locked: 'ip', lockMinutes: minutesLeft(ipUntil, t) };
  return { pairFailures: inWindow, locked: null, lockMinutes: 0 };
}

/** A success resets the pair's counter (the address and the account keep theirs); old rows are pruned. */
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
