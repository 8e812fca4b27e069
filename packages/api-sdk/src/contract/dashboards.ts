// Dashboards (issue 18), first part: the advance-receipt figures of /dataStatistics/index, read from
// the one student ledger and the pay records. Every figure is defined in docs/metrics.md; money is
// integer cents (fields named …Cents), months and days are Asia/Shanghai calendar ones.
import { z } from 'zod';
import { FileResponse, get, post, priv, type Slice } from './define.js';

/** A calendar day 'YYYY-MM-DD'. */
const Day = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD',
  );
const Code = z.string().trim().min(1).max(20);

/**
 * The filter every figure takes: a region (province type), a campus, and a period of days (both
 * ends included; default: the current month up to today). The caller's campus scope always applies.
 */
export const DashboardFilter = z
  .object({
    provinceTypeCode: Code.optional(),
    schoolItemCode: Code.optional(),
    startDate: Day.optional(),
    endDate: Day.optional(),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: '开始日期不能晚于结束日期 / the start date must not be after the end date',
    path: ['endDate'],
  })
  .refine(
    (f) =>
      !f.startDate ||
      !f.endDate ||
      Date.parse(`${f.endDate}T00:00:00Z`) - Date.parse(`${f.startDate}T00:00:00Z`) <= 3 * 366 * 86_400_000,
    { message: '期间最长三年 / a period of at most three years', path: ['startDate'] },
  );
export type TDashboardFilter = z.input<typeof DashboardFilter>;

/** The period actually used (the defaults filled in). */
const Period = z.object({ startDate: z.string(), endDate: z.string() });

export const AdvanceSummary = z.object({
  period: Period,
  /** Paid value not yet consumed, refunded or moved, at the start of the period. */
  openingCents: z.number().int(),
  /** Paid value that became hours in the period (payments approved: purchase movements). */
  receivedCents: z.number().int(),
  /** Value of the hours consumed in the period (revenue). */
  consumedCents: z.number().int(),
  /** Value refunded in the period. */
  refundedCents: z.number().int(),
  /** Adjustments, transfers between courses and make-ups: they sum to zero across courses. */
  otherCents: z.number().int(),
  /** The advance receipts at the end of the period: opening + received − consumed − refunded + other. */
  closingCents: z.number().int(),
  /** Students holding advance receipts at the end of the period. */
  students: z.number().int(),
});

/** One slice of a distribution or proportion (by campus, course, payment method, reason …). */
export const DashboardShare = z.object({ key: z.string(), name: z.string(), cents: z.number().int() });
export const DashboardDistribution = z.object({ period: Period, rows: z.array(DashboardShare) });

/** Month series: `months` 'YYYY-MM' and one series of values per key (cents, or a count). */
export const DashboardTrend = z.object({
  months: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), name: z.string(), values: z.array(z.number().int()) })),
});

/** One campus's reconciliation of the period: opening + received − consumed − refunded + other = closing. */
export const AdvanceCampusRow = z.object({
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  openingCents: z.number().int(),
  receivedCents: z.number().int(),
  consumedCents: z.number().int(),
  refundedCents: z.number().int(),
  otherCents: z.number().int(),
  closingCents: z.number().int(),
  students: z.number().int(),
});
export const AdvanceTable = z.object({
  period: Period,
  rows: z.array(AdvanceCampusRow),
  total: AdvanceCampusRow,
});

export const RevenueSummary = z.object({
  period: Period,
  /** Value of the hours consumed in the period, at the price paid. */
  revenueCents: z.number().int(),
  /** Hours (or days) consumed in the period, 2 decimals. */
  consumedHours: z.number(),
  /** Students who consumed hours in the period. */
  students: z.number().int(),
});

const VIEW = priv('/dataStatistics/index', '/dataStatistics/centerData', '/dataStatistics/incomeGM');
const REVENUE = priv('/dataStatistics/revenueGM', '/dataStatistics/index', '/dataStatistics/centerData');
const svc = 'report' as const;

const distribution = (path: string, summary: string) =>
  get(path, {
    service: svc,
    summary,
    access: REVENUE,
    query: DashboardFilter,
    response: DashboardDistribution,
  });
const trend = (path: string, summary: string) =>
  get(path, { service: svc, summary, access: REVENUE, query: DashboardFilter, response: DashboardTrend });

export const dashboards = {
  advanceSummary: get('/advancereceipt/summary', {
    service: svc,
    summary:
      'Advance receipts of the filter: opening, received, consumed, refunded, other and closing value of the period, and the students holding some at its end.',
    access: VIEW,
    query: DashboardFilter,
    response: AdvanceSummary,
  }),
  advanceCampusDistribution: get('/advancereceipt/campusdistribution', {
    service: svc,
    summary: 'Advance receipts at the end of the period by campus, largest first.',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardDistribution,
  }),
  advancePayProportion: get('/advancereceipt/payproportion', {
    service: svc,
    summary:
      'Money received in the period (confirmed pay records by payment date) by payment method: cash, bank transfer, POS, online.',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardDistribution,
  }),
  advanceStudentProportion: get('/advancereceipt/studentproportion', {
    service: svc,
    summary:
      'Advance receipts at the end of the period by the order type that brought them (new enrolment, renewal, placement, clue payment, collect-and-pay-on-behalf).',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardDistribution,
  }),
  advanceCourseProportion: get('/advancereceipt/courseproportion', {
    service: svc,
    summary: 'Advance receipts at the end of the period by course, largest first.',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardDistribution,
  }),
  advanceRefundReasonProportion: get('/advancereceipt/reasonrefundproportion', {
    service: svc,
    summary: 'Value refunded in the period by refund reason.',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardDistribution,
  }),
  advanceSchoolTrend: get('/advancereceipt/schooltrend', {
    service: svc,
    summary:
      'Advance receipts at the end of each month of the period: the total, and each of the five campuses holding the most at its end.',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardTrend,
  }),
  advanceCourseTrend: get('/advancereceipt/coursetrend', {
    service: svc,
    summary:
      'Advance receipts at the end of each month of the period for the five courses holding the most at its end.',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardTrend,
  }),
  advanceStudentTrend: get('/advancereceipt/studenttrend', {
    service: svc,
    summary: 'Students holding advance receipts at the end of each month of the period (a count).',
    access: VIEW,
    query: DashboardFilter,
    response: DashboardTrend,
  }),
  advanceReceiptV2: post('/advancereceipt/advanceReceiptV2', {
    service: svc,
    summary:
      'The reconciliation table of the period per campus: opening + received − consumed − refunded + other = closing, with the total row.',
    access: VIEW,
    body: DashboardFilter,
    response: AdvanceTable,
  }),
  advanceExport: post('/advancereceipt/export', {
    service: svc,
    summary: 'The reconciliation table of advanceReceiptV2 as a workbook (预收款_YYYYMMDD.xlsx).',
    access: VIEW,
    kind: 'download',
    body: DashboardFilter,
    response: FileResponse,
  }),
  revenueSummary: get('/revenue/summary', {
    service: svc,
    summary:
      'Revenue of the period: the value of the hours consumed (at the price paid), the hours, the students.',
    access: REVENUE,
    query: DashboardFilter,
    response: RevenueSummary,
  }),
  revenueSchoolRanking: distribution(
    '/revenue/schoolsummaryranking',
    'Campuses ranked by revenue of the period.',
  ),
  revenueCampusDistribution: distribution('/revenue/campusdistribution', 'Revenue of the period by campus.'),
  revenueTypeProportion: distribution(
    '/revenue/typeproportion',
    'Revenue of the period by the type of the order the hours were bought with.',
  ),
  revenueCourseProportion: distribution('/revenue/courseproportion', 'Revenue of the period by course.'),
  revenueSchoolTrend: trend(
    '/revenue/schooltrend',
    'Revenue of each month of the period: the total and the five campuses with the most.',
  ),
  revenueTypeTrend: trend('/revenue/typetrend', 'Revenue of each month of the period by order type.'),
  revenueCourseTrend: trend(
    '/revenue/coursetrend',
    'Revenue of each month of the period: the total and the five courses with the most.',
  ),
} satisfies Slice;
