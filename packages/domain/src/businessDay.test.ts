import { describe, expect, it } from 'vitest';
import {
  sheetDate,
  shanghaiDateTime,
  ageInMonths,
  isAfterToday,
  shanghaiDate,
  shanghaiDayEnd,
  shanghaiDayOf,
  shanghaiDayStart,
  shanghaiMonth,
  shanghaiMonthOf,
  shanghaiMonthStart,
  shanghaiWeekStart,
} from './businessDay.js';

const at = (s: string) => new Date(s);

describe('the Asia/Shanghai business day', () => {
  it('puts 16:00 UTC and later on the next Shanghai day', () => {
    expect(shanghaiDate(at('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(shanghaiDate(at('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
  });

  it('starts and ends a day at Shanghai midnight', () => {
    expect(shanghaiDayStart(at('2026-03-01T17:30:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(shanghaiDayStart(at('2026-03-01T15:30:00Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(shanghaiDayEnd(at('2026-03-01T17:30:00Z')).toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });

  it('reads a YYYY-MM-DD day as its Shanghai start, or its end (exclusive)', () => {
    expect(shanghaiDayOf('2026-03-02')?.toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(shanghaiDayOf('2026-03-02', { end: true })?.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(shanghaiDayOf('2026-02-30')).toBeNull();
    expect(shanghaiDayOf('2026-3-2')).toBeNull();
  });

  it('starts the week on the Shanghai Monday, also late on a Sunday UTC', () => {
    // 2026-03-08 is a Sunday; 17:00 UTC is Monday 01:00 in Shanghai.
    expect(shanghaiWeekStart(at('2026-03-08T17:00:00Z')).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(shanghaiWeekStart(at('2026-03-08T15:00:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('starts the month on the Shanghai first of the month', () => {
    expect(shanghaiMonthStart(at('2026-03-31T16:30:00Z')).toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(shanghaiMonthStart(at('2026-03-31T15:30:00Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('gives a month its first and last day and the instants it starts and ends, across a year end', () => {
    const feb = shanghaiMonth(2024, 2);
    expect([feb.month, feb.startDate, feb.endDate]).toEqual(['2024-02', '2024-02-01', '2024-02-29']);
    expect(feb.start.toISOString()).toBe('2024-01-31T16:00:00.000Z');
    expect(feb.end.toISOString()).toBe('2024-02-29T16:00:00.000Z');
    const dec = shanghaiMonthOf('2026-12');
    expect(dec?.endDate).toBe('2026-12-31');
    expect(dec?.end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(shanghaiMonthOf('2026-13')).toBeNull();
    expect(shanghaiMonthOf('2026-3')).toBeNull();
  });
});

describe('ageInMonths', () => {
  it('follows ageFromBirthDate on the Shanghai day', () => {
    // 2026-03-14T16:30Z is already the 15th in Shanghai: the month is complete.
    expect(ageInMonths('2023-01-15', at('2026-03-14T16:30:00Z'))).toBe(38);
    expect(ageInMonths('2023-01-15', at('2026-03-14T15:30:00Z'))).toBe(37);
  });

  it('completes a month born on the 31st on the last day of a shorter month', () => {
    expect(ageInMonths('2026-01-31', at('2026-02-28T04:00:00Z'))).toBe(1);
  });

  it('has no age for an empty, invalid or future birth date', () => {
    expect(ageInMonths(null, at('2026-03-01T04:00:00Z'))).toBeNull();
    expect(ageInMonths('2026-13-01', at('2026-03-01T04:00:00Z'))).toBeNull();
    expect(ageInMonths('2026-03-02', at('2026-03-01T04:00:00Z'))).toBeNull();
  });
});

describe('isAfterToday', () => {
  it('compares with the Shanghai day, so tomorrow in Shanghai is already today there', () => {
    // 2026-03-01T17:00Z is 2026-03-02 01:00 in Shanghai.
    expect(isAfterToday('2026-03-02', at('2026-03-01T17:00:00Z'))).toBe(false);
    expect(isAfterToday('2026-03-02', at('2026-03-01T15:00:00Z'))).toBe(true);
    expect(isAfterToday('2026-03-03', at('2026-03-01T17:00:00Z'))).toBe(true);
  });

  it('accepts an empty day', () => {
    expect(isAfterToday(null, at('2026-03-01T17:00:00Z'))).toBe(false);
    expect(isAfterToday('', at('2026-03-01T17:00:00Z'))).toBe(false);
  });
});

describe('dates in exports', () => {
  it('shows an instant at Beijing time and a day as that day', () => {
    expect(shanghaiDateTime(new Date('2026-11-29T01:21:25.907Z'))).toBe('2026-11-29 09:21:25');
    const late = sheetDate('2026-11-30T16:30:00Z');
    expect(late?.text).toBe('2026-12-01 00:30:00');
    expect(late?.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(late?.value.toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(sheetDate(new Date('2026-11-29T01:21:25Z'))?.text).toBe('2026-11-29 09:21:25');
    expect(sheetDate('2026-11-29T09:21:25+08:00')?.text).toBe('2026-11-29 09:21:25');
    expect(sheetDate('2026-02-28')).toMatchObject({ text: '2026-02-28', numFmt: 'yyyy-mm-dd' });
  });
  it('leaves anything else as it is', () => {
    for (const v of [
      '2026-02-30',
      '2026-11',
      'SH01',
      '12.50',
      42,
      null,
      '2026-11-29 09:21',
      '2026-11-29T09:21:25',
    ])
      expect(sheetDate(v)).toBeNull();
    expect(sheetDate(new Date('nope'))).toBeNull();
  });
});
