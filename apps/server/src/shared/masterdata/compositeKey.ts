// Imports of records keyed by several fields (month + campus [+ employee], year + type + campus + employee):
// finds the id of the record each row names, so the engine's import updates it instead of creating a
// duplicate, and reports a key given twice in one file (school finance, clue targets).
import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TImportResult, TImportRowError } from '@bo/api-sdk';
import type { MdCtx, MdRecord } from './engine.js';

export interface CompositeKey {
  table: PgTable;
  id: AnyPgColumn;
  /** API field → column of the key, the first one selective (e.g. month). */
  columns: Record<string, AnyPgColumn>;
  /** Fixed conditions (e.g. the upload kind). */
  where?: SQL;
}

const keyText = (values: unknown[]) => values.map((v) => String(v ?? '')).join('\u0001');

/**
 * Imports rows through `importRows` (an engine import with importKey 'id'): rows are parsed with
 * `schema` to read their key; a row naming an existing record gets its id; a key repeated in the file is
 * a row error (then, as with any error, nothing is written).
 */
export async function importByCompositeKey(
  ctx: MdCtx,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
  k: CompositeKey & { schema: z.ZodType<MdRecord, unknown> },
  importRows: (rows: MdRecord[], o: { dryRun: boolean; firstRow: number }) => Promise<TImportResult>,
): Promise<TImportResult> {
  const first = o.firstRow ?? 1;
  const fields = Object.keys(k.columns);
  const [lead] = fields;
  const parsed = rows.map((r) => {
    const p = k.schema.safeParse({ ...r, id: undefined, version: undefined });
    return p.success ? p.data : null;
  });
  const leadValues = [...new Set(parsed.flatMap((p) => (p && lead ? [p[lead]] : [])))];
  const leadCol = lead ? k.columns[lead] : undefined;
  const existing = new Map<string, number>();
  if (leadCol && leadValues.length) {
    const sel: Record<string, AnyPgColumn> = { __id: k.id, ...k.columns };
    const conds = [inArray(leadCol, leadValues as never[])];
    if (k.where) conds.push(k.where);
    const found = (await ctx.deps.db
      .select(sel)
      .from(k.table)
      .where(and(...conds))) as Record<string, unknown>[];
    for (const f of found) existing.set(keyText(fields.map((x) => f[x])), Number(f.__id));
  }
  const pre: TImportRowError[] = [];
  const seen = new Map<string, number>();
  const keyed = rows.map((r, i) => {
    const { id: _id, version: _v, ...rest } = r;
    const p = parsed[i];
    if (!p) return rest;
    const key = keyText(fields.map((x) => p[x]));
    const prev = seen.get(key);
    if (prev !== undefined)
      pre.push({
        row: first + i,
        column: lead ?? 'row',
        reason: `与第${prev}行重复 / duplicates row ${prev}`,
      });
    else seen.set(key, first + i);
    const id = existing.get(key);
    return id === undefined ? rest : { ...rest, id };
  });
  const res = await importRows(keyed, { dryRun: o.dryRun || pre.length > 0, firstRow: first });
  if (!pre.length) return res;
  const preRows = new Set(pre.map((e) => e.row));
  const errors = [...pre, ...res.errors.filter((e) => !preRows.has(e.row))].sort((a, b) => a.row - b.row);
  return { ...res, errors, dryRun: o.dryRun, written: false };
}
