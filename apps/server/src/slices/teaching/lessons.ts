// Lessons: placing one or a weekly series, moving one or many (preview, then all or nothing),
// cancelling, confirming; the week view's list. Every placement runs the one conflict check under
// the resource locks of conflicts.ts.
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { weekdayCode, STUDENT_STATUS } from '@bo/domain';
import type { TBatchAdjustParsed, TLessonRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, hasPrivilege, type AuthUser } from '../../http/auth.js';
import {
  badInput,
  conflict,
  joined,
  noPermission,
  notFound,
  prefixed,
  ruleViolation,
  staleVersion,
} from '../../http/errors.js';
import { assertOpen } from '../sealing/index.js';
import { writeAudit } from '../../shared/audit.js';
import { idNames } from '../../shared/masterdata/index.js';
import { must } from '../../shared/must.js';
import { balances } from '../ledger/index.js';
import { students } from '../students/index.js';
import { users } from '../../db/schema.js';
import {
  addDays,
  assertNotLockedPast,
  assertOwnLesson,
  PLANNER_PRIVILEGES,
  assertSpan,
  daysBetween,
  fromMinute,
  namesOf,
  q100,
  toMinute,
  today,
  type Deps,
} from './common.js';
import {
  CONSUMING_KINDS,
  FIELD_OF,
  courseOf,
  findConflicts,
  lockResources,
  type Conflict,
  type Placement,
} from './conflicts.js';
import { holidaysBetween } from './settings.js';
import {
  attendances,
  groupClassStudents,
  groupClasses,
  lessonSeries,
  lessonStudents,
  lessons,
} from './tables.js';
import { LESSON, LESSON_STUDENT, LESSON_MACHINE, LESSON_STUDENT_MACHINE } from './states.js';
import { updateVersioned } from '../../shared/versioned.js';

/** What a sealed period refuses here (sealing's message names it). */
const LESSONS = '课程 / lessons';

export type LessonRecord = typeof lessons.$inferSelect;

function refuse(conflicts: Conflict[], prefix = ''): never {
  const first = must(conflicts[0], 'conflict');
  throw conflict(prefixed(prefix, joined(conflicts.map((c) => c.message))), FIELD_OF[first.kind]);
}

export async function loadLesson(tx: DbOrTx, u: AuthUser, id: number, lock = false): Promise<LessonRecord> {
  const q = tx.select().from(lessons).where(eq(lessons.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('课程 / lesson');
  assertCampus(u, row.schoolItemCode);
  return row;
}

async function liveStudents(tx: DbOrTx, lessonId: number) {
  const rows = await tx
    .select({ studentId: lessonStudents.studentId })
    .from(lessonStudents)
    .where(and(eq(lessonStudents.lessonId, lessonId), eq(lessonStudents.status, LESSON_STUDENT.booked)));
  return rows.map((r) => r.studentId);
}

async function hasLiveSign(tx: DbOrTx, lessonId: number) {
  const [a] = await tx
    .select({ id: attendances.id })
    .from(attendances)
    .where(and(eq(attendances.lessonId, lessonId), isNull(attendances.cancelledAt)))
    .limit(1);
  return Boolean(a);
}

/** The first order item of a student's course with hours left: what a booking draws from first. */
async function firstItem(tx: DbOrTx, studentId: number, courseCode: string): Promise<number | null> {
  const items = await balances(tx, { studentId, courseCode });
  return items.find((b) => b.remaining100 > 0)?.orderItemId ?? null;
}

async function bookStudents(
  tx: DbOrTx,
  lessonId: number,
  courseCode: string,
  studentIds: number[],
  at: Date,
) {
  for (const sid of studentIds)
    await tx
      .insert(lessonStudents)
      .values({ lessonId, studentId: sid, orderItemId: await firstItem(tx, sid, courseCode), createdAt: at })
      .onConflictDoUpdate({
        target: [lessonStudents.lessonId, lessonStudents.studentId],
        // The machine's `book` is allowed from every state: booking again revives the row.
        set: { status: LESSON_STUDENT.booked },
      });
}

export interface InsertInput {
  schoolItemCode: string;
  courseCode: string;
  teacherCode: string;
  classroomId?: number | null | undefined;
  kind: 'oneToOne' | 'group' | 'trial' | 'assessment';
  classId?: number | undefined;
  studentIds: number[];
  lessonDate?: string | undefined;
  series?: { fromDate: string; toDate: string; weekdays: number[] } | undefined;
  startTime: string;
  endTime: string;
  hours: number;
}

/** Days of a series: each weekday code of the range; holidays left out with their names. */
async function seriesDays(
  tx: DbOrTx,
  campus: string,
  s: { fromDate: string; toDate: string; weekdays: number[] },
) {
  if (s.toDate < s.fromDate)
    throw ruleViolation(
      '结束日期不能早于开始日期 / the end date cannot be before the start date',
      'series.toDate',
    );
  if (daysBetween(s.fromDate, s.toDate) > 366)
    throw ruleViolation('排课周期最长一年 / a series spans at most a year', 'series.toDate');
  const holidays = await holidaysBetween(tx, campus, s.fromDate, s.toDate);
  const days: string[] = [];
  const skipped: { date: string; reason: string }[] = [];
  for (let d = s.fromDate; d <= s.toDate; d = addDays(d, 1)) {
    const code = weekdayCode(d);
    if (code === null || !s.weekdays.includes(code)) continue;
    const h = holidays.get(d);
    if (h) skipped.push({ date: d, reason: `假期「${h}」 / holiday "${h}"` });
    else days.push(d);
  }
  return { days, skipped };
}

export async function insertLessons(deps: Deps, u: AuthUser, b: InsertInput) {
  assertCampus(u, b.schoolItemCode);
  assertSpan(b.startTime, b.endTime);
  // The appointment screen alone (teachers) books trial and assessment lessons, not the course timetable.
  if (!hasPrivilege(u, PLANNER_PRIVILEGES) && b.kind !== 'trial' && b.kind !== 'assessment')
    throw noPermission('只能预约试听课和测评课 / you may book trial and assessment lessons only');
  if (!b.lessonDate === !b.series)
    throw badInput('lessonDate', '请填写上课日期或排课周期之一 / give either a lesson date or a series');
  return deps.db.transaction((tx) => placeLessons(tx, deps, u, b));
}

/**
 * What an insert would place, day by day, with every conflict it meets; nothing written. The same
 * checks as the insert, so what the preview calls free the insert takes (unless someone books it first).
 */
export async function insertPreview(deps: Deps, u: AuthUser, b: InsertInput) {
  assertCampus(u, b.schoolItemCode);
  assertSpan(b.startTime, b.endTime);
  if (!hasPrivilege(u, PLANNER_PRIVILEGES) && b.kind !== 'trial' && b.kind !== 'assessment')
    throw noPermission('只能预约试听课和测评课 / you may book trial and assessment lessons only');
  if (!b.lessonDate === !b.series)
    throw badInput('lessonDate', '请填写上课日期或排课周期之一 / give either a lesson date or a series');
  return deps.db.transaction(async (tx) => {
    const plan = await planPlacements(tx, deps, u, b, true);
    return { rows: plan.rows, skipped: plan.skipped, ok: plan.rows.every((r) => !r.conflicts.length) };
  });
}

/**
 * The placements of an insert under the locks: refused at the first conflict, or (preview) every
 * day with its conflicts, the date lock among them.
 */
async function planPlacements(tx: DbOrTx, deps: Deps, u: AuthUser, b: InsertInput, preview: boolean) {
  const course = await courseOf(tx, b.courseCode);
  if (!course) throw badInput('courseCode', '课程不存在 / no such course');
  let studentIds = [...new Set(b.studentIds)];
  let classId: number | null = null;
  if (b.kind === 'group') {
    if (!b.classId) throw badInput('classId', '请选择班级 / choose the group class');
    const [cls] = await tx.select().from(groupClasses).where(eq(groupClasses.id, b.classId));
    if (!cls || cls.schoolItemCode !== b.schoolItemCode)
      throw badInput('classId', '班级不存在或不属于该校区 / no such class at this campus');
    if (cls.courseCode !== b.courseCode)
      throw badInput('courseCode', '课程须与班级课程一致 / the course must be the class’s course');
    classId = cls.id;
    const members = await tx
      .select({ id: groupClassStudents.studentId })
      .from(groupClassStudents)
      .where(eq(groupClassStudents.classId, cls.id));
    studentIds = members.map((m) => m.id);
  } else if (studentIds.length !== 1)
    throw badInput('studentIds', '一对一、试听和测评课须选择一名学员 / choose exactly one student');
  await assertStudentsAtCampus(tx, u, studentIds, b.schoolItemCode);
  const { days, skipped } = b.series
    ? await seriesDays(tx, b.schoolItemCode, b.series)
    : { days: [b.lessonDate ?? ''], skipped: [] };
  if (!days.length) throw ruleViolation('周期内没有可排课的日期 / no day of the series is open', 'series');
  if (!preview) {
    for (const d of days) assertNotLockedPast(deps, d, b.series ? 'series.fromDate' : 'lessonDate');
    for (const d of days) await assertOpen(tx, { day: d, what: LESSONS });
  }
  await lockResources(tx, {
    teacherCodes: [b.teacherCode],
    roomIds: b.classroomId ? [b.classroomId] : [],
    studentIds,
  });
  const hours100 = q100(b.hours);
  const claimed = new Map<number, number>();
  const placements: Placement[] = [];
  const rows: { date: string; conflicts: string[] }[] = [];
  for (const d of days) {
    const p: Placement = {
      schoolItemCode: b.schoolItemCode,
      courseCode: b.courseCode,
      teacherCode: b.teacherCode,
      classroomId: b.classroomId ?? null,
      kind: b.kind,
      lessonDate: d,
      startMinute: toMinute(b.startTime),
      endMinute: toMinute(b.endTime),
      hours100,
      studentIds,
    };
    const found = await findConflicts(tx, p, { exclude: [], claimed, leaves: deps.ports.leaves });
    if (preview) {
      const messages = found.map((c) => c.message);
      try {
        assertNotLockedPast(deps, d, 'lessonDate');
        await assertOpen(tx, { day: d, what: LESSONS });
      } catch (e) {
        messages.unshift(e instanceof Error ? e.message : String(e));
      }
      rows.push({ date: d, conflicts: messages });
    } else if (found.length) refuse(found, b.series ? `${d}：` : '');
    if (CONSUMING_KINDS.includes(b.kind))
      for (const sid of studentIds) claimed.set(sid, (claimed.get(sid) ?? 0) + hours100);
    placements.push(p);
  }
  return { placements, rows, skipped, studentIds, classId, hours100 };
}

/** Places lessons in the caller's transaction: the conflict check under the locks, then the rows. */
export async function placeLessons(tx: DbOrTx, deps: Deps, u: AuthUser, b: InsertInput) {
  const { placements, skipped, studentIds, classId, hours100 } = await planPlacements(tx, deps, u, b, false);
  let seriesId: number | null = null;
  if (b.series) {
    const [s] = await tx
      .insert(lessonSeries)
      .values({
        schoolItemCode: b.schoolItemCode,
        weekdays: [...new Set(b.series.weekdays)].sort().join(','),
        fromDate: b.series.fromDate,
        toDate: b.series.toDate,
        startTime: b.startTime,
        endTime: b.endTime,
        createdBy: u.id,
        createdAt: deps.now(),
      })
      .returning({ id: lessonSeries.id });
    seriesId = must(s, 'series').id;
  }
  const ids: number[] = [];
  for (const p of placements) {
    const [row] = await tx
      .insert(lessons)
      .values({
        schoolItemCode: p.schoolItemCode,
        courseCode: p.courseCode,
        teacherCode: p.teacherCode,
        classroomId: p.classroomId,
        classId,
        kind: p.kind,
        seriesId,
        lessonDate: p.lessonDate,
        startMinute: p.startMinute,
        endMinute: p.endMinute,
        hours: (hours100 / 100).toFixed(2),
        createdBy: u.id,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning({ id: lessons.id });
    const id = must(row, 'lesson').id;
    await bookStudents(tx, id, p.courseCode, studentIds, deps.now());
    ids.push(id);
  }
  await writeAudit(tx, {
    action: 'teaching.lesson.insert',
    target: ids.join(','),
    detail: { ...b, seriesId },
    userId: u.id,
    username: u.username,
  });
  return { seriesId, lessonIds: ids, skipped };
}

async function assertStudentsAtCampus(tx: DbOrTx, u: AuthUser, ids: number[], campus: string) {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: students.id, schoolItemCode: students.schoolItemCode, status: students.status })
    .from(students)
    .where(inArray(students.id, ids));
  for (const id of ids) {
    const s = rows.find((r) => r.id === id);
    if (!s || s.status === STUDENT_STATUS.deleted)
      throw badInput('studentIds', `学员 ${id} 不存在 / no student ${id}`);
    assertCampus(u, s.schoolItemCode);
    if (s.schoolItemCode !== campus)
      throw badInput('studentIds', '学员不属于该校区 / the student belongs to another campus');
  }
}

interface Target {
  lessonDate: string;
  startMinute: number;
  endMinute: number;
  teacherCode: string;
  classroomId: number | null;
}

function assertMovable(deps: Deps, l: LessonRecord, signed: boolean) {
  if (l.status !== LESSON.scheduled) throw ruleViolation('课程已取消 / the lesson is cancelled', 'id');
  if (l.confirmedAt) throw ruleViolation('课程已确认，已锁定 / the lesson is confirmed and locked', 'id');
  if (signed)
    throw ruleViolation('课程已有考勤，请先取消考勤 / the lesson has attendance: cancel it first', 'id');
  assertNotLockedPast(deps, l.lessonDate, 'id');
}

const placementOf = (l: LessonRecord, t: Target, studentIds: number[]): Placement => ({
  schoolItemCode: l.schoolItemCode,
  courseCode: l.courseCode,
  teacherCode: t.teacherCode,
  classroomId: t.classroomId,
  kind: l.kind,
  lessonDate: t.lessonDate,
  startMinute: t.startMinute,
  endMinute: t.endMinute,
  hours100: q100(l.hours),
  studentIds,
});

async function applyMove(tx: DbOrTx, deps: Deps, l: LessonRecord, t: Target) {
  await updateVersioned(tx, lessons, {
    where: eq(lessons.id, l.id),
    version: undefined,
    set: {
      lessonDate: t.lessonDate,
      startMinute: t.startMinute,
      endMinute: t.endMinute,
      teacherCode: t.teacherCode,
      classroomId: t.classroomId,
    },
    at: deps.now(),
  });
}

export async function adjustLesson(
  deps: Deps,
  u: AuthUser,
  b: {
    id: number;
    version: number;
    lessonDate: string;
    startTime: string;
    endTime: string;
    teacherCode?: string | undefined;
    classroomId?: number | null | undefined;
  },
) {
  assertSpan(b.startTime, b.endTime);
  await deps.db.transaction(async (tx) => {
    const l = await loadLesson(tx, u, b.id);
    if (l.version !== b.version) throw staleVersion();
    assertMovable(deps, l, await hasLiveSign(tx, l.id));
    assertNotLockedPast(deps, b.lessonDate, 'lessonDate');
    await assertOpen(tx, { day: l.lessonDate, what: LESSONS });
    await assertOpen(tx, { day: b.lessonDate, what: LESSONS });
    const t: Target = {
      lessonDate: b.lessonDate,
      startMinute: toMinute(b.startTime),
      endMinute: toMinute(b.endTime),
      teacherCode: b.teacherCode ?? l.teacherCode,
      classroomId: b.classroomId === undefined ? l.classroomId : b.classroomId,
    };
    const studentIds = await liveStudents(tx, l.id);
    await lockResources(tx, {
      teacherCodes: [t.teacherCode],
      roomIds: t.classroomId ? [t.classroomId] : [],
      studentIds,
    });
    const locked = await loadLesson(tx, u, b.id, true);
    if (locked.version !== b.version) throw staleVersion();
    const found = await findConflicts(tx, placementOf(l, t, studentIds), {
      exclude: [l.id],
      leaves: deps.ports.leaves,
    });
    if (found.length) refuse(found);
    await applyMove(tx, deps, l, t);
    await writeAudit(tx, {
      action: 'teaching.lesson.adjust',
      target: String(l.id),
      detail: { from: { d: l.lessonDate, s: l.startMinute, t: l.teacherCode, r: l.classroomId }, to: t },
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}

type BatchInput = TBatchAdjustParsed;

/**
 * Every lesson of a batch with where it goes and what it meets. The moved lessons are not
 * obstacles to each other where they were, but are where they go (two moved into one slot collide).
 */
async function planBatch(tx: DbOrTx, deps: Deps, u: AuthUser, b: BatchInput) {
  if ((b.startTime === undefined) !== (b.endTime === undefined))
    throw badInput('endTime', '开始和结束时间须同时填写 / give both the start and the end time');
  if (b.startTime && b.endTime) assertSpan(b.startTime, b.endTime);
  const ids = [...new Set(b.ids)];
  const rows = await tx
    .select()
    .from(lessons)
    .where(inArray(lessons.id, ids))
    .orderBy(asc(lessons.lessonDate), asc(lessons.startMinute));
  if (rows.length !== ids.length) throw notFound('课程 / lesson');
  const names = await namesOf(tx, { courseCodes: [...new Set(rows.map((r) => r.courseCode))] });
  const out: {
    lesson: LessonRecord;
    target: Target;
    studentIds: number[];
    conflicts: string[];
  }[] = [];
  const claimed = new Map<number, number>();
  for (const l of rows) {
    assertCampus(u, l.schoolItemCode);
    const conflicts: string[] = [];
    try {
      assertMovable(deps, l, await hasLiveSign(tx, l.id));
      await assertOpen(tx, { day: l.lessonDate, what: LESSONS });
    } catch (e) {
      conflicts.push(e instanceof Error ? e.message : String(e));
    }
    const target: Target = {
      lessonDate: addDays(l.lessonDate, b.shiftDays),
      startMinute: b.startTime ? toMinute(b.startTime) : l.startMinute,
      endMinute: b.endTime ? toMinute(b.endTime) : l.endMinute,
      teacherCode: b.teacherCode ?? l.teacherCode,
      classroomId: b.classroomId === undefined ? l.classroomId : b.classroomId,
    };
    try {
      assertNotLockedPast(deps, target.lessonDate, 'shiftDays');
      await assertOpen(tx, { day: target.lessonDate, what: LESSONS });
    } catch (e) {
      conflicts.push(e instanceof Error ? e.message : String(e));
    }
    const studentIds = await liveStudents(tx, l.id);
    const found = await findConflicts(tx, placementOf(l, target, studentIds), {
      exclude: ids,
      claimed,
      leaves: deps.ports.leaves,
    });
    conflicts.push(...found.map((c) => c.message));
    if (CONSUMING_KINDS.includes(l.kind))
      for (const sid of studentIds) claimed.set(sid, (claimed.get(sid) ?? 0) + q100(l.hours));
    // Against the lessons of this batch already placed.
    for (const o of out) {
      const overlap =
        o.target.lessonDate === target.lessonDate &&
        o.target.startMinute < target.endMinute &&
        o.target.endMinute > target.startMinute;
      if (!overlap) continue;
      if (o.target.teacherCode === target.teacherCode)
        conflicts.push(
          `与本批课程 #${o.lesson.id} 的教师时间冲突 / the teacher collides with lesson #${o.lesson.id} of this batch`,
        );
      if (target.classroomId && o.target.classroomId === target.classroomId)
        conflicts.push(
          `与本批课程 #${o.lesson.id} 的教室冲突 / the room collides with lesson #${o.lesson.id} of this batch`,
        );
      if (o.studentIds.some((s) => studentIds.includes(s)))
        conflicts.push(
          `与本批课程 #${o.lesson.id} 的学员时间冲突 / a student collides with lesson #${o.lesson.id} of this batch`,
        );
    }
    out.push({ lesson: l, target, studentIds, conflicts });
  }
  const place = (l: {
    lessonDate: string;
    startMinute: number;
    endMinute: number;
    teacherCode: string;
    classroomId: number | null;
  }) => ({
    lessonDate: l.lessonDate,
    startTime: fromMinute(l.startMinute),
    endTime: fromMinute(l.endMinute),
    teacherCode: l.teacherCode,
    classroomId: l.classroomId,
  });
  return {
    plan: out,
    preview: {
      ok: out.every((o) => !o.conflicts.length),
      rows: out.map((o) => ({
        id: o.lesson.id,
        courseName: names.course.get(o.lesson.courseCode)?.name ?? o.lesson.courseCode,
        from: place(o.lesson),
        to: place(o.target),
        conflicts: o.conflicts,
      })),
    },
  };
}

export async function batchPreview(deps: Deps, u: AuthUser, b: BatchInput) {
  // Read in a transaction that is rolled back: the preview sees one consistent state and writes nothing.
  return deps.db.transaction(async (tx) => (await planBatch(tx, deps, u, b)).preview);
}

export async function batchAdjust(deps: Deps, u: AuthUser, b: BatchInput) {
  return deps.db.transaction(async (tx) => {
    const first = await planBatch(tx, deps, u, b);
    const teachers = first.plan.map((p) => p.target.teacherCode);
    const rooms = first.plan.flatMap((p) => (p.target.classroomId ? [p.target.classroomId] : []));
    await lockResources(tx, {
      teacherCodes: teachers,
      roomIds: rooms,
      studentIds: first.plan.flatMap((p) => p.studentIds),
    });
    // Checked again under the locks: what the preview said may have changed meanwhile.
    const { plan } = await planBatch(tx, deps, u, b);
    const bad = plan.filter((p) => p.conflicts.length);
    if (bad.length)
      throw conflict(
        `批量调课未执行，${bad.length} 节课有冲突 / nothing was moved: ${bad.length} lessons conflict — ${bad
          .slice(0, 3)
          .map((p) => `#${p.lesson.id} ${p.conflicts.join('；')}`)
          .join(' | ')}`,
        'ids',
      );
    for (const p of plan) await applyMove(tx, deps, p.lesson, p.target);
    await writeAudit(tx, {
      action: 'teaching.lesson.batchAdjust',
      target: plan.map((p) => p.lesson.id).join(','),
      detail: b,
      userId: u.id,
      username: u.username,
    });
    return { moved: plan.length };
  });
}

export async function cancelLesson(deps: Deps, u: AuthUser, b: { id: number; version: number }) {
  await deps.db.transaction(async (tx) => {
    const l = await loadLesson(tx, u, b.id, true);
    if (l.version !== b.version) throw staleVersion();
    assertMovable(deps, l, await hasLiveSign(tx, l.id));
    await assertOpen(tx, { day: l.lessonDate, what: LESSONS });
    await updateVersioned(tx, lessons, {
      where: eq(lessons.id, l.id),
      version: l.version,
      set: { status: LESSON_MACHINE.nextCode('cancel', l.status) },
      at: deps.now(),
    });
    await writeAudit(tx, {
      action: 'teaching.lesson.cancel',
      target: String(l.id),
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}

/** A teacher confirms lessons given and fully signed; confirmed lessons are locked for good. */
export async function confirmLessons(deps: Deps, u: AuthUser, ids: number[]) {
  return deps.db.transaction(async (tx) => {
    let n = 0;
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const l = await loadLesson(tx, u, id, true);
      assertOwnLesson(u, l.teacherCode);
      if (l.confirmedAt) continue;
      await assertOpen(tx, { day: l.lessonDate, what: LESSONS });
      if (l.status !== LESSON.scheduled)
        throw ruleViolation(`课程 #${id} 已取消 / lesson #${id} is cancelled`, 'ids');
      if (l.lessonDate > today(deps))
        throw ruleViolation(`课程 #${id} 尚未上课 / lesson #${id} has not been given yet`, 'ids');
      const booked = await tx
        .select({ id: lessonStudents.id, signed: attendances.id })
        .from(lessonStudents)
        .leftJoin(
          attendances,
          and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
        )
        .where(and(eq(lessonStudents.lessonId, id), eq(lessonStudents.status, LESSON_STUDENT.booked)));
      if (!booked.length || booked.some((r) => r.signed === null))
        throw ruleViolation(
          `课程 #${id}（${l.lessonDate}）还有学员未考勤 / lesson #${id} (${l.lessonDate}) has students without attendance`,
          'ids',
        );
      await updateVersioned(tx, lessons, {
        where: eq(lessons.id, id),
        version: undefined,
        set: { confirmedAt: deps.now(), confirmedBy: u.id },
        at: deps.now(),
      });
      n++;
    }
    await writeAudit(tx, {
      action: 'teaching.lesson.confirm',
      target: ids.join(','),
      userId: u.id,
      username: u.username,
    });
    return { confirmed: n };
  });
}

export async function planList(
  deps: Deps,
  u: AuthUser,
  q: {
    schoolItemCode: string;
    from: string;
    to: string;
    teacherCode?: string | undefined;
    classroomId?: number | undefined;
    studentId?: number | undefined;
    classId?: number | undefined;
    confirmed?: 'yes' | 'no' | undefined;
    mine?: 'yes' | undefined;
  },
): Promise<TLessonRow[]> {
  assertCampus(u, q.schoolItemCode);
  const ownOnly = q.mine === 'yes' && !hasPrivilege(u, PLANNER_PRIVILEGES);
  if (q.to < q.from || daysBetween(q.from, q.to) > 62)
    throw badInput('to', '查询范围最长62天 / a range of at most 62 days');
  const db = deps.db;
  const rows = await db
    .select()
    .from(lessons)
    .where(
      and(
        eq(lessons.schoolItemCode, q.schoolItemCode),
        eq(lessons.status, LESSON.scheduled),
        gte(lessons.lessonDate, q.from),
        lte(lessons.lessonDate, q.to),
        q.teacherCode ? eq(lessons.teacherCode, q.teacherCode) : undefined,
        ownOnly ? eq(lessons.teacherCode, u.employeeCode ?? '') : undefined,
        q.classroomId ? eq(lessons.classroomId, q.classroomId) : undefined,
        q.classId ? eq(lessons.classId, q.classId) : undefined,
        q.confirmed === 'yes' ? sql`${lessons.confirmedAt} is not null` : undefined,
        q.confirmed === 'no' ? isNull(lessons.confirmedAt) : undefined,
        q.studentId
          ? sql`exists (select 1 from ${lessonStudents} ls where ls.lesson_id = ${lessons.id} and ls.student_id = ${q.studentId} and ls.status = ${LESSON_STUDENT.booked})`
          : undefined,
      ),
    )
    .orderBy(asc(lessons.lessonDate), asc(lessons.startMinute), asc(lessons.id))
    .limit(2000);
  return lessonRows(db, rows);
}

export async function lessonRows(db: DbOrTx, rows: LessonRecord[]): Promise<TLessonRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const studs = await db
    .select({
      lessonId: lessonStudents.lessonId,
      lessonStudentId: lessonStudents.id,
      studentId: lessonStudents.studentId,
      status: lessonStudents.status,
      attendanceId: attendances.id,
      attendance: attendances.status,
      consumed: attendances.hours,
    })
    .from(lessonStudents)
    .leftJoin(
      attendances,
      and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
    )
    .where(and(inArray(lessonStudents.lessonId, ids), eq(lessonStudents.status, LESSON_STUDENT.booked)))
    .orderBy(asc(lessonStudents.id));
  const classNames = await idNames(
    db,
    groupClasses,
    rows.map((r) => r.classId),
  );
  const names = await namesOf(db, {
    courseCodes: [...new Set(rows.map((r) => r.courseCode))],
    teacherCodes: [...new Set(rows.map((r) => r.teacherCode))],
    roomIds: [...new Set(rows.flatMap((r) => (r.classroomId ? [r.classroomId] : [])))],
    studentIds: [...new Set(studs.map((s) => s.studentId))],
  });
  return rows.map((r) => ({
    id: r.id,
    schoolItemCode: r.schoolItemCode,
    courseCode: r.courseCode,
    courseName: names.course.get(r.courseCode)?.name ?? r.courseCode,
    teacherCode: r.teacherCode,
    teacherName: names.teacher.get(r.teacherCode) ?? r.teacherCode,
    classroomId: r.classroomId,
    classroomName: r.classroomId ? (names.room.get(r.classroomId) ?? null) : null,
    classId: r.classId,
    className: r.classId ? (classNames.get(r.classId) ?? null) : null,
    kind: r.kind === 'group' || r.kind === 'trial' || r.kind === 'assessment' ? r.kind : 'oneToOne',
    seriesId: r.seriesId,
    lessonDate: r.lessonDate,
    startTime: fromMinute(r.startMinute),
    endTime: fromMinute(r.endMinute),
    hours: Number(r.hours),
    status: r.status,
    confirmed: r.confirmedAt !== null,
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    version: r.version,
    students: studs
      .filter((s) => s.lessonId === r.id)
      .map((s) => ({
        lessonStudentId: s.lessonStudentId,
        studentId: s.studentId,
        studentCode: names.student.get(s.studentId)?.code ?? '',
        studentName: names.student.get(s.studentId)?.name ?? '',
        status: s.status,
        attendanceId: s.attendanceId,
        attendance: attendanceStatus(s.attendance),
        consumedHours: Number(s.consumed ?? 0),
      })),
  }));
}

type AttendanceStatus = 'present' | 'late' | 'leave' | 'absent' | 'makeup';
const STATUSES: readonly string[] = ['present', 'late', 'leave', 'absent', 'makeup'];
export const attendanceStatus = (v: string | null): AttendanceStatus | null =>
  v !== null && STATUSES.includes(v) ? (v as AttendanceStatus) : null;

/**
 * Releases a student's booked, unsigned lessons in a period (an approved leave): the absences
 * slice calls it in the decision's transaction. Returns the lessons released.
 */
export async function releaseStudentLessons(
  tx: DbOrTx,
  studentId: number,
  fromDate: string,
  toDate: string,
): Promise<number[]> {
  const rows = await tx
    .select({ id: lessonStudents.id, lessonId: lessons.id })
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
        gte(lessons.lessonDate, fromDate),
        lte(lessons.lessonDate, toDate),
        isNull(attendances.id),
      ),
    );
  if (rows.length)
    await tx
      .update(lessonStudents)
      .set({ status: LESSON_STUDENT_MACHINE.nextCode('release', LESSON_STUDENT.booked) })
      .where(
        inArray(
          lessonStudents.id,
          rows.map((r) => r.id),
        ),
      );
  return rows.map((r) => r.lessonId);
}

/** What an approved make-up asks the timetable to book. */
export interface MakeupBooking {
  studentId: number;
  schoolItemCode: string;
  courseCode: string;
  date: string;
  /** 'HH:MM-HH:MM'. */
  timeSpan: string;
  hours: number;
  /** The teacher chosen on the request (a user); absent: the missed lesson's teacher. */
  teacherUserId: number | null;
  /** The attendance whose consumption is made up (its lesson names the teacher by default). */
  missedAttendanceId: number | null;
}

/**
 * Books an approved make-up as a one-to-one lesson in the approval's transaction, through the same
 * conflict check as any placement (teacher, room, student, authority, hours, leave, holiday); a
 * conflict throws, so the approval fails with what collides. The approval itself is the authority
 * to book: the approver needs no planner screen. Returns the lesson's id.
 */
export async function bookMakeupLesson(
  tx: DbOrTx,
  deps: Deps,
  actor: AuthUser,
  m: MakeupBooking,
): Promise<number> {
  const [startTime, endTime] = m.timeSpan.split('-');
  if (!startTime || !endTime)
    throw badInput('timeSpan', '补课时段格式应为 HH:MM-HH:MM / the time span is HH:MM-HH:MM');
  let teacherCode: string | null = null;
  if (m.teacherUserId !== null) {
    const [t] = await tx
      .select({ code: users.employeeCode })
      .from(users)
      .where(eq(users.id, m.teacherUserId));
    teacherCode = t?.code ?? null;
    if (!teacherCode)
      throw ruleViolation(
        '补课老师没有关联员工档案，无法排课 / the make-up teacher has no employee record to book',
        'teacherId',
      );
  } else if (m.missedAttendanceId !== null) {
    const [a] = await tx
      .select({ code: attendances.teacherCode })
      .from(attendances)
      .where(eq(attendances.id, m.missedAttendanceId));
    teacherCode = a?.code ?? null;
  }
  if (!teacherCode)
    throw ruleViolation('请指定补课老师 / choose the teacher of the make-up lesson', 'teacherId');
  assertSpan(startTime, endTime);
  const r = await placeLessons(tx, deps, actor, {
    schoolItemCode: m.schoolItemCode,
    courseCode: m.courseCode,
    teacherCode,
    kind: 'oneToOne',
    studentIds: [m.studentId],
    lessonDate: m.date,
    startTime,
    endTime,
    hours: m.hours,
  });
  return must(r.lessonIds[0], 'make-up lesson');
}

/**
 * Takes a revoked make-up off the timetable: the student's booking on the live lesson of the course
 * at that day and start. A make-up already attended cannot be revoked (its hours were consumed).
 */
export async function releaseMakeupLesson(
  tx: DbOrTx,
  m: { studentId: number; courseCode: string; date: string; timeSpan: string },
): Promise<void> {
  const start = m.timeSpan.split('-')[0] ?? '';
  if (!/^\d{2}:\d{2}$/.test(start)) return;
  const rows = await tx
    .select({ id: lessonStudents.id, signed: attendances.id })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .leftJoin(
      attendances,
      and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
    )
    .where(
      and(
        eq(lessonStudents.studentId, m.studentId),
        eq(lessonStudents.status, LESSON_STUDENT.booked),
        eq(lessons.status, LESSON.scheduled),
        eq(lessons.courseCode, m.courseCode),
        eq(lessons.lessonDate, m.date),
        eq(lessons.startMinute, toMinute(start)),
      ),
    );
  if (rows.some((r) => r.signed !== null))
    throw ruleViolation('补课已考勤，不能撤销 / the make-up lesson has attendance: cancel it first');
  if (rows.length)
    await tx
      .update(lessonStudents)
      .set({ status: LESSON_STUDENT_MACHINE.nextCode('release', LESSON_STUDENT.booked) })
      .where(
        inArray(
          lessonStudents.id,
          rows.map((r) => r.id),
        ),
      );
}
