import { describe, expect, it } from 'vitest';
import {
  WEEKDAYS,
  ageFromBirthDate,
  compactDate,
  daysInMonth,
  formatAge,
  isDateLocked,
  isoDate,
  monthString,
  quarterList,
  toCalendarDate,
  weekdayCode,
  weekdayName,
} from './dates.js';

describe('calendar basics', () => {
  it('reads dates as local calendar dates', () => {
    expect(toCalendarDate('2026-03-01')).toEqual({ year: 2026, month: 3, day: 1 });
    expect(toCalendarDate('2026-3-1')).toEqual({ year: 2026, month: 3, day: 1 });
    expect(toCalendarDate('2026-03-01 10:00:00')).toEqual({ year: 2026, month: 3, day: 1 });
    expect(toCalendarDate(new Date(2026, 2, 1, 23, 59))).toEqual({ year: 2026, month: 3, day: 1 });
    expect(toCalendarDate('2026-02-29')).toBeNull();
    expect(toCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(toCalendarDate('nope')).toBeNull();
    expect(toCalendarDate('')).toBeNull();
    expect(toCalendarDate(null)).toBeNull();
    expect(toCalendarDate(new Date(NaN))).toBeNull();
  });

  it('knows month lengths and formats', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(compactDate('2026-03-05')).toBe('20260305');
  });

  it('pads the month of a month string', () => {
    expect(monthString(2026, 3)).toBe('2026-03');
    expect(monthString(2026, 12)).toBe('2026-12');
  });
});

describe('age', () => {
  it('counts whole years and months', () => {
    expect(ageFromBirthDate('2023-01-15', '2026-03-20')).toEqual({ years: 3, months: 2 });
    expect(ageFromBirthDate('2023-01-15', '2026-03-14')).toEqual({ years: 3, months: 1 });
    expect(ageFromBirthDate('2023-01-15', '2026-03-15')).toEqual({ years: 3, months: 2 });
    expect(ageFromBirthDate('2023-03-20', '2026-03-19')).toEqual({ years: 2, months: 11 });
    expect(ageFromBirthDate('2026-03-20', '2026-03-20')).toEqual({ years: 0, months: 0 });
  });

  it('completes a month on the last day of a shorter month', () => {
    expect(ageFromBirthDate('2026-01-31', '2026-02-28')).toEqual({ years: 0, months: 1 });
    expect(ageFromBirthDate('2026-01-31', '2026-02-27')).toEqual({ years: 0, months: 0 });
    expect(ageFromBirthDate('2024-02-29', '2025-02-28')).toEqual({ years: 1, months: 0 });
  });

  it('is null for empty, invalid or future birth dates', () => {
    expect(ageFromBirthDate(null, '2026-03-20')).toBeNull();
    expect(ageFromBirthDate('', '2026-03-20')).toBeNull();
    expect(ageFromBirthDate('2026-03-21', '2026-03-20')).toBeNull();
  });

  it('formats in both languages and shows - when empty', () => {
    expect(formatAge('2023-01-15', '2026-03-20')).toBe('3岁2个月');
    expect(formatAge('2023-01-15', '2026-03-20', 'en')).toBe('3 y 2 m');
    expect(formatAge('', '2026-03-20')).toBe('-');
    expect(formatAge(undefined, '2026-03-20', 'en')).toBe('-');
  });
});

describe('isDateLocked', () => {
  const open = (date: string, today: string) =>
    expect(isDateLocked(date, today), `${date} on ${today}`).toBe(false);
  const locked = (date: string, today: string) =>
    expect(isDateLocked(date, today), `${date} on ${today}`).toBe(true);

  it('opens 3 days before to 2 days after today', () => {
    const today = '2026-03-15';
    locked('2026-03-11', today);
    open('2026-03-12', today);
    open('2026-03-15', today);
    open('2026-03-17', today);
    locked('2026-03-18', today);
  });

  it('crosses month and year ends forward', () => {
    open('2026-04-01', '2026-03-30');
    locked('2026-04-02', '2026-03-30');
    open('2027-01-02', '2026-12-31');
    locked('2027-01-03', '2026-12-31');
  });

  it('on the 3rd keeps the previous month’s last two days open (31-day month)', () => {
    open('2026-03-31', '2026-04-03'); // 3 days back
    open('2026-03-30', '2026-04-03'); // 4 days back: the extra rule
    locked('2026-03-29', '2026-04-03');
  });

  it('on the 3rd keeps the previous month’s last two days open (February, 28 and 29 days)', () => {
    open('2026-02-28', '2026-03-03');
    open('2026-02-27', '2026-03-03');
    locked('2026-02-26', '2026-03-03');
    open('2024-02-29', '2024-03-03');
    open('2024-02-28', '2024-03-03');
    locked('2024-02-27', '2024-03-03');
  });

  it('on the 1st and 2nd the plain window already reaches further back', () => {
    open('2026-03-29', '2026-04-01');
    locked('2026-03-28', '2026-04-01');
    open('2026-03-30', '2026-04-02');
    locked('2026-03-29', '2026-04-02');
    open('2026-02-26', '2026-03-01');
    locked('2026-02-25', '2026-03-01');
  });

  it('from the 4th the previous month is closed', () => {
    open('2026-04-01', '2026-04-04');
    locked('2026-03-31', '2026-04-04');
    locked('2026-03-30', '2026-04-04');
  });

  it('across the year end', () => {
    open('2025-12-30', '2026-01-03');
    open('2025-12-31', '2026-01-03');
    locked('2025-12-29', '2026-01-03');
  });

  it('never opens the month before the previous month, nor invalid dates', () => {
    locked('2026-02-28', '2026-04-01');
    locked('2026-02-28', '2026-04-03');
    locked('2025-11-30', '2026-01-01');
    locked('', '2026-03-15');
    locked('2026-02-30', '2026-03-01');
    expect(isDateLocked('2026-03-15', 'bad')).toBe(true);
  });

  it('accepts Date objects as local dates', () => {
    expect(isDateLocked(new Date(2026, 2, 30, 23, 30), new Date(2026, 3, 3, 0, 5))).toBe(false);
    expect(isDateLocked(new Date(2026, 2, 29, 0, 0), new Date(2026, 3, 3, 23, 59))).toBe(true);
  });
});

describe('quarterList', () => {
  it('lists four quarters with names and start-end codes', () => {
    const q = quarterList(2026);
    expect(q.map((x) => x.code)).toEqual([
      '2026-01-01-2026-03-31',
      '2026-04-01-2026-06-30',
      '2026-07-01-2026-09-30',
      '2026-10-01-2026-12-31',
    ]);
    expect(q[0]).toMatchObject({
      quarter: 1,
      name: '2026年第1季度',
      names: { 'zh-CN': '2026年第1季度', en: 'Q1 2026' },
    });
    expect(q[3]?.names.en).toBe('Q4 2026');
  });
});

describe('weekdays', () => {
  it('codes Sunday 1, Monday 2 … Saturday 7', () => {
    expect(weekdayCode('2026-03-01')).toBe(1); // Sunday
    expect(weekdayCode('2026-03-02')).toBe(2); // Monday
    expect(weekdayCode('2026-03-07')).toBe(7); // Saturday
    expect(weekdayCode(new Date(2026, 2, 4, 23, 59))).toBe(4); // Wednesday, local
    expect(weekdayCode('x')).toBeNull();
  });

  it('names codes in both languages', () => {
    expect(WEEKDAYS.map((w) => w.code)).toEqual([2, 3, 4, 5, 6, 7, 1]);
    expect(weekdayName(2)).toBe('周一');
    expect(weekdayName('7', 'en')).toBe('Saturday');
    expect(weekdayName(1, 'en')).toBe('Sunday');
    expect(weekdayName(8)).toBe('');
  });
});
