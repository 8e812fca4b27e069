// The confirmed lessons of a salary period, one row per signed (not cancelled) attendance: what the
// class-hour confirmation covers, with the teacher's confirmation of the lesson (at, by) and the state
// of the period's class-hour confirmation. Read by finance's data export (/financial/dataExport) as a
// page (its count) and as a streamed workbook of the whole filtered result.
import { and, asc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TConfirmedLessonRow } from '@bo/api-sdk';
import { exportFileName } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import { countQueryUpTo } from '../../db/paging.js';
import type { DbOrTx } from '../../db/client.js';
import { attendances, courses, employees, lessons, schoolItems, students, users } from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { streamedWorkbook, type XlsxColumn } from '../../shared/xlsx.js';
import { periodDays } from '../sealing/index.js';
import { actsForAnyTeacher } from './service.js';
import { classHourConfirmationLessons as chl, classHourConfirmations as chc } from './tables.js';
import { LESSON } from '../teaching/index.js';

export interface ConfirmedQuery {
  year: number;
  month: number;
  schoolItemCode?: string | undefined;
  keyword?: string | undefined;
}

const STATUS_NAME: Record<string, string> = {
  present: '出勤',
  late: '迟到',
  leave: '请假',
  absent: '缺勤',
  makeup: '补课',
};
const CONFIRMATION_NAME: Record<number, string> = { 5: '待审批', 10: '审批中', 15: '审批中', 20: '已通过' };

export const CONFIRMED_COLUMNS: XlsxColumn[] = [
  { key: 'lessonDate', header: '上课日期 / Date', text: true },
  { key: 'time', header: '时间 / Time', text: true },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'teacherCode', header: '教师工号 / Teacher code', text: true },
  { key: 'teacherName', header: '教师 / Teacher' },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'courseName', header: '课程 / Course' },
  { key: 'statusName', header: '考勤 / Attendance' },
  { key: 'paidName', header: '计薪 / Paid' },
  { key: 'hours', header: '课时 / Hours' },
  { key: 'confirmedAtText', header: '确认时间 / Confirmed at', width: 20 },
  { key: 'confirmedBy', header: '确认人 / Confirmed by' },
  { key: 'confirmationName', header: '课时确认 / Confirmation' },
  { key: 'lessonId', header: '课程编号 / Lesson' },
];

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const like = (kw: string) => `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The filter, checked (campus in scope) before anything is read or streamed. */
async function confirmedWhere(db: DbOrTx, u: AuthUser, q: ConfirmedQuery): Promise<SQL | undefined> {
  let campus: SQL | undefined;
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    campus = eq(lessons.schoolItemCode, q.schoolItemCode);
  } else {
    const scope = campusScope(u);
    campus = scope === null ? undefined : scope.length ? inArray(lessons.schoolItemCode, scope) : sql`false`;
  }
  const days = await periodDays(db, q.year, q.month);
  const kw = q.keyword ? like(q.keyword) : null;
  return and(
    eq(lessons.status, LESSON.scheduled),
    isNotNull(lessons.confirmedAt),
    gte(lessons.lessonDate, days.startDate),
    lte(lessons.lessonDate, days.endDate),
    isNull(attendances.cancelledAt),
    campus,
    // A teacher reads only their own lessons, as on the confirmation screens.
    actsForAnyTeacher(u) ? undefined : eq(lessons.teacherCode, u.employeeCode ?? ''),
    kw
      ? or(
          ilike(employees.name, kw),
          ilike(lessons.teacherCode, kw),
          ilike(students.name, kw),
          ilike(students.code, kw),
        )
      : undefined,
  );
}

function select(db: DbOrTx) {
  return (
    db
      .select({
        a: attendances,
        l: lessons,
        schoolItemName: schoolItems.name,
        teacherName: employees.name,
        studentCode: students.code,
        studentName: students.name,
        courseName: courses.name,
        confirmedBy: users.name,
        confirmationStatus: chc.status,
        confirmationKind: chc.kind,
      })
      .from(attendances)
      .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
      .leftJoin(schoolItems, eq(schoolItems.code, lessons.schoolItemCode))
      .leftJoin(employees, eq(employees.code, lessons.teacherCode))
      .leftJoin(students, eq(students.id, attendances.studentId))
      .leftJoin(courses, eq(courses.code, lessons.courseCode))
      .leftJoin(users, eq(users.id, lessons.confirmedBy))
      // The live confirmation covering the lesson (at most one: the partial unique index on lesson_id).
      .leftJoin(chl, and(eq(chl.lessonId, lessons.id), eq(chl.live, true)))
      .leftJoin(chc, eq(chc.id, chl.confirmationId))
      .$dynamic()
  );
}

type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toRow = (x: Joined): TConfirmedLessonRow => ({
  attendanceId: x.a.id,
  lessonId: x.l.id,
  lessonDate: x.l.lessonDate,
  time: `${hhmm(x.l.startMinute)}-${hhmm(x.l.endMinute)}`,
  schoolItemCode: x.l.schoolItemCode,
  schoolItemName: x.schoolItemName,
  teacherCode: x.l.teacherCode,
  teacherName: x.teacherName,
  studentCode: x.studentCode,
  studentName: x.studentName,
  courseCode: x.l.courseCode,
  courseName: x.courseName,
  status: x.a.status,
  paid: x.a.paid,
  hours: Math.round(Number(x.l.hours) * 100) / 100,
  confirmedAt: (x.l.confirmedAt ?? x.a.signedAt).toISOString(),
  confirmedBy: x.confirmedBy,
  confirmationStatus: x.confirmationStatus,
  confirmationKind: x.confirmationKind,
});

const ORDER = [asc(lessons.lessonDate), asc(attendances.id)];

export async function confirmedPage(
  deps: AppDeps,
  u: AuthUser,
  q: ConfirmedQuery & { pageIdx: number; pageSize: number },
) {
  const where = await confirmedWhere(deps.db, u, q);
  const rows = await select(deps.db)
    .where(where)
    .orderBy(...ORDER)
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const total = await countQueryUpTo(deps, () =>
    deps.db
      .select({ one: sql`1` })
      .from(attendances)
      .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
      .leftJoin(employees, eq(employees.code, lessons.teacherCode))
      .leftJoin(students, eq(students.id, attendances.studentId))
      .where(where)
      .$dynamic(),
  );
  return { list: rows.map(toRow), ...total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

const BATCH = 1000;
/** Shanghai wall time of an instant, as the screens show it. */
const shanghaiText = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const sheetRow = (r: TConfirmedLessonRow) => ({
  ...r,
  statusName: STATUS_NAME[r.status] ?? r.status,
  paidName: r.paid ? '是' : '否',
  confirmedAtText: shanghaiText(r.confirmedAt),
  confirmationName:
    r.confirmationStatus === null
      ? '未提交'
      : `${CONFIRMATION_NAME[r.confirmationStatus] ?? ''}${r.confirmationKind === 'supplementary' ? '（补充）' : ''}`,
});

export async function confirmedExport(deps: AppDeps, u: AuthUser, q: ConfirmedQuery) {
  const where = await confirmedWhere(deps.db, u, q);
  const period = `${q.year}-${String(q.month).padStart(2, '0')}`;
  return streamedWorkbook<ReturnType<typeof sheetRow>>({
    filename: exportFileName(`课时确认明细_${period}`, deps.now()),
    sheetName: '课时确认明细',
    columns: CONFIRMED_COLUMNS,
    batch: BATCH,
    next: async (last) => {
      const after = last
        ? sql`(${lessons.lessonDate}, ${attendances.id}) > (${last.lessonDate}, ${last.attendanceId})`
        : undefined;
      const rows = await select(deps.db)
        .where(and(where, after))
        .orderBy(...ORDER)
        .limit(BATCH);
      return rows.map((x) => sheetRow(toRow(x)));
    },
  });
}
