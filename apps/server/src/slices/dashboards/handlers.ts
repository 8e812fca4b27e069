import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { exportFileName, fromCents } from '@bo/domain';
import * as a from './advance.js';
import * as f from './facts.js';
import * as r from './revenue.js';
import { figureScope } from './scope.js';

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
};
