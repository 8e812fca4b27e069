// Reports (issue 18, part C): income reports under /report/*, the clue conversion figures
// /clue/summary and /clue/ratio, consumption per case, and class-hour settlement under
// /settlement/classHour/* reconciled with the student ledger. Every figure is defined in
// docs/metrics.md; money is integer cents (…Cents), months and days are Asia/Shanghai ones.
import { z } from 'zod';
import { FileResponse, get, page, post, priv, QueryBool, type Slice } from './define.js';
import { byCampus, FigurePeriod as Period, FilterShape, periodChecked } from './dashboards.js';

/**
 * The filter of every report: region, campus, a period of days (both ends included) or a calendar
 * year (the whole year when no dates are given; default: the current month up to today).
 */
const ReportFilterShape = {
  ...FilterShape,
  year: z.coerce.number().int().min(2000).max(2100).optional(),
};
export const ReportFilter = periodChecked(z.object(ReportFilterShape));
export type TReportFilter = z.input<typeof ReportFilter>;

/** Paging as the spec's report endpoints name it (pageIndex is 1-based). */
const Paging = {
  pageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
};
const Sort = <T extends readonly [string, ...string[]]>(fields: T) => ({
  sortField: z.enum(fields).optional(),
  /** Ascending when true; largest first by default. */
  isAsc: QueryBool.optional(),
});

/** Income of a set of rows (docs/metrics.md "Income"). */
const IncomeFigures = z.object({
  /** Confirmed pay records by payment day. */
  receivedCents: z.number().int(),
  /** Value refunded (approved refunds) by the day of the approval. */
  refundedCents: z.number().int(),
  /** received − refunded. */
  incomeCents: z.number().int(),
  /** Confirmed pay records counted. */
  payments: z.number().int(),
  /** Students who paid. */
  students: z.number().int(),
});
export const IncomeSummary = IncomeFigures.extend({ period: Period });

const INCOME_SORT = ['month', 'schoolItemCode', 'receivedCents', 'refundedCents', 'incomeCents'] as const;
export const IncomesQuery = periodChecked(
  z.object({ ...ReportFilterShape, ...Paging, ...Sort(INCOME_SORT) }),
);
export const IncomeMonthRow = IncomeFigures.extend({
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  provinceTypeName: z.string(),
});
export const IncomesPage = page(IncomeMonthRow).extend({ period: Period, totals: IncomeFigures });

export const IncomeRanksQuery = periodChecked(
  z.object({ ...ReportFilterShape, pageSize: Paging.pageSize, isAsc: QueryBool.optional() }),
);
export const IncomeRanks = z.object({
  period: Period,
  /** Income of every campus of the filter (the shares' base). */
  totalCents: z.number().int(),
  rows: z.array(
    z.object({
      rank: z.number().int(),
      schoolItemCode: z.string(),
      schoolItemName: z.string(),
      incomeCents: z.number().int(),
      /** Share of totalCents in percent, 2 decimals (0 when the total is 0). */
      sharePct: z.number(),
    }),
  ),
});

export const ProvinceRow = IncomeFigures.extend({
  provinceTypeCode: z.string(),
  provinceTypeName: z.string(),
  /** Campuses of the region in the filter. */
  campuses: z.number().int(),
});
export const ProvinceReport = z.object({ period: Period, rows: z.array(ProvinceRow), total: IncomeFigures });

const SCHOOL_SORT = ['schoolItemCode', 'receivedCents', 'refundedCents', 'incomeCents', 'payments'] as const;
export const SchoolQuery = periodChecked(z.object({ ...ReportFilterShape, ...Paging, ...Sort(SCHOOL_SORT) }));
export const SchoolRow = IncomeFigures.extend({
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  provinceTypeName: z.string(),
});
export const SchoolPage = page(SchoolRow).extend({ period: Period, totals: IncomeFigures });

/** Clue conversion of the clues created in the period (docs/metrics.md "Clue conversion"). */
const ClueFigures = z.object({
  /** Clues created in the period (merged ones not counted). */
  clues: z.number().int(),
  /** Of those, judged invalid. */
  invalid: z.number().int(),
  /** Of those, visited the campus (or converted). */
  visited: z.number().int(),
  /** Of those, converted to a student. */
  converted: z.number().int(),
  /** visited / (clues − invalid) in percent, 2 decimals. */
  visitPct: z.number(),
  /** converted / (clues − invalid) in percent, 2 decimals. */
  conversionPct: z.number(),
  /** converted / visited in percent, 2 decimals. */
  visitConversionPct: z.number(),
});
const Clues = byCampus(ClueFigures);
export const ClueSummary = Clues.summary;
/** The total row carries no campus. */
export const ClueRatio = z.object({ period: Period, rows: z.array(Clues.row), total: ClueFigures });

const CASE_SORT = ['consumedCents', 'consumedHours', 'closingCents', 'studentCode'] as const;
export const CaseQuery = periodChecked(
  z.object({
    ...ReportFilterShape,
    ...Paging,
    ...Sort(CASE_SORT),
    keyword: z.string().trim().max(50).optional(),
  }),
);
/** One case (student at a campus): the advance receipts moving through the period. */
export const CaseRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemName: z.string(),
  openingCents: z.number().int(),
  openingHours: z.number(),
  boughtHours: z.number(),
  consumedHours: z.number(),
  consumedCents: z.number().int(),
  refundedCents: z.number().int(),
  closingCents: z.number().int(),
  closingHours: z.number(),
});
export const CasePage = page(CaseRow).extend({
  period: Period,
  consumedCents: z.number().int(),
  consumedHours: z.number(),
});

/** Class-hour settlement of a campus and month against the ledger (docs/metrics.md "Settlement"). */
export const FinanceClassHourRow = z.object({
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  openingCents: z.number().int(),
  openingHours: z.number(),
  paidCents: z.number().int(),
  paidHours: z.number(),
  consumedCents: z.number().int(),
  consumedHours: z.number(),
  refundedCents: z.number().int(),
  refundedHours: z.number(),
  /** Gift hours, adjustments, transfers between courses and make-ups. */
  otherCents: z.number().int(),
  otherHours: z.number(),
  /** The ledger's balance at the month's end. */
  closingCents: z.number().int(),
  closingHours: z.number(),
  /** closing − (opening + paid − consumed − refunded + other): 0 when the month reconciles. */
  differenceCents: z.number().int(),
  differenceHours: z.number(),
});
export const FinanceClassHour = z.object({ period: Period, rows: z.array(FinanceClassHourRow) });

export const AttendanceClassHourRow = z.object({
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  /** Live signs of lessons whose day lies in the month. */
  signs: z.number().int(),
  /** Hours those signs consumed. */
  attendanceHours: z.number(),
  /** Hours and value the ledger's consume movements posted in the month. */
  ledgerHours: z.number(),
  ledgerCents: z.number().int(),
  /** ledgerHours − attendanceHours (signs late or cancelled in another month). */
  differenceHours: z.number(),
});
export const AttendanceClassHour = z.object({ period: Period, rows: z.array(AttendanceClassHourRow) });

export const ProjectClassHourRow = z.object({
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  /** The course category (项目). */
  projectCode: z.string(),
  projectName: z.string(),
  consumedHours: z.number(),
  consumedCents: z.number().int(),
  students: z.number().int(),
});
export const ProjectClassHour = z.object({ period: Period, rows: z.array(ProjectClassHourRow) });

export const SETTLEMENT_VIEWS = ['finance', 'attendance', 'project'] as const;
export const SettlementExport = periodChecked(
  z.object({ ...ReportFilterShape, view: z.enum(SETTLEMENT_VIEWS) }),
);

const INCOME = priv('/dataStatistics/incomeGM', '/dataStatistics/index', '/dataStatistics/centerData');
const CLUE = priv('/dataStatistics/index', '/dataStatistics/centerData', '/clues/analyseClue');
const CASES = priv('/dataStatistics/caseConsumption', '/dataStatistics/centerData');
const SETTLE = priv(
  '/settlement/financeClassHour',
  '/settlement/attendanceClassHour',
  '/settlement/projectClassHour',
);
const svc = 'report' as const;

export const reports = {
  incomeSummary: get('/report/incomesummary', {
    service: svc,
    summary: 'Income of the filter: money received (by payment day), refunded, net income, payments, payers.',
    access: INCOME,
    query: ReportFilter,
    response: IncomeSummary,
  }),
  incomes: get('/report/incomes', {
    service: svc,
    summary: 'Income per campus and month of the period, paged and sorted, with the totals of every row.',
    access: INCOME,
    query: IncomesQuery,
    response: IncomesPage,
  }),
  incomeRanks: get('/report/incomeranks', {
    service: svc,
    summary: 'Campuses ranked by income of the period (largest first, or smallest with isAsc), with shares.',
    access: INCOME,
    query: IncomeRanksQuery,
    response: IncomeRanks,
  }),
  province: get('/report/province', {
    service: svc,
    summary: 'Income of the period per region (province type), with the total.',
    access: INCOME,
    query: ReportFilter,
    response: ProvinceReport,
  }),
  school: get('/report/school', {
    service: svc,
    summary: 'Income of the period per campus, paged and sorted, with the totals.',
    access: INCOME,
    query: SchoolQuery,
    response: SchoolPage,
  }),
  caseConsumption: get('/report/caseConsumption', {
    service: svc,
    summary:
      'Per case (student at a campus): advance receipts at the start, hours bought, hours and value consumed, refunded, and the balance at the end of the period; paged.',
    access: CASES,
    query: CaseQuery,
    response: CasePage,
  }),
  clueSummary: get('/clue/summary', {
    service: svc,
    summary: 'Clues created in the period: invalid, visited, converted, and the conversion rates.',
    access: CLUE,
    query: ReportFilter,
    response: ClueSummary,
  }),
  clueRatio: get('/clue/ratio', {
    service: svc,
    summary: 'The clue conversion figures per campus, with the total.',
    access: CLUE,
    query: ReportFilter,
    response: ClueRatio,
  }),
  financeClassHour: get('/settlement/classHour/finance', {
    service: svc,
    summary:
      'Per campus and month: opening + paid − consumed − refunded + other = closing, hours and value from the ledger, with any difference.',
    access: SETTLE,
    query: ReportFilter,
    response: FinanceClassHour,
  }),
  attendanceClassHour: get('/settlement/classHour/attendance', {
    service: svc,
    summary:
      'Per campus, course and month: hours of the live signs against the consume movements of the ledger.',
    access: SETTLE,
    query: ReportFilter,
    response: AttendanceClassHour,
  }),
  projectClassHour: get('/settlement/classHour/project', {
    service: svc,
    summary: 'Per campus, project (course category) and month: hours and value consumed, students.',
    access: SETTLE,
    query: ReportFilter,
    response: ProjectClassHour,
  }),
  settlementExport: post('/settlement/classHour/export', {
    service: svc,
    summary: 'One settlement view as a workbook (课时结算_<view>_YYYYMMDD.xlsx, the period’s last day).',
    access: SETTLE,
    kind: 'download',
    body: SettlementExport,
    response: FileResponse,
  }),
} satisfies Slice;
