// Chinese names in pinyin order, the same on PGlite and PostgreSQL: a name's key column (name_py,
// kept by a trigger of migration 0004) compared byte by byte, then the name itself to break ties.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * ORDER BY terms for a name in pinyin order.
 * @example db.select().from(employees).orderBy(...byPinyin(employees.namePy, employees.name))
 */
export function byPinyin(key: AnyPgColumn, name: AnyPgColumn): SQL[] {
  return [sql`${key} collate "C"`, sql`${name} collate "C"`];
}
