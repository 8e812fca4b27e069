// Day filters of queries: a YYYY-MM-DD Asia/Shanghai day as the instants of a range, by the one rule
// of @bo/domain (businessDay.ts). The contracts check a day's shape, not the calendar, so an
// impossible day (02-30) reaches here and is refused naming its field.
import { shanghaiDayOf, shanghaiMonthOf, type ShanghaiMonth } from '@bo/domain';
import { sql } from 'drizzle-orm';
import { badInput } from '../http/errors.js';

/** The instant the day starts, or with `{ end: true }` the next day's start (`from <= t < end`). */
export function dayBound(field: string, day: string, opts: { end?: boolean } = {}): Date {
  const at = shanghaiDayOf(day, opts);
  if (!at) throw badInput(field, `${field}: 不是有效日期 / not a valid date (YYYY-MM-DD)`);
  return at;
}

/** The Shanghai month of a 'YYYY-MM' field (its days and its instants), or a 400 naming the field. */
export function monthBound(field: string, month: string): ShanghaiMonth {
  const m = shanghaiMonthOf(month);
  if (!m) throw badInput(field, `${field}: 月份格式应为 YYYY-MM / a month as YYYY-MM`);
  return m;
}

/** A timestamptz column's Asia/Shanghai calendar date (a SQL date, comparable with 'YYYY-MM-DD'). */
export const shanghaiDateSql = (col: unknown) => sql<string>`((${col}) at time zone 'Asia/Shanghai')::date`;
/** A timestamptz column's Asia/Shanghai day as 'YYYY-MM-DD' text. */
export const shanghaiDaySql = (col: unknown) =>
  sql<string>`to_char((${col}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
