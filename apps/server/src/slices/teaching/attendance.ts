// Attendance: a sign posts `consume` movements on the ledger (source `attendance`, the attendance
// row's id), drawn from the student's items of the course oldest first, paid hours before gift
// hours; cancelling a sign reverses exactly those movements. What each status does: docs/teaching.md.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { isDateLocked } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { assertOpen } from '../sealing/index.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { balances, paidValueOf, post, reverse, type Movement } from '../ledger/index.js';
import { assertOwnLesson, fromMinute, namesOf, q100, SIGN_OPERATORS, today, type Deps } from './common.js';
import { CONSUMING_KINDS } from './conflicts.js';
import { attendanceStatus, loadLesson, type LessonRecord } from './lessons.js';
import { attendances, lessonStudents, lessons } from './tables.js';
import { LESSON, LESSON_STUDENT } from './states.js';

export type Status = 'present' | 'late' | 'leave' | 'absent' | 'makeup';
/** Whether a status consumes the lesson's hours, and whether the teacher is paid for it. */
export const STATUS_RULES: Record<Status, { consumes: boolean; paid: boolean }> = {
  present: { consumes: true, paid: true },
  late: { consumes: true, paid: true },
  leave: { consumes: false, paid: false },
  absent: { consumes: true, paid: true },
  makeup: { consumes: true, paid: true },
};

export const ATTENDANCE_SOURCE = 'attendance';

/** Signing and its cancellation only inside the §5 window, and never before the lesson's day. */
function assertSignable(deps: Deps, l: LessonRecord) {
  if (l.status !== LESSON.scheduled) throw ruleViolation('课程已取消 / the lesson is cancelled', 'lessonId');
  if (l.confirmedAt)
    throw ruleViolation('课程已确认，已锁定 / the lesson is confirmed and locked', 'lessonId');
  const t = today(deps);
  if (l.lessonDate > t)
    throw ruleViolation('课程尚未开始，不能考勤 / the lesson has not taken place yet', 'lessonId');
  if (isDateLocked(l.lessonDate, t))
    throw ruleViolation(
      `${l.lessonDate} 已过锁定期，不能再修改考勤 / ${l.lessonDate} is past the date lock: attendance can no longer change`,
      'lessonId',
    );
}

/** The consumption of `hours100` for a student's course: oldest items first (paid before gift within one). */
async function consumption(
  tx: DbOrTx,
  studentId: number,
  courseCode: string,
  hours100: number,
  preferItem: number | null,
  attendanceId: number,
  studentName: string,
): Promise<Movement[]> {
  const items = (await balances(tx, { studentId, courseCode }))
    .filter((b) => b.remaining100 > 0)
    .sort((a, b) =>
      a.orderItemId === preferItem ? -1 : b.orderItemId === preferItem ? 1 : a.orderItemId - b.orderItemId,
    );
  const have = items.reduce((s, b) => s + b.remaining100, 0);
  if (have < hours100)
    throw conflict(
      `学员 ${studentName} 剩余课时 ${(have / 100).toFixed(2)}，不足本课 ${(hours100 / 100).toFixed(2)} / student ${studentName} has ${(
        have / 100
      ).toFixed(2)} hours left, less than the lesson's ${(hours100 / 100).toFixed(2)}`,
      'items',
    );
  const out: Movement[] = [];
  let left = hours100;
  for (const b of items) {
    if (left <= 0) break;
    const take = Math.min(left, b.remaining100);
    const paidPart = Math.min(take, b.remainingPaid100);
    out.push({
      studentId,
      schoolItemCode: b.schoolItemCode,
      orderId: b.orderId,
      orderItemId: b.orderItemId,
      courseCode,
      kind: 'consume',
      hours100: -take,
      valueCents: -paidValueOf(b, paidPart),
      sourceType: ATTENDANCE_SOURCE,
      sourceId: attendanceId,
    });
    left -= take;
  }
  return out;
}

export async function sign(
  deps: Deps,
  u: AuthUser,
  b: { lessonId: number; items: { studentId: number; status: Status; remark: string }[] },
) {
  return deps.db.transaction(async (tx) => {
    const l = await loadLesson(tx, u, b.lessonId, true);
    assertOwnLesson(u, l.teacherCode, SIGN_OPERATORS);
    assertSignable(deps, l);
    await assertOpen(tx, { day: l.lessonDate, what: '考勤 / attendance' });
    const seen = new Set<number>();
    const names = await namesOf(tx, { studentIds: b.items.map((i) => i.studentId) });
    const ids: number[] = [];
    for (const item of b.items) {
      if (seen.has(item.studentId)) throw badInput('items', '学员重复 / a student is listed twice');
      seen.add(item.studentId);
      const [ls] = await tx
        .select()
        .from(lessonStudents)
        .where(
          and(
            eq(lessonStudents.lessonId, l.id),
            eq(lessonStudents.studentId, item.studentId),
            eq(lessonStudents.status, LESSON_STUDENT.booked),
          ),
        );
      const name = names.student.get(item.studentId)?.name ?? String(item.studentId);
      if (!ls)
        throw badInput('items', `学员 ${name} 不在本课 / student ${name} is not booked in this lesson`);
      const [live] = await tx
        .select({ id: attendances.id })
        .from(attendances)
        .where(and(eq(attendances.lessonStudentId, ls.id), isNull(attendances.cancelledAt)));
      if (live) throw conflict(`学员 ${name} 已考勤 / student ${name} is signed already`, 'items');
      const rule = STATUS_RULES[item.status];
      const hours100 = rule.consumes && CONSUMING_KINDS.includes(l.kind) ? q100(l.hours) : 0;
      const [row] = await tx
        .insert(attendances)
        .values({
          lessonId: l.id,
          lessonStudentId: ls.id,
          studentId: item.studentId,
          schoolItemCode: l.schoolItemCode,
          courseCode: l.courseCode,
          teacherCode: l.teacherCode,
          lessonDate: l.lessonDate,
          status: item.status,
          hours: (hours100 / 100).toFixed(2),
          paid: rule.paid,
          remark: item.remark,
          signedBy: u.id,
          signedAt: deps.now(),
        })
        .returning({ id: attendances.id });
      const id = must(row, 'attendance').id;
      if (hours100 > 0)
        await post(
          tx,
          await consumption(tx, item.studentId, l.courseCode, hours100, ls.orderItemId, id, name),
          { userId: u.id, at: deps.now() },
        );
      ids.push(id);
    }
    await writeAudit(tx, {
      action: 'teaching.sign',
      target: String(l.id),
      detail: b.items,
      userId: u.id,
      username: u.username,
    });
    return { attendanceIds: ids };
  });
}

export async function cancelSign(deps: Deps, u: AuthUser, attendanceId: number, reason = '') {
  await deps.db.transaction(async (tx) => {
    const [a] = await tx.select().from(attendances).where(eq(attendances.id, attendanceId)).for('update');
    if (!a) throw notFound('考勤 / attendance');
    assertCampus(u, a.schoolItemCode);
    if (a.cancelledAt) throw conflict('考勤已取消 / the attendance is cancelled already', 'attendanceId');
    const l = await loadLesson(tx, u, a.lessonId, true);
    assertOwnLesson(u, l.teacherCode, SIGN_OPERATORS);
    assertSignable(deps, l);
    await assertOpen(tx, { day: l.lessonDate, what: '考勤 / attendance' });
    const memo = reason ? `取消考勤：${reason} / sign cancelled: ${reason}` : '取消考勤 / sign cancelled';
    await reverse(tx, ATTENDANCE_SOURCE, a.id, { userId: u.id, at: deps.now() }, memo);
    await tx
      .update(attendances)
      .set({ cancelledAt: deps.now(), cancelledBy: u.id, cancelReason: reason })
      .where(eq(attendances.id, a.id));
    await writeAudit(tx, {
      action: 'teaching.sign.cancel',
      target: String(a.id),
      detail: { reason },
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}

export async function signList(
  deps: Deps,
  u: AuthUser,
  q: {
    lessonId?: number | undefined;
    schoolItemCode?: string | undefined;
    date?: string | undefined;
    teacherCode?: string | undefined;
  },
) {
  if (!q.lessonId && !(q.schoolItemCode && q.date))
    throw badInput('lessonId', '请指定课程，或校区和日期 / give a lesson, or a campus and a day');
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  if (q.lessonId) await loadLesson(deps.db, u, q.lessonId);
  const rows = await deps.db
    .select({
      lesson: lessons,
      lessonStudentId: lessonStudents.id,
      studentId: lessonStudents.studentId,
      attendanceId: attendances.id,
      attendance: attendances.status,
      consumed: attendances.hours,
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .leftJoin(
      attendances,
      and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
    )
    .where(
      and(
        eq(lessonStudents.status, LESSON_STUDENT.booked),
        eq(lessons.status, LESSON.scheduled),
        q.lessonId ? eq(lessons.id, q.lessonId) : undefined,
        q.schoolItemCode ? eq(lessons.schoolItemCode, q.schoolItemCode) : undefined,
        q.date ? eq(lessons.lessonDate, q.date) : undefined,
        q.teacherCode ? eq(lessons.teacherCode, q.teacherCode) : undefined,
      ),
    )
    .orderBy(asc(lessons.startMinute), asc(lessons.id), asc(lessonStudents.id))
    .limit(1000);
  const names = await namesOf(deps.db, {
    courseCodes: [...new Set(rows.map((r) => r.lesson.courseCode))],
    teacherCodes: [...new Set(rows.map((r) => r.lesson.teacherCode))],
    studentIds: [...new Set(rows.map((r) => r.studentId))],
  });
  return rows.map((r) => ({
    lessonId: r.lesson.id,
    lessonStudentId: r.lessonStudentId,
    lessonDate: r.lesson.lessonDate,
    startTime: fromMinute(r.lesson.startMinute),
    endTime: fromMinute(r.lesson.endMinute),
    courseName: names.course.get(r.lesson.courseCode)?.name ?? r.lesson.courseCode,
    teacherName: names.teacher.get(r.lesson.teacherCode) ?? r.lesson.teacherCode,
    studentId: r.studentId,
    studentCode: names.student.get(r.studentId)?.code ?? '',
    studentName: names.student.get(r.studentId)?.name ?? '',
    hours: Number(r.lesson.hours),
    confirmed: r.lesson.confirmedAt !== null,
    attendanceId: r.attendanceId,
    attendance: attendanceStatus(r.attendance),
    consumedHours: Number(r.consumed ?? 0),
  }));
}
