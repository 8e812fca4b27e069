// School salary applications (issue 17): a campus applies for its computed payroll of a period (one
// transaction: the application with the totals it applies for, and its approval request); the kind
// schoolSalaryApply settles the application's status; a passed application locks the campus's period
// for payroll (assertNotApplied, wired in the composition root).
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { APPROVAL_CODE, ROLE, fromCents, monthString } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { salaryLines, schoolItems, users } from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { conflict, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import {
  approvalRequests,
  fileRequest,
  kindApprovalRow,
  kindApprovalWhere,
  passedOtherSteps,
  registerApprovalKind,
  requestDetail,
  type HookContext,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { campusPeriodTotals } from '../payroll/index.js';
import { isSealed, sealedError } from '../sealing/index.js';
import { salaryApplications as sa } from './tables.js';

/** The application's own status (the approval statuses of §4 it ends in). */
export const SA = {
  waiting: APPROVAL_CODE.WAIT,
  passed: APPROVAL_CODE.PASS,
  rejected: APPROVAL_CODE.REJECT,
  revoked: APPROVAL_CODE.REVOKE,
  withdrawn: APPROVAL_CODE.CANCEL,
} as const;
const LIVE = [SA.waiting, APPROVAL_CODE.DEFAULT, 15, SA.passed];
const PASSED = [15, SA.passed];
const KINDS = ['schoolSalaryApply'];

const period = (year: number, month: number) => monthString(year, month);

// ---- the lock payroll asks ----------------------------------------------------------------------

/** The passed application of a campus's period, if any (payroll-design seam 2). */
export async function applicationPassed(tx: DbOrTx, schoolItemCode: string, year: number, month: number) {
  const [a] = await tx
    .select({ id: sa.id, approvalId: sa.approvalRequestId })
    .from(sa)
    .where(
      and(
        eq(sa.schoolItemCode, schoolItemCode),
        eq(sa.year, year),
        eq(sa.month, month),
        inArray(sa.status, PASSED),
      ),
    );
  return a ? { id: a.id, approvalId: a.approvalId ?? 0 } : null;
}

/**
 * Refuses (409) changing a period's salary lines of a campus — of any campus when `schoolItemCode` is
 * null — once its salary application passed, naming the application.
 */
export async function assertNotApplied(
  tx: DbOrTx,
  p: { year: number; month: number; schoolItemCode: string | null },
): Promise<void> {
  const [a] = await tx
    .select({ campus: sa.schoolItemCode, approvalId: sa.approvalRequestId })
    .from(sa)
    .where(
      and(
        eq(sa.year, p.year),
        eq(sa.month, p.month),
        inArray(sa.status, PASSED),
        p.schoolItemCode ? eq(sa.schoolItemCode, p.schoolItemCode) : undefined,
      ),
    )
    .orderBy(asc(sa.schoolItemCode))
    .limit(1);
  if (!a) return;
  const m = period(p.year, p.month);
  throw conflict(
    `校区 ${a.campus} ${m} 的薪资申请（审批单 #${a.approvalId ?? 0}）已通过，薪资不能再重新计算或调整 / ` +
      `The salary application (approval #${a.approvalId ?? 0}) of ${a.campus} for ${m} has passed: ` +
      `its salary lines can no longer be recomputed or adjusted`,
    'schoolItemCode',
  );
}

// ---- applying -----------------------------------------------------------------------------------

async function rolesOf(tx: DbOrTx, schoolItemCode: string, year: number, month: number) {
  const rows = await tx
    .select({
      role: salaryLines.role,
      employees: sql<number>`count(distinct ${salaryLines.employeeCode})::int`.mapWith(Number),
      totalCents: sql<string>`coalesce(sum(${salaryLines.amountCents}), 0)::text`,
    })
    .from(salaryLines)
    .where(
      and(
        eq(salaryLines.schoolItemCode, schoolItemCode),
        eq(salaryLines.year, year),
        eq(salaryLines.month, month),
      ),
    )
    .groupBy(salaryLines.role)
    .orderBy(asc(salaryLines.role));
  return rows.map((r) => ({ role: r.role, employees: r.employees, totalCents: Number(r.totalCents) }));
}

/** The live application of a campus's period, else its latest one. */
async function latestOf(tx: DbOrTx, schoolItemCode: string, year: number, month: number) {
  const rows = await tx
    .select()
    .from(sa)
    .where(and(eq(sa.schoolItemCode, schoolItemCode), eq(sa.year, year), eq(sa.month, month)))
    .orderBy(desc(sa.id));
  return rows.find((r) => LIVE.includes(r.status)) ?? rows[0] ?? null;
}

const brief = (a: typeof sa.$inferSelect | null) =>
  a
    ? { id: a.id, approvalId: a.approvalRequestId ?? 0, status: a.status, total: fromCents(a.totalCents) }
    : null;

export async function campusRows(deps: AppDeps, u: AuthUser, q: { year: number; month: number }) {
  const db = deps.db;
  const scope = campusScope(u);
  const campuses = await db
    .select({ code: schoolItems.code, name: schoolItems.name })
    .from(schoolItems)
    .where(
      and(
        eq(schoolItems.validStatus, 1),
        scope === null ? undefined : scope.length ? inArray(schoolItems.code, scope) : sql`false`,
      ),
    )
    .orderBy(asc(schoolItems.code));
  const sealed = await isSealed(db, q.year, q.month);
  const mayApply = u.isAdmin || u.privileges.has('salary.apply');
  const out = [];
  for (const c of campuses) {
    const t = await campusPeriodTotals(db, c.code, q.year, q.month);
    const a = await latestOf(db, c.code, q.year, q.month);
    const live = a !== null && LIVE.includes(a.status);
    out.push({
      schoolItemCode: c.code,
      schoolItemName: c.name,
      employees: t.employees,
      total: fromCents(t.totalCents),
      computedAt: t.computedAt ? t.computedAt.toISOString() : null,
      sealed,
      application: brief(a),
      canApply: mayApply && t.computedAt !== null && !live,
    });
  }
  return out;
}

export async function apply(
  deps: { db: DbOrTx; now: () => Date },
  u: AuthUser,
  b: { schoolItemCode: string; year: number; month: number; remark?: string | undefined },
) {
  assertCampus(u, b.schoolItemCode);
  const at = deps.now();
  const m = period(b.year, b.month);
  return deps.db.transaction(async (tx) => {
    const t = await campusPeriodTotals(tx, b.schoolItemCode, b.year, b.month);
    if (!t.computedAt)
      throw ruleViolation(
        `${b.schoolItemCode} ${m} 的薪资尚未计算，不能申请 / the payroll of ${b.schoolItemCode} for ${m} was never computed: compute it first`,
        'month',
      );
    const live = await latestOf(tx, b.schoolItemCode, b.year, b.month);
    const already = () =>
      conflict(
        `${b.schoolItemCode} ${m} 已有薪资申请（审批中或已通过） / ${b.schoolItemCode} already applied for ${m} (waiting or passed)`,
        'month',
      );
    if (live && LIVE.includes(live.status)) throw already();
    let row: typeof sa.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(sa)
        .values({
          schoolItemCode: b.schoolItemCode,
          year: b.year,
          month: b.month,
          status: SA.waiting,
          employees: t.employees,
          totalCents: t.totalCents,
          computedAt: t.computedAt,
          roles: await rolesOf(tx, b.schoolItemCode, b.year, b.month),
          remark: b.remark ?? '',
          createdBy: u.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
    } catch (e) {
      // Two applications of one campus and period at once: the partial unique index keeps one.
      if (/salary_applications_live_uq|unique/i.test(String(e))) throw already();
      throw e;
    }
    const r = must(row, 'salary application');
    const [campus] = await tx
      .select({ name: schoolItems.name })
      .from(schoolItems)
      .where(eq(schoolItems.code, b.schoolItemCode));
    const approvalId = await fileRequest(
      tx,
      u.id,
      {
        kind: 'schoolSalaryApply',
        subjectId: r.id,
        subjectCode: b.schoolItemCode,
        subjectName: `${campus?.name ?? b.schoolItemCode} ${m}`,
        schoolItemCode: b.schoolItemCode,
        amountCents: t.totalCents,
        reason: b.remark ?? '',
        payload: { applicationId: r.id },
      },
      at,
    );
    await tx.update(sa).set({ approvalRequestId: approvalId }).where(eq(sa.id, r.id));
    await writeAudit(tx, {
      action: 'salaryApplication.apply',
      target: `salary_applications:${r.id}`,
      detail: { schoolItemCode: b.schoolItemCode, year: b.year, month: b.month, totalCents: t.totalCents },
      userId: u.id,
      username: u.username,
      at,
    });
    return { id: r.id, approvalId };
  });
}

// ---- reading ------------------------------------------------------------------------------------

const requester = alias(users, 'requester');

const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({ a: sa, r: approvalRequests, schoolItemName: schoolItems.name, requestedByName: requester.name })
    .from(sa)
    .innerJoin(approvalRequests, eq(approvalRequests.id, sa.approvalRequestId))
    .leftJoin(schoolItems, eq(schoolItems.code, sa.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .where(w);
type Joined = Awaited<ReturnType<typeof base>>[number];

type Filter = KindApprovalFilter & { year?: number | undefined; month?: number | undefined };

const whereOf = (u: AuthUser, f: Filter) =>
  and(
    kindApprovalWhere(u, KINDS, f),
    f.year ? eq(sa.year, f.year) : undefined,
    f.month ? eq(sa.month, f.month) : undefined,
  );

const toRow = (u: AuthUser, x: Joined, passed: ReadonlySet<number>) => ({
  ...kindApprovalRow(u, x.r, x, passed),
  applicationId: x.a.id,
  applicationStatus: x.a.status,
  year: x.a.year,
  month: x.a.month,
  employees: x.a.employees,
  amount: fromCents(x.a.totalCents),
  computedAt: x.a.computedAt.toISOString(),
});

export async function applicationPage(
  deps: AppDeps,
  u: AuthUser,
  q: Filter & { pageIdx: number; pageSize: number },
) {
  const w = whereOf(u, q);
  const rows = await base(deps.db, w)
    .orderBy(q.mine ? approvalRequests.requestedAt : desc(approvalRequests.requestedAt), desc(sa.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(sa)
    .innerJoin(approvalRequests, eq(approvalRequests.id, sa.approvalRequestId))
    .where(w);
  const passed = await passedOtherSteps(
    deps.db,
    u,
    rows.map((x) => x.r),
  );
  return {
    list: rows.map((x) => toRow(u, x, passed)),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function applicationDetail(deps: AppDeps, u: AuthUser, approvalId: number) {
  const [x] = await base(
    deps.db,
    and(eq(sa.approvalRequestId, approvalId), inArray(approvalRequests.kind, KINDS)),
  );
  if (!x) throw notFound('薪资申请 / salary application');
  assertCampus(u, x.a.schoolItemCode);
  const d = await requestDetail(deps, u, approvalId);
  const now = await campusPeriodTotals(deps.db, x.a.schoolItemCode, x.a.year, x.a.month);
  return {
    ...toRow(u, x, await passedOtherSteps(deps.db, u, [x.r])),
    steps: d.steps,
    step: d.step,
    history: d.history,
    canDecide: d.canDecide,
    canCancel: d.canCancel,
    canRevoke: d.canRevoke,
    awaited: d.awaited,
    whyNot: d.whyNot,
    currentTotal: fromCents(now.totalCents),
    roles: x.a.roles.map((r) => ({ role: r.role, employees: r.employees, total: fromCents(r.totalCents) })),
  };
}

// ---- the approval kind --------------------------------------------------------------------------

const Payload = z.object({ applicationId: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function lockApplication(c: HookContext<Payload>) {
  const [row] = await c.tx.select().from(sa).where(eq(sa.id, c.payload.applicationId)).for('update');
  return must(row, 'salary application');
}

async function settle(c: HookContext<Payload>, status: number) {
  const a = await lockApplication(c);
  await c.tx.update(sa).set({ status, updatedAt: c.now }).where(eq(sa.id, a.id));
}

registerApprovalKind<Payload>({
  kind: 'schoolSalaryApply',
  subjectType: 'salaryApplication',
  label: { 'zh-CN': '校区薪资申请', en: 'School salary application' },
  payload: Payload,
  // The centre leader's application is the campus's step; HR and then finance approve.
  defaultSteps: [
    { name: '人力资源审批', roles: [ROLE.hr], userIds: [], mode: 'any', aboveCents: null },
    { name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null },
  ],
  onPass: async (c) => {
    const a = await lockApplication(c);
    // What is approved is the total applied for: a recomputation since then must be applied for anew.
    const now = await campusPeriodTotals(c.tx, a.schoolItemCode, a.year, a.month);
    if (now.totalCents !== a.totalCents)
      throw conflict(
        `薪资已在申请后重新计算（申请 ¥${fromCents(a.totalCents)}，现为 ¥${fromCents(now.totalCents)}），请驳回后重新申请 / ` +
          `the payroll was recomputed after the application (applied ¥${fromCents(a.totalCents)}, now ¥${fromCents(now.totalCents)}): reject it and apply again`,
      );
    await c.tx.update(sa).set({ status: SA.passed, updatedAt: c.now }).where(eq(sa.id, a.id));
  },
  onReject: (c) => settle(c, SA.rejected),
  onCancel: (c) => settle(c, SA.withdrawn),
  onRevoke: async (c) => {
    const a = await lockApplication(c);
    // Revoking unlocks the period's lines: not once the period is sealed.
    if (await isSealed(c.tx, a.year, a.month))
      throw sealedError(a.year, a.month, '薪资申请 / the salary application');
    await c.tx.update(sa).set({ status: SA.revoked, updatedAt: c.now }).where(eq(sa.id, a.id));
  },
});
