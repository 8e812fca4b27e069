// The business day: every campus works on Asia/Shanghai time (UTC+8 all year, no daylight saving),
// so "today", "this week" and "this month" are computed with a fixed offset, never with the
// machine's time zone (the server may run in UTC, a test machine anywhere).
import { ageFromBirthDate, daysInMonth, monthString } from './dates.js';

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
 * A Shanghai calendar month: 'YYYY-MM', its first and last day 'YYYY-MM-DD', and the instants it
 * starts and ends (the next month's start, so `start <= t < end` covers the month).
 */
export interface ShanghaiMonth {
  month: string;
  startDate: string;
  endDate: string;
  start: Date;
  end: Date;
}

/**
 * The Shanghai month of a year and a month (1–12).
 * Example: `shanghaiMonth(2026, 2)` → 2026-02-01 … 2026-02-28, from 2026-01-31T16:00Z to 2026-02-28T16:00Z.
 */
export function shanghaiMonth(year: number, month: number): ShanghaiMonth {
  const m = monthString(year, month);
  return {
    month: m,
    startDate: `${m}-01`,
    endDate: `${m}-${String(daysInMonth(year, month)).padStart(2, '0')}`,
    start: new Date(Date.UTC(year, month - 1, 1) - SHANGHAI_OFFSET_MS),
    end: new Date(Date.UTC(year, month, 1) - SHANGHAI_OFFSET_MS),
  };
}

/** The Shanghai month of 'YYYY-MM'; null when it is not one (a month 13, another shape). */
export function shanghaiMonthOf(ym: string): ShanghaiMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  const month = Number(m?.[2]);
  if (!m || month < 1 || month > 12) return null;
  return shanghaiMonth(Number(m[1]), month);
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

/** An instant as a Shanghai wall clock reads it. Example: 2026-11-29T01:21:25.907Z → '2026-11-29 09:21:25'. */
export function shanghaiDateTime(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A spreadsheet's date cell: the value to write and its number format. */
export interface SheetDate {
  /** The wall-clock fields as UTC (a spreadsheet's dates carry no zone; exceljs writes UTC fields). */
  value: Date;
  numFmt: 'yyyy-mm-dd' | 'yyyy-mm-dd hh:mm:ss';
  /** The same as text, for a CSV: '2026-11-29' or '2026-11-29 09:21:25'. */
  text: string;
}

/**
 * How an export shows a point in time: an instant (a Date, or ISO text with a zone such as
 * '2026-11-29T01:21:25.907Z') at Beijing time, a 'YYYY-MM-DD' day as that day; null for any other
 * value (left as it is). Example: `sheetDate('2026-11-29T01:21:25.907Z')?.text` → '2026-11-29 09:21:25'.
 */
export function sheetDate(v: unknown): SheetDate | null {
  let at: Date | null = null;
  if (v instanceof Date) at = v;
  else if (typeof v === 'string' && ISO_INSTANT.test(v)) at = new Date(v);
  else if (typeof v === 'string' && ISO_DAY.test(v)) {
    const value = new Date(`${v}T00:00:00.000Z`);
    return Number.isNaN(value.getTime()) || value.toISOString().slice(0, 10) !== v
      ? null
      : { value, numFmt: 'yyyy-mm-dd', text: v };
  }
  if (!at || Number.isNaN(at.getTime())) return null;
  const text = shanghaiDateTime(at);
  return { value: new Date(`${text.replace(' ', 'T')}.000Z`), numFmt: 'yyyy-mm-dd hh:mm:ss', text };
}
