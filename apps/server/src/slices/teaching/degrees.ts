// Seats (degrees): a teacher's recurring time span at a campus and the items that hold it. An item
// of a formal or temporary student or of a group class books its lessons through placeLessons (the
// one conflict check of the timetable); deleting it or releasing the seat frees the lessons from
// the day on. docs/teaching.md "Seats" has the rules.
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { weekdayCode, STUDENT_STATUS } from '@bo/domain';
import {
  LESSON_DEGREE_TYPES,
  SCHEDULE_ORDER_TYPES,
  type TDegreeBookRow,
  type TDegreeDetail,
  type TDegreeItemInputParsed,
  type TDegreeItemRow,
  type TDegreeItemUpdateParsed,
  type TDegreeRow,
  type TDegreeType,
  type TFrequencyType,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { idNames } from '../../shared/masterdata/index.js';
import { must } from '../../shared/must.js';
import { studentLedger } from '../ledger/index.js';
import { students } from '../students/index.js';
import { auditLog, courses, employees, users } from '../../db/schema.js';
import {
  addDays,
  assertSpan,
  daysBetween,
  fromMinute,
  namesOf,
  toMinute,
  today,
  type Deps,
} from './common.js';
import { placeLessons } from './lessons.js';
import { remainRows } from './reports.js';
import { holidaysBetween } from './settings.js';
import {
  attendances,
  degreeItems,
  degrees,
  groupClassStudents,
  groupClasses,
  lessons,
  studyAuthorisations,
} from './tables.js';
import {
  LESSON,
  DEGREE_ITEM,
  DEGREE,
  GROUP_CLASS,
  LESSON_MACHINE,
  DEGREE_MACHINE,
  DEGREE_ITEM_MACHINE,
} from './states.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

type DegreeRecord = typeof degrees.$inferSelect;
type ItemRecord = typeof degreeItems.$inferSelect;
const RELEASED = '学位已释放 / degree released';
const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** The seat book's columns: Monday (2) … Saturday (7), then Sunday (1). */
const WEEK_ORDER = [2, 3, 4, 5, 6, 7, 1];

// ---- frequency rules (§4) ----------------------------------------------------------------------

interface Frequency {
  frequencyType: TFrequencyType;
  frequencyConfig: string;
  startDate: string;
  endDate: string;
}

/**
 * Checks an item's period and frequency and answers its config in one spelling: WEEKLY as sorted
 * weekday codes, DISCONTINUITY as sorted days inside the period, the others empty.
 */
export function normaliseFrequency(
  f: { frequencyType: TFrequencyType; frequencyConfig: string[]; startDate: string; endDate: string },
  degreeType: TDegreeType,
): string {
  if (f.endDate < f.startDate)
    throw ruleViolation('结束日期不能早于开始日期 / the end date cannot be before the start date', 'endDate');
  if (daysBetween(f.startDate, f.endDate) > 366)
    throw ruleViolation('学位周期最长一年 / a seat item spans at most a year', 'endDate');
  if (degreeType === 'TEMP_STUDENT' && daysBetween(f.startDate, f.endDate) > 31)
    throw ruleViolation(
      '临时学员最多占用一个月 / a temporary student holds a seat for at most a month',
      'endDate',
    );
  const parts = f.frequencyConfig.map((p) => p.trim()).filter(Boolean);
  if (f.frequencyType === 'WEEKLY') {
    const codes = [...new Set(parts.map(Number))];
    if (!codes.length || codes.some((c) => !Number.isInteger(c) || c < 1 || c > 7))
      throw badInput(
        'frequencyConfig',
        '请选择上课星期（1 周日，2 周一 … 7 周六） / choose weekday codes (1 Sunday, 2 Monday … 7 Saturday)',
      );
    return codes.sort((a, b) => a - b).join(',');
  }
  if (f.frequencyType === 'DISCONTINUITY') {
    const days = [...new Set(parts)].sort();
    if (!days.length) throw badInput('frequencyConfig', '请选择1至31个上课日期 / choose 1 to 31 lesson days');
    for (const d of days)
      if (!/^20\d{2}-\d{2}-\d{2}$/.test(d) || weekdayCode(d) === null || d < f.startDate || d > f.endDate)
        throw badInput(
          'frequencyConfig',
          `上课日期 ${d} 须在学位周期内 / the lesson day ${d} must fall inside the item's period`,
        );
    return days.join(',');
  }
  return '';
}

/** Whether an item holds the seat on a day: NON_FIXED and CONTINUOUS every day of the period. */
export function occupies(f: Frequency, day: string): boolean {
  if (day < f.startDate || day > f.endDate) return false;
  if (f.frequencyType === 'WEEKLY')
    return f.frequencyConfig
      .split(',')
      .map(Number)
      .includes(weekdayCode(day) ?? 0);
  if (f.frequencyType === 'DISCONTINUITY') return f.frequencyConfig.split(',').includes(day);
  return true;
}

/** The first day both items hold the seat, or null. */
function firstShared(a: Frequency, b: Frequency): string | null {
  const from = a.startDate > b.startDate ? a.startDate : b.startDate;
  const to = a.endDate < b.endDate ? a.endDate : b.endDate;
  for (let d = from; d <= to; d = addDays(d, 1)) if (occupies(a, d) && occupies(b, d)) return d;
  return null;
}

// ---- loading and naming -----------------------------------------------------------------------

async function loadDegree(tx: DbOrTx, u: AuthUser, id: number, lock = false): Promise<DegreeRecord> {
  const q = tx.select().from(degrees).where(eq(degrees.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('学位 / seat');
  assertCampus(u, row.schoolItemCode);
  return row;
}

async function loadItem(tx: DbOrTx, u: AuthUser, id: number, lock = false) {
  const q = tx
    .select()
    .from(degreeItems)
    .where(and(eq(degreeItems.id, id), eq(degreeItems.status, DEGREE_ITEM.live)));
  const [item] = lock ? await q.for('update') : await q;
  if (!item) throw notFound('学位明细 / seat item');
  const degree = await loadDegree(tx, u, item.degreeId, lock);
  return { item, degree };
}

const isClassTarget = (t: string) => t === 'GROUP_COURSE';

/** Names of items' targets: students by id, group classes by id. */
async function targetNames(tx: DbOrTx, items: { degreeType: string; targetId: number }[]) {
  const s = await idNames(
    tx,
    students,
    items.filter((i) => !isClassTarget(i.degreeType)).map((i) => i.targetId),
  );
  const c = await idNames(
    tx,
    groupClasses,
    items.filter((i) => isClassTarget(i.degreeType)).map((i) => i.targetId),
  );
  return (i: { degreeType: string; targetId: number }) =>
    (isClassTarget(i.degreeType) ? c.get(i.targetId) : s.get(i.targetId)) ?? String(i.targetId);
}

const asType = (v: string) => v as TDegreeType;
const asFrequency = (v: string) => v as TFrequencyType;
const spanOf = (d: { startMinute: number; endMinute: number }) =>
  `${fromMinute(d.startMinute)}-${fromMinute(d.endMinute)}`;

async function itemRows(tx: DbOrTx, deps: Deps, items: ItemRecord[]): Promise<TDegreeItemRow[]> {
  if (!items.length) return [];
  const name = await targetNames(tx, items);
  const codes = [...new Set(items.flatMap((i) => (i.courseCode ? [i.courseCode] : [])))];
  const names = await namesOf(tx, { courseCodes: codes });
  const coming = await tx
    .select({ itemId: lessons.degreeItemId, n: count() })
    .from(lessons)
    .where(
      and(
        inArray(
          lessons.degreeItemId,
          items.map((i) => i.id),
        ),
        eq(lessons.status, LESSON.scheduled),
        gte(lessons.lessonDate, today(deps)),
      ),
    )
    .groupBy(lessons.degreeItemId);
  return items.map((i) => ({
    id: i.id,
    degreeId: i.degreeId,
    degreeType: asType(i.degreeType),
    frequencyType: asFrequency(i.frequencyType),
    frequencyConfig: i.frequencyConfig,
    startDate: i.startDate,
    endDate: i.endDate,
    recordAttendance: i.recordAttendance,
    targetConfig: { id: i.targetId, value: name(i), earliestDate: i.startDate },
    courseCode: i.courseCode,
    courseName: i.courseCode ? (names.course.get(i.courseCode)?.name ?? i.courseCode) : null,
    classroomId: i.classroomId,
    hours: Number(i.hours),
    comingLessons: coming.find((c) => c.itemId === i.id)?.n ?? 0,
    version: i.version,
  }));
}

async function teacherName(tx: DbOrTx, code: string) {
  const [e] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.code, code));
  return e?.name ?? code;
}

const degreeFields = (d: DegreeRecord, teacher: string) => ({
  id: d.id,
  schoolItemCode: d.schoolItemCode,
  teacherCode: d.teacherCode,
  teacherName: teacher,
  shiftType: d.shiftType,
  timeType: d.timeType,
  timespanRange: spanOf(d),
  startDate: d.startDate,
  endDate: d.endDate,
  status: d.status,
  version: d.version,
});

// ---- the seat's lessons -----------------------------------------------------------------------

/**
 * Frees the lessons items booked from a day on: live, unconfirmed and unsigned ones are cancelled
 * (a lesson already signed happened and stays). Answers how many were freed.
 */
async function freeLessons(tx: DbOrTx, deps: Deps, itemIds: number[], fromDay: string): Promise<number> {
  if (!itemIds.length) return 0;
  const freed = await tx
    .update(lessons)
    .set({
      status: LESSON_MACHINE.nextCode('free', LESSON.scheduled),
      updatedAt: deps.now(),
      version: nextVersion(lessons),
    })
    .where(
      and(
        inArray(lessons.degreeItemId, itemIds),
        eq(lessons.status, LESSON.scheduled),
        gte(lessons.lessonDate, fromDay),
        isNull(lessons.confirmedAt),
        sql`not exists (select 1 from ${attendances} a where a.lesson_id = ${lessons.id} and a.cancelled_at is null)`,
      ),
    )
    .returning({ id: lessons.id });
  return freed.length;
}

interface BookTarget {
  degree: DegreeRecord;
  degreeType: TDegreeType;
  targetId: number;
  courseCode: string | null;
  classroomId: number | null;
  hours: number;
  recordAttendance: boolean;
}

/**
 * Books an item's lessons from today (or its start, if later) to its end through the timetable's
 * placement: the first conflict refuses the whole command with what collides.
 */
async function bookLessons(tx: DbOrTx, deps: Deps, u: AuthUser, itemId: number, t: BookTarget, f: Frequency) {
  const none = { lessons: 0, skipped: [] as { date: string; reason: string }[] };
  if (!LESSON_DEGREE_TYPES.includes(t.degreeType) || !t.recordAttendance || f.frequencyType === 'NON_FIXED')
    return none;
  const from = f.startDate > today(deps) ? f.startDate : today(deps);
  if (from > f.endDate) return none;
  let courseCode = t.courseCode ?? '';
  let classId: number | undefined;
  let studentIds = [t.targetId];
  if (t.degreeType === 'GROUP_COURSE') {
    const [cls] = await tx.select().from(groupClasses).where(eq(groupClasses.id, t.targetId));
    courseCode = must(cls, 'group class').courseCode;
    classId = t.targetId;
    studentIds = [];
  }
  const base = {
    schoolItemCode: t.degree.schoolItemCode,
    courseCode,
    teacherCode: t.degree.teacherCode,
    classroomId: t.classroomId,
    kind: t.degreeType === 'GROUP_COURSE' ? ('group' as const) : ('oneToOne' as const),
    classId,
    studentIds,
    startTime: fromMinute(t.degree.startMinute),
    endTime: fromMinute(t.degree.endMinute),
    hours: t.hours,
  };
  const ids: number[] = [];
  let skipped: { date: string; reason: string }[] = [];
  if (f.frequencyType === 'DISCONTINUITY') {
    const holidays = await holidaysBetween(tx, t.degree.schoolItemCode, from, f.endDate);
    for (const d of f.frequencyConfig.split(',')) {
      if (d < from) continue;
      const h = holidays.get(d);
      if (h) skipped.push({ date: d, reason: `假期「${h}」 / holiday "${h}"` });
      else ids.push(...(await placeLessons(tx, deps, u, { ...base, lessonDate: d })).lessonIds);
    }
  } else {
    const weekdays = f.frequencyType === 'WEEKLY' ? f.frequencyConfig.split(',').map(Number) : ALL_WEEKDAYS;
    const r = await placeLessons(tx, deps, u, {
      ...base,
      series: { fromDate: from, toDate: f.endDate, weekdays },
    });
    ids.push(...r.lessonIds);
    skipped = r.skipped;
  }
  if (ids.length) await tx.update(lessons).set({ degreeItemId: itemId }).where(inArray(lessons.id, ids));
  return { lessons: ids.length, skipped };
}

/** Refuses an item whose days meet another live item of the teacher's held seats over the same time. */
async function assertSeatFree(
  tx: DbOrTx,
  d: { teacherCode: string; startMinute: number; endMinute: number },
  f: Frequency,
  exceptItem: number | null,
) {
  const others = await tx
    .select({ item: degreeItems, degree: degrees })
    .from(degreeItems)
    .innerJoin(degrees, eq(degrees.id, degreeItems.degreeId))
    .where(
      and(
        eq(degrees.teacherCode, d.teacherCode),
        eq(degrees.status, DEGREE.held),
        lt(degrees.startMinute, d.endMinute),
        gt(degrees.endMinute, d.startMinute),
        eq(degreeItems.status, DEGREE_ITEM.live),
        sql`${degreeItems.startDate} <= ${f.endDate}`,
        sql`${degreeItems.endDate} >= ${f.startDate}`,
        exceptItem ? ne(degreeItems.id, exceptItem) : undefined,
      ),
    );
  if (!others.length) return;
  const name = await targetNames(
    tx,
    others.map((o) => o.item),
  );
  for (const o of others) {
    const day = firstShared(f, {
      frequencyType: asFrequency(o.item.frequencyType),
      frequencyConfig: o.item.frequencyConfig,
      startDate: o.item.startDate,
      endDate: o.item.endDate,
    });
    if (day)
      throw conflict(
        `学位 ${spanOf(o.degree)} 在 ${day} 已由「${name(o.item)}」占用 / the seat ${spanOf(o.degree)} is held by "${name(o.item)}" on ${day}`,
        'frequencyConfig',
      );
  }
}

/** The item's target exists at the seat's campus; answers the course of its lessons. */
async function assertTarget(
  tx: DbOrTx,
  u: AuthUser,
  campus: string,
  degreeType: TDegreeType,
  targetId: number,
  courseCode: string | undefined,
): Promise<string | null> {
  if (degreeType === 'GROUP_COURSE') {
    const [cls] = await tx.select().from(groupClasses).where(eq(groupClasses.id, targetId));
    if (!cls || cls.schoolItemCode !== campus || cls.status !== GROUP_CLASS.open)
      throw badInput('targetId', '班级不存在或不属于该校区 / no open group class of this campus');
    return cls.courseCode;
  }
  const [s] = await tx
    .select({ campus: students.schoolItemCode, status: students.status })
    .from(students)
    .where(eq(students.id, targetId));
  if (!s || s.status === STUDENT_STATUS.deleted) throw badInput('targetId', '学员不存在 / no such student');
  assertCampus(u, s.campus);
  if (s.campus !== campus)
    throw badInput('targetId', '学员不属于该校区 / the student belongs to another campus');
  if (!SCHEDULE_ORDER_TYPES.includes(degreeType)) return null;
  if (!courseCode) throw badInput('courseCode', '请选择排课订单 / choose the schedule order (course)');
  const [c] = await tx.select({ code: courses.code }).from(courses).where(eq(courses.code, courseCode));
  if (!c) throw badInput('courseCode', '课程不存在 / no such course');
  return courseCode;
}

const audit = (tx: DbOrTx, u: AuthUser, action: string, degreeId: number, detail: unknown) =>
  writeAudit(tx, {
    action: `teaching.degree.${action}`,
    target: `degree:${degreeId}`,
    detail,
    userId: u.id,
    username: u.username,
  });
const AUDIT_ACTIONS = ['itemSave', 'itemUpdate', 'itemDelete', 'release'].map((a) => `teaching.degree.${a}`);

// ---- commands ---------------------------------------------------------------------------------

export async function itemSave(deps: Deps, u: AuthUser, b: TDegreeItemInputParsed) {
  assertCampus(u, b.schoolItemCode);
  assertSpan(b.timespanStart, b.timespanEnd);
  const frequencyConfig = normaliseFrequency(b, b.degreeType);
  const f: Frequency = { ...b, frequencyConfig };
  return deps.db.transaction(async (tx) => {
    const [teacher] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.code, b.teacherCode))
      .for('update');
    if (!teacher) throw badInput('teacherCode', '教师不存在 / no such teacher');
    const courseCode = await assertTarget(tx, u, b.schoolItemCode, b.degreeType, b.targetId, b.courseCode);
    const startMinute = toMinute(b.timespanStart);
    const endMinute = toMinute(b.timespanEnd);
    await assertSeatFree(tx, { teacherCode: b.teacherCode, startMinute, endMinute }, f, null);
    const [held] = await tx
      .select()
      .from(degrees)
      .where(
        and(
          eq(degrees.schoolItemCode, b.schoolItemCode),
          eq(degrees.teacherCode, b.teacherCode),
          eq(degrees.startMinute, startMinute),
          eq(degrees.endMinute, endMinute),
          eq(degrees.status, DEGREE.held),
        ),
      )
      .for('update');
    let degree: DegreeRecord;
    if (held) {
      degree = await updateVersioned(tx, degrees, {
        where: eq(degrees.id, held.id),
        version: held.version,
        set: {
          startDate: b.startDate < held.startDate ? b.startDate : held.startDate,
          endDate: b.endDate > held.endDate ? b.endDate : held.endDate,
        },
        at: deps.now(),
      });
    } else {
      const [d] = await tx
        .insert(degrees)
        .values({
          schoolItemCode: b.schoolItemCode,
          teacherCode: b.teacherCode,
          startMinute,
          endMinute,
          shiftType: b.shiftType,
          timeType: b.timeType,
          startDate: b.startDate,
          endDate: b.endDate,
          createdBy: u.id,
          createdAt: deps.now(),
          updatedAt: deps.now(),
        })
        .returning();
      degree = must(d, 'seat');
    }
    const [item] = await tx
      .insert(degreeItems)
      .values({
        degreeId: degree.id,
        degreeType: b.degreeType,
        frequencyType: b.frequencyType,
        frequencyConfig,
        startDate: b.startDate,
        endDate: b.endDate,
        recordAttendance: b.recordAttendance,
        targetId: b.targetId,
        courseCode,
        classroomId: b.classroomId ?? null,
        hours: b.hours.toFixed(2),
        createdBy: u.id,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning({ id: degreeItems.id });
    const itemId = must(item, 'seat item').id;
    const booked = await bookLessons(
      tx,
      deps,
      u,
      itemId,
      {
        degree,
        degreeType: b.degreeType,
        targetId: b.targetId,
        courseCode,
        classroomId: b.classroomId ?? null,
        hours: b.hours,
        recordAttendance: b.recordAttendance,
      },
      f,
    );
    await audit(tx, u, 'itemSave', degree.id, { itemId, ...b, lessons: booked.lessons });
    return { degreeId: degree.id, itemId, cancelledLessons: 0, ...booked };
  });
}

export async function itemUpdate(deps: Deps, u: AuthUser, b: TDegreeItemUpdateParsed) {
  return deps.db.transaction(async (tx) => {
    const { item, degree } = await loadItem(tx, u, b.id, true);
    if (item.version !== b.version) throw staleVersion();
    if (degree.status !== DEGREE.held) throw ruleViolation('学位已释放 / the seat is released', 'id');
    const type = asType(item.degreeType);
    const frequencyConfig = normaliseFrequency(b, type);
    const f: Frequency = { ...b, frequencyConfig };
    await assertSeatFree(tx, degree, f, item.id);
    // Lessons from today are rebooked under the new frequency; what was given before stays.
    const cancelledLessons = await freeLessons(tx, deps, [item.id], today(deps));
    const classroomId = b.classroomId === undefined ? item.classroomId : b.classroomId;
    await updateVersioned(tx, degreeItems, {
      where: eq(degreeItems.id, item.id),
      version: item.version,
      set: {
        frequencyType: b.frequencyType,
        frequencyConfig,
        startDate: b.startDate,
        endDate: b.endDate,
        recordAttendance: b.recordAttendance,
        classroomId,
        hours: b.hours.toFixed(2),
      },
      at: deps.now(),
    });
    await tx
      .update(degrees)
      .set({
        startDate: sql`least(${degrees.startDate}, ${b.startDate}::date)`,
        endDate: sql`greatest(${degrees.endDate}, ${b.endDate}::date)`,
        updatedAt: deps.now(),
      })
      .where(eq(degrees.id, degree.id));
    const booked = await bookLessons(
      tx,
      deps,
      u,
      item.id,
      {
        degree,
        degreeType: type,
        targetId: item.targetId,
        courseCode: item.courseCode,
        classroomId,
        hours: b.hours,
        recordAttendance: b.recordAttendance,
      },
      f,
    );
    await audit(tx, u, 'itemUpdate', degree.id, { ...b, lessons: booked.lessons, cancelledLessons });
    return { cancelledLessons, ...booked };
  });
}

export async function itemDelete(deps: Deps, u: AuthUser, id: number) {
  return deps.db.transaction(async (tx) => {
    const { item, degree } = await loadItem(tx, u, id, true);
    const cancelledLessons = await freeLessons(tx, deps, [item.id], today(deps));
    await updateVersioned(tx, degreeItems, {
      where: eq(degreeItems.id, item.id),
      version: item.version,
      set: { status: DEGREE_ITEM_MACHINE.nextCode('delete', item.status) },
      at: deps.now(),
    });
    await audit(tx, u, 'itemDelete', degree.id, { itemId: item.id, cancelledLessons });
    return { cancelledLessons };
  });
}

export async function release(
  deps: Deps,
  u: AuthUser,
  b: { id: number; version: number; releaseDate?: string | undefined },
) {
  const from = b.releaseDate ?? today(deps);
  if (from < today(deps))
    throw ruleViolation('释放日期不能早于今天 / the release day cannot be in the past', 'releaseDate');
  return deps.db.transaction(async (tx) => {
    const d = await loadDegree(tx, u, b.id, true);
    if (d.version !== b.version) throw staleVersion();
    if (d.status !== DEGREE.held) throw ruleViolation('学位已释放 / the seat is already released', 'id');
    const items = await tx
      .select({ id: degreeItems.id })
      .from(degreeItems)
      .where(eq(degreeItems.degreeId, d.id));
    const cancelledLessons = await freeLessons(
      tx,
      deps,
      items.map((i) => i.id),
      from,
    );
    await updateVersioned(tx, degrees, {
      where: eq(degrees.id, d.id),
      version: d.version,
      set: { status: DEGREE_MACHINE.nextCode('release', d.status), releasedAt: deps.now(), releasedBy: u.id },
      at: deps.now(),
    });
    await audit(tx, u, 'release', d.id, { releaseDate: from, cancelledLessons });
    return { cancelledLessons, message: RELEASED };
  });
}

// ---- reads ------------------------------------------------------------------------------------

export async function query(
  deps: Deps,
  u: AuthUser,
  q: {
    schoolItemCode: string;
    teacherCode?: string | undefined;
    status?: number | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  const where = and(
    eq(degrees.schoolItemCode, q.schoolItemCode),
    q.teacherCode ? eq(degrees.teacherCode, q.teacherCode) : undefined,
    q.status ? eq(degrees.status, q.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(degrees).where(where);
  const rows = await db
    .select()
    .from(degrees)
    .where(where)
    .orderBy(asc(degrees.status), asc(degrees.teacherCode), asc(degrees.startMinute), asc(degrees.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const items = rows.length
    ? await db
        .select()
        .from(degreeItems)
        .where(
          and(
            inArray(
              degreeItems.degreeId,
              rows.map((r) => r.id),
            ),
            eq(degreeItems.status, DEGREE_ITEM.live),
          ),
        )
        .orderBy(asc(degreeItems.startDate))
    : [];
  const name = await targetNames(db, items);
  const names = await namesOf(db, { teacherCodes: [...new Set(rows.map((r) => r.teacherCode))] });
  const t = today(deps);
  const list: TDegreeRow[] = rows.map((d) => {
    const mine = items.filter((i) => i.degreeId === d.id);
    return {
      ...degreeFields(d, names.teacher.get(d.teacherCode) ?? d.teacherCode),
      itemCount: mine.length,
      holders: [...new Set(mine.filter((i) => i.endDate >= t).map(name))].join('、'),
    };
  });
  return { list, total: total?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function info(deps: Deps, u: AuthUser, id: number): Promise<TDegreeDetail> {
  const d = await loadDegree(deps.db, u, id);
  const items = await deps.db
    .select()
    .from(degreeItems)
    .where(and(eq(degreeItems.degreeId, id), eq(degreeItems.status, DEGREE_ITEM.live)))
    .orderBy(asc(degreeItems.startDate), asc(degreeItems.id));
  return {
    ...degreeFields(d, await teacherName(deps.db, d.teacherCode)),
    items: await itemRows(deps.db, deps, items),
  };
}

export async function itemInfo(deps: Deps, u: AuthUser, id: number): Promise<TDegreeItemRow> {
  const { item } = await loadItem(deps.db, u, id);
  return must((await itemRows(deps.db, deps, [item]))[0], 'seat item');
}

/** A would-be item's target: its name and the first day it may start (after its current item there). */
export async function targetConfig(
  deps: Deps,
  u: AuthUser,
  q: {
    schoolItemCode: string;
    teacherCode: string;
    timespanStart: string;
    timespanEnd: string;
    degreeType: TDegreeType;
    targetId: number;
  },
) {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  const name = await targetNames(db, [q]);
  const value = name(q);
  if (value === String(q.targetId))
    throw notFound(isClassTarget(q.degreeType) ? '班级 / class' : '学员 / student');
  const [last] = await db
    .select({ end: sql<string | null>`max(${degreeItems.endDate})::text` })
    .from(degreeItems)
    .innerJoin(degrees, eq(degrees.id, degreeItems.degreeId))
    .where(
      and(
        eq(degrees.schoolItemCode, q.schoolItemCode),
        eq(degrees.teacherCode, q.teacherCode),
        eq(degrees.startMinute, toMinute(q.timespanStart)),
        eq(degrees.endMinute, toMinute(q.timespanEnd)),
        eq(degrees.status, DEGREE.held),
        eq(degreeItems.status, DEGREE_ITEM.live),
        eq(degreeItems.degreeType, q.degreeType),
        eq(degreeItems.targetId, q.targetId),
      ),
    );
  const t = today(deps);
  const after = last?.end ? addDays(last.end, 1) : t;
  return { id: q.targetId, value, earliestDate: after > t ? after : t };
}

/** Student ids of a campus with paid hours left (any course) or a live study authorisation. */
const withHoursOrAuth = sql`(
  exists (select 1 from ${studentLedger} l where l.student_id = ${students.id} group by l.course_code having sum(l.hours) > 0)
  or exists (select 1 from ${studyAuthorisations} a where a.student_id = ${students.id} and a.revoked_at is null)
)`;
const withoutHours = sql`not exists (select 1 from ${studentLedger} l where l.student_id = ${students.id} group by l.course_code having sum(l.hours) > 0)`;
const likeOf = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The targets a degree type may hold: each type its own list (docs/teaching.md "Seats"). */
export async function targets(
  deps: Deps,
  u: AuthUser,
  degreeType: TDegreeType,
  q: {
    schoolItemCode: string;
    teacherCode: string;
    name?: string | undefined;
    pageNum: number;
    pageSize: number;
  },
) {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  const offset = (q.pageNum - 1) * q.pageSize;
  if (degreeType === 'GROUP_COURSE') {
    const where = and(
      eq(groupClasses.schoolItemCode, q.schoolItemCode),
      eq(groupClasses.teacherCode, q.teacherCode),
      eq(groupClasses.status, GROUP_CLASS.open),
      q.name ? ilike(groupClasses.name, likeOf(q.name)) : undefined,
    );
    const [total] = await db.select({ n: count() }).from(groupClasses).where(where);
    const rows = await db
      .select({
        id: groupClasses.id,
        code: groupClasses.code,
        name: groupClasses.name,
        capacity: groupClasses.capacity,
        members: sql<number>`(select count(*)::int from ${groupClassStudents} m where m.class_id = ${groupClasses.id})`,
      })
      .from(groupClasses)
      .where(where)
      .orderBy(asc(groupClasses.id))
      .limit(q.pageSize)
      .offset(offset);
    return {
      list: rows.map((r) => ({
        id: r.id,
        code: r.code,
        value: r.name,
        detail: `${r.members}/${r.capacity}`,
      })),
      total: total?.n ?? 0,
      pageIdx: q.pageNum,
      pageSize: q.pageSize,
    };
  }
  const where = and(
    eq(students.schoolItemCode, q.schoolItemCode),
    ne(students.status, STUDENT_STATUS.deleted),
    q.name ? ilike(students.name, likeOf(q.name)) : undefined,
    // Formal and temporary students hold hours (or an authorisation); a booking is made before any.
    degreeType === 'BOOK_STUDENT' ? withoutHours : degreeType === 'ASSIST_TASK' ? undefined : withHoursOrAuth,
  );
  const [total] = await db.select({ n: count() }).from(students).where(where);
  const rows = await db
    .select({ id: students.id, code: students.code, name: students.name })
    .from(students)
    .where(where)
    .orderBy(asc(students.id))
    .limit(q.pageSize)
    .offset(offset);
  const remain = SCHEDULE_ORDER_TYPES.includes(degreeType)
    ? await remainRows(
        db,
        rows.map((r) => r.id),
      )
    : [];
  return {
    list: rows.map((r) => {
      const mine = remain.filter((x) => x.studentId === r.id);
      const hours = mine.reduce((s, x) => s + Math.round(x.schedulableHours * 100), 0) / 100;
      return { id: r.id, code: r.code, value: r.name, detail: mine.length ? String(hours) : '' };
    }),
    total: total?.n ?? 0,
    pageIdx: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** A formal or temporary student's schedule orders: courses with hours, and courses authorised. */
export async function scheduleOrders(deps: Deps, u: AuthUser, studentId: number, degreeType: TDegreeType) {
  if (!SCHEDULE_ORDER_TYPES.includes(degreeType))
    throw ruleViolation(
      '只有正式学员和临时学员有排课订单 / only formal and temporary students have schedule orders',
      'degreeType',
    );
  const db = deps.db;
  const [s] = await db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const remain = (await remainRows(db, [studentId])).filter((r) => r.remainingHours > 0);
  const auths = await db
    .select({ courseCode: studyAuthorisations.courseCode, courseName: courses.name })
    .from(studyAuthorisations)
    .leftJoin(courses, eq(courses.code, studyAuthorisations.courseCode))
    .where(and(eq(studyAuthorisations.studentId, studentId), isNull(studyAuthorisations.revokedAt)));
  const authorised = new Set(auths.map((a) => a.courseCode));
  const rows = remain.map((r) => ({
    courseCode: r.courseCode,
    courseName: r.courseName,
    remainingHours: r.remainingHours,
    schedulableHours: r.schedulableHours,
    authorised: authorised.has(r.courseCode),
  }));
  for (const a of auths)
    if (!rows.some((r) => r.courseCode === a.courseCode))
      rows.push({
        courseCode: a.courseCode,
        courseName: a.courseName ?? a.courseCode,
        remainingHours: 0,
        schedulableHours: 0,
        authorised: true,
      });
  return rows;
}

/** Monday of the week holding a day. */
function mondayOf(day: string): string {
  const code = weekdayCode(day) ?? 2;
  return addDays(day, code === 1 ? -6 : 2 - code);
}

export async function book(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; date?: string | undefined; teacherCode?: string | undefined },
): Promise<TDegreeBookRow[]> {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  const monday = mondayOf(q.date ?? today(deps));
  const sunday = addDays(monday, 6);
  const seats = await db
    .select()
    .from(degrees)
    .where(
      and(
        eq(degrees.schoolItemCode, q.schoolItemCode),
        eq(degrees.status, DEGREE.held),
        q.teacherCode ? eq(degrees.teacherCode, q.teacherCode) : undefined,
      ),
    )
    .orderBy(asc(degrees.teacherCode), asc(degrees.startMinute))
    .limit(500);
  if (!seats.length) return [];
  const items = await db
    .select()
    .from(degreeItems)
    .where(
      and(
        inArray(
          degreeItems.degreeId,
          seats.map((s) => s.id),
        ),
        eq(degreeItems.status, DEGREE_ITEM.live),
        sql`${degreeItems.startDate} <= ${sunday}`,
        sql`${degreeItems.endDate} >= ${monday}`,
      ),
    );
  const name = await targetNames(db, items);
  const names = await namesOf(db, { teacherCodes: [...new Set(seats.map((s) => s.teacherCode))] });
  return seats.map((s) => ({
    degreeId: s.id,
    teacherCode: s.teacherCode,
    teacherName: names.teacher.get(s.teacherCode) ?? s.teacherCode,
    timespanRange: spanOf(s),
    days: WEEK_ORDER.map((code, i) => {
      const day = addDays(monday, i);
      const holder = items.find(
        (it) =>
          it.degreeId === s.id &&
          occupies(
            {
              frequencyType: asFrequency(it.frequencyType),
              frequencyConfig: it.frequencyConfig,
              startDate: it.startDate,
              endDate: it.endDate,
            },
            day,
          ),
      );
      return {
        weekday: code,
        degreeType: holder ? asType(holder.degreeType) : null,
        holder: holder ? name(holder) : '',
      };
    }),
  }));
}

export async function history(deps: Deps, u: AuthUser, id: number) {
  await loadDegree(deps.db, u, id);
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.action, AUDIT_ACTIONS), eq(auditLog.target, `degree:${id}`)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(200);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    action: r.action.replace('teaching.degree.', ''),
    username: r.username ?? '',
    detail: r.detail === null ? '' : JSON.stringify(r.detail),
  }));
}

export async function filter(deps: Deps, u: AuthUser, campus: string) {
  assertCampus(u, campus);
  const rows = await deps.db
    .selectDistinct({ teacherCode: degrees.teacherCode, s: degrees.startMinute, e: degrees.endMinute })
    .from(degrees)
    .where(and(eq(degrees.schoolItemCode, campus), eq(degrees.status, DEGREE.held)));
  const names = await namesOf(deps.db, { teacherCodes: [...new Set(rows.map((r) => r.teacherCode))] });
  return {
    teachers: [...new Set(rows.map((r) => r.teacherCode))].sort().map((code) => ({
      code,
      name: names.teacher.get(code) ?? code,
    })),
    timespans: [...new Set(rows.map((r) => spanOf({ startMinute: r.s, endMinute: r.e })))].sort(),
  };
}

// ---- study authorisation ----------------------------------------------------------------------

export async function authQuery(
  deps: Deps,
  u: AuthUser,
  q: {
    schoolItemCode: string;
    name?: string | undefined;
    withRevoked?: 'yes' | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  assertCampus(u, q.schoolItemCode);
  const db = deps.db;
  const where = and(
    eq(studyAuthorisations.schoolItemCode, q.schoolItemCode),
    q.withRevoked ? undefined : isNull(studyAuthorisations.revokedAt),
    q.name ? ilike(students.name, likeOf(q.name)) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(studyAuthorisations)
    .innerJoin(students, eq(students.id, studyAuthorisations.studentId))
    .where(where);
  const rows = await db
    .select({
      a: studyAuthorisations,
      studentCode: students.code,
      studentName: students.name,
      courseName: courses.name,
      by: users.name,
    })
    .from(studyAuthorisations)
    .innerJoin(students, eq(students.id, studyAuthorisations.studentId))
    .leftJoin(courses, eq(courses.code, studyAuthorisations.courseCode))
    .leftJoin(users, eq(users.id, studyAuthorisations.authorisedBy))
    .where(where)
    .orderBy(desc(studyAuthorisations.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.a.id,
      studentId: r.a.studentId,
      studentCode: r.studentCode,
      studentName: r.studentName,
      courseCode: r.a.courseCode,
      courseName: r.courseName ?? r.a.courseCode,
      remark: r.a.remark,
      authorisedBy: r.by ?? '',
      authorisedAt: r.a.authorisedAt.toISOString(),
      revokedAt: r.a.revokedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function authorise(
  deps: Deps,
  u: AuthUser,
  b: { studentId: number; courseCode: string; remark: string },
) {
  return deps.db.transaction(async (tx) => {
    const [s] = await tx.select().from(students).where(eq(students.id, b.studentId));
    if (!s || s.status === STUDENT_STATUS.deleted)
      throw badInput('studentId', '学员不存在 / no such student');
    assertCampus(u, s.schoolItemCode);
    const [c] = await tx.select({ code: courses.code }).from(courses).where(eq(courses.code, b.courseCode));
    if (!c) throw badInput('courseCode', '课程不存在 / no such course');
    const [live] = await tx
      .select({ id: studyAuthorisations.id })
      .from(studyAuthorisations)
      .where(
        and(
          eq(studyAuthorisations.studentId, b.studentId),
          eq(studyAuthorisations.courseCode, b.courseCode),
          isNull(studyAuthorisations.revokedAt),
        ),
      );
    if (live)
      throw conflict(
        '该学员已获此课程授权 / the student is already authorised for this course',
        'courseCode',
      );
    const [row] = await tx
      .insert(studyAuthorisations)
      .values({
        studentId: b.studentId,
        schoolItemCode: s.schoolItemCode,
        courseCode: b.courseCode,
        remark: b.remark,
        authorisedBy: u.id,
        authorisedAt: deps.now(),
      })
      .returning({ id: studyAuthorisations.id });
    const id = must(row, 'authorisation').id;
    await writeAudit(tx, {
      action: 'teaching.studyAuth.auth',
      target: `student:${b.studentId}`,
      detail: b,
      userId: u.id,
      username: u.username,
    });
    return { id };
  });
}

export async function unauthorise(deps: Deps, u: AuthUser, id: number) {
  await deps.db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(studyAuthorisations)
      .where(eq(studyAuthorisations.id, id))
      .for('update');
    if (!a) throw notFound('授权 / authorisation');
    assertCampus(u, a.schoolItemCode);
    if (a.revokedAt) return;
    await tx
      .update(studyAuthorisations)
      .set({ revokedAt: deps.now(), revokedBy: u.id })
      .where(eq(studyAuthorisations.id, id));
    await writeAudit(tx, {
      action: 'teaching.studyAuth.unAuth',
      target: `student:${a.studentId}`,
      detail: { id, courseCode: a.courseCode },
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}
