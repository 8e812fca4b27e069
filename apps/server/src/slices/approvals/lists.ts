// The one list of a kind's approvals (refund, adjust, leave, make-up, transfer school …): the filter
// every approval list takes, the columns every row carries, the paging and the `canDecide` of every
// row, so each owning slice only joins its subject and maps its own columns (`kindApprovalList`).
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { decidableBy, passedOtherSteps, requestDetail, whyNotDecide } from './engine.js';
import type { RequestRecord } from './registry.js';
import { approvalRequests } from './tables.js';

/** The requester of a request, for the `requestedByName` every row carries. */
export const approvalRequester = alias(users, 'requester');

export interface KindApprovalFilter {
  status?: number | undefined;
  schoolItemCode?: string | undefined;
  /** The subject's name or code, or what the slice adds (`also`). */
  keyword?: string | undefined;
  /** Only what the caller may decide now. */
  mine?: boolean | undefined;
  /** Only the caller's own requests. */
  requestedByMe?: boolean | undefined;
  requestedBy?: number | undefined;
}

/**
 * The condition of a kind's approval list: its kinds, the caller's campuses (a named campus outside
 * them is refused), status, keyword over the subject (plus the slice's own `also` conditions).
 */
export function kindApprovalWhere(
  u: AuthUser,
  kinds: readonly string[],
  q: KindApprovalFilter,
  also: (keyword: string) => SQL[] = () => [],
): SQL | undefined {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  return and(
    inArray(approvalRequests.kind, [...kinds]),
    scope
      ? or(
          inArray(approvalRequests.schoolItemCode, [...scope, '']),
          inArray(approvalRequests.toSchoolItemCode, [...scope, '']),
        )
      : undefined,
    q.schoolItemCode
      ? or(
          eq(approvalRequests.schoolItemCode, q.schoolItemCode),
          eq(approvalRequests.toSchoolItemCode, q.schoolItemCode),
        )
      : undefined,
    q.status ? eq(approvalRequests.status, q.status) : undefined,
    q.keyword
      ? or(
          ilike(approvalRequests.subjectName, `%${q.keyword}%`),
          eq(approvalRequests.subjectCode, q.keyword),
          ...also(q.keyword),
        )
      : undefined,
    q.mine ? decidableBy(u, kinds) : undefined,
    q.requestedByMe ? eq(approvalRequests.requestedBy, u.id) : undefined,
    q.requestedBy ? eq(approvalRequests.requestedBy, q.requestedBy) : undefined,
  );
}

/**
 * The columns every approval row carries; `canDecide` is the engine's own answer (`whyNotDecide`),
 * so a row never offers a decision the detail or the decision would refuse. `passed` is what
 * `passedOtherSteps` answered for the page's requests.
 */
export function kindApprovalRow(
  u: AuthUser,
  r: RequestRecord,
  names: { schoolItemName: string | null; requestedByName: string | null },
  passed: ReadonlySet<number>,
) {
  return {
    id: r.id,
    status: r.status,
    subjectId: r.subjectId,
    subjectCode: r.subjectCode,
    subjectName: r.subjectName,
    schoolItemCode: r.schoolItemCode,
    schoolItemName: names.schoolItemName,
    toSchoolItemCode: r.toSchoolItemCode,
    reason: r.reason,
    requestedBy: r.requestedBy,
    requestedByName: names.requestedByName,
    requestedAt: r.requestedAt.toISOString(),
    stepName: r.steps[r.step]?.name ?? null,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    comment: r.comment,
    canDecide: whyNotDecide(u, r, passed.has(r.id)) === null,
    version: r.version,
  };
}

/** The slice's query as the list drives it (a drizzle select made `$dynamic()`). */
export interface KindListQuery<J> extends PromiseLike<J[]> {
  orderBy(...columns: Array<PgColumn | SQL>): KindListQuery<J>;
  limit(n: number): KindListQuery<J>;
  offset(n: number): KindListQuery<J>;
  getSQL(): SQL;
}

export interface KindApprovalListDef<F extends KindApprovalFilter, J extends { r: RequestRecord }, Row> {
  kinds: readonly string[];
  /**
   * `select { r: approvalRequests, …the slice's columns } from <the kind's table>`, joined to the
   * request, to `approvalRequester` and to whatever the rows show, `.where(where).$dynamic()`.
   */
  query: (tx: DbOrTx, where: SQL | undefined) => KindListQuery<J>;
  /** Further columns the keyword matches exactly (codes of the subject, the student, the order). */
  keyword?: (keyword: string) => SQL[];
  /** The slice's own filters (its type, its student, its period). */
  where?: (u: AuthUser, f: F) => Array<SQL | undefined>;
  orderBy: (f: F) => Array<PgColumn | SQL>;
  /** The rows out; each spreads `kindApprovalRow(u, j.r, j, passed)` (or picks from it). */
  toRows: (tx: DbOrTx, u: AuthUser, joined: J[], passed: ReadonlySet<number>) => Row[] | Promise<Row[]>;
}

/**
 * A kind's approval list: `page` (the list kit's paging and total), `all` (the export) and `rows`
 * (the same rows for a detail), all under one condition (`where`: `kindApprovalWhere` and the
 * slice's own filters).
 */
export function kindApprovalList<F extends KindApprovalFilter, J extends { r: RequestRecord }, Row>(
  def: KindApprovalListDef<F, J, Row>,
) {
  const where = (u: AuthUser, f: F) =>
    and(kindApprovalWhere(u, def.kinds, f, def.keyword), ...(def.where?.(u, f) ?? []));
  const rows = async (tx: DbOrTx, u: AuthUser, joined: J[]) =>
    def.toRows(
      tx,
      u,
      joined,
      await passedOtherSteps(
        tx,
        u,
        joined.map((j) => j.r),
      ),
    );
  return {
    where,
    rows,
    async page(deps: { db: DbOrTx }, u: AuthUser, q: F & { pageIdx: number; pageSize: number }) {
      const w = where(u, q);
      const joined = await def
        .query(deps.db, w)
        .orderBy(...def.orderBy(q))
        .limit(q.pageSize)
        .offset((q.pageIdx - 1) * q.pageSize);
      // The total over the same joins and filter (the planner drops the joins the count needs not).
      const [n] = await deps.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(sql`${def.query(deps.db, w)} as kind_list`);
      return {
        list: await rows(deps.db, u, joined),
        total: n?.n ?? 0,
        pageIdx: q.pageIdx,
        pageSize: q.pageSize,
      };
    },
    async all(deps: { db: DbOrTx }, u: AuthUser, f: F) {
      return rows(deps.db, u, await def.query(deps.db, where(u, f)).orderBy(...def.orderBy(f)));
    },
  };
}

/** A detail: the row with its request's flow, history and what the caller may do with it now. */
export async function withRequestFlow<Row extends object>(
  deps: AppDeps,
  u: AuthUser,
  requestId: number,
  row: Row,
) {
  const d = await requestDetail(deps, u, requestId);
  return {
    ...row,
    steps: d.steps,
    step: d.step,
    history: d.history,
    canDecide: d.canDecide,
    canCancel: d.canCancel,
    canRevoke: d.canRevoke,
    awaited: d.awaited,
    whyNot: d.whyNot,
  };
}
