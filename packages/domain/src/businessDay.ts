// The business day: every campus works on Asia/Shanghai time (UTC+8 all year, no daylight saving),
// so "today", "this week" and "this month" are computed with a fixed offset, never with the
// machine's time zone (the server may run in UTC, a test machine anywhere).
import { ageFromBirthDate } from './dates.js';

const DAY_MS = 86_400_000;
/** Offset of Asia/Shanghai from UTC, in milliseconds. */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD' of the Shanghai day containing `at`. Example: 2026-03-01T17:00Z → '2026-03-02'. */
export function shanghaiDate(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Shanghai day containing `at` starts (its midnight). */
export function shanghaiDayStart(at: Date): Date {
  const local = at.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS);
}

/** The instant the Shanghai day containing `at` ends (the next day's midnight, exclusive). */
export function shanghaiDayEnd(at: Date): Date {
  return new Date(shanghaiDayStart(at).getTime() + DAY_MS);
}

/**
 * The instant a 'YYYY-MM-DD' Shanghai day starts; with `{ end: true }` the instant it ends (the next
 * day's midnight), so `from <= t < end` covers the whole day inclusively. Null when not a valid date.
 * Example: `shanghaiDayOf('2026-03-02')` → 2026-03-01T16:00:00.000Z.
 */
export function shanghaiDayOf(day: string, opts: { end?: boolean } = {}): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return new Date(utc - SHANGHAI_OFFSET_MS + (opts.end ? DAY_MS : 0));
}

/** The instant the Monday of the Shanghai week containing `at` starts. */
export function shanghaiWeekStart(at: Date): Date {
  const start = shanghaiDayStart(at);
  const weekday = new Date(start.getTime() + SHANGHAI_OFFSET_MS).getUTCDay();
  return new Date(start.getTime() - ((weekday + 6) % 7) * DAY_MS);
}

/** The instant the first day of the Shanghai month containing `at` starts. */
export function shanghaiMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS);
}

/**
 * Age in whole months on the Shanghai day of `now` (the rule of `ageFromBirthDate`); null when the
 * birth date is empty, invalid or after today.
 */
export function ageInMonths(birth: string | null | undefined, now: Date): number | null {
  const age = ageFromBirthDate(birth, shanghaiDate(now));
  return age ? age.years * 12 + age.months : null;
}

/** The refusal of a birth date after today (the server names the field beside it). */
export const FUTURE_BIRTH_DATE_MESSAGE = '出生日期不能晚于今天 / the birth date cannot be in the future';

/** Whether a 'YYYY-MM-DD' day comes after the Shanghai day of `now` (empty → false). */
export function isAfterToday(day: string | null | undefined, now: Date): boolean {
  return !!day && day.slice(0, 10) > shanghaiDate(now);
}
