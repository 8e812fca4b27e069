// Reads of class-hour confirmations: one row shape (the approval list's columns plus the period's
// figures) for the list and the detail.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { employees, lessons, schoolItems, users } from '../../db/schema.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import {
  approvalRequests,
  kindApprovalRow,
  kindApprovalWhere,
  passedOtherSteps,
  requestDetail,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { periodDays } from '../sealing/index.js';
import { actsForAnyTeacher, lessonFacts } from './service.js';
import { classHourConfirmations as chc } from './tables.js';

const requester = alias(users, 'requester');
const KINDS = ['classHourConfirm'];

export interface ClassHourFilter extends KindApprovalFilter {
  year?: number | undefined;
  month?: number | undefined;
  teacherCode?: string | undefined;
}

const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      c: chc,
      r: approvalRequests,
      schoolItemName: schoolItems.name,
      requestedByName: requester.name,
      teacherName: employees.name,
    })
    .from(chc)
    .innerJoin(approvalRequests, eq(approvalRequests.id, chc.approvalRequestId))
    .leftJoin(schoolItems, eq(schoolItems.code, chc.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(employees, eq(employees.code, chc.teacherCode))
    .where(w);
type Joined = Awaited<ReturnType<typeof base>>[number];

function whereOf(u: AuthUser, f: ClassHourFilter): SQL | undefined {
  return and(
    kindApprovalWhere(u, KINDS, f, (k) => [eq(chc.teacherCode, k)]),
    f.year ? eq(chc.year, f.year) : undefined,
    f.month ? eq(chc.month, f.month) : undefined,
    f.teacherCode ? eq(chc.teacherCode, f.teacherCode) : undefined,
    // A teacher sees only their own confirmations.
    actsForAnyTeacher(u) ? undefined : eq(chc.teacherCode, u.employeeCode ?? ''),
  );
}

const toRow = (u: AuthUser, x: Joined, passed: ReadonlySet<number>) => ({
  ...kindApprovalRow(u, x.r, x, passed),
  confirmationId: x.c.id,
  confirmationStatus: x.c.status,
  teacherCode: x.c.teacherCode,
  teacherName: x.teacherName,
  year: x.c.year,
  month: x.c.month,
  lessonCount: x.c.lessonCount,
  hours: Math.round(Number(x.c.hours) * 100) / 100,
});

export async function confirmationPage(
  deps: AppDeps,
  u: AuthUser,
  q: ClassHourFilter & { pageIdx: number; pageSize: number },
) {
  const w = whereOf(u, q);
  const rows = await base(deps.db, w)
    .orderBy(q.mine ? approvalRequests.requestedAt : desc(approvalRequests.requestedAt), desc(chc.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chc)
    .innerJoin(approvalRequests, eq(approvalRequests.id, chc.approvalRequestId))
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

/** One confirmation by its approval request's id, with its flow, history and the lessons submitted. */
export async function confirmationDetail(deps: AppDeps, u: AuthUser, approvalId: number) {
  const [x] = await base(
    deps.db,
    and(eq(chc.approvalRequestId, approvalId), inArray(approvalRequests.kind, KINDS)),
  );
  if (!x) throw notFound('课时确认 / class-hour confirmation');
  assertCampus(u, x.c.schoolItemCode);
  if (!actsForAnyTeacher(u) && x.c.teacherCode !== u.employeeCode)
    throw notFound('课时确认 / class-hour confirmation');
  const d = await requestDetail(deps, u, approvalId);
  const days = await periodDays(deps.db, x.c.year, x.c.month);
  const ls = x.c.lessonIds.length ? await lessonFacts(deps.db, and(inArray(lessons.id, x.c.lessonIds))) : [];
  return {
    ...toRow(u, x, await passedOtherSteps(deps.db, u, [x.r])),
    steps: d.steps,
    step: d.step,
    history: d.history,
    canDecide: d.canDecide,
    canCancel: d.canCancel,
    canRevoke: d.canRevoke,
    startDate: days.startDate,
    endDate: days.endDate,
    lessons: ls,
  };
}
