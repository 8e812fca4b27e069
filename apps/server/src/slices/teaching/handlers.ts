import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { streamedWorkbook, workbook, xlsxFile } from '../../shared/xlsx.js';
import * as asm from './assessments.js';
import * as bkg from './booking.js';
import * as tsk from './assessTasks.js';
import * as att from './attendance.js';
import * as cls from './classes.js';
import * as deg from './degrees.js';
import { teachingExport } from './export.js';
import * as les from './lessons.js';
import { planHandlers } from './planHandlers.js';
import * as rep from './reports.js';
import * as set from './settings.js';

const STATUS_NAME: Record<string, string> = {
  present: '出勤',
  late: '迟到',
  leave: '请假',
  absent: '缺勤',
  makeup: '补课',
};
/** Sign records read per statement by the streamed export. */
const SIGN_EXPORT_BATCH = 5000;
const SIGN_COLUMNS = [
  { key: 'lessonDate', header: '上课日期 / Date' },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'courseName', header: '课程 / Course' },
  { key: 'teacherName', header: '教师 / Teacher' },
  { key: 'status', header: '考勤 / Attendance' },
  { key: 'hours', header: '消耗课时 / Hours' },
  { key: 'confirmed', header: '已确认 / Confirmed' },
  { key: 'cancelled', header: '已取消 / Cancelled' },
];
const REMAIN_COLUMNS = [
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'courseName', header: '课程 / Course' },
  { key: 'boughtHours', header: '购买课时 / Bought' },
  { key: 'giftHours', header: '赠送课时 / Gift' },
  { key: 'consumedHours', header: '已消耗 / Consumed' },
  { key: 'remainingHours', header: '剩余课时 / Remaining' },
  { key: 'scheduledHours', header: '已排课时 / Booked' },
  { key: 'remainingValue', header: '剩余金额 / Remaining value' },
];
const yesNo = (v: boolean) => (v ? '是' : '否');
const ASSESSMENT_COLUMNS = [
  { key: 'assessedOn', header: '评估日期 / Date' },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student' },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'scaleName', header: '评估量表 / Scale' },
  { key: 'assessorName', header: '评估人 / Assessor' },
  { key: 'status', header: '状态 / Status' },
  { key: 'score', header: '总分 / Score' },
];
const ASSESSMENT_STATUS_NAME = { draft: '草稿', submitted: '已提交' } as const;

export const teachingHandlers: SliceHandlers<typeof contract.teaching> = {
  timeSpanList: async ({ deps, user, query }) => set.timeSpanList(deps, user, query),
  timeSpanSave: async ({ deps, user, body }) => set.timeSpanSave(deps, user, body),
  timeSpanStatus: async ({ deps, user, body }) => set.timeSpanStatus(deps, user, body),
  classroomList: async ({ deps, user, query }) => set.classroomList(deps, user, query),
  classroomSave: async ({ deps, user, body }) => set.classroomSave(deps, user, body),
  classroomStatus: async ({ deps, user, body }) => set.classroomStatus(deps, user, body),
  holidayList: async ({ deps, user, query }) => set.holidayList(deps, user, query),
  holidaySave: async ({ deps, user, body }) => set.holidaySave(deps, user, body),
  holidayDelete: async ({ deps, user, params }) => set.holidayDelete(deps, user, params.id),
  classPage: async ({ deps, user, query }) => cls.classPage(deps, user, query),
  classSave: async ({ deps, user, body }) => cls.classSave(deps, user, body),
  classStudents: async ({ deps, user, params }) => cls.classStudents(deps, user, params.id),
  classAddStudents: async ({ deps, user, body }) => cls.addStudents(deps, user, body),
  classRemoveStudent: async ({ deps, user, body }) => cls.removeStudent(deps, user, body),
  studentByAdvisor: async ({ deps, user, query }) => rep.studentsWithHours(deps, user, query),
  planList: async ({ deps, user, query }) => les.planList(deps, user, query),
  planOrders: async ({ deps, user, query }) => bkg.planOrders(deps, user, query),
  planTeachers: async ({ deps, user, query }) => bkg.planTeachers(deps, user, query),
  planMine: async ({ deps, user }) => bkg.planMine(deps, user),
  planInsert: async ({ deps, user, body }) => les.insertLessons(deps, user, body),
  planInsertPreview: async ({ deps, user, body }) => les.insertPreview(deps, user, body),
  planExport: async ({ deps, user, query }) => teachingExport(deps, user, query),
  planAdjust: async ({ deps, user, body }) => les.adjustLesson(deps, user, body),
  planBatchPreview: async ({ deps, user, body }) => les.batchPreview(deps, user, body),
  planBatchAdjust: async ({ deps, user, body }) => les.batchAdjust(deps, user, body),
  planCancel: async ({ deps, user, body }) => les.cancelLesson(deps, user, body),
  planConfirm: async ({ deps, user, body }) => les.confirmLessons(deps, user, body.ids),
  signList: async ({ deps, user, query }) => att.signList(deps, user, query),
  sign: async ({ deps, user, body }) => att.sign(deps, user, body),
  signCancel: async ({ deps, user, body }) => att.cancelSign(deps, user, body.attendanceId, body.reason),
  remainHours: async ({ deps, user, query }) => rep.studentRemain(deps, user, query.studentId, false),
  financeRemainHours: async ({ deps, user, query }) => rep.studentRemain(deps, user, query.studentId, true),
  pageCourseOrders: async ({ deps, user, query }) => rep.pageCourseOrders(deps, user, query),
  pageCourseSign: async ({ deps, user, query }) => {
    const r = await rep.signRecords(deps, user, query);
    return { ...r, pageIdx: query.pageIdx, pageSize: query.pageSize };
  },
  pageCourseSignExport: async ({ deps, user, query }) => {
    // The filter is checked before the download starts streaming: a campus outside scope is a 403.
    const where = rep.signWhere(user, query);
    return streamedWorkbook({
      filename: '课时明细.xlsx',
      sheetName: '课时明细',
      columns: SIGN_COLUMNS,
      batch: SIGN_EXPORT_BATCH,
      next: async (last: rep.SignRecordKey | null) =>
        (await rep.signRecordBatch(deps, where, last, SIGN_EXPORT_BATCH)).map((x) => ({
          ...x,
          status: STATUS_NAME[x.status] ?? x.status,
          confirmed: yesNo(x.confirmed),
          cancelled: yesNo(x.cancelled),
        })),
    });
  },
  pageCourseRemain: async ({ deps, user, query }) => rep.pageCourseRemain(deps, user, query),
  pageCourseRemainExport: async ({ deps, user, query }) =>
    xlsxFile(
      '剩余课时.xlsx',
      await workbook('剩余课时', REMAIN_COLUMNS, await rep.allCourseRemain(deps, user, query)),
    ),
  pageStudentCost: async ({ deps, user, query }) => rep.studentCost(deps, user, query),
  listCourseConsumptionCourse: async ({ deps, user, query }) => rep.consumptionByCourse(deps, user, query),
  studentStatistic: async ({ deps, user, body }) => rep.studentStats(deps, user, body),
  teacherStatistics: async ({ deps, user, body }) => rep.teacherStats(deps, user, body),
  studentStatisticCourseInfo: async ({ deps, user, query }) => rep.courseStats(deps, user, query),
  teacherStatisticCourseInfo: async ({ deps, user, query }) => rep.courseStats(deps, user, query),
  degreeQuery: async ({ deps, user, query }) => deg.query(deps, user, query),
  degreeRelease: async ({ deps, user, body }) => deg.release(deps, user, body),
  degreeInfo: async ({ deps, user, query }) => deg.info(deps, user, query.id),
  degreeTargetConfig: async ({ deps, user, query }) => deg.targetConfig(deps, user, query),
  degreeItemSave: async ({ deps, user, body }) => deg.itemSave(deps, user, body),
  degreeItemDelete: async ({ deps, user, params }) => deg.itemDelete(deps, user, params.id),
  degreeItemUpdate: async ({ deps, user, body }) => deg.itemUpdate(deps, user, body),
  degreeItemInfo: async ({ deps, user, params }) => deg.itemInfo(deps, user, params.id),
  degreeFormalStudents: async ({ deps, user, query }) => deg.targets(deps, user, 'FORMAL_STUDENT', query),
  degreeTempStudents: async ({ deps, user, query }) => deg.targets(deps, user, 'TEMP_STUDENT', query),
  degreeGroupCourses: async ({ deps, user, query }) => deg.targets(deps, user, 'GROUP_COURSE', query),
  degreeAssistStudents: async ({ deps, user, query }) => deg.targets(deps, user, 'ASSIST_TASK', query),
  degreeBookStudents: async ({ deps, user, query }) => deg.targets(deps, user, 'BOOK_STUDENT', query),
  degreeBook: async ({ deps, user, query }) => deg.book(deps, user, query),
  degreeAudit: async ({ deps, user, query }) => deg.history(deps, user, query.id),
  degreeFilter: async ({ deps, user, query }) => deg.filter(deps, user, query.schoolItemCode),
  studentAuthQuery: async ({ deps, user, query }) => deg.authQuery(deps, user, query),
  studentAuth: async ({ deps, user, body }) => deg.authorise(deps, user, body),
  studentUnAuth: async ({ deps, user, body }) => deg.unauthorise(deps, user, body.id),
  assessmentList: async ({ deps, user, query }) => asm.assessmentList(deps, user, query),
  assessmentExport: async ({ deps, user, query }) => {
    const rows = (await asm.assessmentAll(deps, user, query)).map((r) => ({
      ...r,
      status: ASSESSMENT_STATUS_NAME[r.status],
    }));
    return xlsxFile('评估明细.xlsx', await workbook('评估明细', ASSESSMENT_COLUMNS, rows));
  },
  assessmentInfo: async ({ deps, user, query }) => asm.assessmentInfo(deps, user, query.id),
  assessmentSave: async ({ deps, user, body }) => asm.assessmentSave(deps, user, body),
  assessmentSubmit: async ({ deps, user, body }) => asm.assessmentSubmit(deps, user, body),
  assessTaskList: async ({ deps, user, query }) => tsk.assessTaskList(deps, user, query),
  assessTaskInfo: async ({ deps, user, query }) => tsk.assessTaskInfo(deps, user, query.id),
  assessTaskSave: async ({ deps, user, body }) => tsk.assessTaskSave(deps, user, body),
  assessTaskRecord: async ({ deps, user, body }) => tsk.assessTaskRecord(deps, user, body),
  assessTaskCancel: async ({ deps, user, body }) => tsk.assessTaskCancel(deps, user, body),
  studentAssessments: async ({ deps, user, query }) => asm.studentAssessments(deps, user, query.studentId),
  degreeScheduleOrders: async ({ deps, user, query }) =>
    deg.scheduleOrders(deps, user, query.studentId, query.degreeType),
  ...planHandlers,
};
