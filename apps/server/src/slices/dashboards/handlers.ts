import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { exportFileName, fromCents } from '@bo/domain';
import * as a from './advance.js';
import * as f from './facts.js';
import * as r from './revenue.js';
import * as inc from './income.js';
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

const INCOME_COLUMNS: XlsxColumn[] = [
  { key: 'schoolItemName', header: '校区 / Campus', width: 20 },
  { key: 'received', header: '实收 / Received' },
  { key: 'refunded', header: '退费 / Refunded' },
  { key: 'income', header: '净收入 / Net income' },
  { key: 'revenue', header: '确认收入 / Revenue' },
  { key: 'preRevenue', header: '预收入 / Pre-revenue' },
  { key: 'closing', header: '期末预收 / Closing advance' },
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
  preRevenueSummary: async ({ deps, user, query }) =>
    r.preSummary(deps, await figureScope(deps, user, query)),
  preRevenueSchoolRanking: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await r.by(deps, s, f.CAMPUS, r.PRE_REVENUE) };
  },
  preRevenueCampusDistribution: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    const rows = await r.by(deps, s, f.CAMPUS, r.PRE_REVENUE);
    return { period: s.period, rows: rows.sort((x, y) => x.key.localeCompare(y.key)) };
  },
  preRevenueTypeProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await r.by(deps, s, f.ORDER_TYPE, r.PRE_REVENUE) };
  },
  preRevenueCourseProportion: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    return { period: s.period, rows: await r.by(deps, s, f.COURSE, r.PRE_REVENUE) };
  },
  preRevenueSchoolTrend: async ({ deps, user, query }) =>
    r.trend(deps, await figureScope(deps, user, query), f.CAMPUS, r.PRE_REVENUE),
  preRevenueTypeTrend: async ({ deps, user, query }) =>
    r.trend(deps, await figureScope(deps, user, query), f.ORDER_TYPE, r.PRE_REVENUE),
  preRevenueCourseTrend: async ({ deps, user, query }) =>
    r.trend(deps, await figureScope(deps, user, query), f.COURSE, r.PRE_REVENUE),
  revenueWebRange: async ({ deps, user, query }) =>
    inc.incomeRange(deps, await figureScope(deps, user, query)),
  revenueWebRangeExport: async ({ deps, user, query }) => {
    const t = await inc.incomeRange(deps, await figureScope(deps, user, query));
    const rows = [...t.rows, t.total].map((x) => ({
      schoolItemName: x.schoolItemName,
      received: fromCents(x.receivedCents),
      refunded: fromCents(x.refundedCents),
      income: fromCents(x.incomeCents),
      revenue: fromCents(x.revenueCents),
      preRevenue: fromCents(x.preRevenueCents),
      closing: fromCents(x.closingCents),
    }));
    return xlsxFile(
      exportFileName('收入汇总', t.period.endDate),
      await workbook('收入汇总', INCOME_COLUMNS, rows),
    );
  },
  revenueMobileQuery: async ({ deps, user, query }) =>
    inc.incomeMobile(deps, await figureScope(deps, user, query)),
  revenueTargetRate: async ({ deps, user, query }) =>
    inc.campusTargets(deps, await figureScope(deps, user, query)),
  revenueTeacherPlanRate: async ({ deps, user, query }) =>
    inc.teacherPlan(deps, await figureScope(deps, user, query)),
  revenueCardPlanRate: async ({ deps, user, query }) =>
    inc.adviserTargets(deps, await figureScope(deps, user, query)),
  revenueParentCostRate: async ({ deps, user, query }) =>
    inc.parentCost(deps, await figureScope(deps, user, query)),
  profitSummary: async ({ deps, user, query }) =>
    inc.profitSummary(deps, await figureScope(deps, user, query)),
  profitCampusDistribution: async ({ deps, user, query }) =>
    inc.profitByCampus(deps, await figureScope(deps, user, query)),
  profitCostRatio: async ({ deps, user, query }) => inc.costRatio(deps, await figureScope(deps, user, query)),
  profitLatestMonth: async ({ deps, user }) => inc.profitLatestMonth(deps, await figureScope(deps, user, {})),
  orderPeriod: async ({ deps, user, query }) => inc.orderPeriod(deps, await figureScope(deps, user, query)),
  advanceData: async ({ deps, user, query }) => {
    const s = await figureScope(deps, user, query);
    const [summary, campuses] = await Promise.all([a.summary(deps, s), a.closingBy(deps, s, f.CAMPUS)]);
    return { ...summary, campuses };
  },
  advanceDataForPC: async ({ deps, user, query }) =>
    a.campusTable(deps, await figureScope(deps, user, query)),
  advancePageDetail: async ({ deps, user, query }) =>
    inc.advanceStudents(deps, await figureScope(deps, user, query), query),
  advanceExport: async ({ deps, user, body }) => {
    const t = await a.campusTable(deps, await figureScope(deps, user, body));
    const rows = [...t.rows, t.total].map((r) => ({
      schoolItemName: r.schoolItemName,
      opening: fromCents(r.openingCents),
      received: fromCents(r.receivedCents),
      consumed: fromCents(r.consumedCents),
      refunded: fromCents(r.refundedCents),
      other: fromCents(r.otherCents),
      closing: fromCents(r.closingCents),
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
