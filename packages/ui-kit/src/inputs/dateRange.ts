// Preset ranges of a date-range picker, over calendar days (YYYY-MM-DD) of the company's time zone.
import { shanghaiDate } from '@bo/domain';

export type DateRangePreset = 'today' | 'last7Days' | 'last30Days' | 'thisMonth' | 'lastMonth';

export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = [
  'today',
  'last7Days',
  'last30Days',
  'thisMonth',
  'lastMonth',
];

export interface DateRangeValue {
  start: string;
  end: string;
}

/** Today in Asia/Shanghai (every campus is in China, whatever the browser's zone). */
export function shanghaiToday(now: Date = new Date()): string {
  return shanghaiDate(now);
}

function parts(day: string): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return [y, m, d];
}

function iso(y: number, m: number, d: number): string {
  // Date.UTC normalises overflow (day 0 is the last day of the month before).
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.toISOString().slice(0, 10);
}

/**
 * The range a preset stands for, ending today (inclusive on both ends).
 * @example presetRange('lastMonth', '2026-03-15') // { start: '2026-02-01', end: '2026-02-28' }
 */
export function presetRange(preset: DateRangePreset, today: string): DateRangeValue {
  const [y, m, d] = parts(today);
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'last7Days':
      return { start: iso(y, m, d - 6), end: today };
    case 'last30Days':
      return { start: iso(y, m, d - 29), end: today };
    case 'thisMonth':
      return { start: iso(y, m, 1), end: iso(y, m + 1, 0) };
    case 'lastMonth':
      return { start: iso(y, m - 1, 1), end: iso(y, m, 0) };
  }
}
