// The names of some codes of a code–name table, read once for a page of rows (a list's decorate step
// shows a parent's name beside its code).
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';

/** Code → name of the given codes (empty and unknown codes are absent from the map). */
export async function codeNames(
  db: DbOrTx,
  table: PgTable & { code: AnyPgColumn; name: AnyPgColumn },
  codes: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const list = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  if (!list.length) return new Map();
  const rows = await db
    .select({ code: table.code, name: table.name })
    .from(table)
    .where(inArray(table.code, list));
  return new Map(rows.map((r) => [String(r.code), String(r.name)]));
}
