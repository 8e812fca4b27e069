// The names of some codes (or ids) of a table with a name, read once for a page of rows (a list's
// decorate step shows a parent's name beside its code). The one way a slice turns codes into names:
// campuses, courses, employees, dictionary items (`where` narrows to one dictionary), users by id.
import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';

/** Code → name of the given codes (empty and unknown codes are absent from the map). */
export async function codeNames(
  db: DbOrTx,
  table: PgTable & { code: AnyPgColumn; name: AnyPgColumn },
  codes: readonly (string | null | undefined)[],
  where?: SQL,
): Promise<Map<string, string>> {
  const list = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  if (!list.length) return new Map();
  const rows = await db
    .select({ code: table.code, name: table.name })
    .from(table)
    .where(and(inArray(table.code, list), where));
  return new Map(rows.map((r) => [String(r.code), String(r.name)]));
}

/** Id → name of the given ids of a serial-keyed table (null ids and unknown ids are absent). */
export async function idNames(
  db: DbOrTx,
  table: PgTable & { id: AnyPgColumn; name: AnyPgColumn },
  ids: readonly (number | null | undefined)[],
  where?: SQL,
): Promise<Map<number, string>> {
  const list = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(inArray(table.id, list), where));
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}
