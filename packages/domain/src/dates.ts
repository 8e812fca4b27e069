// Calendar rules. Everything works on local calendar dates ('YYYY-MM-DD' strings are read as local
// dates, a Date contributes its local year, month and day) and counts whole days through UTC day
// numbers, so daylight-saving changes and time zones never shift a result. `today` is always passed in.
import { type Label, type Locale } from './labels.js';
import { DATE_LOCK_AFTER_DAYS, DATE_LOCK_BEFORE_DAYS } from './constants.js';

/** A date as 'YYYY-MM-DD' (a time part after it is ignored) or a Date. */
export type DateInput = string | Date;

/** A calendar date. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DAY_MS = 86_400_000;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Days in a month (1–12). Example: `daysInMonth(2024, 2)` → 29. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads a date as a local calendar date; null when empty or invalid.
 * Example: `toCalendarDate('2026-03-01')` → `{ year: 2026, month: 3, day: 1 }`.
 */
export function toCalendarDate(value: DateInput | null | undefined): CalendarDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
  }
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Day number of a calendar date (days since 1970-01-01). */
function dayNumber(d: CalendarDate): number {
  return Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
}

/** 'YYYY-MM-DD' of a calendar date or input. Example: `isoDate(new Date(2026, 0, 5))` → '2026-01-05'. */
export function isoDate(value: DateInput | CalendarDate): string {
  const d = typeof value === 'string' || value instanceof Date ? toCalendarDate(value) : value;
  if (!d) return '';
  return `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;
}

/** Year and month as 'YYYY-MM'. Example: `monthString(2026, 3)` → '2026-03'. */
export function monthString(year: number, month: number): string {
  return `${year}-${pad2(month)}`;
}

/**
 * Whole years and months of age on `today`; null when empty, invalid or in the future. Someone born
 * on a day the current month lacks (the 31st) completes the month on the month's last day.
 * Example: `ageFromBirthDate('2023-01-15', '2026-03-20')` → `{ years: 3, months: 2 }`.
 */
export function ageFromBirthDate(
  birth: DateInput | null | undefined,
  today: DateInput,
): { years: number; months: number } | null {
  const b = toCalendarDate(birth);
  const t = toCalendarDate(today);
  if (!b || !t || dayNumber(b) > dayNumber(t)) return null;
  let months = (t.year - b.year) * 12 + (t.month - b.month);
  const monthComplete = t.day >= b.day || t.day === daysInMonth(t.year, t.month);
  if (!monthComplete) months -= 1;
  return { years: Math.floor(months / 12), months: months % 12 };
}

/**
 * Age for display: '3岁2个月' / '3 y 2 m'; '-' when the birth date is empty or invalid.
 * Example: `formatAge('2023-01-15', '2026-03-20', 'en')` → '3 y 2 m'.
 */
export function formatAge(
  birth: DateInput | null | undefined,
  today: DateInput,
  locale: Locale = 'zh-CN',
): string {
  const age = ageFromBirthDate(birth, today);
  if (!age) return '-';
  return locale === 'en' ? `${age.years} y ${age.months} m` : `${age.years}岁${age.months}个月`;
}

/**
 * Whether a date is locked for entry on `today`. Open: from 3 days before to 2 days after today.
 * Extra rules (docs/decisions.md "Domain rules"):
 * - on the 1st–3rd of a month the previous month's last 2 days stay open even when more than
 *   3 days back (today = the 3rd: the previous month's last two days are open);
 * - no date of the month before the previous month is ever open.
 * Invalid dates are locked. Example: `isDateLocked('2026-03-30', '2026-04-03')` → false.
 */
export function isDateLocked(date: DateInput | null | undefined, today: DateInput): boolean {
  const d = toCalendarDate(date);
  const t = toCalendarDate(today);
  if (!d || !t) return true;
  const monthIndex = (c: CalendarDate) => c.year * 12 + c.month - 1;
  if (monthIndex(d) < monthIndex(t) - 1) return true;
  const diff = dayNumber(d) - dayNumber(t);
  if (diff >= -DATE_LOCK_BEFORE_DAYS && diff <= DATE_LOCK_AFTER_DAYS) return false;
  if (t.day <= 3 && monthIndex(d) === monthIndex(t) - 1) {
    return d.day < daysInMonth(d.year, d.month) - 1;
  }
  return true;
}

/** One quarter of `quarterList`; `code` is 'start-end'. */
export interface Quarter {
  readonly quarter: 1 | 2 | 3 | 4;
  /** The Chinese name, e.g. '2026年第1季度'. */
  readonly name: string;
  readonly names: Label;
  readonly start: string;
  readonly end: string;
  readonly code: string;
}

/**
 * The four quarters of a year. Example: `quarterList(2026)[0]` →
 * `{ quarter: 1, name: '2026年第1季度', names: { 'zh-CN': '2026年第1季度', en: 'Q1 2026' }, code: '2026-01-01-2026-03-31', … }`.
 */
export function quarterList(year: number): Quarter[] {
  return ([1, 2, 3, 4] as const).map((q) => {
    const firstMonth = (q - 1) * 3 + 1;
    const lastMonth = firstMonth + 2;
    const start = `${year}-${pad2(firstMonth)}-01`;
    const end = `${year}-${pad2(lastMonth)}-${pad2(daysInMonth(year, lastMonth))}`;
    const zh = `${year}年第${q}季度`;
    return {
      quarter: q,
      name: zh,
      names: { 'zh-CN': zh, en: `Q${q} ${year}` },
      start,
      end,
      code: `${start}-${end}`,
    };
  });
}

/** Weekday codes: Sunday 1, Monday 2 … Saturday 7. */
export type WeekdayCode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The weekdays from Monday to Sunday with their codes and names. */
export const WEEKDAYS: readonly {
  readonly code: WeekdayCode;
  readonly name: Label;
  readonly short: Label;
}[] = [
  { code: 2, name: { 'zh-CN': '周一', en: 'Monday' }, short: { 'zh-CN': '一', en: 'Mon' } },
  { code: 3, name: { 'zh-CN': '周二', en: 'Tuesday' }, short: { 'zh-CN': '二', en: 'Tue' } },
  { code: 4, name: { 'zh-CN': '周三', en: 'Wednesday' }, short: { 'zh-CN': '三', en: 'Wed' } },
  { code: 5, name: { 'zh-CN': '周四', en: 'Thursday' }, short: { 'zh-CN': '四', en: 'Thu' } },
  { code: 6, name: { 'zh-CN': '周五', en: 'Friday' }, short: { 'zh-CN': '五', en: 'Fri' } },
  { code: 7, name: { 'zh-CN': '周六', en: 'Saturday' }, short: { 'zh-CN': '六', en: 'Sat' } },
  { code: 1, name: { 'zh-CN': '周日', en: 'Sunday' }, short: { 'zh-CN': '日', en: 'Sun' } },
];

/** Weekday code of a date (Sunday 1 … Saturday 7); null when invalid. Example: `weekdayCode('2026-03-02')` → 2 (a Monday). */
export function weekdayCode(date: DateInput): WeekdayCode | null {
  const d = toCalendarDate(date);
  if (!d) return null;
  return (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 1) as WeekdayCode;
}

/** Name of a weekday code; '' when unknown. Example: `weekdayName(7, 'en')` → 'Saturday'. */
export function weekdayName(code: number | string, locale: Locale = 'zh-CN'): string {
  const day = WEEKDAYS.find((w) => w.code === Number(code));
  return day ? day.name[locale] : '';
}

/** A date as 'YYYYMMDD' ('' when invalid). Example: `compactDate('2026-03-05')` → '20260305'. */
export function compactDate(value: DateInput): string {
  return isoDate(value).replace(/-/g, '');
}
