// Business codes built from a record's serial id ('XS00000042', 'S00000007', 'DD0000000003'): the id is
// drawn from the table's sequence before the insert, so the row is written with its code in one insert.
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { must } from '../shared/must.js';
import type { DbOrTx } from './client.js';

/** The next value of the sequence behind `table.id` (a gap on rollback, as every sequence). */
export async function nextId(tx: DbOrTx, table: PgTable): Promise<number> {
  const [row] = await tx
    .select({ id: sql<string>`nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::text` })
    .from(sql`(select 1) as one`);
  return Number(must(row, 'sequence value').id);
}

/**
 * The code of a record: prefix + id padded with zeros to `digits`.
 * Example: `businessCode('XS', 42, 8)` → 'XS00000042'.
 */
export const businessCode = (prefix: string, id: number, digits: number) =>
  `${prefix}${String(id).padStart(digits, '0')}`;

/** Draws the next id of `table` and its code. */
export async function nextNumbered(tx: DbOrTx, table: PgTable, code: { prefix: string; digits: number }) {
  const id = await nextId(tx, table);
  return { id, code: businessCode(code.prefix, id, code.digits) };
}

/** The next `n` values of the sequence behind `table.id`, in order, drawn in one statement (a batch import). */
export async function nextIds(tx: DbOrTx, table: PgTable, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const rows = await tx
    .select({ id: sql<string>`nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::text` })
    .from(sql`generate_series(1, ${n}) as n`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
