// The set-based batch import (issue 37 §5): a kind's rows are checked and written as sets, not row by
// row. A kind plugs in
//   - `check`: the row's own rules, no database (required cells, formats, dates);
//   - `setChecks`: rules against the database, each run ONCE over the rows of the call in a few
//     statements (codes, campuses, scope, users), reporting errors by row;
//   - `key`: the field a row is matched by (a phone, a legacy number): the holders already in the
//     database are looked up in one statement, a key repeated inside the call is settled here;
//   - `write`: the fresh rows inserted together (multi-row inserts), in one transaction with one audit row.
// Every error of a row is reported at once (the set checks see the rows with format errors too); a row
// with an error is never a duplicate; any error → nothing written. A dry run answers the same counts.
// The kinds: clues (clues/importRows.ts), students (students/importRows.ts), orders (orders/importRows.ts).
import { inArray } from 'drizzle-orm';
import type { DbOrTx, Db } from '../db/client.js';
import { schoolItems } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import type { AuthUser } from '../http/auth.js';
import { writeAudit } from './audit.js';

export interface ImportRowError {
  /** 1-based position of the row in the call's `rows`. */
  row: number;
  column: string;
  reason: string;
}

/** A row after its own checks: its position and the values the kind made of it. */
export interface CheckedRow<V> {
  row: number;
  v: V;
}

export type ReportError = (row: number, column: string, reason: string) => void;

export interface ImportScope {
  user: AuthUser;
  now: Date;
  db: Db;
}

export interface SetImportKind<In, V, D extends object = object> {
  /** The audit action of a written call ('clue.import') and its target ('clues'). */
  audit: { action: string; target: string };
  /** The row's own checks (no database); `err` reports against this row. */
  check(r: In, err: (column: string, reason: string) => void, s: ImportScope): V;
  /** Checks against the database over all rows at once (every row, so a row's errors come together). */
  setChecks?: ReadonlyArray<
    (db: DbOrTx, rows: CheckedRow<V>[], err: ReportError, s: ImportScope) => Promise<void>
  >;
  /**
   * The key rows are matched by. `held` answers, for keys already in the database, who holds them (the
   * owner text of the duplicate). A key repeated inside the call: 'duplicate' (reported, not created:
   * clues, students) or 'error' (a row error: orders).
   */
  key?: {
    of(v: V): string | null;
    column: string;
    held(db: DbOrTx, keys: string[], s: ImportScope): Promise<Map<string, string>>;
    repeated: 'duplicate' | 'error';
    /** Settle keys before the other checks; a held row's own errors are dropped (orders). */
    first?: boolean;
    /** The duplicate entry's extra fields (clues and students name the phone). */
    extra?: (key: string) => D;
  };
  /** Writes the fresh rows (every check passed) inside the call's transaction. */
  write(tx: DbOrTx, rows: CheckedRow<V>[], s: ImportScope): Promise<void>;
}

export interface SetImportResult<D extends object = object> {
  total: number;
  created: number;
  skipped: number;
  errors: ImportRowError[];
  duplicates: Array<{ row: number; owner: string } & D>;
}

/**
 * Runs one call of a set-based import: every row checked, duplicates settled, the fresh rows written
 * together — or, on any error or a dry run, nothing written.
 */
export async function runSetImport<In, V, D extends object = object>(
  deps: AppDeps,
  user: AuthUser,
  body: { rows: In[]; dryRun: boolean },
  ip: string,
  kind: SetImportKind<In, V, D>,
): Promise<SetImportResult<D>> {
  const s: ImportScope = { user, now: deps.now(), db: deps.db };
  const total = body.rows.length;
  const errors: ImportRowError[] = [];
  const bad = new Set<number>();
  const err: ReportError = (row, column, reason) => {
    errors.push({ row, column, reason });
    bad.add(row);
  };
  const rows = body.rows.map((r, i): CheckedRow<V> => {
    const row = i + 1;
    return { row, v: kind.check(r, (column, reason) => err(row, column, reason), s) };
  });
  const duplicates: SetImportResult<D>['duplicates'] = [];
  /** Settles the rows' keys: held ones and repeats become duplicates (or errors); the rest are kept. */
  const settle = async (candidates: CheckedRow<V>[]) => {
    const key = kind.key;
    if (!key) return candidates;
    const keys = new Map<number, string>();
    for (const r of candidates) {
      const k = key.of(r.v);
      if (k) keys.set(r.row, k);
    }
    const held = keys.size
      ? await key.held(deps.db, [...new Set(keys.values())], s)
      : new Map<string, string>();
    const seen = new Map<string, number>();
    const kept: CheckedRow<V>[] = [];
    for (const r of candidates) {
      const k = keys.get(r.row);
      if (k === undefined) {
        kept.push(r);
        continue;
      }
      const owner = held.get(k);
      const earlier = seen.get(k);
      if (earlier === undefined) seen.set(k, r.row);
      if (key.repeated === 'error' && earlier !== undefined)
        err(r.row, key.column, `与第${earlier}行重复 / repeats row ${earlier}`);
      else if (owner !== undefined) duplicates.push({ row: r.row, ...(key.extra?.(k) as D), owner });
      else if (earlier !== undefined)
        duplicates.push({ row: r.row, ...(key.extra?.(k) as D), owner: `row ${earlier}` });
      else kept.push(r);
    }
    return kept;
  };
  let fresh = rows;
  if (kind.key?.first) {
    // A row whose key is held was written before (a re-run, a resumed import): it is skipped without
    // its other checks (its payment reference is now its own, taken).
    fresh = await settle(rows);
    const settled = new Set(duplicates.map((d) => d.row));
    const own = errors.filter((e) => !settled.has(e.row));
    errors.length = 0;
    bad.clear();
    for (const e of own) err(e.row, e.column, e.reason);
  }
  for (const c of kind.setChecks ?? []) await c(deps.db, fresh, err, s);
  fresh = fresh.filter((r) => !bad.has(r.row));
  if (!kind.key?.first) fresh = await settle(fresh);
  const refused = (): SetImportResult<D> => ({
    total,
    created: 0,
    skipped: total,
    errors: errors.sort((a, b) => a.row - b.row),
    duplicates,
  });
  if (errors.length) return refused();
  const done = (): SetImportResult<D> => ({
    total,
    created: fresh.length,
    skipped: total - fresh.length,
    errors,
    duplicates,
  });
  // A dry run answers what the import would do: the same counts, nothing written.
  if (body.dryRun) return done();
  await deps.db.transaction(async (tx) => {
    if (fresh.length) await kind.write(tx, fresh, s);
    await writeAudit(tx, {
      action: kind.audit.action,
      target: kind.audit.target,
      detail: { created: fresh.length, duplicates: duplicates.length },
      userId: user.id,
      username: user.username,
      ip,
      at: s.now,
    });
  });
  return done();
}

/** Splits rows into slices of at most `size` (multi-row inserts stay under the statement's parameter limit). */
export function* slices<T>(items: readonly T[], size = 1000): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * The set check of a campus column shared by the kinds: the campus exists, and is in the user's scope
 * (refused by row, never filtered). `campusOf` answers the row's campus ('' or null when none was given).
 */
export function campusCheck<V>(campusOf: (v: V) => string | null, o: { required: 'always' | 'scoped' }) {
  return async (db: DbOrTx, rows: CheckedRow<V>[], err: ReportError, s: ImportScope) => {
    const codes = [...new Set(rows.map((r) => campusOf(r.v)).filter((c): c is string => !!c))];
    const known = new Set(
      codes.length
        ? (
            await db
              .select({ code: schoolItems.code })
              .from(schoolItems)
              .where(inArray(schoolItems.code, codes))
          ).map((r) => r.code)
        : [],
    );
    for (const r of rows) {
      const campus = campusOf(r.v);
      if (!campus) {
        if (o.required === 'always' || !s.user.allScope) err(r.row, 'schoolItemCode', '必填 / required');
      } else if (!known.has(campus)) err(r.row, 'schoolItemCode', '校区不存在 / no such campus');
      else if (!s.user.allScope && !s.user.schoolItems.includes(campus))
        err(r.row, 'schoolItemCode', '校区不在您的范围内 / campus outside your scope');
    }
  };
}
