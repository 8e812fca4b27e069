// /education/dataExport: a campus's lessons and attendance of a period as one workbook (two
// sheets), written with exceljs's streaming writer while the rows are read in keyset batches, so a
// year of a large campus never sits in memory whole.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import { exportFileName } from '@bo/domain';
import type { DownloadResult } from '@bo/api-sdk';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { ruleViolation } from '../../http/errors.js';
import { XLSX_TYPE } from '../../shared/xlsx.js';
import { students } from '../students/index.js';
import { daysBetween, fromMinute, namesOf, type Deps } from './common.js';
import { attendances, lessonStudents, lessons } from './tables.js';
import { LESSON_MACHINE, LESSON_STUDENT } from './states.js';

const BATCH = 1000;
const KIND_NAME: Record<string, string> = {
  oneToOne: '一对一',
  group: '班课',
  trial: '试听课',
  assessment: '测评课',
};
const STATUS_NAME: Record<string, string> = {
  present: '出勤',
  late: '迟到',
  leave: '请假',
  absent: '缺勤',
  makeup: '补课',
};
const LESSON_COLUMNS = [
  { key: 'id', header: '课程编号 / Lesson' },
  { key: 'lessonDate', header: '上课日期 / Date' },
  { key: 'startTime', header: '开始 / Start' },
  { key: 'endTime', header: '结束 / End' },
  { key: 'kind', header: '类型 / Kind' },
  { key: 'courseName', header: '课程 / Course' },
  { key: 'teacherName', header: '教师 / Teacher' },
  { key: 'classroomName', header: '教室 / Room' },
  { key: 'students', header: '学员 / Students' },
  { key: 'hours', header: '课时 / Hours' },
  { key: 'status', header: '状态 / Status' },
  { key: 'confirmed', header: '已确认 / Confirmed' },
];
const ATTENDANCE_COLUMNS = [
  { key: 'lessonId', header: '课程编号 / Lesson' },
  { key: 'lessonDate', header: '上课日期 / Date' },
  { key: 'studentCode', header: '学员编号 / Student code' },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'courseName', header: '课程 / Course' },
  { key: 'teacherName', header: '教师 / Teacher' },
  { key: 'status', header: '考勤 / Attendance' },
  { key: 'hours', header: '消耗课时 / Hours' },
  { key: 'paid', header: '计薪 / Paid' },
  { key: 'cancelled', header: '已取消 / Cancelled' },
  { key: 'cancelReason', header: '取消原因 / Cancel reason' },
];
const yesNo = (v: boolean) => (v ? '是' : '否');

function sheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, name: string, cols: typeof LESSON_COLUMNS) {
  const ws = wb.addWorksheet(name);
  ws.columns = cols.map((c) => ({ header: c.header, key: c.key, width: 16 }));
  return ws;
}

export function teachingExport(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; from: string; to: string },
): DownloadResult {
  assertCampus(u, q.schoolItemCode);
  if (q.to < q.from)
    throw ruleViolation('结束日期不能早于开始日期 / the end date cannot be before the start date', 'to');
  if (daysBetween(q.from, q.to) > 366)
    throw ruleViolation('导出范围最长一年 / an export spans at most a year', 'to');
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const write = async () => {
    const ls = sheet(wb, '课程 Lessons', LESSON_COLUMNS);
    for (let last = 0; ;) {
      const rows = await deps.db
        .select()
        .from(lessons)
        .where(
          and(
            eq(lessons.schoolItemCode, q.schoolItemCode),
            gte(lessons.lessonDate, q.from),
            lte(lessons.lessonDate, q.to),
            gt(lessons.id, last),
          ),
        )
        .orderBy(asc(lessons.id))
        .limit(BATCH);
      const ids = rows.map((r) => r.id);
      const booked = ids.length
        ? await deps.db
            .select({ lessonId: lessonStudents.lessonId, name: students.name, status: lessonStudents.status })
            .from(lessonStudents)
            .innerJoin(students, eq(students.id, lessonStudents.studentId))
            .where(inArray(lessonStudents.lessonId, ids))
        : [];
      const names = await namesOf(deps.db, {
        courseCodes: [...new Set(rows.map((r) => r.courseCode))],
        teacherCodes: [...new Set(rows.map((r) => r.teacherCode))],
        roomIds: [...new Set(rows.flatMap((r) => (r.classroomId ? [r.classroomId] : [])))],
      });
      for (const r of rows)
        ls.addRow({
          id: r.id,
          lessonDate: r.lessonDate,
          startTime: fromMinute(r.startMinute),
          endTime: fromMinute(r.endMinute),
          kind: KIND_NAME[r.kind] ?? r.kind,
          courseName: names.course.get(r.courseCode)?.name ?? r.courseCode,
          teacherName: names.teacher.get(r.teacherCode) ?? r.teacherCode,
          classroomName: r.classroomId ? (names.room.get(r.classroomId) ?? '') : '',
          students: booked
            .filter((b) => b.lessonId === r.id && b.status === LESSON_STUDENT.booked)
            .map((b) => b.name)
            .join('、'),
          hours: Number(r.hours),
          status: LESSON_MACHINE.names[LESSON_MACHINE.stateOf(r.status)],
          confirmed: yesNo(r.confirmedAt !== null),
        }).commit();
      if (rows.length < BATCH) break;
      last = ids[ids.length - 1] ?? last;
    }
    ls.commit();
    const as = sheet(wb, '考勤 Attendance', ATTENDANCE_COLUMNS);
    for (let last = 0; ;) {
      const rows = await deps.db
        .select({ a: attendances, studentCode: students.code, studentName: students.name })
        .from(attendances)
        .innerJoin(students, eq(students.id, attendances.studentId))
        .where(
          and(
            eq(attendances.schoolItemCode, q.schoolItemCode),
            gte(attendances.lessonDate, q.from),
            lte(attendances.lessonDate, q.to),
            gt(attendances.id, last),
          ),
        )
        .orderBy(asc(attendances.id))
        .limit(BATCH);
      const names = await namesOf(deps.db, {
        courseCodes: [...new Set(rows.map((r) => r.a.courseCode))],
        teacherCodes: [...new Set(rows.map((r) => r.a.teacherCode))],
      });
      for (const r of rows)
        as.addRow({
          lessonId: r.a.lessonId,
          lessonDate: r.a.lessonDate,
          studentCode: r.studentCode,
          studentName: r.studentName,
          courseName: names.course.get(r.a.courseCode)?.name ?? r.a.courseCode,
          teacherName: names.teacher.get(r.a.teacherCode) ?? r.a.teacherCode,
          status: STATUS_NAME[r.a.status] ?? r.a.status,
          hours: Number(r.a.hours),
          paid: yesNo(r.a.paid),
          cancelled: yesNo(r.a.cancelledAt !== null),
          cancelReason: r.a.cancelReason,
        }).commit();
      if (rows.length < BATCH) break;
      last = rows[rows.length - 1]?.a.id ?? last;
    }
    as.commit();
    await wb.commit();
  };
  write().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return {
    filename: exportFileName(`课表考勤_${q.schoolItemCode}`, deps.now()),
    contentType: XLSX_TYPE,
    body: out,
  };
}
