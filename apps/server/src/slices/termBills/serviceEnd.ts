// The service end date of a number of hours (docs/decisions.md "Student services and agreements"):
// lessons fall on fixed weekdays from the start date, `perWeek` of them spread over the week; a
// lesson day that is a holiday is skipped (not made up in the same week), which pushes the end.
import { addDays } from './terms.js';

export interface ServiceEndResult {
  endDate: string;
  lessons: number;
  weeks: number;
  /** The holidays that fell on a lesson day. */
  holidays: string[];
}

/** Weekday offsets from the start's weekday: 2 a week → +0 and +3; 3 → +0, +2, +4. */
export function lessonOffsets(perWeek: number): number[] {
  const step = Math.floor(7 / perWeek);
  return Array.from({ length: perWeek }, (_, k) => k * step);
}

/**
 * Example: 10 hours, 1 hour a lesson, 2 lessons a week from Monday 2026-03-02 without holidays →
 * Mondays and Thursdays, the 10th lesson on Thursday 2026-04-02.
 */
export function serviceEndDate(
  startDate: string,
  lessons: number,
  perWeek: number,
  isHoliday: (day: string) => boolean,
): ServiceEndResult {
  const offsets = lessonOffsets(perWeek);
  const hit: string[] = [];
  let held = 0;
  let week = 0;
  let last = startDate;
  while (held < lessons) {
    for (const off of offsets) {
      if (held >= lessons) break;
      const day = addDays(startDate, week * 7 + off);
      if (isHoliday(day)) {
        hit.push(day);
        continue;
      }
      held++;
      last = day;
    }
    week++;
    // A calendar of nothing but holidays would never end: a century is beyond any service.
    if (week > 5300) throw new RangeError('no lesson day found within a century');
  }
  return { endDate: last, lessons, weeks: week, holidays: hit };
}
