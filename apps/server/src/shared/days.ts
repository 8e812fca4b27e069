// Day filters of queries: a YYYY-MM-DD Asia/Shanghai day as the instants of a range, by the one rule
// of @bo/domain (businessDay.ts). The contracts check a day's shape, not the calendar, so an
// impossible day (02-30) reaches here and is refused naming its field.
import { shanghaiDayOf } from '@bo/domain';
import { badInput } from '../http/errors.js';

/** The instant the day starts, or with `{ end: true }` the next day's start (`from <= t < end`). */
export function dayBound(field: string, day: string, opts: { end?: boolean } = {}): Date {
  const at = shanghaiDayOf(day, opts);
  if (!at) throw badInput(field, `${field}: 不是有效日期 / not a valid date (YYYY-MM-DD)`);
  return at;
}
