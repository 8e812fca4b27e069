// Class-hour confirmation (issue 17): the pre-submission check of a teacher's period, the submission
// (one transaction: the confirmation and its approval request), and the kind classHourConfirm whose
// decisions settle the confirmation's status — the status payroll reads.
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { APPROVAL_CODE, ROLE } from '@bo/domain';
import type { TTeacherPeriod } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { attendances, courses, employees, lessonStudents, lessons } from '../../db/schema.js';
import { assertCampus, hasPrivilege, type AuthUser } from '../../http/auth.js';
import { conflict, noPermission, notFound, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { assertOpen, periodDays } from '../sealing/index.js';
import { classHourConfirmationLessons, classHourConfirmations, type ConfirmationKind } from './tables.js';
import { LESSON, LESSON_STUDENT } from '../teaching/index.js';

/** The confirmation's own status (the approval statuses of §4 it ends in). */
export const CH = {
  waiting: APPROVAL_CODE.WAIT,
  passed: APPROVAL_CODE.PASS,
  rejected: APPROVAL_CODE.REJECT,
  withdrawn: APPROVAL_CODE.CANCEL,
} as const;
export const LIVE = [CH.waiting, APPROVAL_CODE.DEFAULT, 15, CH.passed];

/** Who may act for any teacher of their campuses; others (teachers) only for themselves. */
const CAMPUS_STAFF = ['/financial/classConfirm', '/education/courseAdjustment', '/education/teamCourse'];
export const actsForAnyTeacher = (u: AuthUser) => hasPrivilege(u, CAMPUS_STAFF);

function assertMayActFor(u: AuthUser, teacherCode: string) {
  if (!actsForAnyTeacher(u) && u.employeeCode !== teacherCode)
    throw noPermission('只能提交本人的课时 / you may only submit your own class hours');
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const h100 = (v: string | number) => Math.round(Number(v) * 100);

/** Lessons with their booked, signed and paid counts, in day order. */
export async function lessonFacts(tx: DbOrTx, where: ReturnType<typeof and>) {
  const rows = await tx
    .select({
      l: lessons,
      courseName: courses.name,
      students:
        sql<number>`(select count(*) from ${lessonStudents} ls where ls.lesson_id = ${lessons.id} and ls.status = ${LESSON_STUDENT.booked})`.mapWith(
          Number,
        ),
      signed:
        sql<number>`(select count(*) from ${lessonStudents} ls join ${attendances} a on a.lesson_student_id = ls.id and a.cancelled_at is null where ls.lesson_id = ${lessons.id} and ls.status = ${LESSON_STUDENT.booked})`.mapWith(
          Number,
        ),
      paid: sql<number>`(select count(*) from ${attendances} a where a.lesson_id = ${lessons.id} and a.cancelled_at is null and a.paid)`.mapWith(
        Number,
      ),
    })
    .from(lessons)
    .leftJoin(courses, eq(courses.code, lessons.courseCode))
    .where(where)
    .orderBy(asc(lessons.lessonDate), asc(lessons.startMinute), asc(lessons.id));
  return rows.map((x) => {
    const confirmed = x.l.confirmedAt !== null;
    const unsigned = x.students === 0 || x.signed < x.students;
    return {
      lessonId: x.l.id,
      lessonDate: x.l.lessonDate,
      time: `${hhmm(x.l.startMinute)}-${hhmm(x.l.endMinute)}`,
      courseCode: x.l.courseCode,
      courseName: x.courseName ?? x.l.courseCode,
      kind: x.l.kind,
      hours: h100(x.l.hours) / 100,
      students: x.students,
      paidAttendances: x.paid,
      confirmed,
      problem: confirmed ? null : unsigned ? ('unsigned' as const) : ('unconfirmed' as const),
    };
  });
}

async function teacherName(tx: DbOrTx, code: string) {
  const [e] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.code, code));
  if (!e) throw notFound(`教师 ${code} / teacher ${code}`);
  return e.name;
}

/** The live (waiting, part-way or passed) confirmations of a teacher's period, oldest first. */
async function liveOf(tx: DbOrTx, p: TTeacherPeriod) {
  return tx
    .select()
    .from(classHourConfirmations)
    .where(
      and(
        eq(classHourConfirmations.schoolItemCode, p.schoolItemCode),
        eq(classHourConfirmations.teacherCode, p.teacherCode),
        eq(classHourConfirmations.year, Number(p.year)),
        eq(classHourConfirmations.month, Number(p.month)),
        inArray(classHourConfirmations.status, LIVE),
      ),
    )
    .orderBy(asc(classHourConfirmations.id));
}

/** The live confirmation covering each of the lessons (a lesson is in at most one). */
export async function coveringOf(tx: DbOrTx, lessonIds: number[]) {
  const out = new Map<number, { id: number; approvalId: number; status: number; kind: ConfirmationKind }>();
  if (!lessonIds.length) return out;
  const rows = await tx
    .select({ lessonId: classHourConfirmationLessons.lessonId, c: classHourConfirmations })
    .from(classHourConfirmationLessons)
    .innerJoin(
      classHourConfirmations,
      eq(classHourConfirmations.id, classHourConfirmationLessons.confirmationId),
    )
    .where(
      and(
        inArray(classHourConfirmationLessons.lessonId, lessonIds),
        eq(classHourConfirmationLessons.live, true),
      ),
    );
  for (const r of rows)
    out.set(r.lessonId, {
      id: r.c.id,
      approvalId: r.c.approvalRequestId ?? 0,
      status: r.c.status,
      kind: r.c.kind,
    });
  return out;
}

async function checkIn(tx: DbOrTx, u: AuthUser, p: TTeacherPeriod) {
  assertCampus(u, p.schoolItemCode);
  assertMayActFor(u, p.teacherCode);
  const name = await teacherName(tx, p.teacherCode);
  const days = await periodDays(tx, Number(p.year), Number(p.month));
  const ls = await lessonFacts(
    tx,
    and(
      eq(lessons.schoolItemCode, p.schoolItemCode),
      eq(lessons.teacherCode, p.teacherCode),
      eq(lessons.status, LESSON.scheduled),
      between(lessons.lessonDate, days.startDate, days.endDate),
    ),
  );
  const covering = await coveringOf(
    tx,
    ls.map((l) => l.lessonId),
  );
  const lessonsNow = ls.map((l) => ({ ...l, confirmation: covering.get(l.lessonId) ?? null }));
  // What a submission files now: the confirmed lessons no live confirmation covers yet.
  const toFile = lessonsNow.filter((l) => l.confirmed && !l.confirmation);
  const problems = lessonsNow.filter((l) => l.problem).length;
  const live = (await liveOf(tx, p)).map((c) => ({
    id: c.id,
    approvalId: c.approvalRequestId ?? 0,
    status: c.status,
    kind: c.kind,
    lessonCount: c.lessonCount,
    hours: h100(c.hours) / 100,
  }));
  return {
    startDate: days.startDate,
    endDate: days.endDate,
    teacherName: name,
    lessonCount: toFile.length,
    hours: toFile.reduce((s, l) => s + h100(l.hours), 0) / 100,
    lessons: lessonsNow,
    toFile: toFile.map((l) => l.lessonId),
    problems,
    live: live.at(-1) ?? null,
    confirmations: live,
    kind: (live.length ? 'supplementary' : 'original') as ConfirmationKind,
    canSubmit: problems === 0 && toFile.length > 0,
  };
}

export async function checkPeriod(deps: AppDeps, u: AuthUser, p: TTeacherPeriod) {
  const { toFile: _toFile, ...check } = await checkIn(deps.db, u, p);
  return check;
}

export async function submit(
  deps: { db: DbOrTx; now: () => Date },
  u: AuthUser,
  b: TTeacherPeriod & { remark?: string | undefined },
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await checkIn(tx, u, b);
    await assertOpen(tx, { day: c.startDate, what: '课时确认 / class-hour confirmation' });
    if (c.live && !c.lessonCount)
      throw conflict(
        '该教师本期课时已提交确认 / this teacher’s class hours of the period were already submitted',
        'teacherCode',
      );
    const first = c.lessons.find((l) => l.problem);
    if (first)
      throw ruleViolation(
        `本期还有${c.problems}节课未考勤或未确认（最早 ${first.lessonDate}） / ${c.problems} lesson(s) of the period are not signed or not confirmed (first on ${first.lessonDate})`,
        'teacherCode',
      );
    if (!c.lessonCount)
      throw ruleViolation('本期没有已确认的课程 / the period has no confirmed lessons', 'teacherCode');
    const year = Number(b.year);
    const month = Number(b.month);
    let row: typeof classHourConfirmations.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(classHourConfirmations)
        .values({
          schoolItemCode: b.schoolItemCode,
          teacherCode: b.teacherCode,
          year,
          month,
          status: CH.waiting,
          kind: c.kind,
          lessonCount: c.lessonCount,
          hours: c.hours.toFixed(2),
          lessonIds: c.toFile,
          remark: b.remark ?? '',
          createdBy: u.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const r = must(row, 'class-hour confirmation');
      // A lesson is in at most one live confirmation: the partial unique index on its id holds it.
      await tx
        .insert(classHourConfirmationLessons)
        .values(c.toFile.map((lessonId) => ({ confirmationId: r.id, lessonId, live: true })));
    } catch (e) {
      // Two submissions of the same lessons at once: the partial unique index keeps one.
      const said = `${String(e)} ${String((e as { cause?: unknown }).cause ?? '')}`;
      if (/class_hour_confirmation_lessons_live_uq|unique|duplicate/i.test(said))
        throw conflict(
          '该教师本期课时已提交确认 / this teacher’s class hours of the period were already submitted',
          'teacherCode',
        );
      throw e;
    }
    const r = must(row, 'class-hour confirmation');
    const approvalId = await fileRequest(
      tx,
      u.id,
      {
        kind: 'classHourConfirm',
        subjectId: r.id,
        subjectCode: b.teacherCode,
        subjectName: `${c.teacherName} ${year}-${String(month).padStart(2, '0')}${c.kind === 'supplementary' ? '（补充）' : ''}`,
        schoolItemCode: b.schoolItemCode,
        reason: b.remark ?? '',
        payload: { confirmationId: r.id },
      },
      at,
    );
    await tx
      .update(classHourConfirmations)
      .set({ approvalRequestId: approvalId })
      .where(eq(classHourConfirmations.id, r.id));
    await writeAudit(tx, {
      action: 'classHours.submit',
      target: `class_hour_confirmations:${r.id}`,
      detail: {
        teacher: b.teacherCode,
        year,
        month,
        kind: c.kind,
        lessons: c.lessonCount,
        lessonIds: c.toFile,
        hours: c.hours,
        approvalId,
      },
      userId: u.id,
      username: u.username,
      at,
    });
    return { id: r.id, approvalId };
  });
}

// ---- the approval kind ------------------------------------------------------------------------

const Payload = z.object({ confirmationId: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function settle(c: HookContext<Payload>, status: number) {
  const [row] = await c.tx
    .select()
    .from(classHourConfirmations)
    .where(eq(classHourConfirmations.id, c.payload.confirmationId))
    .for('update');
  const r = must(row, 'class-hour confirmation');
  // A decision changes what payroll pays for the period: not once it is sealed.
  const days = await periodDays(c.tx, r.year, r.month);
  await assertOpen(c.tx, { day: days.startDate, what: '课时确认 / class-hour confirmation' });
  await c.tx
    .update(classHourConfirmations)
    .set({ status, updatedAt: c.now })
    .where(eq(classHourConfirmations.id, r.id));
  // A rejected or withdrawn confirmation frees its lessons for a later (supplementary) submission.
  await c.tx
    .update(classHourConfirmationLessons)
    .set({ live: LIVE.includes(status) })
    .where(eq(classHourConfirmationLessons.confirmationId, r.id));
}

const campusHead = {
  name: '中心主任审批',
  roles: [ROLE.centreLeader, ROLE.director],
  userIds: [],
  mode: 'any' as const,
  aboveCents: null,
};

registerApprovalKind<Payload>({
  kind: 'classHourConfirm',
  subjectType: 'teacher',
  label: { 'zh-CN': '课时确认', en: 'Class-hour confirmation' },
  payload: Payload,
  defaultSteps: [
    campusHead,
    { name: '财务审批', roles: [ROLE.finance], userIds: [], mode: 'any', aboveCents: null },
  ],
  onPass: (c) => settle(c, CH.passed),
  onReject: (c) => settle(c, CH.rejected),
  onCancel: (c) => settle(c, CH.withdrawn),
});
