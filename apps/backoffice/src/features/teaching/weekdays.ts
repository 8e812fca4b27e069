// Weekday names by §9 code − 1 (Sunday 1 … Saturday 7), so JavaScript's getUTCDay() indexes them too.
export const WEEKDAY_KEYS = [
  'teach.wd.0',
  'teach.wd.1',
  'teach.wd.2',
  'teach.wd.3',
  'teach.wd.4',
  'teach.wd.5',
  'teach.wd.6',
] as const;
