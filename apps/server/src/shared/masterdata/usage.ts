// Who uses a master-data record (issue 33 §6): a record type declares the COLUMN NAMES that hold its
// key (`usedBy: [{ columns: ['course_code', 'course_codes'] }]`), and the engine finds every table of
// the schema with such a column, so a new table keeping a course code is covered without anyone
// remembering to register it. Deleting is refused (422) while any of those tables names the record,
// with what uses it in the message ("3 order lines, 1 lesson use it … disable it instead").
// The generated test (test/usageRegistry.test.ts) walks every deletable type and every table found.
import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { USAGE_TABLE_LABELS } from './usageLabels.js';

type Row = Record<string, unknown>;

/** Columns of the schema that hold a record's value. */
export interface UsedBy {
  /** Column names as in the database (snake_case). */
  columns: string[];
  // (a text[] / integer[] column, or a JSON array, holds the value among others)
  /** Only these tables (for a name that means other things elsewhere, e.g. parent_id). */
  only?: PgTable[];
  /** Tables whose column of that name is not this record, each with the reason (table name → why). */
  except?: Record<string, string>;
  /** The record's field the columns hold (default: the type's key). */
  field?: string;
  /** Whether the columns concern this record at all (dictionary items of one type, tags of one type). */
  when?: (record: Row) => boolean;
  /** The value the columns hold, when not the field as it is (a gender item '1' is the integer 1). */
  value?: (record: Row) => unknown;
}

/** One table column found for a declaration. */
export interface UsageColumn {
  table: PgTable;
  tableName: string;
  column: AnyPgColumn;
  columnName: string;
  /** How the column holds the value: as itself, among the elements of an array, or of a JSON array. */
  kind: 'scalar' | 'array' | 'json';
  /** '中文 / English' name of what the table's rows are. */
  label: string;
  decl: UsedBy;
}

let tables: PgTable[] | null = null;
/** Every table of the schema (read once, lazily: the schema imports every slice's tables). */
export function schemaTables(): PgTable[] {
  tables ??= (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  return tables;
}

export const usageLabel = (tableName: string): string => USAGE_TABLE_LABELS[tableName] ?? tableName;

/** The table columns a type's declarations find (computed once per type). */
export function usageColumns(owner: PgTable, decls: readonly UsedBy[]): UsageColumn[] {
  const out: UsageColumn[] = [];
  for (const decl of decls) {
    const candidates = decl.only ?? schemaTables();
    for (const table of candidates) {
      const tableName = getTableName(table);
      if (decl.except?.[tableName] !== undefined) continue;
      for (const column of Object.values(getTableColumns(table)) as AnyPgColumn[]) {
        if (!decl.columns.includes(column.name)) continue;
        // The record's own key column is not a use of it (a table keyed by course_code is the owner).
        if (table === owner && !decl.only) continue;
        out.push({
          table,
          tableName,
          column,
          columnName: column.name,
          kind:
            column.columnType === 'PgArray'
              ? 'array'
              : column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
                ? 'json'
                : 'scalar',
          label: usageLabel(tableName),
          decl,
        });
      }
    }
  }
  return out;
}

/** The condition of a row of the column's table naming the value. */
export function usageCondition(c: UsageColumn, value: unknown): SQL {
  // An element's type is not inferred from a parameter: name it.
  const element = typeof value === 'number' ? sql`${value}::int` : sql`${String(value)}::text`;
  if (c.kind === 'array') return sql`${element} = any(${c.column})`;
  if (c.kind === 'json') return sql`${c.column}::jsonb @> jsonb_build_array(${element})`;
  return sql`${c.column} = ${value}`;
}

/** How many rows of each using table name the record (at most 1000 counted each), only those above 0. */
export async function usesOf(
  tx: DbOrTx,
  cols: readonly UsageColumn[],
  record: Row,
  key: string,
): Promise<Array<{ col: UsageColumn; n: number }>> {
  const found: Array<{ col: UsageColumn; n: number }> = [];
  for (const c of cols) {
    if (c.decl.when && !c.decl.when(record)) continue;
    const value = c.decl.value ? c.decl.value(record) : record[c.decl.field ?? key];
    if (value === null || value === undefined) continue;
    const cond = usageCondition(c, value);
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(select 1 from ${c.table} where ${cond} limit 1000) as used`);
    const n = Number(r?.n ?? 0);
    if (n > 0) found.push({ col: c, n });
  }
  return found;
}

/** The refusal naming what uses a record, or null. */
export function usageMessage(typeLabel: string, uses: ReadonlyArray<{ col: UsageColumn; n: number }>) {
  if (!uses.length) return null;
  const byLabel = new Map<string, number>();
  for (const u of uses) byLabel.set(u.col.label, (byLabel.get(u.col.label) ?? 0) + u.n);
  const zh = [...byLabel].map(([l, n]) => `${n}条${l.split(' / ')[0]}`).join('、');
  const en = [...byLabel].map(([l, n]) => `${n} ${l.split(' / ').pop() ?? l}`).join(', ');
  const [tzh, ten] = [typeLabel.split(' / ')[0], typeLabel.split(' / ').pop() ?? typeLabel];
  return `该${tzh}正被使用（${zh}），不能删除，请改为停用 / this ${ten} is in use (${en}); it cannot be deleted — disable it instead`;
}

/** What the generated test and the docs read: every record type declared on the engine. */
export interface RegisteredType {
  name: string;
  label: string;
  table: PgTable;
  key: string;
  deletable: boolean;
  usedBy: readonly UsedBy[] | undefined;
  unused: string | undefined;
  columns: () => UsageColumn[];
}
const registered = new Map<string, RegisteredType>();
export function registerRecordType(t: RegisteredType) {
  registered.set(t.name, t);
}
/** Every record type defined so far (import `slices/index.ts` first to have them all). */
export const recordTypes = (): RegisteredType[] => [...registered.values()];
