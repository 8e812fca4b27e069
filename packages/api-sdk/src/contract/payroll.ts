// Payroll (issue 17 A, docs/payroll.md): salary rules per role and skill rank, the course → pay-type
// switch, the computation of a period with its change report, the role areas of /staffsalary
// (payslips, their lines and the rows behind each line, manual adjustments), summaries, kjbonus,
// class hours given outside the timetable (import) and the hours behind a period (export), and the
// pay statistics of /staff/payStatistics.
import { z } from 'zod';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';
import { money, quantity } from './fields.js';
import { importEndpoint } from './masterData.js';

/** The six pay roles. */
export const PAY_ROLES = ['teacher', 'expert', 'supervisor', 'consultant', 'growth', 'leader'] as const;
export const PayRole = z.enum(PAY_ROLES);
export type TPayRole = z.infer<typeof PayRole>;

/** The role areas of /staffsalary and the role each pays (emergency: teachers' hours outside the timetable). */
export const PAY_AREAS = {
  frontline: 'teacher',
  emergency: 'teacher',
  expert: 'expert',
  execsupervision: 'supervisor',
  consult: 'consultant',
  growth: 'growth',
  center: 'leader',
} as const satisfies Record<string, TPayRole>;
export type TPayArea = keyof typeof PAY_AREAS;
export const PayArea = z.enum(Object.keys(PAY_AREAS) as [TPayArea, ...TPayArea[]]);
/** The screen privilege of an area. */
export const areaScreen = (a: TPayArea) => `/staffsalary/${a}`;

/** Attendance statuses of teaching, and '*' for any. */
export const RATE_STATUSES = ['*', 'present', 'late', 'leave', 'absent', 'makeup'] as const;

const Yuan = z.string().describe('yuan, 2 decimals');
const Ts = z.string().describe('ISO 8601 timestamp');
const Id = z.coerce.number().int().min(1).max(2147483647);
const Year = z.coerce.number().int().min(2000).max(2100);
const MonthNo = z.coerce.number().int().min(1).max(12);
const Campus = z.string().trim().max(20);
const Code = z.string().trim().max(30);
/** A month 'YYYY-MM'. */
const Month = z
  .string()
  .trim()
  .max(7)
  .refine((v) => /^2\d{3}-(0[1-9]|1[0-2])$/.test(v), '月份格式应为 YYYY-MM / a month as YYYY-MM');
const PayType = z
  .string()
  .trim()
  .min(1, '请填写计薪类型 / the pay type is required')
  .max(30)
  .refine(
    (v) => /^[A-Za-z0-9_*-]+$/.test(v),
    '计薪类型只能包含字母、数字 / a pay type of letters and digits',
  );
/** A signed amount in yuan (a deduction is negative), at most 2 decimals. */
const SignedYuan = money({ maxIntDigits: 7, signed: true });
const Bp = z.coerce.number().int().min(0).max(10000);

export const RateRow = z.object({
  payType: z.string(),
  attendanceStatus: z.string(),
  hourly: Yuan,
});
export const SalaryRuleRow = z.object({
  id: z.number().int(),
  role: PayRole,
  skillRankCode: z.string(),
  skillRankName: z.string().nullable(),
  /** 'YYYY-MM': the first period the rule applies to. */
  effectiveFrom: z.string(),
  base: Yuan,
  commissionBp: z.number().int(),
  perCase: Yuan,
  targetBonus: Yuan,
  bonusThresholdHours: z.number(),
  bonus: Yuan,
  validstatus: z.number().int(),
  remark: z.string(),
  rates: z.array(RateRow),
  version: z.number().int(),
});
export type TSalaryRuleRow = z.infer<typeof SalaryRuleRow>;

export const SalaryRuleInput = z.object({
  id: Id.optional(),
  version: z.coerce.number().int().min(1).max(2147483647).optional(),
  role: PayRole,
  skillRankCode: Code.default(''),
  effectiveFrom: Month,
  base: money({ maxIntDigits: 7 }).default('0'),
  commissionBp: Bp.default(0),
  perCase: money({ maxIntDigits: 7 }).default('0'),
  targetBonus: money({ maxIntDigits: 7 }).default('0'),
  bonusThresholdHours: quantity({ max: 9999 }).default(0),
  bonus: money({ maxIntDigits: 7 }).default('0'),
  validstatus: z.coerce.number().int().min(0).max(1).default(1),
  remark: z.string().trim().max(200).default(''),
  rates: z
    .array(
      z.object({
        payType: PayType,
        attendanceStatus: z.enum(RATE_STATUSES),
        hourly: money({ maxIntDigits: 7 }),
      }),
    )
    .max(100)
    .default([]),
});
export type TSalaryRuleInput = z.input<typeof SalaryRuleInput>;

export const CourseSwitchRow = z.object({
  courseCode: z.string(),
  courseName: z.string().nullable(),
  payType: z.string(),
});
export type TCourseSwitchRow = z.infer<typeof CourseSwitchRow>;

export const PeriodQuery = z.object({ year: Year, month: MonthNo });
export const CampusPeriodQuery = PeriodQuery.extend({ schoolItemCode: Campus.optional() });

export const ChangeRow = z.object({
  schoolItemCode: z.string(),
  employeeCode: z.string(),
  employeeName: z.string().nullable(),
  role: z.string(),
  before: Yuan,
  after: Yuan,
});
export const RunRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** null: every campus. */
  schoolItemCode: z.string().nullable(),
  computedAt: Ts,
  computedBy: z.string().nullable(),
  lineCount: z.number().int(),
  total: Yuan,
  changes: z.array(ChangeRow),
});
export type TRunRow = z.infer<typeof RunRow>;

export const ManageRow = z.object({
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  employees: z.number().int(),
  total: Yuan,
  manualLines: z.number().int(),
  computedAt: Ts.nullable(),
  /** Employees whose pay moved in the last run. */
  lastChanges: z.number().int(),
  /** 'open' | 'closed' (the salary period's status). */
  periodState: z.enum(['open', 'closed', 'missing']),
});
export type TManageRow = z.infer<typeof ManageRow>;

export const AreaQuery = PageQuery.extend({
  year: Year,
  month: MonthNo,
  schoolItemCode: Campus.optional(),
  /** Employee name or code. */
  keyword: z.string().trim().max(50).optional(),
});
export const PayslipRow = z.object({
  employeeCode: z.string(),
  employeeName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  role: PayRole,
  postName: z.string().nullable(),
  skillRankCode: z.string().nullable(),
  computed: Yuan,
  adjusted: Yuan,
  total: Yuan,
  lines: z.number().int(),
});
export type TPayslipRow = z.infer<typeof PayslipRow>;

export const SlipQuery = z.object({
  year: Year,
  month: MonthNo,
  schoolItemCode: Campus.min(1, '请选择校区 / the campus is required'),
  employeeCode: Code.min(1, '请选择员工 / the employee is required'),
});
export const LineRow = z.object({
  id: z.number().int(),
  kind: z.enum(['computed', 'manual']),
  item: z.string(),
  quantity: z.number(),
  /** Cents per unit as yuan, or basis points for a commission; null for a manual line. */
  rate: z.string().nullable(),
  amount: Yuan,
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: Ts,
  sources: z.number().int(),
});
export type TLineRow = z.infer<typeof LineRow>;

export const SalaryAdjustInput = z.object({
  year: Year,
  month: MonthNo,
  schoolItemCode: Campus.min(1, '请选择校区 / the campus is required'),
  employeeCode: Code.min(1, '请选择员工 / the employee is required'),
  amount: SignedYuan.refine((v) => Number(v) !== 0, '调整金额不能为0 / the amount must not be 0'),
  reason: z.string().trim().min(2, '请填写调整原因 / the reason is required').max(200),
});
export type TSalaryAdjustInput = z.input<typeof SalaryAdjustInput>;

export const SourceRow = z.object({
  sourceType: z.enum(['attendance', 'extraHours', 'order', 'refund', 'student', 'training']),
  sourceId: z.number().int(),
  /** The day of the lesson, the work, the order's effect or the refund's posting. */
  day: z.string().nullable(),
  /** Order or refund code, course, student: what a person recognises. */
  ref: z.string(),
  detail: z.string(),
  /** An attendance's lesson as people check it: number, time, student, course, attendance status. */
  lesson: z
    .object({
      lessonId: z.number().int(),
      /** 'HH:mm-HH:mm' in campus time. */
      time: z.string(),
      studentName: z.string().nullable(),
      courseName: z.string(),
      status: z.string(),
      /** The passed class-hour confirmation that approved the lesson's pay (null: none passed now). */
      confirmation: z
        .object({
          id: z.number().int(),
          /** Its approval request (/sign/approval/detail/{approvalId}). */
          approvalId: z.number().int(),
          kind: z.enum(['original', 'supplementary']),
        })
        .nullable(),
    })
    .nullable(),
  quantity: z.number(),
  amount: Yuan,
});
export type TSourceRow = z.infer<typeof SourceRow>;

export const SummaryRow = z.object({
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  role: PayRole,
  employees: z.number().int(),
  total: Yuan,
});
export type TSummaryRow = z.infer<typeof SummaryRow>;

export const KjbonusRow = z.object({
  employeeCode: z.string(),
  employeeName: z.string(),
  schoolItemCode: z.string(),
  hours: z.number(),
  threshold: z.number(),
  bonus: Yuan,
});
export type TKjbonusRow = z.infer<typeof KjbonusRow>;

export const ExtraHoursRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string(),
  teacherCode: z.string(),
  teacherName: z.string().nullable(),
  workDate: z.string(),
  payType: z.string(),
  hours: z.number(),
  remark: z.string(),
});
export type TExtraHoursRow = z.infer<typeof ExtraHoursRow>;
export const ExtraHoursQuery = PageQuery.extend({
  schoolItemCode: Campus.optional(),
  month: Month.optional(),
  keyword: z.string().trim().max(50).optional(),
});

/** A salary line of any role as finance's data export lists it: the payslip's figures with whom they pay. */
export const SalaryLineExportRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  employeeCode: z.string(),
  employeeName: z.string().nullable(),
  role: PayRole,
  kind: z.enum(['computed', 'manual']),
  item: z.string(),
  /** The item as people read it (Chinese, as the workbook writes it). */
  itemName: z.string(),
  quantity: z.number(),
  /** As the payslip shows it: yuan per unit, a commission's percentage, null for a manual line. */
  rate: z.string().nullable(),
  /** How the amount came about: 'quantity × rate', or a manual line's reason and author. */
  basis: z.string(),
  amount: Yuan,
  /** The rows behind the line (lessons' attendances, orders, refunds…). */
  sources: z.number().int(),
});
export type TSalaryLineExportRow = z.infer<typeof SalaryLineExportRow>;
export const LineExportQuery = AreaQuery.extend({ role: PayRole.optional() });

export const HoursRow = z.object({
  source: z.enum(['lesson', 'extra']),
  id: z.number().int(),
  schoolItemCode: z.string(),
  teacherCode: z.string(),
  teacherName: z.string().nullable(),
  day: z.string(),
  courseCode: z.string().nullable(),
  payType: z.string(),
  status: z.string(),
  studentName: z.string().nullable(),
  hours: z.number(),
});
export type THoursRow = z.infer<typeof HoursRow>;
export const HoursQuery = PageQuery.extend({
  year: Year,
  month: MonthNo,
  schoolItemCode: Campus.optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const PayStatQuery = z
  .object({
    fromMonth: Month,
    toMonth: Month,
    schoolItemCode: Campus.optional(),
    role: PayRole.optional(),
  })
  .refine((v) => v.fromMonth <= v.toMonth, {
    message: '起始月份晚于结束月份 / the first month is after the last',
    path: ['toMonth'],
  });
export const PayStatRow = z.object({
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  role: PayRole,
  employees: z.number().int(),
  total: Yuan,
});
export type TPayStatRow = z.infer<typeof PayStatRow>;

const RULES = priv('/setting/salary');
const MANAGE = priv('/staffsalary/manage');
const COMPUTE = priv('payroll.compute');
/** Finance's data export (/financial/dataExport) reads payslips and hours of every area, never edits them. */
export const DATA_EXPORT = '/financial/dataExport';
const AREAS = priv(...(Object.keys(PAY_AREAS) as TPayArea[]).map(areaScreen));
const AREA_READ = priv(...(Object.keys(PAY_AREAS) as TPayArea[]).map(areaScreen), DATA_EXPORT);
const READ = priv('/staffsalary/manage', ...(Object.keys(PAY_AREAS) as TPayArea[]).map(areaScreen));
const IMPORT = priv('/staffsalary/courseimport');
const EXPORT = priv('/staffsalary/courseexport', DATA_EXPORT);
const AreaParams = z.object({ area: PayArea });
/** Every role's lines: HR's overview and finance's data export (each within their campuses). */
const LINES = priv('/staffsalary/manage', DATA_EXPORT);

export const payroll = {
  ruleList: get('/salary/list', {
    service: 'ehr',
    summary: 'Salary rules (per role, skill rank and first period) with their hourly rates.',
    access: RULES,
    query: z.object({ role: PayRole.optional(), skillRankCode: Code.optional() }),
    response: z.array(SalaryRuleRow),
  }),
  ruleSave: post('/salary/save', {
    service: 'ehr',
    summary:
      'Create a salary rule (role + skill rank + first period unique) or change one (id + version); its rates are replaced.',
    access: RULES,
    body: SalaryRuleInput,
    response: SalaryRuleRow,
  }),
  switchCourseList: get('/switch/course', {
    service: 'ehr',
    summary: 'The courses switched to a pay type (a course not listed pays at its lesson kind).',
    access: RULES,
    response: z.array(CourseSwitchRow),
  }),
  switchCourseSave: post('/switch/course/save', {
    service: 'ehr',
    summary: "Switch a course to a pay type; an empty pay type removes the course's switch.",
    access: RULES,
    body: z.object({
      courseCode: Code.min(1, '请选择课程 / the course is required'),
      payType: z.string().trim().max(30).default(''),
    }),
    response: z.array(CourseSwitchRow),
  }),
  compute: post('/staffsalary/compute', {
    service: 'ehr',
    summary:
      'Compute (again) a period for a campus or, without one, every campus: computed lines replaced, manual lines kept; answers the run with what changed.',
    access: COMPUTE,
    body: z.object({ year: Year, month: MonthNo, schoolItemCode: Campus.optional() }),
    response: RunRow,
  }),
  latestPeriod: get('/staffsalary/latest', {
    service: 'ehr',
    summary:
      "The latest period holding salary lines in the caller's campuses (of an area's role, or of one line item such as the class bonus, when asked), or null: where payroll screens open.",
    access: priv(
      '/staffsalary/manage',
      '/staffsalary/kjbonus',
      '/staffsalary/courseexport',
      ...(Object.keys(PAY_AREAS) as TPayArea[]).map(areaScreen),
      DATA_EXPORT,
    ),
    query: z.object({
      area: PayArea.optional(),
      item: z
        .enum(['kjbonus'])
        .optional()
        .describe(
          "only periods holding lines of this item: 'kjbonus', the class bonus (/staffsalary/kjbonus)",
        ),
    }),
    response: z.object({ year: z.number().int(), month: z.number().int() }).nullable(),
  }),
  manage: get('/staffsalary/manage/list', {
    service: 'ehr',
    summary:
      "A period's overview per campus in scope: employees, total, manual lines, last computed, changes, state.",
    access: MANAGE,
    query: CampusPeriodQuery,
    response: z.array(ManageRow),
  }),
  runs: get('/staffsalary/manage/runs', {
    service: 'ehr',
    summary:
      'The runs of a period (newest first) with their change reports, for a campus or every campus in scope.',
    access: MANAGE,
    query: CampusPeriodQuery,
    response: z.array(RunRow),
  }),
  areaPage: get('/staffsalary/{area}/page', {
    service: 'ehr',
    summary:
      "An area's payslips of a period (one per employee and campus): computed, adjusted, total; paged.",
    access: AREA_READ,
    params: AreaParams,
    query: AreaQuery,
    response: page(PayslipRow),
  }),
  areaList: get('/staffsalary/{area}/list', {
    service: 'ehr',
    summary: "One payslip's lines (computed and manual) of an area.",
    access: AREAS,
    params: AreaParams,
    query: SlipQuery,
    response: z.array(LineRow),
  }),
  areaExport: get('/staffsalary/{area}/export', {
    service: 'ehr',
    summary: "An area's payslips of a period, the whole filtered list as a workbook.",
    access: AREA_READ,
    kind: 'download',
    params: AreaParams,
    query: AreaQuery.omit({ pageIdx: true, pageSize: true }),
    response: FileResponse,
  }),
  areaEdit: post('/staffsalary/{area}/edit', {
    service: 'ehr',
    summary:
      'A manual adjustment: a separate signed line with its reason and author (audited), kept by every recomputation.',
    access: AREAS,
    params: AreaParams,
    body: SalaryAdjustInput,
    response: LineRow,
  }),
  lineSources: get('/staffsalary/line/sources', {
    service: 'ehr',
    summary: 'The rows a salary line was earned by: attendances, imported hours, orders, refunds, students.',
    access: READ,
    query: z.object({ id: Id }),
    response: z.array(SourceRow),
  }),
  summaryCampus: get('/summary/campus', {
    service: 'ehr',
    summary: "A period's pay per campus and role (campuses in scope).",
    access: READ,
    query: CampusPeriodQuery,
    response: z.array(SummaryRow),
  }),
  summaryRole: get('/summary/role', {
    service: 'ehr',
    summary: "A period's pay per role over the campuses in scope.",
    access: READ,
    query: CampusPeriodQuery,
    response: z.array(SummaryRow),
  }),
  kjbonus: get('/staffsalary/kjbonus/list', {
    service: 'ehr',
    summary: "A period's class bonuses (kjbonus): teachers whose paid hours reached their rule's threshold.",
    access: priv('/staffsalary/kjbonus'),
    query: CampusPeriodQuery,
    response: z.array(KjbonusRow),
  }),
  extraHoursPage: get('/staffsalary/courseimport/list', {
    service: 'ehr',
    summary: 'Class hours given outside the timetable, paged.',
    access: IMPORT,
    query: ExtraHoursQuery,
    response: page(ExtraHoursRow),
  }),
  extraHoursTemplate: get('/staffsalary/courseimport/template', {
    service: 'ehr',
    summary: 'The xlsx template of class hours given outside the timetable.',
    access: IMPORT,
    kind: 'download',
    response: FileResponse,
  }),
  extraHoursUpload: post('/staffsalary/courseimport', {
    service: 'ehr',
    summary:
      'Import class hours given outside the timetable from the xlsx template (campus, teacher, date, pay type, hours): every row checked, all-or-nothing, upsert by campus + teacher + date + pay type. A JSON message, or the import-result workbook when rows failed.',
    access: IMPORT,
    kind: 'upload',
    returnsFile: true,
    response: z.null(),
  }),
  extraHoursImportRows: importEndpoint('/staffsalary/courseimport/importRows', {
    service: 'ehr',
    access: IMPORT,
    what: 'class hours given outside the timetable',
  }),
  hoursPage: get('/staffsalary/courseexport/list', {
    service: 'ehr',
    summary: 'The hours behind a period: paid attendances of confirmed lessons and imported hours, paged.',
    access: EXPORT,
    query: HoursQuery,
    response: page(HoursRow),
  }),
  hoursExport: get('/staffsalary/courseexport', {
    service: 'ehr',
    summary: 'The hours behind a period as a workbook.',
    access: EXPORT,
    kind: 'download',
    query: HoursQuery.omit({ pageIdx: true, pageSize: true }),
    response: FileResponse,
  }),
  linesPage: get('/staffsalary/lines/page', {
    service: 'ehr',
    summary:
      "Every salary line of a period (each role, computed and manual) with employee, campus, item, basis and amount, the payslips' figures; paged.",
    access: LINES,
    query: LineExportQuery,
    response: page(SalaryLineExportRow),
  }),
  linesExport: get('/staffsalary/lines/export', {
    service: 'ehr',
    summary: 'Every salary line of a period, the whole filtered list as a workbook (streamed).',
    access: LINES,
    kind: 'download',
    query: LineExportQuery.omit({ pageIdx: true, pageSize: true }),
    response: FileResponse,
  }),
  payStatistics: get('/staff/payStatistics', {
    service: 'ehr',
    summary: 'Pay per campus, role and month over a range of months (campuses in scope).',
    access: priv('/staff/payStatistics'),
    query: PayStatQuery,
    response: z.array(PayStatRow),
  }),
} satisfies Slice;
