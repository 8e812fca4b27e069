// Class-hour reports: remaining hours per student and course (ledger balances less what is booked),
// order items, attendance records, consumption per course and attendance statistics.
import { fromCents, STUDENT_STATUS } from '@bo/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { TRemainRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { countQueryUpTo } from '../../db/paging.js';
import type { AppDeps } from '../../deps.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { balances, studentLedger } from '../ledger/index.js';
import { orderItems, orders, ORDER_STATUS_CODE } from '../orders/index.js';
import { students } from '../students/index.js';
import { courses } from '../../db/schema.js';
import { employees } from '../../db/schema.js';
import { namesOf, q100, type Deps } from './common.js';
import { CONSUMING_KINDS } from './conflicts.js';
import { attendanceStatus } from './lessons.js';
import { attendances, lessonStudents, lessons } from './tables.js';
import { LESSON, LESSON_STUDENT } from './states.js';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The campuses a report reads: the one asked (checked) or the caller's scope. */
function campuses(u: AuthUser, code: string | undefined): string[] | null {
  if (code) {
    assertCampus(u, code);
    return [code];
  }
  return campusScope(u);
}

async function bookedByStudentCourse(tx: DbOrTx, studentIds: number[]) {
  if (!studentIds.length) return new Map<string, number>();
  const rows = await tx
    .select({
      studentId: lessonStudents.studentId,
      courseCode: lessons.courseCode,
      h: sql<string>`sum(${lessons.hours})::text`,
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .leftJoin(
      attendances,
      and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
    )
    .where(
      and(
        inArray(lessonStudents.studentId, studentIds),
        eq(lessonStudents.status, LESSON_STUDENT.booked),
        eq(lessons.status, LESSON.scheduled),
        inArray(lessons.kind, CONSUMING_KINDS),
        isNull(attendances.id),
      ),
    )
    .groupBy(lessonStudents.studentId, lessons.courseCode);
  return new Map(rows.map((r) => [`${r.studentId}|${r.courseCode}`, q100(r.h)]));
}

/** Remaining hours per student and course of the given students. */
export async function remainRows(tx: DbOrTx, studentIds: number[]): Promise<TRemainRow[]> {
  if (!studentIds.length) return [];
  const items = await balances(tx, { studentIds });
  const booked = await bookedByStudentCourse(tx, studentIds);
  const names = await namesOf(tx, {
    courseCodes: [...new Set(items.map((b) => b.courseCode))],
    studentIds,
  });
  const acc = new Map<string, TRemainRow & { v: number }>();
  for (const b of items) {
    const key = `${b.studentId}|${b.courseCode}`;
    const s = names.student.get(b.studentId);
    const row = acc.get(key) ?? {
      studentId: b.studentId,
      studentCode: s?.code ?? '',
      studentName: s?.name ?? '',
      schoolItemCode: b.schoolItemCode,
      courseCode: b.courseCode,
      courseName: names.course.get(b.courseCode)?.name ?? b.courseCode,
      boughtHours: 0,
      giftHours: 0,
      consumedHours: 0,
      refundedHours: 0,
      remainingHours: 0,
      scheduledHours: 0,
      schedulableHours: 0,
      remainingValue: '0.00',
      v: 0,
    };
    row.boughtHours += b.bought100;
    row.giftHours += b.gift100;
    row.consumedHours += b.consumed100;
    row.refundedHours += b.refunded100;
    row.remainingHours += b.remaining100;
    row.v += b.remainingValueCents;
    acc.set(key, row);
  }
  return [...acc.entries()]
    .map(([key, r]) => {
      const sched = booked.get(key) ?? 0;
      return {
        studentId: r.studentId,
        studentCode: r.studentCode,
        studentName: r.studentName,
        schoolItemCode: r.schoolItemCode,
        courseCode: r.courseCode,
        courseName: r.courseName,
        boughtHours: r.boughtHours / 100,
        giftHours: r.giftHours / 100,
        consumedHours: r.consumedHours / 100,
        refundedHours: r.refundedHours / 100,
        remainingHours: r.remainingHours / 100,
        scheduledHours: sched / 100,
        schedulableHours: Math.max(0, r.remainingHours - sched) / 100,
        remainingValue: fromCents(r.v),
      };
    })
    .sort((a, b) => a.studentName.localeCompare(b.studentName) || a.courseCode.localeCompare(b.courseCode));
}

export async function studentRemain(deps: Deps, u: AuthUser, studentId: number, withValue: boolean) {
  const [s] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const rows = await remainRows(deps.db, [studentId]);
  return withValue ? rows : rows.map((r) => ({ ...r, remainingValue: '' }));
}

async function studentIdsOf(tx: DbOrTx, camp: string[] | null, name: string | undefined, limit = 5000) {
  const rows = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        camp ? inArray(students.schoolItemCode, camp.length ? camp : ['']) : undefined,
        ne(students.status, STUDENT_STATUS.deleted),
        name ? ilike(students.name, like(name)) : undefined,
      ),
    )
    .orderBy(asc(students.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function studentsWithHours(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; courseCode?: string | undefined; name?: string | undefined },
) {
  assertCampus(u, q.schoolItemCode);
  const ids = await studentIdsOf(deps.db, [q.schoolItemCode], q.name, 500);
  const rows = (await remainRows(deps.db, ids)).filter(
    (r) => r.remainingHours > 0 && (!q.courseCode || r.courseCode === q.courseCode),
  );
  const per = new Map<
    number,
    { studentId: number; studentCode: string; studentName: string; remainingHours: number }
  >();
  for (const r of rows) {
    const cur = per.get(r.studentId);
    per.set(r.studentId, {
      studentId: r.studentId,
      studentCode: r.studentCode,
      studentName: r.studentName,
      remainingHours: (cur?.remainingHours ?? 0) + r.remainingHours,
    });
  }
  return [...per.values()];
}

export async function pageCourseRemain(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode?: string | undefined; name?: string | undefined; pageIdx: number; pageSize: number },
) {
  const all = await allCourseRemain(deps, u, q);
  return {
    list: all.slice((q.pageIdx - 1) * q.pageSize, q.pageIdx * q.pageSize),
    total: all.length,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}
export async function allCourseRemain(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode?: string | undefined; name?: string | undefined },
) {
  const ids = await studentIdsOf(deps.db, campuses(u, q.schoolItemCode), q.name);
  return remainRows(deps.db, ids);
}

export async function pageCourseOrders(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode?: string | undefined; name?: string | undefined; pageIdx: number; pageSize: number },
) {
  const camp = campuses(u, q.schoolItemCode);
  const w = and(
    inArray(orders.status, [ORDER_STATUS_CODE.effective, ORDER_STATUS_CODE.closed]),
    camp ? inArray(orders.schoolItemCode, camp.length ? camp : ['']) : undefined,
    q.name ? ilike(students.name, like(q.name)) : undefined,
  );
  const [total] = await deps.db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(students, eq(students.id, orders.studentId))
    .where(w);
  const rows = await deps.db
    .select({
      orderId: orders.id,
      orderCode: orders.code,
      orderItemId: orderItems.id,
      studentCode: students.code,
      studentName: students.name,
      schoolItemCode: orders.schoolItemCode,
      courseName: orderItems.courseName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(students, eq(students.id, orders.studentId))
    .where(w)
    .orderBy(desc(orders.id), asc(orderItems.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const bal = new Map(
    (await balances(deps.db, { orderItemIds: rows.map((r) => Number(r.orderItemId)) })).map((b) => [
      b.orderItemId,
      b,
    ]),
  );
  return {
    list: rows.map((r) => {
      const b = bal.get(Number(r.orderItemId));
      return {
        ...r,
        orderItemId: Number(r.orderItemId),
        boughtHours: (b?.bought100 ?? 0) / 100,
        giftHours: (b?.gift100 ?? 0) / 100,
        consumedHours: (b?.consumed100 ?? 0) / 100,
        remainingHours: (b?.remaining100 ?? 0) / 100,
        remainingValue: fromCents(b?.remainingValueCents ?? 0),
      };
    }),
    total: Number(total?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

interface Range {
  schoolItemCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
function rangeWhere(u: AuthUser, q: Range): SQL | undefined {
  const camp = campuses(u, q.schoolItemCode);
  return and(
    camp ? inArray(attendances.schoolItemCode, camp.length ? camp : ['']) : undefined,
    q.from ? gte(attendances.lessonDate, q.from) : undefined,
    q.to ? lte(attendances.lessonDate, q.to) : undefined,
  );
}

/** The sign records' filter in the caller's scope (a campus outside it is refused, 403). */
export const signWhere = (u: AuthUser, q: Range & { name?: string | undefined }) =>
  and(rangeWhere(u, q), q.name ? ilike(students.name, like(q.name)) : undefined);

/** The sign records matching `w`, newest lesson first. */
function signRows(deps: Deps, w: SQL | undefined) {
  return deps.db
    .select({
      a: attendances,
      studentCode: students.code,
      studentName: students.name,
      courseName: courses.name,
      teacherName: employees.name,
      confirmedAt: lessons.confirmedAt,
    })
    .from(attendances)
    .innerJoin(students, eq(students.id, attendances.studentId))
    .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
    .leftJoin(courses, eq(courses.code, attendances.courseCode))
    .leftJoin(employees, eq(employees.code, attendances.teacherCode))
    .where(w)
    .orderBy(desc(attendances.lessonDate), desc(attendances.id))
    .$dynamic();
}

type SignJoin = Awaited<ReturnType<typeof signRows>>[number];
const signRecord = (r: SignJoin) => ({
  attendanceId: r.a.id,
  lessonId: r.a.lessonId,
  lessonDate: r.a.lessonDate,
  schoolItemCode: r.a.schoolItemCode,
  studentCode: r.studentCode,
  studentName: r.studentName,
  courseName: r.courseName ?? r.a.courseCode,
  teacherName: r.teacherName ?? r.a.teacherCode,
  status: statusOf(r.a.status),
  hours: Number(r.a.hours),
  paid: r.a.paid,
  confirmed: r.confirmedAt !== null,
  signedAt: r.a.signedAt.toISOString(),
  cancelled: r.a.cancelledAt !== null,
  cancelReason: r.a.cancelReason,
});
export type SignRecord = ReturnType<typeof signRecord>;
/** Where a batch of the streamed export starts after. */
export type SignRecordKey = Pick<SignRecord, 'lessonDate' | 'attendanceId'>;

/** A page of sign records, counted as every list counts (exactly up to the limit, else estimated). */
export async function signRecords(
  deps: AppDeps,
  u: AuthUser,
  q: Range & { name?: string | undefined; pageIdx: number; pageSize: number },
) {
  const w = signWhere(u, q);
  const rows = await signRows(deps, w)
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const total = await countQueryUpTo(deps, () =>
    deps.db
      .select({ one: sql`1` })
      .from(attendances)
      .innerJoin(students, eq(students.id, attendances.studentId))
      .where(w)
      .$dynamic(),
  );
  return { list: rows.map(signRecord), ...total };
}

/**
 * The sign records of `where` (signWhere) after `last` (null: from the newest), `batch` at most, read
 * by key (the lesson day and attendance id of the last row) for the streamed export.
 */
export async function signRecordBatch(
  deps: Deps,
  where: SQL | undefined,
  last: SignRecordKey | null,
  batch: number,
) {
  const after = last
    ? sql`(${attendances.lessonDate}, ${attendances.id}) < (${last.lessonDate}, ${last.attendanceId})`
    : undefined;
  return (await signRows(deps, and(where, after)).limit(batch)).map(signRecord);
}
const statusOf = (v: string) => attendanceStatus(v) ?? 'present';

export async function consumptionByCourse(deps: Deps, u: AuthUser, q: Range) {
  const rows = await deps.db
    .select({
      courseCode: attendances.courseCode,
      courseName: sql<string>`max(${courses.name})`,
      lessons: sql<number>`count(distinct ${attendances.lessonId})::int`,
      hours: sql<string>`coalesce(sum(-${studentLedger.hours}), 0)::text`,
      value: sql<string>`coalesce(sum(-${studentLedger.valueCents}), 0)::text`,
    })
    .from(studentLedger)
    .innerJoin(
      attendances,
      and(eq(studentLedger.sourceType, 'attendance'), eq(studentLedger.sourceId, attendances.id)),
    )
    .leftJoin(courses, eq(courses.code, attendances.courseCode))
    .where(rangeWhere(u, q))
    .groupBy(attendances.courseCode)
    .orderBy(asc(attendances.courseCode));
  return rows.map((r) => ({
    courseCode: r.courseCode,
    courseName: r.courseName,
    lessons: Number(r.lessons),
    consumedHours: Number(r.hours),
    consumedValue: fromCents(Number(r.value)),
  }));
}

/** Hours and value consumed per student and course in a range: the ledger's attendance movements, summed in SQL. */
export async function studentCost(
  deps: Deps,
  u: AuthUser,
  q: Range & { name?: string | undefined; pageIdx: number; pageSize: number },
) {
  const w = and(
    rangeWhere(u, q),
    eq(studentLedger.sourceType, 'attendance'),
    q.name ? ilike(students.name, like(q.name)) : undefined,
  );
  const from = () =>
    deps.db
      .select({
        studentId: attendances.studentId,
        courseCode: attendances.courseCode,
        schoolItemCode: sql<string>`max(${attendances.schoolItemCode})`,
        studentCode: sql<string>`max(${students.code})`,
        studentName: sql<string>`max(${students.name})`,
        courseName: sql<string>`max(${courses.name})`,
        lessons: sql<number>`count(distinct ${attendances.lessonId})::int`,
        hours: sql<string>`coalesce(sum(-${studentLedger.hours}), 0)::text`,
        value: sql<string>`coalesce(sum(-${studentLedger.valueCents}), 0)::text`,
      })
      .from(studentLedger)
      .innerJoin(attendances, eq(studentLedger.sourceId, attendances.id))
      .innerJoin(students, eq(students.id, attendances.studentId))
      .leftJoin(courses, eq(courses.code, attendances.courseCode))
      .where(w)
      .groupBy(attendances.studentId, attendances.courseCode)
      // A cancelled sign's consumption and its reversal sum to nothing: such groups are left out.
      .having(sql`sum(${studentLedger.hours}) <> 0 or sum(${studentLedger.valueCents}) <> 0`);
  const [total] = await deps.db.select({ n: count() }).from(from().as('g'));
  const rows = await from()
    .orderBy(asc(attendances.studentId), asc(attendances.courseCode))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({
      studentId: r.studentId,
      studentCode: r.studentCode,
      studentName: r.studentName,
      schoolItemCode: r.schoolItemCode,
      courseCode: r.courseCode,
      courseName: r.courseName ?? r.courseCode,
      lessons: Number(r.lessons),
      consumedHours: Number(r.hours),
      consumedValue: fromCents(Number(r.value)),
    })),
    total: Number(total?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

const counts = {
  present: sql<number>`count(*) filter (where ${attendances.status} = 'present')::int`,
  late: sql<number>`count(*) filter (where ${attendances.status} = 'late')::int`,
  leave: sql<number>`count(*) filter (where ${attendances.status} = 'leave')::int`,
  absent: sql<number>`count(*) filter (where ${attendances.status} = 'absent')::int`,
  makeup: sql<number>`count(*) filter (where ${attendances.status} = 'makeup')::int`,
  consumed: sql<string>`coalesce(sum(${attendances.hours}), 0)::text`,
};
const countsOf = (r: {
  present: number;
  late: number;
  leave: number;
  absent: number;
  makeup: number;
  consumed: string;
}) => ({
  present: Number(r.present),
  late: Number(r.late),
  leave: Number(r.leave),
  absent: Number(r.absent),
  makeup: Number(r.makeup),
  consumedHours: Number(r.consumed),
});

export async function studentStats(
  deps: Deps,
  u: AuthUser,
  q: Range & { pageIdx: number; pageSize: number },
) {
  const w = and(rangeWhere(u, q), isNull(attendances.cancelledAt));
  const [total] = await deps.db
    .select({ n: sql<number>`count(distinct ${attendances.studentId})::int` })
    .from(attendances)
    .where(w);
  const rows = await deps.db
    .select({ studentId: attendances.studentId, ...counts })
    .from(attendances)
    .where(w)
    .groupBy(attendances.studentId)
    .orderBy(asc(attendances.studentId))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const names = await namesOf(deps.db, { studentIds: rows.map((r) => r.studentId) });
  return {
    list: rows.map((r) => ({
      studentId: r.studentId,
      studentCode: names.student.get(r.studentId)?.code ?? '',
      studentName: names.student.get(r.studentId)?.name ?? '',
      ...countsOf(r),
    })),
    total: Number(total?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function teacherStats(
  deps: Deps,
  u: AuthUser,
  q: Range & { pageIdx: number; pageSize: number },
) {
  const camp = campuses(u, q.schoolItemCode);
  const lw = and(
    eq(lessons.status, LESSON.scheduled),
    camp ? inArray(lessons.schoolItemCode, camp.length ? camp : ['']) : undefined,
    q.from ? gte(lessons.lessonDate, q.from) : undefined,
    q.to ? lte(lessons.lessonDate, q.to) : undefined,
  );
  const [total] = await deps.db
    .select({ n: sql<number>`count(distinct ${lessons.teacherCode})::int` })
    .from(lessons)
    .where(lw);
  const per = await deps.db
    .select({
      teacherCode: lessons.teacherCode,
      lessons: sql<number>`count(*)::int`,
      confirmed: sql<number>`count(*) filter (where ${lessons.confirmedAt} is not null)::int`,
    })
    .from(lessons)
    .where(lw)
    .groupBy(lessons.teacherCode)
    .orderBy(asc(lessons.teacherCode))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const codes = per.map((p) => p.teacherCode);
  const att = codes.length
    ? await deps.db
        .select({
          teacherCode: attendances.teacherCode,
          paid: sql<number>`count(*) filter (where ${attendances.paid})::int`,
          ...counts,
        })
        .from(attendances)
        .where(
          and(rangeWhere(u, q), isNull(attendances.cancelledAt), inArray(attendances.teacherCode, codes)),
        )
        .groupBy(attendances.teacherCode)
    : [];
  const names = await namesOf(deps.db, { teacherCodes: codes });
  return {
    list: per.map((p) => {
      const a = att.find((x) => x.teacherCode === p.teacherCode);
      return {
        teacherCode: p.teacherCode,
        teacherName: names.teacher.get(p.teacherCode) ?? p.teacherCode,
        lessons: Number(p.lessons),
        confirmedLessons: Number(p.confirmed),
        paidAttendances: Number(a?.paid ?? 0),
        ...countsOf(a ?? { present: 0, late: 0, leave: 0, absent: 0, makeup: 0, consumed: '0' }),
      };
    }),
    total: Number(total?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function courseStats(
  deps: Deps,
  u: AuthUser,
  q: Range & { studentId?: number | undefined; teacherCode?: string | undefined },
) {
  if (q.studentId) {
    const [s] = await deps.db.select().from(students).where(eq(students.id, q.studentId));
    if (!s) throw notFound('学员 / student');
    assertCampus(u, s.schoolItemCode);
  }
  const rows = await deps.db
    .select({ courseCode: attendances.courseCode, courseName: sql<string>`max(${courses.name})`, ...counts })
    .from(attendances)
    .leftJoin(courses, eq(courses.code, attendances.courseCode))
    .where(
      and(
        q.studentId ? undefined : rangeWhere(u, q),
        q.from ? gte(attendances.lessonDate, q.from) : undefined,
        q.to ? lte(attendances.lessonDate, q.to) : undefined,
        isNull(attendances.cancelledAt),
        q.studentId ? eq(attendances.studentId, q.studentId) : undefined,
        q.teacherCode ? eq(attendances.teacherCode, q.teacherCode) : undefined,
      ),
    )
    .groupBy(attendances.courseCode)
    .orderBy(asc(attendances.courseCode));
  return rows.map((r) => ({
    courseCode: r.courseCode,
    courseName: r.courseName ?? r.courseCode,
    ...countsOf(r),
  }));
}
