// The generic master-data engine: one implementation of list / save / status / detail / delete /
// import / export, driven by a declaration per record type (see index.ts for how to use it).
import { and, asc, eq, getTableColumns, getTableName, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TImportResult, TImportRowError } from '@bo/api-sdk';
import { bothHalves, fieldLabel, issueTexts } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import {
  AppError,
  badInput,
  conflict,
  fieldRequired,
  notFound,
  ruleViolation,
  say,
  staleVersion,
} from '../../http/errors.js';
import { assertCampus, assertRegion, type AuthUser } from '../../http/auth.js';
import { writeAudit } from '../audit.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { updateVersioned, type VersionedTable } from '../versioned.js';
import {
  registerRecordType,
  usageColumns,
  usageMessage,
  usesOf,
  type UsageColumn,
  type UsedBy,
} from './usage.js';

/** What every operation needs: the app, the caller, where the call came from. A HandlerCtx fits. */
export interface MdCtx {
  deps: AppDeps;
  user: AuthUser;
  ip?: string;
}

export type MdRecord = Record<string, unknown>;
export type MdKey = string | number;

/** A list filter: the query parameter compared with a column (exact, contains, or one of a list). */
export type FilterSpec =
  { op: 'eq'; column: AnyPgColumn } | { op: 'like'; column: AnyPgColumn } | { op: 'in'; column: AnyPgColumn };
export const eqFilter = (column: AnyPgColumn): FilterSpec => ({ op: 'eq', column });
export const likeFilter = (column: AnyPgColumn): FilterSpec => ({ op: 'like', column });
export const inFilter = (column: AnyPgColumn): FilterSpec => ({ op: 'in', column });

/** A reference to a parent record that must exist (and be valid when set or changed). */
export interface ParentRef {
  /** The API field holding the parent's key. */
  field: string;
  table: PgTable;
  /** The parent's key column. */
  key: AnyPgColumn;
  /** The parent's status column (1 valid); omitted = no validity check. */
  status?: AnyPgColumn;
  /** Bilingual name of the parent type, e.g. '区域 / region'. */
  label: string;
  /** Narrows the parent table, e.g. a dictionary's type (`eq(sysDicts.dictType, 'post_family')`). */
  where?: SQL;
  /**
   * The parent must belong to another parent of the record: its `column` equals the record's
   * `field` (a campus's city lies in the campus's region). Checked when either is set or changed.
   */
  within?: { column: AnyPgColumn; field: string; label: string };
}

/** Child records that keep this one from being disabled (valid children) or deleted (any child). */
export interface ChildRef {
  table: PgTable;
  /** The child's column that holds this record's key. */
  column: AnyPgColumn;
  /** The child's status column (1 valid). */
  status?: AnyPgColumn;
  label: string;
}

/** A unique key: one field, optionally unique only within other fields (e.g. name within a parent). */
export interface UniqueKey {
  field: string;
  within?: string[];
  label?: string;
}

/** The status codes of a master-data record: 1 valid (enabled), 0 invalid (disabled). */
export const MD_STATUS = { valid: 1, invalid: 0 } as const;

export interface RecordTypeDef<TRow extends MdRecord, TInput extends MdRecord> {
  /** Audit and message name, e.g. 'campus'. */
  name: string;
  /** Bilingual label, e.g. '校区 / campus'. */
  label: string;
  table: PgTable;
  /** API field of the key ('code' or 'id'). */
  key: string;
  /** 'code': the caller gives the key (or newKey makes one); 'id': the database generates it. */
  keyKind: 'code' | 'id';
  /** API field → column, for reading and writing (include the key, status and version). */
  fields: Record<string, AnyPgColumn>;
  /** API fields never written from input (besides the id key and version). */
  readOnly?: string[];
  /** Fields given when the record is created that may not change afterwards (400 naming the field). */
  fixed?: Array<{ field: string; label: string }>;
  /** The type's save schema (used to validate import rows; version is ignored there). */
  input: z.ZodType<TInput, unknown>;
  /** Query parameter → filter. */
  filters?: Record<string, FilterSpec>;
  /** Extra list conditions from the query (bespoke filters, joins). */
  where?: (query: MdRecord, user: AuthUser) => SQL | undefined;
  /** Default order. */
  sort?: (SQL | AnyPgColumn)[];
  unique?: UniqueKey[];
  parents?: ParentRef[];
  children?: ChildRef[];
  /** Data scope: list filtered to the caller's campuses/regions; a named record outside is refused (403). */
  scope?: { kind: 'campus' | 'region'; field: string };
  /** API field of the status (MD_STATUS: 1 valid, 0 invalid). */
  status?: string;
  /**
   * The code the status command writes for a requested one, from the type's state machine (salary
   * periods): `nextCode` of the move, so an illegal move answers the machine's 422.
   */
  moveStatus?: (from: number, to: number) => number;
  /** The version column's API field (optimistic concurrency). */
  version?: string;
  /** Column stamped with the time of every change. */
  updatedAt?: AnyPgColumn;
  /** A message when disabling or deleting must be refused (422); null = allowed. */
  inUse?: (tx: DbOrTx, record: TRow, op: 'disable' | 'delete') => Promise<string | null>;
  deletable?: boolean;
  /**
   * The columns (by name, in any table of the schema) that hold this record's key: deleting is refused
   * while a row names it (./usage.ts). A deletable type must declare them, or say why none exist (`unused`).
   * A function when the declaration needs tables of the schema (read at the first delete).
   */
  usedBy?: UsedBy[] | (() => UsedBy[]);
  /** Why no record of the schema can name this one (a deletable type without `usedBy`). */
  unused?: string;
  /** Makes a key for a code-keyed record created without one. */
  newKey?: (tx: DbOrTx, input: TInput) => Promise<string>;
  /** The field(s) an import row is matched by (default: the key when code-keyed, else the first unique key with its scope). */
  importKey?: string | string[];
  /** Bespoke checks and derived values before a write; throw AppErrors naming the field. */
  prepare?: (
    tx: DbOrTx,
    c: { input: TInput; values: MdRecord; existing: TRow | null; ctx: MdCtx },
  ) => Promise<MdRecord | void>;
  /** Bespoke writes after the record was saved (link tables, accounts), in the same transaction. */
  afterWrite?: (
    tx: DbOrTx,
    c: { input: TInput; saved: TRow; existing: TRow | null; ctx: MdCtx },
  ) => Promise<void>;
  /** Adds computed fields (names of references, counts) to rows read. */
  decorate?: (tx: DbOrTx, rows: TRow[]) => Promise<TRow[]>;
  /**
   * The changes an update makes to what `afterWrite` keeps beside the row (an employee's campuses and
   * subjects), as `field: [before, after]`: they count as an update (an import's `updated`) and are audited.
   */
  linkedChanges?: (
    tx: DbOrTx,
    c: { input: TInput; existing: TRow; ctx: MdCtx },
  ) => Promise<Record<string, [unknown, unknown]>>;
}

export interface PageOut<T> {
  list: T[];
  total: number;
  pageIdx: number;
  pageSize: number;
}

/** The page's column carrying the count of all matching rows (never a field name). */
const PAGE_TOTAL = '__pageTotal';

const norm = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return JSON.stringify(v);
  return String(v);
};
const same = (a: unknown, b: unknown) => norm(a) === norm(b);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Thrown inside the import transaction to roll it back (dry run or errors). */
class Rollback extends Error {}

export type RecordType<TRow extends MdRecord, TInput extends MdRecord> = ReturnType<
  typeof defineRecordType<TRow, TInput>
>;

/**
 * Declares a master-data record type and returns its operations.
 * @example
 * const cityRanks = defineRecordType<TCityRankRow, TCityRankInput>({ name: 'cityRank', label: '城市级别 / city rank',
 *   table: cityRanksTable, key: 'code', keyKind: 'code', fields: { code: t.code, name: t.name, validstatus: t.validStatus, version: t.version },
 *   input: CityRankInput, status: 'validstatus', version: 'version', unique: [{ field: 'name' }] });
 * await cityRanks.save(ctx, body);
 */
export function defineRecordType<TRow extends MdRecord, TInput extends MdRecord>(
  def: RecordTypeDef<TRow, TInput>,
) {
  const tableName = getTableName(def.table);
  if (def.deletable && def.usedBy === undefined && !def.unused)
    throw new Error(
      `record type ${def.name} is deletable but declares no usedBy (the columns that name it) nor why none exist (unused)`,
    );
  let usedCols: UsageColumn[] | null = null;
  const usageCols = (): UsageColumn[] =>
    (usedCols ??= usageColumns(
      def.table,
      typeof def.usedBy === 'function' ? def.usedBy() : (def.usedBy ?? []),
    ));
  registerRecordType({
    name: def.name,
    label: def.label,
    table: def.table,
    key: def.key,
    deletable: def.deletable ?? false,
    usedBy: typeof def.usedBy === 'function' ? undefined : def.usedBy,
    unused: def.unused,
    columns: usageCols,
  });
  // Column object → the table's JS property name (what drizzle's insert/update take).
  const propOf = new Map<AnyPgColumn, string>();
  for (const [prop, col] of Object.entries(getTableColumns(def.table))) propOf.set(col as AnyPgColumn, prop);
  const col = (field: string): AnyPgColumn => {
    const c = def.fields[field];
    if (!c) throw new Error(`record type ${def.name}: no field ${field}`);
    return c;
  };
  const keyCol = col(def.key);
  const statusCol = def.status ? col(def.status) : undefined;
  const versionCol = def.version ? col(def.version) : undefined;
  if (versionCol && propOf.get(versionCol) !== 'version')
    throw new Error(`record type ${def.name}: the version field must be the table's version column`);
  if (def.updatedAt && propOf.get(def.updatedAt) !== 'updatedAt')
    throw new Error(`record type ${def.name}: updatedAt must be the table's updatedAt column`);
  /**
   * Updates one record by `where` (its key, and the version sent when checked): through the versioned
   * update when the type has a version (409 when no row matched), else a plain update (undefined then).
   */
  const updateRecord = async (
    tx: DbOrTx,
    where: SQL | undefined,
    set: Record<string, unknown>,
    now: Date,
    version?: number,
  ): Promise<unknown> => {
    const at = def.updatedAt ? now : undefined;
    if (versionCol)
      return updateVersioned(
        tx,
        def.table as VersionedTable,
        { where, version, set: set as never, at },
        def.fields,
      );
    const rows = await tx
      .update(def.table)
      .set((at ? { ...set, updatedAt: at } : set) as never)
      .where(where)
      .returning(def.fields);
    return rows[0];
  };
  const readOnly = new Set([
    ...(def.readOnly ?? []),
    ...(def.version ? [def.version] : []),
    ...(def.keyKind === 'id' ? [def.key] : []),
  ]);
  const writable = Object.keys(def.fields).filter((f) => !readOnly.has(f));
  const firstUnique = def.unique?.[0];
  const importKeys: string[] =
    def.importKey !== undefined
      ? [def.importKey].flat()
      : def.keyKind === 'code'
        ? [def.key]
        : firstUnique
          ? [firstUnique.field, ...(firstUnique.within ?? [])]
          : [def.key];
  const importKey = importKeys[0] ?? def.key;
  const uniques: UniqueKey[] = [{ field: def.key }, ...(def.unique ?? []).filter((u) => u.field !== def.key)];
  const labelOf = (field: string) => def.unique?.find((u) => u.field === field)?.label ?? field;
  const target = (key: unknown) => `${tableName}:${String(key)}`;

  const scopeAssert = (user: AuthUser, record: MdRecord) => {
    if (!def.scope) return;
    const v = record[def.scope.field];
    const s = typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
    if (def.scope.kind === 'campus') assertCampus(user, s);
    else assertRegion(user, s);
  };

  const listWhere = (query: MdRecord, user: AuthUser): SQL | undefined => {
    const conds: (SQL | undefined)[] = [];
    for (const [param, f] of Object.entries(def.filters ?? {})) {
      const v = query[param];
      if (isBlank(v)) continue;
      if (f.op === 'eq') conds.push(eq(f.column, v));
      else if (f.op === 'like') conds.push(ilike(f.column, `%${escapeLike(String(v))}%`));
      else {
        const values = Array.isArray(v)
          ? v
          : String(v)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
        conds.push(values.length ? inArray(f.column, values) : sql`false`);
      }
    }
    if (def.scope && !user.allScope) {
      const allowed = def.scope.kind === 'campus' ? user.schoolItems : user.provinceTypes;
      conds.push(allowed.length ? inArray(col(def.scope.field), allowed) : sql`false`);
    }
    conds.push(def.where?.(query, user));
    const present = conds.filter((c): c is SQL => c !== undefined);
    return present.length ? and(...present) : undefined;
  };
  const orderBy = () => (def.sort?.length ? def.sort : [asc(keyCol)]);

  const decorate = async (tx: DbOrTx, rows: TRow[]) =>
    def.decorate && rows.length ? def.decorate(tx, rows) : rows;

  async function find(tx: DbOrTx, key: MdKey): Promise<TRow | null> {
    const rows = (await tx.select(def.fields).from(def.table).where(eq(keyCol, key)).limit(1)) as TRow[];
    return rows[0] ?? null;
  }
  async function findBy(tx: DbOrTx, record: MdRecord): Promise<TRow | null> {
    const conds = importKeys.map((f) =>
      record[f] === null || record[f] === undefined ? sql`${col(f)} is null` : eq(col(f), record[f]),
    );
    const rows = (await tx
      .select(def.fields)
      .from(def.table)
      .where(and(...conds))
      .limit(1)) as TRow[];
    return rows[0] ?? null;
  }
  /** `field`: the body/query field that sent the key, named by the 404 (none when the path did). */
  async function load(tx: DbOrTx, key: MdKey, user: AuthUser, field?: string): Promise<TRow> {
    const r = await find(tx, key);
    if (!r) throw notFound(def.label, field);
    scopeAssert(user, r);
    return r;
  }

  /** Refuses a taken unique key (409 naming the field). */
  async function checkUnique(tx: DbOrTx, values: MdRecord, existing: TRow | null) {
    for (const u of uniques) {
      const v = values[u.field];
      if (isBlank(v)) continue;
      const conds: SQL[] = [eq(col(u.field), v)];
      for (const w of u.within ?? []) {
        const wv = values[w];
        conds.push(wv === null || wv === undefined ? sql`${col(w)} is null` : eq(col(w), wv));
      }
      if (existing) conds.push(ne(keyCol, existing[def.key]));
      const [hit] = await tx
        .select({ k: keyCol })
        .from(def.table)
        .where(and(...conds))
        .limit(1);
      if (hit) {
        const scopeNote = u.within?.length ? ` (${u.within.join(', ')})` : '';
        throw conflict(
          `${def.label}的${labelOf(u.field)}「${String(v)}」已存在${scopeNote} / ${def.label.split(' / ').pop() ?? def.name} ${u.field} "${String(v)}" already exists${scopeNote}`,
          u.field,
        );
      }
    }
  }

  /** Parents must exist (and lie within their own parent); when set or changed they must be valid. */
  async function checkParents(tx: DbOrTx, values: MdRecord, existing: TRow | null) {
    for (const p of def.parents ?? []) {
      const v = values[p.field];
      if (isBlank(v)) continue;
      const [row] = await tx
        .select({ s: p.status ?? sql<number>`1`, within: p.within?.column ?? sql`null` })
        .from(p.table)
        .where(and(eq(p.key, v), p.where))
        .limit(1);
      if (!row)
        throw badInput(
          p.field,
          `${p.label}「${String(v)}」不存在 / ${p.label.split(' / ').pop() ?? p.label} "${String(v)}" does not exist`,
        );
      const changed = !existing || !same(existing[p.field], v);
      if (changed && p.status && Number(row.s) !== 1)
        throw badInput(
          p.field,
          `${p.label}「${String(v)}」已停用 / ${p.label.split(' / ').pop() ?? p.label} "${String(v)}" is disabled`,
        );
      const w = p.within;
      if (!w || row.within === null || row.within === undefined) continue;
      const outer = values[w.field];
      const moved = changed || !same(existing?.[w.field], outer);
      if (moved && !isBlank(outer) && !same(row.within, outer)) {
        const [zh, en] = [p.label.split(' / ')[0], p.label.split(' / ').pop() ?? p.label];
        const [wzh, wen] = [w.label.split(' / ')[0], w.label.split(' / ').pop() ?? w.label];
        throw badInput(
          p.field,
          `${zh}「${String(v)}」不属于${wzh}「${String(outer)}」（属于「${String(row.within)}」） / ${en} "${String(v)}" belongs to ${wen} "${String(row.within)}", not "${String(outer)}"`,
        );
      }
    }
  }

  /** Children and the type's own in-use rule may refuse disabling or deleting. */
  async function checkRemovable(tx: DbOrTx, record: TRow, op: 'disable' | 'delete') {
    for (const c of def.children ?? []) {
      const conds: SQL[] = [eq(c.column, record[def.key])];
      if (op === 'disable' && c.status) conds.push(eq(c.status, MD_STATUS.valid));
      const [r] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(c.table)
        .where(and(...conds));
      const n = Number(r?.n ?? 0);
      if (n > 0) {
        const what = op === 'disable' ? '停用' : '删除';
        const en = c.label.split(' / ').pop() ?? c.label;
        throw ruleViolation(
          `该${def.label.split(' / ')[0]}下还有${n}个${op === 'disable' ? '有效的' : ''}${c.label.split(' / ')[0]}，不能${what} / ${n} ${op === 'disable' ? 'valid ' : ''}${en}(s) still belong to it; it cannot be ${op === 'disable' ? 'disabled' : 'deleted'}`,
          def.status,
        );
      }
    }
    if (op === 'delete') {
      const used = usageMessage(def.label, await usesOf(tx, usageCols(), record, def.key));
      if (used) throw ruleViolation(used, def.status);
    }
    const msg = await def.inUse?.(tx, record, op);
    if (msg) throw ruleViolation(msg, def.status);
  }

  /** Parents must be valid before a record is enabled again. */
  async function checkEnable(tx: DbOrTx, record: TRow) {
    for (const p of def.parents ?? []) {
      const v = record[p.field];
      if (isBlank(v) || !p.status) continue;
      const [row] = await tx
        .select({ s: p.status })
        .from(p.table)
        .where(and(eq(p.key, v), p.where))
        .limit(1);
      if (row && Number(row.s) !== 1)
        throw ruleViolation(
          `${p.label}「${String(v)}」已停用，请先启用 / ${p.label.split(' / ').pop() ?? p.label} "${String(v)}" is disabled; enable it first`,
          p.field,
        );
    }
  }

  const toColumns = (values: MdRecord): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const f of writable) {
      // undefined = not given: the column keeps its value (or its database default on insert).
      if (values[f] === undefined) continue;
      const prop = propOf.get(col(f));
      if (prop) out[prop] = values[f];
    }
    return out;
  };

  /** Writes one record (create or update) with every check; returns the saved row and what happened. */
  async function write(
    tx: DbOrTx,
    ctx: MdCtx,
    input: TInput,
    existing: TRow | null,
    opts: { checkVersion: boolean; only?: ReadonlySet<string> },
  ): Promise<{ saved: TRow; op: 'created' | 'updated' | 'unchanged' }> {
    let values: MdRecord = {};
    // An import row updates only the columns it carries (schema defaults fill in new records only).
    const only = existing ? opts.only : undefined;
    for (const f of writable) if (input[f] !== undefined && (!only || only.has(f))) values[f] = input[f];
    if (!existing && def.keyKind === 'code' && isBlank(values[def.key])) {
      if (!def.newKey) throw fieldRequired(def.key);
      values[def.key] = await def.newKey(tx, input);
    }
    if (existing && def.status && !(def.status in values)) values[def.status] = existing[def.status];
    for (const f of def.fixed ?? [])
      if (existing && values[f.field] !== undefined && !same(existing[f.field], values[f.field]))
        throw badInput(
          f.field,
          `${f.label.split(' / ')[0]}不能修改 / the ${f.label.split(' / ').pop() ?? f.label} cannot change`,
        );
    const extra = await def.prepare?.(tx, { input, values, existing, ctx });
    if (extra) values = { ...values, ...extra };
    // A status changed by an edit moves as the status command does (the type's machine, if any).
    const st = def.status;
    if (def.moveStatus && st && existing && !isBlank(values[st]) && !same(existing[st], values[st]))
      values = { ...values, [st]: def.moveStatus(Number(existing[st]), Number(values[st])) };
    const merged: MdRecord = existing ? { ...existing, ...values } : values;
    scopeAssert(ctx.user, merged);
    await checkParents(tx, merged, existing);
    await checkUnique(tx, merged, existing);
    const now = ctx.deps.now();
    if (!existing) {
      const set = toColumns(values);
      if (def.updatedAt) set[propOf.get(def.updatedAt) ?? 'updatedAt'] = now;
      const rows = (await tx
        .insert(def.table)
        .values(set as never)
        .returning(def.fields)) as TRow[];
      const saved = rows[0] as TRow;
      await def.afterWrite?.(tx, { input, saved, existing, ctx });
      await writeAudit(tx, {
        action: `${def.name}.create`,
        target: target(saved[def.key]),
        detail: { new: saved },
        userId: ctx.user.id,
        username: ctx.user.username,
        ip: ctx.ip ?? null,
        at: now,
      });
      return { saved, op: 'created' };
    }
    if (def.status && !same(existing[def.status], merged[def.status])) {
      if (Number(merged[def.status]) === 0) await checkRemovable(tx, existing, 'disable');
      else await checkEnable(tx, merged as TRow);
    }
    const changes: Record<string, [unknown, unknown]> = {};
    for (const f of writable)
      if (values[f] !== undefined && !same(existing[f], values[f]))
        changes[f] = [existing[f] ?? null, values[f] ?? null];
    if (def.linkedChanges) Object.assign(changes, await def.linkedChanges(tx, { input, existing, ctx }));
    let sentVersion: number | undefined;
    if (opts.checkVersion && versionCol && def.version) {
      const sent = input[def.version];
      if (sent === undefined || sent === null)
        throw badInput(
          def.version,
          say('缺少读取时的版本号，无法更新', 'the version of the record read is required to update it'),
        );
      sentVersion = Number(sent);
    }
    const hasLinkedWrites = Boolean(def.afterWrite);
    if (Object.keys(changes).length === 0 && !hasLinkedWrites) {
      if (opts.checkVersion && versionCol && def.version && !same(existing[def.version], input[def.version]))
        throw staleVersion();
      return { saved: existing, op: 'unchanged' };
    }
    const set = toColumns(values);
    const saved = (await updateRecord(tx, eq(keyCol, existing[def.key]), set, now, sentVersion)) as
      TRow | undefined;
    if (!saved) throw staleVersion();
    await def.afterWrite?.(tx, { input, saved, existing, ctx });
    if (Object.keys(changes).length)
      await writeAudit(tx, {
        action: `${def.name}.update`,
        target: target(saved[def.key]),
        detail: { changes },
        userId: ctx.user.id,
        username: ctx.user.username,
        ip: ctx.ip ?? null,
        at: now,
      });
    return { saved, op: Object.keys(changes).length ? 'updated' : 'unchanged' };
  }

  /** Runs a command in one transaction; a unique-index race becomes a 409. */
  async function command<T>(ctx: MdCtx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await ctx.deps.db.transaction(fn);
    } catch (e) {
      if (isUniqueViolation(e))
        throw conflict(`${def.label}已存在 / the ${def.name} already exists`, def.key);
      throw e;
    }
  }

  const ops = {
    def,
    /** A page of rows matching the query's filters, in the caller's scope. */
    async page(
      ctx: MdCtx,
      query: MdRecord & { pageIdx?: number; pageSize?: number },
    ): Promise<PageOut<TRow>> {
      const db = ctx.deps.db;
      const pageIdx = query.pageIdx ?? 1;
      const pageSize = query.pageSize ?? 20;
      const where = listWhere(query, ctx.user);
      // The page and the count of all matching rows in one statement (master data is bounded: an
      // exact count is cheap); a page past the last has no row to carry it and counts on its own.
      const found = await db
        .select({ ...def.fields, [PAGE_TOTAL]: sql<number>`count(*) over ()` })
        .from(def.table)
        .where(where)
        .orderBy(...orderBy())
        .limit(pageSize)
        .offset((pageIdx - 1) * pageSize);
      let total = Number((found[0] as Record<string, unknown> | undefined)?.[PAGE_TOTAL] ?? 0);
      if (!found.length && pageIdx > 1) {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(def.table)
          .where(where);
        total = Number(c?.n ?? 0);
      }
      const rows = found.map((r) => {
        const { [PAGE_TOTAL]: _, ...row } = r as Record<string, unknown>;
        return row;
      }) as TRow[];
      return { list: await decorate(db, rows), total, pageIdx, pageSize };
    },
    /** Every row matching the query, in the caller's scope (selectors, exports). */
    async all(ctx: MdCtx, query: MdRecord = {}): Promise<TRow[]> {
      const db = ctx.deps.db;
      const rows = (await db
        .select(def.fields)
        .from(def.table)
        .where(listWhere(query, ctx.user))
        .orderBy(...orderBy())) as TRow[];
      return decorate(db, rows);
    },
    /** Every filtered row, no paging, for xlsx/CSV export. */
    async exportRows(ctx: MdCtx, query: MdRecord = {}): Promise<TRow[]> {
      return ops.all(ctx, query);
    },
    /** One record by key (404 when missing, 403 outside the caller's scope). */
    async detail(ctx: MdCtx, key: MdKey, field?: string): Promise<TRow> {
      const r = await load(ctx.deps.db, key, ctx.user, field);
      const [d] = await decorate(ctx.deps.db, [r]);
      return d ?? r;
    },
    /** Creates (no key, or a key not yet used and no version) or updates (key + version). */
    async save(ctx: MdCtx, input: TInput): Promise<TRow> {
      return command(ctx, async (tx) => {
        const key = input[def.key];
        let existing: TRow | null = null;
        if (!isBlank(key)) {
          existing = await find(tx, key as MdKey);
          if (def.keyKind === 'id' && !existing) throw notFound(def.label, String(def.key));
          if (existing && def.keyKind === 'code' && def.version && isBlank(input[def.version])) {
            // A code that is taken, sent without the version of a read: a duplicate, not an edit.
            throw conflict(
              `${def.label}编码「${String(key)}」已存在 / ${def.name} code "${String(key)}" already exists`,
              def.key,
            );
          }
          if (existing) scopeAssert(ctx.user, existing);
        }
        const { saved } = await write(tx, ctx, input, existing, { checkVersion: true });
        const [d] = await decorate(tx, [saved]);
        return d ?? saved;
      });
    },
    /** Enables (1) or disables (0); disabling may be refused while the record is in use (or by the type's machine). */
    async updateStatus(ctx: MdCtx, key: MdKey, status: number, field?: string): Promise<TRow> {
      if (!def.status || !statusCol) throw new Error(`record type ${def.name} has no status`);
      const statusField = def.status;
      return command(ctx, async (tx) => {
        const r = await load(tx, key, ctx.user, field);
        // Answered as a list row is: decorated (names of what it refers to), as save answers.
        const answer = async (row: TRow) => (await decorate(tx, [row]))[0] ?? row;
        if (same(r[statusField], status)) return answer(r);
        const to = def.moveStatus ? def.moveStatus(Number(r[statusField]), status) : status;
        if (to === MD_STATUS.invalid) await checkRemovable(tx, r, 'disable');
        else await checkEnable(tx, r);
        const now = ctx.deps.now();
        const set: Record<string, unknown> = { [propOf.get(statusCol) ?? 'status']: to };
        const saved = (await updateRecord(tx, eq(keyCol, key), set, now)) as TRow | undefined;
        await writeAudit(tx, {
          action: `${def.name}.status`,
          target: target(key),
          detail: { field: statusField, from: r[statusField], to },
          userId: ctx.user.id,
          username: ctx.user.username,
          ip: ctx.ip ?? null,
          at: now,
        });
        return answer(saved ?? r);
      });
    },
    /** Deletes a record no one uses (422 otherwise). */
    async remove(ctx: MdCtx, key: MdKey, field?: string): Promise<void> {
      if (!def.deletable)
        throw ruleViolation(
          `${def.label}不能删除，请停用 / a ${def.name} cannot be deleted; disable it instead`,
        );
      await command(ctx, async (tx) => {
        const r = await load(tx, key, ctx.user, field);
        await checkRemovable(tx, r, 'delete');
        await tx.delete(def.table).where(eq(keyCol, key));
        await writeAudit(tx, {
          action: `${def.name}.delete`,
          target: target(key),
          detail: { old: r },
          userId: ctx.user.id,
          username: ctx.user.username,
          ip: ctx.ip ?? null,
          at: ctx.deps.now(),
        });
      });
    },
    /**
     * Imports rows (upsert by the import key): every row is checked with the save schema and the
     * unique/parent/scope rules; any error and nothing is written. Re-running the same rows changes nothing.
     */
    async importRows(
      ctx: MdCtx,
      rows: MdRecord[],
      o: { dryRun: boolean; firstRow?: number },
    ): Promise<TImportResult> {
      const first = o.firstRow ?? 1;
      const errors: TImportRowError[] = [];
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const seen = new Map<string, Map<string, number>>();
      const createdKeys: unknown[] = [];
      const updatedKeys: unknown[] = [];
      let written = false;
      try {
        await ctx.deps.db.transaction(async (tx) => {
          for (const [i, raw] of rows.entries()) {
            const rowNo = first + i;
            const { [def.version ?? '\u0000']: _v, ...rest } = raw;
            const parsed = def.input.safeParse(rest);
            if (!parsed.success) {
              // Every field that fails, at once (a field's first issue: "required" before "too short").
              const fields = new Set<string>();
              for (const issue of parsed.error.issues) {
                const column = issue.path.map(String).join('.') || importKey;
                if (fields.has(column)) continue;
                fields.add(column);
                errors.push({
                  row: rowNo,
                  column,
                  // The catalogue's text in both halves (the envelope answers the caller's).
                  reason: bothHalves(
                    issueTexts(
                      issue,
                      fieldLabel(issue.path.length ? issue.path.map(String) : [importKey]),
                      rest[String(issue.path[0] ?? '')],
                    ),
                  ),
                });
              }
              continue;
            }
            const input = parsed.data;
            // The same unique value twice in one import is an error of the file.
            let dup = false;
            for (const u of uniques) {
              const v = input[u.field];
              if (isBlank(v)) continue;
              const k = [v, ...(u.within ?? []).map((w) => input[w])]
                .map((x) => norm(x) ?? '')
                .join('\u0001');
              const m = seen.get(u.field) ?? new Map<string, number>();
              seen.set(u.field, m);
              const prev = m.get(k);
              if (prev !== undefined) {
                errors.push({
                  row: rowNo,
                  column: u.field,
                  reason: `与第${prev}行重复 / duplicates row ${prev}`,
                });
                dup = true;
              } else m.set(k, rowNo);
            }
            if (dup) continue;
            try {
              const existing = isBlank(input[importKey]) ? null : await findBy(tx, input);
              if (existing) scopeAssert(ctx.user, existing);
              const withKey =
                existing && def.keyKind === 'id'
                  ? ({ ...input, [def.key]: existing[def.key] } as TInput)
                  : input;
              const r = await write(tx, ctx, withKey, existing, {
                checkVersion: false,
                only: new Set(Object.keys(rest)),
              });
              counts[r.op] += 1;
              if (r.op === 'created') createdKeys.push(r.saved[def.key]);
              if (r.op === 'updated') updatedKeys.push(r.saved[def.key]);
            } catch (e) {
              if (e instanceof AppError)
                errors.push({
                  row: rowNo,
                  column: (e.field ?? importKey).replace(/^body\./, ''),
                  reason: e.message,
                });
              else throw e;
            }
          }
          if (errors.length || o.dryRun) throw new Rollback();
          await writeAudit(tx, {
            action: `${def.name}.import`,
            target: tableName,
            detail: { ...counts, created: createdKeys, updated: updatedKeys, unchanged: counts.unchanged },
            userId: ctx.user.id,
            username: ctx.user.username,
            ip: ctx.ip ?? null,
            at: ctx.deps.now(),
          });
          written = true;
        });
      } catch (e) {
        if (!(e instanceof Rollback)) throw e;
      }
      return { total: rows.length, ...counts, errors, dryRun: o.dryRun, written };
    },
  };
  return ops;
}

/** A registry other slices add usage checks to (e.g. orders using a course): each answers a refusal message or null. */
export function usageRegistry<K>() {
  const checkers = new Map<string, (tx: DbOrTx, key: K) => Promise<string | null>>();
  return {
    /** Registers (or replaces) a named checker. */
    register(name: string, check: (tx: DbOrTx, key: K) => Promise<string | null>) {
      checkers.set(name, check);
    },
    unregister(name: string) {
      checkers.delete(name);
    },
    /** The first refusal message, or null when nothing uses the key. */
    async check(tx: DbOrTx, key: K): Promise<string | null> {
      for (const c of checkers.values()) {
        const m = await c(tx, key);
        if (m) return m;
      }
      return null;
    },
  };
}

/** The status a status input carries (status or validstatus). */
export const statusOf = (b: { status?: 0 | 1 | undefined; validstatus?: 0 | 1 | undefined }): 0 | 1 =>
  (b.status ?? b.validstatus ?? 1) as 0 | 1;
