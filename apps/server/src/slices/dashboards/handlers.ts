import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { exportFileName, fromCents } from '@bo/domain';
import * as a from './advance.js';
import * as f from './facts.js';
import * as r from './revenue.js';
import * as o from './overview.js';
import * as sc from './schedule.js';
import { DRILL_NAMES, drillRows } from './drill.js';
import { figureScope } from './scope.js';

const DRILL_COLUMNS: XlsxColumn[] = [
  { key: 'date', header: '日期 / Date', width: 12 },
  { key: 'schoolItemName', header: '校区 / Campus', width: 18 },
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'studentName', header: '学员 / Student', width: 16 },
  { key: 'courseName', header: '课程 / Course', width: 18 },
  { key: 'ref', header: '单号 / Reference', text: true, width: 16 },
  { key: 'detail', header: '说明 / Detail', width: 18 },
  { key: 'hours', header: '课时 / Hours' },
  { key: 'amount', header: '金额 / Amount' },
];
/** An export holds at most this many rows (the screen pages through more). */
const DRILL_EXPORT_MAX = 20_000;

const ADVANCE_COLUMNS: XlsxColumn[] = [
  { key: 'schoolItemName', header: '校区 / Campus', width: 20 },
  { key: 'opening', header: '期初预收 / Opening' },
  { key: 'received', header: '本期收款 / Received' },
  { key: 'consumed', header: '本期消课 / Consumed' },
  { key: 'refunded', header: '本期退费 / Refunded' },
  { key: 'other', header: '调整与转课 / Other' },
  { key: 'closing', header: '期末预收 / Closing' },
  { key: 'students', header: '在读预收学员 / Students' },
];

export const dashboardsHandlers: SliceHandlers<typeof contract.dashboards> = {
  advanceSummary: async ({ deps, user, query }) => a.summary(deps, await figureScope(deps, user, query)),
  advanceCampusDistribution: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await a.closingBy(deps, s, f.CAMPUS) };
  },
  advancePayProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await a.byPayMethod(deps, s) };
  },
  advanceStudentProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await a.closingBy(deps, s, f.ORDER_TYPE) };
  },
  advanceCourseProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await a.closingBy(deps, s, f.COURSE) };
  },
  advanceRefundReasonProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await a.byRefundReason(deps, s) };
  },
  advanceSchoolTrend: async ({ deps, user, query }) =>
    a.campusTrend(deps, await figureScope(deps, user, query)),
  advanceCourseTrend: async ({ deps, user, query }) =>
    a.courseTrend(deps, await figureScope(deps, user, query)),
  advanceStudentTrend: async ({ deps, user, query }) =>
    a.studentTrend(deps, await figureScope(deps, user, query)),
  advanceReceiptV2: async ({ deps, user, body }) => a.campusTable(deps, await figureScope(deps, user, body)),
  revenueSummary: async ({ deps, user, query }) => r.summary(deps, await figureScope(deps, user, query)),
  revenueSchoolRanking: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await r.by(deps, s, f.CAMPUS) };
  },
  revenueCampusDistribution: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    const rows = await r.by(deps, s, f.CAMPUS);
    return { period: s.period, rows: rows.sort((x, y) => x.key.localeCompare(y.key)) };
  },
  revenueTypeProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await r.by(deps, s, f.ORDER_TYPE) };
  },
  revenueCourseProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await r.by(deps, s, f.COURSE) };
  },
  revenueSchoolTrend: async ({ deps, user, query }) =>
    r.trend(deps, await figureScope(deps, user, query), f.CAMPUS),
  revenueTypeTrend: async ({ deps, user, query }) =>
    r.trend(deps, await figureScope(deps, user, query), f.ORDER_TYPE),
  revenueCourseTrend: async ({ deps, user, query }) =>
    r.trend(deps, await figureScope(deps, user, query), f.COURSE),
  advanceExport: async ({ deps, user, body }) => {
    const t = await a.campusTable(deps, await figureScope(deps, user, body));
    const yuan = (c: number) => fromCents(c);
    const rows = [...t.rows, t.total].map((r) => ({
      schoolItemName: r.schoolItemName,
      opening: yuan(r.openingCents),
      received: yuan(r.receivedCents),
      consumed: yuan(r.consumedCents),
      refunded: yuan(r.refundedCents),
      other: yuan(r.otherCents),
      closing: yuan(r.closingCents),
      students: r.students,
    }));
    return xlsxFile(
      exportFileName('预收款', t.period.endDate),
      await workbook('预收款', ADVANCE_COLUMNS, rows),
    );
  },
  overviewSummary: async ({ deps, user, query }) => o.summary(deps, await figureScope(deps, user, query)),
  overviewSchoolSummary: async ({ deps, user, query }) =>
    o.campusTable(deps, await figureScope(deps, user, query)),
  overviewSchoolStudentSummary: async ({ deps, user, query }) =>
    o.studentCampusTable(deps, await figureScope(deps, user, query)),
  overviewSchoolCourseSummary: async ({ deps, user, query }) =>
    o.courseTable(deps, await figureScope(deps, user, query)),
  drillPage: async ({ deps, user, query }) =>
    drillRows(deps, await figureScope(deps, user, query), query.figure, query.pageIdx, query.pageSize),
  drillExport: async ({ deps, user, body }) => {
    const s = await figureScope(deps, user, body);
    const page = await drillRows(deps, s, body.figure, 1, DRILL_EXPORT_MAX);
    const name = DRILL_NAMES[body.figure];
    const rows = page.list.map((x) => ({ ...x, amount: x.cents === null ? null : fromCents(x.cents) }));
    return xlsxFile(exportFileName(name, s.period.endDate), await workbook(name, DRILL_COLUMNS, rows));
  },
  studentSummary: async ({ deps, user, query }) =>
    o.studentSummary(deps, await figureScope(deps, user, query)),
  studentStatusSummary: async ({ deps, user, query }) =>
    o.studentStatuses(deps, await figureScope(deps, user, query)),
  studentCampusDistribution: async ({ deps, user, query }) =>
    o.studentCampusTable(deps, await figureScope(deps, user, query)),
  studentSchoolTrend: async ({ deps, user, query }) =>
    o.studentTrend(deps, await figureScope(deps, user, query)),
  scheduleSummary: async ({ deps, user, query }) => sc.summary(deps, await figureScope(deps, user, query)),
  scheduleByKind: async ({ deps, user, query }) => sc.byKind(deps, await figureScope(deps, user, query)),
  scheduleCampusDistribution: async ({ deps, user, query }) =>
    sc.hoursBy(deps, await figureScope(deps, user, query), f.CAMPUS),
  scheduleSchoolTrend: async ({ deps, user, query }) =>
    sc.hoursTrend(deps, await figureScope(deps, user, query), f.CAMPUS),
  scheduleCourseProportion: async ({ deps, user, query }) =>
    sc.hoursBy(deps, await figureScope(deps, user, query), f.COURSE),
  scheduleCourseTrend: async ({ deps, user, query }) =>
    sc.hoursTrend(deps, await figureScope(deps, user, query), f.COURSE),
  ratioSummary: async ({ deps, user, query }) => sc.ratio(deps, await figureScope(deps, user, query)),
  ratioCampusDistribution: async ({ deps, user, query }) =>
    sc.ratioByCampus(deps, await figureScope(deps, user, query)),
  scheduleStudentSummary: async ({ deps, user, query }) =>
    sc.studentSummary(deps, await figureScope(deps, user, query)),
  scheduleStudentList: async ({ deps, user, query }) =>
    sc.studentList(deps, await figureScope(deps, user, query), query),
  scheduleStudentHistory: async ({ deps, user, query }) =>
    sc.studentHistory(deps, user, await figureScope(deps, user, query), query.studentId),
  centerSummary: async ({ deps, user, query }) => sc.center(deps, await figureScope(deps, user, query)),
  centerSummaryByEmp: async ({ deps, user, query }) =>
    sc.centerByTeacher(deps, await figureScope(deps, user, query), false),
  centerTeacherConfirm: async ({ deps, user, query }) =>
    sc.centerByTeacher(deps, await figureScope(deps, user, query), true),
};
