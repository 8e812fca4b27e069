import { describe, expect, it } from 'vitest';
import { lessonOffsets, serviceEndDate } from './serviceEnd.js';
import { addMonths, dueDates, splitByShares } from './terms.js';

describe('splitByShares', () => {
  it('adds up exactly to the amount, the last term taking the remainder', () => {
    expect(splitByShares(100000, [3333, 3333, 3334])).toEqual([33330, 33330, 33340]);
    expect(splitByShares(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    // Odd cents and uneven shares: no cent is lost or made up.
    for (const total of [1, 99, 369999, 123456789]) {
      for (const shares of [
        [5000, 5000],
        [3000, 3000, 4000],
        [1, 9999],
        [2500, 2500, 2500, 2500],
      ]) {
        const parts = splitByShares(total, shares);
        expect(parts.reduce((s, c) => s + c, 0)).toBe(total);
        expect(parts.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
      }
    }
  });
});

describe('due dates', () => {
  it('keeps to the month’s last day when the day does not exist', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(dueDates('2026-01-01', 30, 1, 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });
});

describe('serviceEndDate', () => {
  const none = () => false;
  it('spreads the lessons of a week from the start’s weekday', () => {
    expect(lessonOffsets(1)).toEqual([0]);
    expect(lessonOffsets(2)).toEqual([0, 3]);
    expect(lessonOffsets(3)).toEqual([0, 2, 4]);
    expect(lessonOffsets(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('ends on the last lesson day without holidays', () => {
    // Monday 2026-03-02, Mondays and Thursdays: the 10th lesson is Thursday 2026-04-02.
    expect(serviceEndDate('2026-03-02', 10, 2, none)).toEqual({
      endDate: '2026-04-02',
      lessons: 10,
      weeks: 5,
      holidays: [],
    });
    expect(serviceEndDate('2026-03-02', 1, 1, none).endDate).toBe('2026-03-02');
  });

  it('skips the lesson days that are holidays, which pushes the end', () => {
    const holidays = new Set(['2026-03-05', '2026-03-30', '2026-03-31']);
    const r = serviceEndDate('2026-03-02', 10, 2, (d) => holidays.has(d));
    // Thursday 03-05 and Monday 03-30 are lost (03-31 is not a lesson day): two more lessons.
    expect(r.holidays).toEqual(['2026-03-05', '2026-03-30']);
    expect(r.endDate).toBe('2026-04-09');
  });
});
