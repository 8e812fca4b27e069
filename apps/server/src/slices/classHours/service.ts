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
import { classHourConfirmations } from './tables.js';

/** The confirmation's own status (the approval statuses of §4 it ends in). */
export const CH = {
  waiting: APPROVAL_CODE.WAIT,
  passed: APPROVAL_CODE.PASS,
  rejected: APPROVAL_CODE.REJECT,
  withdrawn: APPROVAL_CODE.CANCEL,
} as const;
const LIVE = [CH.waiting, APPROVAL_CODE.DEFAULT, 15, CH.passed];

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
        sql<number>`(select count(*) from ${lessonStudents} ls where ls.lesson_id = ${lessons.id} and ls.status = 10)`.mapWith(
          Number,
        ),
      signed:
        sql<number>`(select count(*) from ${lessonStudents} ls join ${attendances} a on a.lesson_student_id = ls.id and a.cancelled_at is null where ls.lesson_id = ${lessons.id} and ls.status = 10)`.mapWith(
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

async function liveOf(tx: DbOrTx, p: TTeacherPeriod) {
  const [c] = await tx
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
    );
  return c ?? null;
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
      eq(lessons.status, 10),
      between(lessons.lessonDate, days.startDate, days.endDate),
    ),
  );
  const confirmed = ls.filter((l) => l.confirmed);
  const problems = ls.length - confirmed.length;
  const live = await liveOf(tx, p);
  return {
    startDate: days.startDate,
    endDate: days.endDate,
    teacherName: name,
    lessonCount: confirmed.length,
    hours: confirmed.reduce((s, l) => s + h100(l.hours), 0) / 100,
    lessons: ls,
    problems,
    live: live ? { id: live.id, approvalId: live.approvalRequestId ?? 0, status: live.status } : null,
    canSubmit: problems === 0 && confirmed.length > 0 && !live,
  };
}

export const checkPeriod = (deps: AppDeps, u: AuthUser, p: TTeacherPeriod) => checkIn(deps.db, u, p);

export async function submit(
  deps: { db: DbOrTx; now: () => Date },
  u: AuthUser,
  b: TTeacherPeriod & { remark?: string | undefined },
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await checkIn(tx, u, b);
    await assertOpen(tx, { day: c.startDate, what: '课时确认 / class-hour confirmation' });
    if (c.live)
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
          lessonCount: c.lessonCount,
          hours: c.hours.toFixed(2),
          lessonIds: c.lessons.map((l) => l.lessonId),
          remark: b.remark ?? '',
          createdBy: u.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
    } catch (e) {
      // Two submissions of one period at once: the partial unique index keeps one.
      if (/class_hour_confirmations_live_uq|unique/i.test(String(e)))
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
        subjectName: `${c.teacherName} ${year}-${String(month).padStart(2, '0')}`,
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
      detail: { teacher: b.teacherCode, year, month, lessons: c.lessonCount, hours: c.hours, approvalId },
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
