// Reads of temporary absences, leave and make-up requests: one row shape (the approval list's columns
// plus the request's own) for the application lists, the approval lists and the details.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shanghaiDate } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { codeNames } from '../../shared/masterdata/index.js';
import { courses, schoolItems, users } from '../../db/schema.js';
import {
  approvalRequester as requester,
  approvalRequests,
  kindApprovalList,
  kindApprovalRow,
  passedOtherSteps,
  withRequestFlow,
  type KindApprovalFilter,
} from '../approvals/index.js';
import { balances, q100ToNumber, studentLedger, toQ100 } from '../ledger/index.js';
import { students } from '../students/index.js';
import { AB, loadAbsence, missedLesson, studentCourses, type AbsenceType } from './service.js';
import { absences } from './tables.js';

const teacher = alias(users, 'teacher');

export interface AbsenceFilter extends KindApprovalFilter {
  studentId?: number | undefined;
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
    .where(w)
    .$dynamic();
type Joined = Awaited<ReturnType<typeof base>>[number];

async function toRows(tx: DbOrTx, u: AuthUser, rows: Joined[], passed: ReadonlySet<number>) {
  const names = await codeNames(
    tx,
    courses,
    rows.flatMap((x) => x.a.courseCodes),
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
  const days = new Map(ms.map((m) => [m.id, shanghaiDate(m.at)]));
  return rows.map((r) => ({ ...r, missedDate: r.missedId ? (days.get(r.missedId) ?? null) : null }));
}

const listOf = (type: AbsenceType) =>
  kindApprovalList({
    kinds: [type],
    query: base,
    keyword: (k) => [eq(students.code, k)],
    where: (_u, f: AbsenceFilter) => [
      eq(absences.type, type),
      f.studentId ? eq(absences.studentId, f.studentId) : undefined,
      // Requests whose period overlaps the filter's.
      f.toDate ? lte(absences.fromDate, f.toDate) : undefined,
      f.fromDate ? gte(absences.toDate, f.fromDate) : undefined,
    ],
    orderBy: () => [desc(absences.createdAt), desc(absences.id)],
    toRows: async (tx, u, js, passed) => withMissedDates(tx, await toRows(tx, u, js, passed)),
  });

export const absencePage = (
  deps: AppDeps,
  u: AuthUser,
  type: AbsenceType,
  q: AbsenceFilter & { pageIdx: number; pageSize: number },
) => listOf(type).page(deps, u, q);

/** What the caller may decide now, oldest first. */
export const waitingPage = (
  deps: AppDeps,
  u: AuthUser,
  type: AbsenceType,
  q: { pageIdx: number; pageSize: number },
) => absencePage(deps, u, type, { ...q, mine: true });

export const absenceAll = (deps: AppDeps, u: AuthUser, type: AbsenceType, f: AbsenceFilter) =>
  listOf(type).all(deps, u, f);

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
  const [row] = await withMissedDates(deps.db, await toRows(deps.db, u, [x], new Set()));
  return withRequestFlow(deps, u, x.r.id, row as AbsenceRowOut);
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
  const [row] = await toRows(deps.db, u, [x], await passedOtherSteps(deps.db, u, [x.r]));
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
  const names = await codeNames(deps.db, courses, codes);
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
    date: shanghaiDate(m.postedAt),
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
