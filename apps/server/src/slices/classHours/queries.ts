// Reads of class-hour confirmations: one row shape (the approval list's columns plus the period's
// figures) for the list and the detail.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { employees, lessons, schoolItems } from '../../db/schema.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import {
  approvalRequester as requester,
  approvalRequests,
  kindApprovalList,
  kindApprovalRow,
  withRequestFlow,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { periodDays } from '../sealing/index.js';
import { actsForAnyTeacher, lessonFacts } from './service.js';
import { classHourConfirmations as chc } from './tables.js';

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
    .where(w)
    .$dynamic();
type Joined = Awaited<ReturnType<typeof base>>[number];

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

const list = kindApprovalList({
  kinds: KINDS,
  query: base,
  keyword: (k) => [eq(chc.teacherCode, k)],
  where: (u, f: ClassHourFilter) => [
    f.year ? eq(chc.year, f.year) : undefined,
    f.month ? eq(chc.month, f.month) : undefined,
    f.teacherCode ? eq(chc.teacherCode, f.teacherCode) : undefined,
    // A teacher sees only their own confirmations.
    actsForAnyTeacher(u) ? undefined : eq(chc.teacherCode, u.employeeCode ?? ''),
  ],
  // What the caller may decide: oldest first.
  orderBy: (f) => [
    f.mine ? asc(approvalRequests.requestedAt) : desc(approvalRequests.requestedAt),
    desc(chc.id),
  ],
  toRows: (_tx, u, js, passed) => js.map((x) => toRow(u, x, passed)),
});

export const confirmationPage = (
  deps: AppDeps,
  u: AuthUser,
  q: ClassHourFilter & { pageIdx: number; pageSize: number },
) => list.page(deps, u, q);

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
  const days = await periodDays(deps.db, x.c.year, x.c.month);
  const ls = x.c.lessonIds.length ? await lessonFacts(deps.db, and(inArray(lessons.id, x.c.lessonIds))) : [];
  return {
    ...(await withRequestFlow(deps, u, approvalId, toRow(u, x, new Set()))),
    startDate: days.startDate,
    endDate: days.endDate,
    lessons: ls,
  };
}
