// Dashboards (issue 18), first part: the advance-receipt figures of /dataStatistics/index, read from
// the one student ledger and the pay records. Every figure is defined in docs/metrics.md; money is
// integer cents (fields named …Cents), months and days are Asia/Shanghai calendar ones.
import { z } from 'zod';
import { FileResponse, get, page, PageQuery, post, priv, type Slice } from './define.js';

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
export const FilterShape = {
  provinceTypeCode: Code.optional(),
  schoolItemCode: Code.optional(),
  startDate: Day.optional(),
  endDate: Day.optional(),
};
/** The period checks of every filter: start not after end, at most three years. */
export const periodChecked = <T extends z.ZodType<{ startDate?: string; endDate?: string }>>(schema: T) =>
  schema
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
export const DashboardFilter = periodChecked(z.object(FilterShape));
export type TDashboardFilter = z.input<typeof DashboardFilter>;

/** The period actually used (the defaults filled in). */
export const FigurePeriod = z.object({ startDate: z.string(), endDate: z.string() });
const Period = FigurePeriod;

/**
 * A set of figures broken down by `key` (a campus, a region, a teacher …): the filter's `summary`
 * (the figures and the period), one `row` (the figures and the key) and the `table` of rows with
 * their total row.
 */
export const figureTable = <F extends z.ZodRawShape, K extends z.ZodRawShape>(
  figures: z.ZodObject<F>,
  key: K,
) => {
  const row = figures.extend(key);
  return {
    summary: figures.extend({ period: Period }),
    row,
    table: z.object({ period: Period, rows: z.array(row), total: row }),
  };
};
/** Figures by campus: rows keyed by the campus's code and name. */
export const byCampus = <F extends z.ZodRawShape>(figures: z.ZodObject<F>) =>
  figureTable(figures, { schoolItemCode: z.string(), schoolItemName: z.string() });

/** The advance-receipt figures of a campus or of the whole filter (docs/metrics.md "Advance receipts"). */
const AdvanceFigures = z.object({
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

/** A campus's reconciliation of the period: opening + received − consumed − refunded + other = closing. */
const Advance = byCampus(AdvanceFigures);

export const RevenueSummary = z.object({
  period: Period,
  /** Value of the hours consumed in the period, at the price paid. */
  revenueCents: z.number().int(),
  /** Hours (or days) consumed in the period, 2 decimals. */
  consumedHours: z.number(),
  /** Students who consumed hours in the period. */
  students: z.number().int(),
});

/** Pre-revenue of the period (docs/metrics.md "Pre-revenue"): lessons booked and not yet consumed. */
export const PreRevenueSummary = z.object({
  period: Period,
  /** Value of the booked hours not yet consumed, at each student's remaining price of the course. */
  preRevenueCents: z.number().int(),
  /** Student-hours booked and not yet signed. */
  hours: z.number(),
  /** Students with such a booking. */
  students: z.number().int(),
});

/** Income figures of a campus or of the whole filter (docs/metrics.md "Income"). */
const IncomeFigures = z.object({
  /** Money received: confirmed pay records by payment day. */
  receivedCents: z.number().int(),
  /** Value refunded (approved refunds) in the period. */
  refundedCents: z.number().int(),
  /** Net income: received − refunded. */
  incomeCents: z.number().int(),
  /** Revenue: value of the hours consumed. */
  revenueCents: z.number().int(),
  /** Pre-revenue: value of the hours booked and not yet consumed. */
  preRevenueCents: z.number().int(),
  /** Advance receipts at the end of the period. */
  closingCents: z.number().int(),
});
const Income = byCampus(IncomeFigures);
/** The income of the filter in one answer for a phone: figures, payment methods, month series. */
export const IncomeMobile = Income.summary.extend({
  methods: z.array(z.object({ key: z.string(), name: z.string(), cents: z.number().int() })),
  /** Series `received`, `refunded` and `income` per month. */
  trend: z.object({
    months: z.array(z.string()),
    series: z.array(z.object({ key: z.string(), name: z.string(), values: z.array(z.number().int()) })),
  }),
});

/** Profit of whole months (docs/metrics.md "Profit"): revenue − imported school costs − payroll. */
const ProfitFigures = z.object({
  revenueCents: z.number().int(),
  /** The imported school costs of the months (every category). */
  schoolCostCents: z.number().int(),
  /** Salary lines (computed and manual) of the months. */
  payrollCents: z.number().int(),
  costCents: z.number().int(),
  profitCents: z.number().int(),
  /** profit ÷ revenue in percent, 2 decimals (0 without revenue). */
  marginPct: z.number(),
});
const Profit = byCampus(ProfitFigures);
export const CostRatio = z.object({
  period: Period,
  totalCents: z.number().int(),
  rows: z.array(z.object({ key: z.string(), name: z.string(), cents: z.number().int(), pct: z.number() })),
});

/** A figure against its target (the monthly uploads of /setting/revenueCost, docs/metrics.md "Targets"). */
const TargetRate = z.object({
  targetCents: z.number().int(),
  actualCents: z.number().int(),
  ratePct: z.number(),
});
export const CampusTargetRates = z.object({
  period: Period,
  rows: z.array(
    z.object({
      schoolItemCode: z.string(),
      schoolItemName: z.string(),
      /** Net income against the centre's advance-income upload. */
      income: TargetRate,
      /** Revenue against the centre's advance-consumption upload. */
      revenue: TargetRate,
    }),
  ),
});
export const TeacherPlanRates = z.object({
  period: Period,
  rows: z.array(
    z.object({
      teacherCode: z.string(),
      teacherName: z.string(),
      lessons: z.number().int(),
      scheduledHours: z.number(),
      consumedHours: z.number(),
      /** consumed ÷ scheduled hours in percent, 2 decimals. */
      ratePct: z.number(),
    }),
  ),
});
export const AdviserTargetRates = z.object({
  period: Period,
  rows: z.array(
    TargetRate.extend({
      employeeCode: z.string(),
      employeeName: z.string(),
      schoolItemCode: z.string(),
      /** consultant or growth (growth consultant). */
      role: z.string(),
    }),
  ),
});
export const ParentCostRates = z.object({
  period: Period,
  rows: z.array(
    z.object({
      schoolItemCode: z.string(),
      schoolItemName: z.string(),
      /** Opening advance receipts + received in the period: what families could use. */
      availableCents: z.number().int(),
      consumedCents: z.number().int(),
      ratePct: z.number(),
    }),
  ),
});

/** Orders of the period by how long they took to become effective (docs/metrics.md "Order period"). */
const OrderPeriodFigures = z.object({
  /** Orders created in the period (revoked ones left out). */
  orders: z.number().int(),
  /** Of those, effective now (every payment approved). */
  effective: z.number().int(),
  /** Mean whole Shanghai days from creation to effective, 1 decimal (0 without effective orders). */
  avgDays: z.number(),
  /** Orders paid by instalments (an active term bill). */
  termOrders: z.number().int(),
  payableCents: z.number().int(),
  paidCents: z.number().int(),
});
export const OrderPeriod = OrderPeriodFigures.extend({
  period: Period,
  /** sameDay, week (1–7 days), month (8–30), longer, open (not effective yet). */
  buckets: z.array(
    z.object({ key: z.string(), name: z.string(), orders: z.number().int(), payableCents: z.number().int() }),
  ),
  byType: z.array(OrderPeriodFigures.extend({ key: z.string(), name: z.string() })),
});

/** One student's advance receipts at a campus at the end of the period. */
export const AdvanceStudentRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemName: z.string(),
  /** Hours left (paid and gift). */
  hours: z.number(),
  closingCents: z.number().int(),
});
export const AdvancePageQuery = periodChecked(
  PageQuery.extend({ ...FilterShape, keyword: z.string().trim().max(50).optional() }),
);
export const AdvanceMobile = Advance.summary.extend({ campuses: z.array(DashboardShare) });

/** Count of a distribution (students, lessons) or hours: `value`, not money. */
export const DashboardCount = z.object({ key: z.string(), name: z.string(), value: z.number() });
export const DashboardCounts = z.object({ period: Period, rows: z.array(DashboardCount) });

/** The figures of the campus overview (docs/metrics.md "Overview"). */
const OverviewFigures = z.object({
  /** Money received in the period: confirmed pay records by payment date. */
  receivedCents: z.number().int(),
  /** Revenue: value of the hours consumed in the period. */
  revenueCents: z.number().int(),
  /** Value refunded in the period. */
  refundedCents: z.number().int(),
  /** Advance receipts at the end of the period. */
  closingCents: z.number().int(),
  /** Hours consumed in the period (ledger, by posting day). */
  consumedHours: z.number(),
  /** Case files created in the period. */
  newStudents: z.number().int(),
  /** Students who consumed hours in the period. */
  activeStudents: z.number().int(),
  /** Live lessons whose day lies in the period. */
  lessons: z.number().int(),
  /** Of those, lessons with at least one live sign. */
  givenLessons: z.number().int(),
});
const Overview = byCampus(OverviewFigures);

/** Student figures of a campus (or of the whole filter). */
const StudentFigures = z.object({
  /** Case files created in the period. */
  newStudents: z.number().int(),
  /** Students who consumed hours in the period. */
  activeStudents: z.number().int(),
  /** Students holding advance receipts at the end of the period. */
  holdingStudents: z.number().int(),
  /** Students who held advance receipts at the start of the period and none at its end. */
  leftStudents: z.number().int(),
  /** Case files created up to the period's end whose status is reading (在读) now. */
  readingStudents: z.number().int(),
});
const Students = byCampus(StudentFigures);
/** Case files by their status now: 10 reading, 20 suspended, 30 finished. */
export const StudentStatusSummary = z.object({
  period: Period,
  rows: z.array(z.object({ status: z.number().int(), name: z.string(), students: z.number().int() })),
});

export const OverviewCourseRow = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  revenueCents: z.number().int(),
  consumedHours: z.number(),
  activeStudents: z.number().int(),
  /** Student-hours booked on the course's lessons of the period. */
  scheduledHours: z.number(),
  lessons: z.number().int(),
});
export const OverviewCourseTable = z.object({ period: Period, rows: z.array(OverviewCourseRow) });

/** The figures a dashboard cell drills down to (docs/metrics.md "Drill-down"). */
export const DRILL_FIGURES = [
  'received',
  'revenue',
  'refunded',
  'newStudents',
  'activeStudents',
  'lessons',
] as const;
export const DrillFigure = z.enum(DRILL_FIGURES);
export type TDrillFigure = z.infer<typeof DrillFigure>;
export const DrillQuery = periodChecked(z.object({ ...FilterShape, figure: DrillFigure }));
export const DrillPageQuery = periodChecked(PageQuery.extend({ ...FilterShape, figure: DrillFigure }));
export type TDrillQuery = z.input<typeof DrillQuery>;
/**
 * One row behind a figure, in one shape for every figure: when, where, who, what, the reference
 * (order, student or lesson), a description, and the hours and value it adds to the figure.
 */
export const DrillRow = z.object({
  date: z.string(),
  schoolItemName: z.string(),
  studentCode: z.string(),
  studentName: z.string(),
  courseName: z.string(),
  ref: z.string(),
  detail: z.string(),
  hours: z.number().nullable(),
  cents: z.number().int().nullable(),
});
export const DrillPage = page(DrillRow).extend({
  /** The figure over the whole result (every page): equal to the dashboard's figure. */
  sumCents: z.number().int(),
  sumHours: z.number(),
});

/** Month series of hours (2 decimals). */
export const DashboardHoursTrend = z.object({
  months: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), name: z.string(), values: z.array(z.number()) })),
});

/** Schedule figures of the period, by lesson day (docs/metrics.md "Schedule"). */
const ScheduleFigures = z.object({
  /** Live lessons whose day lies in the period. */
  lessons: z.number().int(),
  /** Of those, lessons with at least one live sign. */
  givenLessons: z.number().int(),
  /** Of those, lessons the teacher confirmed. */
  confirmedLessons: z.number().int(),
  /** Student-hours booked (one-to-one and group lessons, bookings not released). */
  scheduledHours: z.number(),
  /** Hours the live signs of those lessons consumed. */
  consumedHours: z.number(),
  /** Distinct students booked. */
  students: z.number().int(),
});
const Schedule = byCampus(ScheduleFigures);
export const ScheduleKindRows = z.object({
  period: Period,
  rows: z.array(ScheduleFigures.extend({ kind: z.string(), name: z.string() })),
});

/** Class use of the lessons of the period up to today (docs/metrics.md "Class use and arrival"). */
const RatioFigures = z.object({
  /** Student-hours booked on lessons whose day has come. */
  bookedHours: z.number(),
  /** Hours their live signs consumed. */
  consumedHours: z.number(),
  /** consumedHours / bookedHours in percent, 2 decimals (0 without bookings). */
  usedPct: z.number(),
  /** Bookings (students × lessons) of those lessons, released ones included. */
  bookings: z.number().int(),
  /** Of those, signed present, late or make-up. */
  arrivals: z.number().int(),
  /** Signed as leave or released by an approved leave. */
  leaves: z.number().int(),
  /** Signed absent without leave. */
  absences: z.number().int(),
  /** Not signed yet. */
  unsigned: z.number().int(),
  /** arrivals / bookings in percent, 2 decimals. */
  arrivalPct: z.number(),
});
const Ratio = byCampus(RatioFigures);
/** The campus rows of class use, without a total row: percentages do not add up. */
const RatioCampusRows = z.object({ period: Period, rows: z.array(Ratio.row) });

export const ScheduleStudentSummary = z.object({
  period: Period,
  /** Students booked on lessons of the period. */
  students: z.number().int(),
  /** Of those, students with a sign that consumed hours. */
  attended: z.number().int(),
  scheduledHours: z.number(),
  consumedHours: z.number(),
  /** consumedHours / attended, 2 decimals. */
  hoursPerStudent: z.number(),
});
export const ScheduleStudentRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemName: z.string(),
  lessons: z.number().int(),
  arrivals: z.number().int(),
  leaves: z.number().int(),
  absences: z.number().int(),
  scheduledHours: z.number(),
  consumedHours: z.number(),
});
export const ScheduleStudentPageQuery = periodChecked(
  PageQuery.extend({ ...FilterShape, keyword: z.string().trim().max(50).optional() }),
);
export const ScheduleHistoryQuery = periodChecked(
  z.object({ ...FilterShape, studentId: z.coerce.number().int().min(1).max(2_147_483_647) }),
);
export const ScheduleHistory = z.object({
  period: Period,
  student: z.object({ id: z.number().int(), code: z.string(), name: z.string(), schoolItemName: z.string() }),
  rows: z.array(
    z.object({
      lessonId: z.number().int(),
      date: z.string(),
      startMinute: z.number().int(),
      endMinute: z.number().int(),
      courseName: z.string(),
      teacherName: z.string(),
      kind: z.string(),
      /** booked, released (leave approved) */
      booking: z.string(),
      /** The live sign's status, or '' when not signed. */
      sign: z.string(),
      hours: z.number(),
    }),
  ),
});

/** A centre's teachers over the period's lessons (docs/metrics.md "Centre"). */
export const CenterSummary = Schedule.summary.extend({
  /** Teachers with a live lesson in the period. */
  teachers: z.number().int(),
  /** Lessons given (a live sign) and not yet confirmed by their teacher. */
  unconfirmedLessons: z.number().int(),
});
export const CenterTeacherRows = z.object({
  period: Period,
  rows: z.array(
    ScheduleFigures.extend({
      teacherCode: z.string(),
      teacherName: z.string(),
      unconfirmedLessons: z.number().int(),
    }),
  ),
});

const VIEW = priv('/dataStatistics/index', '/dataStatistics/centerData', '/dataStatistics/incomeGM');
const REVENUE = priv('/dataStatistics/revenueGM', '/dataStatistics/index', '/dataStatistics/centerData');
const OVERVIEW = priv('/dataStatistics/centerData', '/dataStatistics/index');
const STUDENTS = priv('/dataStatistics/studentsGM', '/dataStatistics/centerData');
const SCHEDULE = priv('/dataStatistics/class', '/dataStatistics/usedClassRate', '/dataStatistics/centerData');
const RATIO = priv('/dataStatistics/usedClassRate', '/dataStatistics/arrivalRate', '/dataStatistics/class');
const CENTER = priv('/dataStatistics/arrivalRate', '/dataStatistics/centerData', '/dataStatistics/class');
const svc = 'report' as const;
/** Income (incomeGM, on a phone too) and the operating results beside it. */
const INCOME = priv(
  '/dataStatistics/incomeGM',
  '/dataStatistics/operationEffect',
  '/dataStatistics/index',
  '/dataStatistics/centerData',
);
const PROFIT = priv('/dataStatistics/grossProfit', '/dataStatistics/operationEffect');
const TARGETS = priv(
  '/dataStatistics/incomeGM',
  '/dataStatistics/revenueGM',
  '/dataStatistics/operationEffect',
);

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
    response: Advance.summary,
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
    response: Advance.table,
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
  preRevenueSummary: get('/preRevenue/summary', {
    service: svc,
    summary:
      'Pre-revenue of the period: the value of the student-hours booked on its lessons and not yet consumed, the hours, the students.',
    access: REVENUE,
    query: DashboardFilter,
    response: PreRevenueSummary,
  }),
  preRevenueSchoolRanking: distribution(
    '/preRevenue/schoolsummaryranking',
    'Campuses ranked by pre-revenue of the period.',
  ),
  preRevenueCampusDistribution: distribution(
    '/preRevenue/campusdistribution',
    'Pre-revenue of the period by campus.',
  ),
  preRevenueTypeProportion: distribution(
    '/preRevenue/typeproportion',
    'Pre-revenue of the period by the type of the order the booked hours would be drawn from.',
  ),
  preRevenueCourseProportion: distribution(
    '/preRevenue/courseproportion',
    'Pre-revenue of the period by course.',
  ),
  preRevenueSchoolTrend: trend(
    '/preRevenue/schooltrend',
    'Pre-revenue of each month of the period (by lesson day): the total and the five campuses with the most.',
  ),
  preRevenueTypeTrend: trend(
    '/preRevenue/typetrend',
    'Pre-revenue of each month of the period by order type.',
  ),
  preRevenueCourseTrend: trend(
    '/preRevenue/coursetrend',
    'Pre-revenue of each month of the period: the total and the five courses with the most.',
  ),
  revenueWebRange: get('/revenue/web/range', {
    service: svc,
    summary:
      'Income of the period per campus with the total row: money received, refunded, net income, revenue, pre-revenue, closing advance receipts.',
    access: INCOME,
    query: DashboardFilter,
    response: Income.table,
  }),
  revenueWebRangeExport: get('/revenue/web/range/export', {
    service: svc,
    summary: 'The income table of /revenue/web/range as a workbook (收入汇总_YYYYMMDD.xlsx).',
    access: INCOME,
    kind: 'download',
    query: DashboardFilter,
    response: FileResponse,
  }),
  revenueMobileQuery: get('/revenue/mobile/query', {
    service: svc,
    summary:
      'The income of the filter in one answer (the phone page of incomeGM): the figures, money received by payment method, and the month series.',
    access: INCOME,
    query: DashboardFilter,
    response: IncomeMobile,
  }),
  revenueTargetRate: get('/revenue/v2/overViewTargetRate', {
    service: svc,
    summary:
      'Per campus: net income against the centre advance-income upload and revenue against the centre advance-consumption upload of the months.',
    access: TARGETS,
    query: DashboardFilter,
    response: CampusTargetRates,
  }),
  revenueTeacherPlanRate: get('/revenue/v2/teacherPlanRate', {
    service: svc,
    summary: 'Per teacher: student-hours booked on the period’s lessons and the hours consumed of them.',
    access: TARGETS,
    query: DashboardFilter,
    response: TeacherPlanRates,
  }),
  revenueCardPlanRate: get('/revenue/v2/cardPlanRate', {
    service: svc,
    summary:
      'Per consultant and growth consultant: money received on the orders they advise against their monthly advance-income upload.',
    access: TARGETS,
    query: DashboardFilter,
    response: AdviserTargetRates,
  }),
  revenueParentCostRate: get('/revenue/v2/parentCostRate', {
    service: svc,
    summary:
      'Per campus: the share of what families could use (opening advance receipts + received) consumed in the period.',
    access: TARGETS,
    query: DashboardFilter,
    response: ParentCostRates,
  }),
  profitSummary: get('/profit/summary', {
    service: svc,
    summary:
      'Profit of the whole months of the period: revenue − imported school costs − payroll, with the margin.',
    access: PROFIT,
    query: DashboardFilter,
    response: Profit.summary,
  }),
  profitCampusDistribution: get('/profit/campus_distribution', {
    service: svc,
    summary: 'Profit per campus with the total row.',
    access: PROFIT,
    query: DashboardFilter,
    response: Profit.table,
  }),
  profitLatestMonth: get('/profit/latest_month', {
    service: svc,
    summary:
      "The latest month that has ended and holds costs (imported school costs or payroll) in the caller's campuses, as a period, or null: where the gross-profit screen opens.",
    access: PROFIT,
    response: FigurePeriod.nullable(),
  }),
  profitCostRatio: get('/profit/cost_ratio', {
    service: svc,
    summary: 'The costs of the months by type (the school cost categories and payroll), with their shares.',
    access: PROFIT,
    query: DashboardFilter,
    response: CostRatio,
  }),
  orderPeriod: get('/report/orderPeriod', {
    service: svc,
    summary:
      'Orders created in the period by the time they took to become effective (same day, a week, a month, longer, open), by order type, with the instalment orders.',
    access: priv('/dataStatistics/orderPeriod', '/dataStatistics/operationEffect'),
    query: DashboardFilter,
    response: OrderPeriod,
  }),
  advanceData: get('/advance/data', {
    service: svc,
    summary:
      'Advance receipts of the filter in one answer for a phone: the summary and the campuses holding them.',
    access: VIEW,
    query: DashboardFilter,
    response: AdvanceMobile,
  }),
  advanceDataForPC: get('/advance/dataForPC', {
    service: svc,
    summary: 'The reconciliation table of advance receipts per campus (as advanceReceiptV2, by GET).',
    access: VIEW,
    query: DashboardFilter,
    response: Advance.table,
  }),
  advancePageDetail: get('/advance/pageDetail', {
    service: svc,
    summary:
      'The students holding advance receipts at the end of the period, per campus, largest first; paged. Their sum is the closing advance.',
    access: VIEW,
    query: AdvancePageQuery,
    response: page(AdvanceStudentRow).extend({ sumCents: z.number().int() }),
  }),
  overviewSummary: get('/overview/summary2', {
    service: svc,
    summary:
      'The campus overview of the filter: money received, revenue, refunds, closing advance receipts, hours consumed, new and active students, lessons scheduled and given.',
    access: OVERVIEW,
    query: DashboardFilter,
    response: Overview.summary,
  }),
  overviewSchoolSummary: get('/overview/schoolsummary', {
    service: svc,
    summary: 'The overview figures per campus, with the total row.',
    access: OVERVIEW,
    query: DashboardFilter,
    response: Overview.table,
  }),
  overviewSchoolStudentSummary: get('/overview/schoolstudentummary', {
    service: svc,
    summary: 'Student figures per campus (new, active, holding advance, left, reading), with the total row.',
    access: OVERVIEW,
    query: DashboardFilter,
    response: Students.table,
  }),
  overviewSchoolCourseSummary: get('/overview/schoolcoursesummary', {
    service: svc,
    summary:
      'Figures per course: revenue, hours consumed, active students, student-hours scheduled, lessons.',
    access: OVERVIEW,
    query: DashboardFilter,
    response: OverviewCourseTable,
  }),
  drillPage: get('/report/paging', {
    service: svc,
    summary:
      'The rows behind a dashboard figure (payments, ledger movements, case files, lessons), paged; their sum is the figure.',
    access: priv(
      '/dataStatistics/centerData',
      '/dataStatistics/index',
      '/dataStatistics/studentsGM',
      '/dataStatistics/class',
      '/dataStatistics/incomeGM',
      '/dataStatistics/saturationRate',
    ),
    query: DrillPageQuery,
    response: DrillPage,
  }),
  drillExport: post('/report/export', {
    service: svc,
    summary:
      'The rows behind a dashboard figure as a workbook (<figure>明细_YYYYMMDD.xlsx, at most 20,000 rows).',
    access: priv(
      '/dataStatistics/centerData',
      '/dataStatistics/index',
      '/dataStatistics/studentsGM',
      '/dataStatistics/class',
      '/dataStatistics/incomeGM',
      '/dataStatistics/saturationRate',
    ),
    kind: 'download',
    body: DrillQuery,
    response: FileResponse,
  }),
  studentSummary: get('/student/summary', {
    service: svc,
    summary:
      'Student figures of the filter: new case files, active, holding advance receipts, left, reading.',
    access: STUDENTS,
    query: DashboardFilter,
    response: Students.summary,
  }),
  studentStatusSummary: get('/student/summary3', {
    service: svc,
    summary: 'Case files created up to the period’s end by their status now (reading, suspended, finished).',
    access: STUDENTS,
    query: DashboardFilter,
    response: StudentStatusSummary,
  }),
  studentCampusDistribution: get('/student/campusdistribution', {
    service: svc,
    summary: 'Student figures per campus, with the total row.',
    access: STUDENTS,
    query: DashboardFilter,
    response: Students.table,
  }),
  studentSchoolTrend: get('/student/schooltrend', {
    service: svc,
    summary:
      'Active students (who consumed hours) in each month of the period: the total and the five campuses with the most.',
    access: STUDENTS,
    query: DashboardFilter,
    response: DashboardTrend,
  }),
  scheduleSummary: get('/schedule/summary', {
    service: svc,
    summary:
      'Lessons of the period by lesson day: scheduled, given, confirmed, student-hours booked and consumed, students booked.',
    access: SCHEDULE,
    query: DashboardFilter,
    response: Schedule.summary,
  }),
  scheduleByKind: get('/schedule/summary2', {
    service: svc,
    summary: 'The schedule figures by lesson kind (one-to-one, group, trial, assessment).',
    access: SCHEDULE,
    query: DashboardFilter,
    response: ScheduleKindRows,
  }),
  scheduleCampusDistribution: get('/schedule/campusdistribution', {
    service: svc,
    summary: 'Student-hours booked in the period by campus.',
    access: SCHEDULE,
    query: DashboardFilter,
    response: DashboardCounts,
  }),
  scheduleSchoolTrend: get('/schedule/schooltrend', {
    service: svc,
    summary: 'Student-hours booked in each month: the total and the five campuses with the most.',
    access: SCHEDULE,
    query: DashboardFilter,
    response: DashboardHoursTrend,
  }),
  scheduleCourseProportion: get('/schedule/courseproportion', {
    service: svc,
    summary: 'Student-hours booked in the period by course.',
    access: SCHEDULE,
    query: DashboardFilter,
    response: DashboardCounts,
  }),
  scheduleCourseTrend: get('/schedule/coursetrend', {
    service: svc,
    summary: 'Student-hours booked in each month: the total and the five courses with the most.',
    access: SCHEDULE,
    query: DashboardFilter,
    response: DashboardHoursTrend,
  }),
  ratioSummary: get('/scheduleratio/summary', {
    service: svc,
    summary:
      'Class use (hours consumed of hours booked) and arrival (present, late or make-up of bookings) of the period’s lessons up to today.',
    access: RATIO,
    query: DashboardFilter,
    response: Ratio.summary,
  }),
  ratioCampusDistribution: get('/scheduleratio/campusdistribution', {
    service: svc,
    summary: 'Class use and arrival per campus.',
    access: RATIO,
    query: DashboardFilter,
    response: RatioCampusRows,
  }),
  scheduleStudentSummary: get('/schedule/student/summary', {
    service: svc,
    summary:
      'Students booked in the period, those who attended, hours booked and consumed, hours per student.',
    access: SCHEDULE,
    query: DashboardFilter,
    response: ScheduleStudentSummary,
  }),
  scheduleStudentList: get('/schedule/student/list', {
    service: svc,
    summary:
      'Per student of the period: lessons booked, arrivals, leaves, absences, hours booked and consumed; paged.',
    access: SCHEDULE,
    query: ScheduleStudentPageQuery,
    response: page(ScheduleStudentRow),
  }),
  scheduleStudentHistory: get('/schedule/student/history', {
    service: svc,
    summary:
      'A student’s lessons of the period with their booking and sign (the student’s campus must be in scope).',
    access: SCHEDULE,
    query: ScheduleHistoryQuery,
    response: ScheduleHistory,
  }),
  centerSummary: get('/center/summary', {
    service: svc,
    summary:
      'The centre’s teaching of the period: teachers, lessons scheduled, given, confirmed and given but unconfirmed, hours.',
    access: CENTER,
    query: DashboardFilter,
    response: CenterSummary,
  }),
  centerSummaryByEmp: get('/center/summaryByEmp', {
    service: svc,
    summary: 'The same per teacher, most lessons first.',
    access: CENTER,
    query: DashboardFilter,
    response: CenterTeacherRows,
  }),
  centerTeacherConfirm: get('/center/teacherConfirmScheduleByEmp', {
    service: svc,
    summary: 'Teachers with lessons given but not confirmed, most unconfirmed first.',
    access: CENTER,
    query: DashboardFilter,
    response: CenterTeacherRows,
  }),
} satisfies Slice;
