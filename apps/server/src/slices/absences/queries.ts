// Reads of temporary absences, leave and make-up requests: one row shape (the approval list's columns
// plus the request's own) for the application lists, the approval lists and the details.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { courses, schoolItems, users } from '../../db/schema.js';
import {
  approvalRequests,
  kindApprovalRow,
  passedOtherSteps,
  kindApprovalWhere,
  requestDetail,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { balances, q100ToNumber, studentLedger, toQ100 } from '../ledger/index.js';
import { students } from '../students/index.js';
import { AB, loadAbsence, missedLesson, studentCourses, type AbsenceType } from './service.js';
import { absences } from './tables.js';

const requester = alias(users, 'requester');
const teacher = alias(users, 'teacher');

export interface AbsenceFilter extends KindApprovalFilter {
  studentId?: number | undefined;
  requestedByMe?: boolean | undefined;
  requestedBy?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const base = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select({
      a: absences,
      r: approvalRequests,
      studentCode: students.code,
      schoolItemName: schoolItems.name,
      requestedByName: requester.name,
      teacherName: teacher.name,
    })
    .from(absences)
    .innerJoin(approvalRequests, eq(approvalRequests.id, absences.approvalId))
    .innerJoin(students, eq(students.id, absences.studentId))
    .leftJoin(schoolItems, eq(schoolItems.code, absences.schoolItemCode))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(teacher, eq(teacher.id, absences.teacherId))
    .where(w);
type Joined = Awaited<ReturnType<typeof base>>[number];

function whereOf(u: AuthUser, type: AbsenceType, f: AbsenceFilter): SQL | undefined {
  return and(
    eq(absences.type, type),
    kindApprovalWhere(u, [type], f, (k) => [eq(students.code, k)]),
    f.studentId ? eq(absences.studentId, f.studentId) : undefined,
    f.requestedByMe ? eq(approvalRequests.requestedBy, u.id) : undefined,
    f.requestedBy ? eq(approvalRequests.requestedBy, f.requestedBy) : undefined,
    // Requests whose period overlaps the filter's.
    f.toDate ? lte(absences.fromDate, f.toDate) : undefined,
    f.fromDate ? gte(absences.toDate, f.fromDate) : undefined,
  );
}

async function courseNames(tx: DbOrTx, rows: Joined[]) {
  const codes = [...new Set(rows.flatMap((x) => x.a.courseCodes))];
  if (!codes.length) return new Map<string, string>();
  const cs = await tx
    .select({ code: courses.code, name: courses.name })
    .from(courses)
    .where(inArray(courses.code, codes));
  return new Map(cs.map((c) => [c.code, c.name]));
}

async function toRows(tx: DbOrTx, u: AuthUser, rows: Joined[]) {
  const names = await courseNames(tx, rows);
  const passed = await passedOtherSteps(
    tx,
    u,
    rows.map((x) => x.r),
  );
  return rows.map((x) => {
    const a = x.a;
    return {
      ...kindApprovalRow(u, x.r, x, passed),
      absenceId: a.id,
      type: a.type as AbsenceType,
      absenceStatus: a.status,
      studentId: a.studentId,
      studentCode: x.studentCode,
      fromDate: a.fromDate,
      toDate: a.toDate,
      courseCodes: a.courseCodes,
      courseNames: a.courseCodes.map((c) => names.get(c) ?? c),
      hours: a.hours === null ? null : q100ToNumber(toQ100(a.hours)),
      missedId: a.missedId,
      missedDate: null as string | null,
      timeSpan: a.timeSpan,
      teacherId: a.teacherId,
      teacherName: x.teacherName,
      createdAt: a.createdAt.toISOString(),
    };
  });
}
export type AbsenceRowOut = Awaited<ReturnType<typeof toRows>>[number];

/** Missed lessons' days (Beijing time) for make-up rows. */
async function withMissedDates(tx: DbOrTx, rows: AbsenceRowOut[]) {
  const ids = rows.flatMap((r) => (r.missedId ? [r.missedId] : []));
  if (!ids.length) return rows;
  const ms = await tx
    .select({ id: studentLedger.id, at: studentLedger.postedAt })
    .from(studentLedger)
    .where(inArray(studentLedger.id, ids));
  const days = new Map(ms.map((m) => [m.id, beijingDay(m.at)]));
  return rows.map((r) => ({ ...r, missedDate: r.missedId ? (days.get(r.missedId) ?? null) : null }));
}

const beijingDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function absencePage(
  deps: AppDeps,
  u: AuthUser,
  type: AbsenceType,
  q: AbsenceFilter & { pageIdx: number; pageSize: number },
) {
  const w = whereOf(u, type, q);
  const rows = await base(deps.db, w)
    .orderBy(desc(absences.createdAt), desc(absences.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(absences)
    .innerJoin(approvalRequests, eq(approvalRequests.id, absences.approvalId))
    .innerJoin(students, eq(students.id, absences.studentId))
    .where(w);
  return {
    list: await withMissedDates(deps.db, await toRows(deps.db, u, rows)),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

/** What the caller may decide now, oldest first. */
export const waitingPage = (
  deps: AppDeps,
  u: AuthUser,
  type: AbsenceType,
  q: { pageIdx: number; pageSize: number },
) => absencePage(deps, u, type, { ...q, mine: true });

export async function absenceAll(deps: AppDeps, u: AuthUser, type: AbsenceType, f: AbsenceFilter) {
  const rows = await base(deps.db, whereOf(u, type, f)).orderBy(desc(absences.createdAt), desc(absences.id));
  return withMissedDates(deps.db, await toRows(deps.db, u, rows));
}

/** One request (by its id, or by its approval's id) with its flow and history. */
export async function absenceDetail(
  deps: AppDeps,
  u: AuthUser,
  type: AbsenceType,
  by: { id: number } | { approvalId: number },
) {
  const w =
    'id' in by
      ? and(eq(absences.id, by.id), eq(absences.type, type))
      : and(eq(absences.approvalId, by.approvalId), eq(absences.type, type));
  const [x] = await base(deps.db, w);
  if (!x) throw notFound('申请 / request');
  assertCampus(u, x.a.schoolItemCode);
  const [row] = await withMissedDates(deps.db, await toRows(deps.db, u, [x]));
  const d = await requestDetail(deps, u, x.r.id);
  return {
    ...(row as AbsenceRowOut),
    steps: d.steps,
    step: d.step,
    history: d.history,
    canDecide: d.canDecide,
    canCancel: d.canCancel,
    canRevoke: d.canRevoke,
  };
}

export async function lastTemporaryAbsence(deps: AppDeps, u: AuthUser, studentId: number) {
  const [s] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const [x] = await base(
    deps.db,
    and(eq(absences.type, 'temporaryAbsence'), eq(absences.studentId, studentId)),
  )
    .orderBy(desc(absences.createdAt), desc(absences.id))
    .limit(1);
  if (!x) return null;
  const [row] = await toRows(deps.db, u, [x]);
  return row ?? null;
}

/** Students of the caller's campuses on an approved temporary absence covering the day. */
export async function suspendedOn(deps: AppDeps, u: AuthUser, day: string) {
  const scope = campusScope(u);
  const rows = await deps.db
    .select({ a: absences, code: students.code, name: students.name })
    .from(absences)
    .innerJoin(students, eq(students.id, absences.studentId))
    .where(
      and(
        eq(absences.type, 'temporaryAbsence'),
        eq(absences.status, AB.approved),
        lte(absences.fromDate, day),
        gte(absences.toDate, day),
        scope ? inArray(absences.schoolItemCode, [...scope, '']) : undefined,
      ),
    )
    .orderBy(asc(absences.toDate), asc(absences.id))
    .limit(500);
  return rows.map((x) => ({
    absenceId: x.a.id,
    studentId: x.a.studentId,
    studentCode: x.code,
    studentName: x.name,
    schoolItemCode: x.a.schoolItemCode,
    fromDate: x.a.fromDate,
    toDate: x.a.toDate,
    reason: x.a.reason,
  }));
}

export async function leaveCourses(deps: AppDeps, u: AuthUser, studentId: number) {
  const [s] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const held = await studentCourses(deps.db, studentId);
  const codes = [...held.keys()];
  if (!codes.length) return [];
  const cs = await deps.db
    .select({ code: courses.code, name: courses.name })
    .from(courses)
    .where(inArray(courses.code, codes));
  const names = new Map(cs.map((c) => [c.code, c.name]));
  return codes
    .filter((c) => (held.get(c) ?? 0) > 0)
    .sort()
    .map((c) => ({
      courseCode: c,
      courseName: names.get(c) ?? c,
      remaining: q100ToNumber(held.get(c) ?? 0),
    }));
}

export async function createUsers(deps: AppDeps, u: AuthUser, type: AbsenceType) {
  const scope = campusScope(u);
  return deps.db
    .selectDistinct({ id: users.id, name: users.name })
    .from(absences)
    .innerJoin(users, eq(users.id, absences.createdBy))
    .where(and(eq(absences.type, type), scope ? inArray(absences.schoolItemCode, [...scope, '']) : undefined))
    .orderBy(users.name)
    .limit(500);
}

/** The student's consumed lessons that can still be made up, newest first. */
export async function makeupCandidates(deps: AppDeps, u: AuthUser, studentId: number) {
  const [s] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const rows = await deps.db
    .select({ m: studentLedger, courseName: courses.name })
    .from(studentLedger)
    .leftJoin(courses, eq(courses.code, studentLedger.courseCode))
    .where(
      and(
        eq(studentLedger.studentId, studentId),
        eq(studentLedger.kind, 'consume'),
        sql`not exists (select 1 from student_ledger undone where undone.reverses_id = ${studentLedger.id})`,
        sql`not exists (select 1 from ${absences} where ${absences.missedId} = ${studentLedger.id} and ${absences.type} = 'makeup' and ${absences.status} in (${AB.pending}, ${AB.approved}))`,
      ),
    )
    .orderBy(desc(studentLedger.postedAt), desc(studentLedger.id))
    .limit(200);
  return rows.map((x) => missedRow(x.m, x.courseName));
}

function missedRow(m: typeof studentLedger.$inferSelect, courseName: string | null) {
  return {
    id: m.id,
    orderItemId: m.orderItemId,
    courseCode: m.courseCode,
    courseName: courseName ?? m.courseCode,
    hours: q100ToNumber(-toQ100(m.hours)),
    date: beijingDay(m.postedAt),
    note: m.note,
  };
}

export async function missedHours(deps: AppDeps, u: AuthUser, id: number) {
  const m = await missedLesson(deps.db, u, id, 'id');
  const [c] = await deps.db
    .select({ name: courses.name })
    .from(courses)
    .where(eq(courses.code, m.courseCode));
  const [b] = await balances(deps.db, { orderItemId: m.orderItemId });
  return { ...missedRow(m, c?.name ?? null), remaining: q100ToNumber(b?.remaining100 ?? 0) };
}

export { loadAbsence };
