// The one versioned update: a row changed by key on the version the command read or the client sent,
// its version raised by one (and updatedAt stamped when the table has one), the updated row returned;
// no row matched is a 409 stale version, or a 404 when the key itself finds nothing and the caller
// named the record. Every edit of a record with a `version` column goes through it.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { notFound, staleVersion } from '../http/errors.js';

type ColumnValue<C extends AnyPgColumn> = C['_']['notNull'] extends true
  ? C['_']['data']
  : C['_']['data'] | null;

/** A drizzle table with an integer `version` column (optimistic concurrency). */
export type VersionedTable = PgTable & { version: AnyPgColumn };

/** `version + 1`, for updates of many rows at once (or an upsert's conflict branch). */
export const nextVersion = (t: { version: AnyPgColumn }): SQL => sql`${t.version} + 1`;

export interface VersionedUpdate<T extends VersionedTable> {
  /** The row's key (with any guard the update needs, e.g. the state it moves from). */
  where: SQL | undefined;
  /**
   * The version the command read or the client sent: only a row still on it is updated. Undefined
   * updates whatever version the row has (a command that sends none).
   */
  version: number | undefined;
  /** The columns to change; the helper writes version (and updatedAt). */
  set: Omit<PgUpdateSetSource<T>, 'version'>;
  /** The time of the command, written to updatedAt when the table has that column. */
  at?: Date;
  /**
   * When no row matched: the record's name ('中文 / English') for a 404 when the key finds no row at
   * all, or with the body field that sent the key. Without it no match is a 409 (the command read the
   * row earlier in its transaction, so a miss means someone changed it).
   */
  missing?: string | { what: string; field?: string };
  /** The 409 when no row matched, if not the stale version's (e.g. "already decided"). */
  stale?: () => Error;
}

async function miss(
  tx: DbOrTx,
  table: PgTable,
  u: Pick<VersionedUpdate<VersionedTable>, 'where' | 'missing' | 'stale'>,
): Promise<never> {
  if (u.missing) {
    const [found] = await tx
      .select({ one: sql<number>`1` })
      .from(table)
      .where(u.where)
      .limit(1);
    if (!found) {
      const m = typeof u.missing === 'string' ? { what: u.missing } : u.missing;
      throw notFound(m.what, m.field);
    }
  }
  throw u.stale ? u.stale() : staleVersion();
}

/**
 * Updates one row by key on a version; returns the updated row (or the `fields` asked for).
 * @example
 * const saved = await updateVersioned(tx, promoOffers, {
 *   where: eq(promoOffers.id, b.id), version: b.version, set: { status: 2 }, at: now, missing: '优惠 / offer' });
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: DbOrTx,
  table: T,
  u: VersionedUpdate<T>,
): Promise<T['$inferSelect']>;
export async function updateVersioned<T extends VersionedTable, F extends SelectedFieldsFlat>(
  tx: DbOrTx,
  table: T,
  u: VersionedUpdate<T>,
  fields: F,
): Promise<{ [K in keyof F]: F[K] extends AnyPgColumn ? ColumnValue<F[K]> : unknown }>;
export async function updateVersioned(
  tx: DbOrTx,
  table: VersionedTable,
  u: VersionedUpdate<VersionedTable>,
  fields?: SelectedFieldsFlat,
): Promise<unknown> {
  const set: Record<string, unknown> = { ...u.set, version: nextVersion(table) };
  if (u.at && 'updatedAt' in getTableColumns(table)) set.updatedAt = u.at;
  const where = u.version === undefined ? u.where : and(u.where, eq(table.version, u.version));
  const q = tx
    .update(table)
    .set(set as never)
    .where(where);
  const rows: unknown[] = fields ? await q.returning(fields) : await q.returning();
  if (!rows.length) return miss(tx, table, u);
  return rows[0];
}
