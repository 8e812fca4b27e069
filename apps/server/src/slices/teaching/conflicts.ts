// Conflict rules of the timetable: one check used by insert, adjust, batch adjust, class membership
// and the week view's drag and drop. Each conflict is a sentence naming what collides.
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { balances } from '../ledger/index.js';
import { courseAuthorities, courseAuthorityRanks } from '../../db/schema.js';
import { courses } from '../../db/schema.js';
import { employees } from '../../db/schema.js';
import { students } from '../students/index.js';
import { fromMinute, namesOf, q100 } from './common.js';
import { holidaysBetween } from './settings.js';
import { attendances, classrooms, lessonStudents, lessons, studyAuthorisations } from './tables.js';
import { LESSON, LESSON_STUDENT } from './states.js';

export type ConflictKind =
  'holiday' | 'teacher' | 'room' | 'capacity' | 'student' | 'authority' | 'hours' | 'leave';
export interface Conflict {
  kind: ConflictKind;
  message: string;
}

/** A lesson as it would be placed. */
export interface Placement {
  schoolItemCode: string;
  courseCode: string;
  teacherCode: string;
  classroomId: number | null;
  kind: string;
  lessonDate: string;
  startMinute: number;
  endMinute: number;
  hours100: number;
  studentIds: number[];
}

/** A student's approved leave (the absences slice answers them through deps.ports.leaves; docs/teaching.md). */
export interface LeavePeriod {
  studentId: number;
  fromDate: string;
  toDate: string;
}
/** Approved leaves of students over a span of days (deps.ports.leaves: the absences slice answers them). */
export type LeaveSource = (
  tx: DbOrTx,
  studentIds: number[],
  from: string,
  to: string,
) => Promise<LeavePeriod[]>;

/** Lessons that consume hours (trial and assessment lessons are free, docs/teaching.md). */
export const CONSUMING_KINDS = ['oneToOne', 'group'];

/**
 * Serialises every command that places lessons for the same teacher, room or students: their rows
 * are locked in a fixed order (teachers, rooms, students, each by key) so two planners booking one
 * slot at once run one after the other and the second sees the first's lesson.
 */
export async function lockResources(
  tx: DbOrTx,
  o: { teacherCodes: string[]; roomIds: number[]; studentIds: number[] },
) {
  const t = [...new Set(o.teacherCodes)].sort();
  const r = [...new Set(o.roomIds)].sort((a, b) => a - b);
  const s = [...new Set(o.studentIds)].sort((a, b) => a - b);
  if (t.length)
    await tx
      .select({ id: employees.id })
      .from(employees)
      .where(inArray(employees.code, t))
      .orderBy(asc(employees.code))
      .for('update');
  if (r.length)
    await tx
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(inArray(classrooms.id, r))
      .orderBy(asc(classrooms.id))
      .for('update');
  if (s.length)
    await tx
      .select({ id: students.id })
      .from(students)
      .where(inArray(students.id, s))
      .orderBy(asc(students.id))
      .for('update');
}

const span = (l: { lessonDate: string; startMinute: number; endMinute: number }) =>
  `${l.lessonDate} ${fromMinute(l.startMinute)}–${fromMinute(l.endMinute)}`;

/** Hours of a student's course booked in live lessons not yet signed (excluding some lessons). */
export async function bookedHours100(
  tx: DbOrTx,
  studentId: number,
  courseCode: string,
  exclude: readonly number[],
): Promise<number> {
  const [row] = await tx
    .select({ h: sql<string>`coalesce(sum(${lessons.hours}), 0)::text` })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .leftJoin(
      attendances,
      and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
    )
    .where(
      and(
        eq(lessonStudents.studentId, studentId),
        eq(lessonStudents.status, LESSON_STUDENT.booked),
        eq(lessons.status, LESSON.scheduled),
        eq(lessons.courseCode, courseCode),
        inArray(lessons.kind, CONSUMING_KINDS),
        isNull(attendances.id),
        exclude.length ? notInArray(lessons.id, [...exclude]) : undefined,
      ),
    );
  return q100(row?.h ?? '0');
}

export async function remainingHours100(tx: DbOrTx, studentId: number, courseCode: string) {
  const items = await balances(tx, { studentId, courseCode });
  return items.reduce((s, b) => s + Math.max(0, b.remaining100), 0);
}

export interface CheckContext {
  /** Lessons being moved or replaced: not obstacles to themselves. */
  exclude: readonly number[];
  /** Hours already claimed per student by earlier lessons of the same command (a series). */
  claimed?: Map<number, number>;
  /** Who is on approved leave (deps.ports.leaves). */
  leaves: LeaveSource;
}

/** Every conflict of one placement, in a stable order. */
export async function findConflicts(tx: DbOrTx, p: Placement, ctx: CheckContext): Promise<Conflict[]> {
  const out: Conflict[] = [];
  const names = await namesOf(tx, {
    courseCodes: [p.courseCode],
    teacherCodes: [p.teacherCode],
    roomIds: p.classroomId ? [p.classroomId] : [],
    studentIds: p.studentIds,
  });
  const teacherName = names.teacher.get(p.teacherCode) ?? p.teacherCode;
  const studentName = (id: number) => names.student.get(id)?.name ?? String(id);
  const others = and(
    eq(lessons.status, LESSON.scheduled),
    eq(lessons.lessonDate, p.lessonDate),
    lt(lessons.startMinute, p.endMinute),
    gt(lessons.endMinute, p.startMinute),
    ctx.exclude.length ? notInArray(lessons.id, [...ctx.exclude]) : undefined,
  );

  const holidays = await holidaysBetween(tx, p.schoolItemCode, p.lessonDate, p.lessonDate);
  const holiday = holidays.get(p.lessonDate);
  if (holiday)
    out.push({
      kind: 'holiday',
      message: `${p.lessonDate} 是假期「${holiday}」 / ${p.lessonDate} is the holiday "${holiday}"`,
    });

  const [busy] = await tx
    .select({
      lessonDate: lessons.lessonDate,
      startMinute: lessons.startMinute,
      endMinute: lessons.endMinute,
    })
    .from(lessons)
    .where(and(others, eq(lessons.teacherCode, p.teacherCode)))
    .limit(1);
  if (busy)
    out.push({
      kind: 'teacher',
      message: `教师 ${teacherName} 在 ${span(busy)} 已有课 / teacher ${teacherName} already teaches at ${span(busy)}`,
    });

  if (p.classroomId) {
    const [room] = await tx.select().from(classrooms).where(eq(classrooms.id, p.classroomId));
    if (!room || room.schoolItemCode !== p.schoolItemCode || room.validStatus !== 1)
      out.push({ kind: 'room', message: '教室不可用 / the classroom is not available at this campus' });
    else {
      const [taken] = await tx
        .select({
          lessonDate: lessons.lessonDate,
          startMinute: lessons.startMinute,
          endMinute: lessons.endMinute,
        })
        .from(lessons)
        .where(and(others, eq(lessons.classroomId, p.classroomId)))
        .limit(1);
      if (taken)
        out.push({
          kind: 'room',
          message: `教室 ${room.name} 在 ${span(taken)} 已被占用 / room ${room.name} is taken at ${span(taken)}`,
        });
      if (p.studentIds.length > room.capacity)
        out.push({
          kind: 'capacity',
          message: `教室 ${room.name} 最多容纳 ${room.capacity} 人，本课 ${p.studentIds.length} 人 / room ${room.name} holds ${room.capacity}, the lesson has ${p.studentIds.length} students`,
        });
    }
  }

  if (p.studentIds.length) {
    const clash = await tx
      .select({
        studentId: lessonStudents.studentId,
        lessonDate: lessons.lessonDate,
        startMinute: lessons.startMinute,
        endMinute: lessons.endMinute,
      })
      .from(lessonStudents)
      .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
      .where(
        and(
          others,
          eq(lessonStudents.status, LESSON_STUDENT.booked),
          inArray(lessonStudents.studentId, p.studentIds),
        ),
      );
    for (const c of clash)
      out.push({
        kind: 'student',
        message: `学员 ${studentName(c.studentId)} 在 ${span(c)} 已有课 / student ${studentName(c.studentId)} already has a lesson at ${span(c)}`,
      });
  }

  const course = names.course.get(p.courseCode);
  const [authority] = course
    ? await tx
        .select({ id: courseAuthorities.id })
        .from(courseAuthorities)
        .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.authorityId, courseAuthorities.id))
        .where(
          and(
            eq(courseAuthorities.employeeCode, p.teacherCode),
            eq(courseAuthorities.validStatus, 1),
            eq(courseAuthorityRanks.courseRankCode, course.rankCode),
          ),
        )
        .limit(1)
    : [];
  if (!authority)
    out.push({
      kind: 'authority',
      message: `教师 ${teacherName} 没有课程「${course?.name ?? p.courseCode}」的授课权限 / teacher ${teacherName} lacks the authority for course "${course?.name ?? p.courseCode}"`,
    });

  if (CONSUMING_KINDS.includes(p.kind))
    for (const sid of p.studentIds) {
      // A study authorisation lets the student be booked beyond the paid hours (docs/teaching.md "Seats").
      const [authorised] = await tx
        .select({ id: studyAuthorisations.id })
        .from(studyAuthorisations)
        .where(
          and(
            eq(studyAuthorisations.studentId, sid),
            eq(studyAuthorisations.courseCode, p.courseCode),
            isNull(studyAuthorisations.revokedAt),
          ),
        )
        .limit(1);
      if (authorised) continue;
      const remaining = await remainingHours100(tx, sid, p.courseCode);
      const booked = await bookedHours100(tx, sid, p.courseCode, ctx.exclude);
      const claimed = ctx.claimed?.get(sid) ?? 0;
      if (remaining - booked - claimed < p.hours100)
        out.push({
          kind: 'hours',
          message: `学员 ${studentName(sid)} 的课程「${course?.name ?? p.courseCode}」剩余可排课时 ${(
            Math.max(0, remaining - booked - claimed) / 100
          ).toFixed(2)}，不足 ${(p.hours100 / 100).toFixed(2)} / student ${studentName(sid)} has ${(
            Math.max(0, remaining - booked - claimed) / 100
          ).toFixed(
            2,
          )} paid hours of "${course?.name ?? p.courseCode}" left to book, less than ${(p.hours100 / 100).toFixed(2)}`,
        });
    }

  if (p.studentIds.length) {
    const leaves = await ctx.leaves(tx, p.studentIds, p.lessonDate, p.lessonDate);
    for (const l of leaves)
      if (l.fromDate <= p.lessonDate && l.toDate >= p.lessonDate)
        out.push({
          kind: 'leave',
          message: `学员 ${studentName(l.studentId)} 在 ${p.lessonDate} 请假 / student ${studentName(l.studentId)} is on approved leave on ${p.lessonDate}`,
        });
  }
  return out;
}

/** The course's existence, checked before anything else. */
export async function courseOf(tx: DbOrTx, code: string) {
  const [c] = await tx.select().from(courses).where(eq(courses.code, code));
  return c;
}

export const FIELD_OF: Record<ConflictKind, string> = {
  holiday: 'lessonDate',
  teacher: 'teacherCode',
  room: 'classroomId',
  capacity: 'classroomId',
  student: 'studentIds',
  authority: 'teacherCode',
  hours: 'studentIds',
  leave: 'studentIds',
};
