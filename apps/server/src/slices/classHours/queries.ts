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
import { actsForAnyTeacher, coveringOf, lessonFacts } from './service.js';
import { classHourConfirmationLessons as chl, classHourConfirmations as chc } from './tables.js';

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
  confirmationKind: x.c.kind,
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
  // Exactly the lessons this confirmation covers (its rows; lesson_ids holds the same set).
  const own = (
    await deps.db.select({ id: chl.lessonId }).from(chl).where(eq(chl.confirmationId, x.c.id))
  ).map((r) => r.id);
  const ls = own.length ? await lessonFacts(deps.db, and(inArray(lessons.id, own))) : [];
  const covering = await coveringOf(deps.db, own);
  // The period's other confirmations (original and supplementary) with the lessons each covers.
  const siblings = await deps.db
    .select()
    .from(chc)
    .where(
      and(
        eq(chc.schoolItemCode, x.c.schoolItemCode),
        eq(chc.teacherCode, x.c.teacherCode),
        eq(chc.year, x.c.year),
        eq(chc.month, x.c.month),
      ),
    )
    .orderBy(asc(chc.id));
  const covered = siblings.length
    ? await deps.db
        .select()
        .from(chl)
        .where(
          inArray(
            chl.confirmationId,
            siblings.map((c) => c.id),
          ),
        )
        .orderBy(asc(chl.lessonId))
    : [];
  return {
    ...(await withRequestFlow(deps, u, approvalId, toRow(u, x, new Set()))),
    startDate: days.startDate,
    endDate: days.endDate,
    lessons: ls.map((l) => ({ ...l, confirmation: covering.get(l.lessonId) ?? null })),
    periodConfirmations: siblings.map((c) => ({
      confirmationId: c.id,
      approvalId: c.approvalRequestId ?? 0,
      kind: c.kind,
      status: c.status,
      lessonCount: c.lessonCount,
      hours: Math.round(Number(c.hours) * 100) / 100,
      lessonIds: covered.filter((r) => r.confirmationId === c.id).map((r) => r.lessonId),
    })),
  };
}
