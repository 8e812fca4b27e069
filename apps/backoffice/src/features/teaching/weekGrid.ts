// The week grid's arithmetic, kept apart from React so it is tested on its own: which days a week
// shows, where a lesson sits, and which time a drop at a height means.

/** The grid shows 07:00–22:00; a pixel per minute times the scale. */
export const DAY_START = 7 * 60;
export const DAY_END = 22 * 60;
export const PX_PER_MIN = 1;
/** Drops snap to a quarter of an hour. */
export const SNAP = 15;

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week of a day. */
export function mondayOf(day: string): string {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, wd === 0 ? -6 : 1 - wd);
}

/** The seven days (Monday first) of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

export const toMinute = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};
export const fromMinute = (n: number) =>
  `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;

/** Top and height in pixels of a lesson in its day column. */
export function place(startTime: string, endTime: string) {
  const s = Math.max(DAY_START, toMinute(startTime));
  const e = Math.min(DAY_END, toMinute(endTime));
  return { top: (s - DAY_START) * PX_PER_MIN, height: Math.max(16, (e - s) * PX_PER_MIN) };
}

/**
 * Where a lesson of `duration` minutes lands when dropped with its top at `y` pixels: snapped to
 * the quarter hour, kept inside the day.
 */
export function dropTime(y: number, duration: number): { startTime: string; endTime: string } {
  const raw = DAY_START + y / PX_PER_MIN;
  let start = Math.round(raw / SNAP) * SNAP;
  start = Math.max(DAY_START, Math.min(DAY_END - duration, start));
  return { startTime: fromMinute(start), endTime: fromMinute(start + duration) };
}

/** §9 weekday code of a day (Sunday 1, Monday 2 … Saturday 7). */
export const weekdayCodeOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() + 1;

/** Whole days from one day to another ('2026-11-01' → '2026-11-03' is 2). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
