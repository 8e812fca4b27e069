// School (campus) cost and revenue by month, and the five monthly advance-receipt uploads under /setting/
// (spec §7 "Dashboards and reports": school cost and revenue, monthly uploads).
import { z } from 'zod';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';
import { importEndpoint, versioned } from './masterData.js';
import { FeeAmount } from './finance.js';

const REVENUE_COST = priv('/setting/revenueCost');

/** A month as YYYY-MM; 2026-1, 2026/01 and a date of the month (2026-01-01, as Excel stores it) are read too. */
export const MonthString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(
        /^\d{4}[-/.]\d{1,2}([-/.]\d{1,2}([T ].*)?)?$/,
        '月份格式须为YYYY-MM / the month must look like YYYY-MM',
      ),
  )
  .transform((v) => {
    const [y, m] = v.split(/[-/.]/);
    return `${y ?? ''}-${(m ?? '').padStart(2, '0')}`;
  })
  .refine((v) => {
    const m = Number(v.slice(5));
    return m >= 1 && m <= 12;
  }, '月份须在01到12之间 / the month must be 01 to 12');

const Money = FeeAmount.default('0.00');

export const SCHOOL_COST_CATEGORIES = [
  { key: 'rent', name: '房租', nameEn: 'rent' },
  { key: 'labour', name: '人工成本', nameEn: 'labour' },
  { key: 'utilities', name: '水电物业', nameEn: 'utilities and property' },
  { key: 'marketing', name: '市场费用', nameEn: 'marketing' },
  { key: 'materials', name: '教具耗材', nameEn: 'materials' },
  { key: 'other', name: '其他成本', nameEn: 'other' },
] as const;
export const SCHOOL_REVENUE_CATEGORIES = [
  { key: 'course', name: '课程收入', nameEn: 'course' },
  { key: 'assessment', name: '评估收入', nameEn: 'assessment' },
  { key: 'materials', name: '教材收入', nameEn: 'materials' },
  { key: 'other', name: '其他收入', nameEn: 'other' },
] as const;

const rowBase = {
  id: z.number().int(),
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  total: z.string(),
  version: z.number().int(),
  updatedBy: z.string(),
};
export const SchoolCostRow = z.object({
  ...rowBase,
  rent: z.string(),
  labour: z.string(),
  utilities: z.string(),
  marketing: z.string(),
  materials: z.string(),
  other: z.string(),
});
export type TSchoolCostRow = z.infer<typeof SchoolCostRow>;
export const SchoolRevenueRow = z.object({
  ...rowBase,
  course: z.string(),
  assessment: z.string(),
  materials: z.string(),
  other: z.string(),
});
export type TSchoolRevenueRow = z.infer<typeof SchoolRevenueRow>;

/** id: absent to create, or update the row of the same key on import; present (with version) to update that row. */
const inputBase = {
  id: z.coerce.number().int().min(1).optional(),
  month: MonthString,
  schoolItemCode: z.coerce.string().trim().min(1, 'schoolItemCode is required'),
};
export const SchoolCostInput = versioned(
  z.object({
    ...inputBase,
    rent: Money,
    labour: Money,
    utilities: Money,
    marketing: Money,
    materials: Money,
    other: Money,
  }),
);
export const SchoolRevenueInput = versioned(
  z.object({ ...inputBase, course: Money, assessment: Money, materials: Money, other: Money }),
);

export const MonthRangeQuery = PageQuery.extend({
  /** From this month (YYYY-MM), inclusive. */
  monthFrom: z.string().trim().optional(),
  /** To this month (YYYY-MM), inclusive. */
  monthTo: z.string().trim().optional(),
  month: z.string().trim().optional(),
  schoolItemCode: z.string().trim().optional(),
});
const ExportQuery = MonthRangeQuery.omit({ pageIdx: true, pageSize: true });

/** The five monthly uploads: centre (per campus) and consultant / growth consultant (per employee). */
export const MONTHLY_ADVANCE_KINDS = [
  {
    kind: 'centerAdvanceIncome',
    path: 'center-monthly-advance-income-excel-upload',
    base: 'center-monthly-advance-income',
    name: '中心月度预收收入',
    perEmployee: false,
  },
  {
    kind: 'centerAdvanceConsumer',
    path: 'center-monthly-advance-consumer',
    base: 'center-monthly-advance-consumer',
    name: '中心月度预收消耗',
    perEmployee: false,
  },
  {
    kind: 'consultantAdvanceIncome',
    path: 'consultant-monthly-advance-income',
    base: 'consultant-monthly-advance-income',
    name: '顾问月度预收收入',
    perEmployee: true,
  },
  {
    kind: 'growthConsultantAdvanceIncome',
    path: 'growth-consultant-monthly-advance-income',
    base: 'growth-consultant-monthly-advance-income',
    name: '成长顾问月度预收收入',
    perEmployee: true,
  },
  {
    kind: 'growthConsultantAdvanceConsumer',
    path: 'growth-consultant-monthly-advance-consumer',
    base: 'growth-consultant-monthly-advance-consumer',
    name: '成长顾问月度预收消耗',
    perEmployee: true,
  },
] as const;
export const MonthlyAdvanceKind = z.enum([
  'centerAdvanceIncome',
  'centerAdvanceConsumer',
  'consultantAdvanceIncome',
  'growthConsultantAdvanceIncome',
  'growthConsultantAdvanceConsumer',
]);
export type TMonthlyAdvanceKind = z.infer<typeof MonthlyAdvanceKind>;

export const MonthlyAdvanceRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  /** '' for the centre uploads. */
  employeeCode: z.string(),
  employeeName: z.string().nullable(),
  amount: z.string(),
  version: z.number().int(),
  updatedBy: z.string(),
});
export const MonthlyAdvanceInput = versioned(
  z.object({
    kind: MonthlyAdvanceKind,
    ...inputBase,
    employeeCode: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
    amount: FeeAmount,
  }),
);

const upload = (path: string, what: string, service: 'setting' | 'report' = 'setting') =>
  post(path, {
    service,
    summary: `Import ${what} from the xlsx template (every row checked: campus, month YYYY-MM, amounts ≥ 0 with ≤ 2 decimals; all-or-nothing; upsert so a re-import creates no duplicates). A JSON message when every row imported; the import-result workbook (row, column, reason) when rows failed.`,
    access: REVENUE_COST,
    kind: 'upload',
    returnsFile: true,
    response: z.null(),
  });
const template = (path: string, what: string, service: 'setting' | 'report' = 'setting') =>
  get(path, {
    service,
    summary: `The xlsx template of ${what}.`,
    access: REVENUE_COST,
    kind: 'download',
    response: FileResponse,
  });
const rowsImport = (path: string, what: string, service: 'setting' | 'report' = 'setting') =>
  importEndpoint(path, { service, access: REVENUE_COST, what });

const [centerIncome, centerConsumer, consultantIncome, growthIncome, growthConsumer] = MONTHLY_ADVANCE_KINDS;

export const schoolFinance = {
  schoolCostList: get('/school-cost/list', {
    service: 'report',
    summary:
      'Monthly campus costs of the campuses in scope, filtered (month or month range, campus) and paged.',
    access: REVENUE_COST,
    query: MonthRangeQuery,
    response: page(SchoolCostRow),
  }),
  schoolCostImport: upload('/school-cost/import', 'monthly campus costs', 'report'),
  schoolCostImportRows: rowsImport('/school-cost/importRows', 'monthly campus costs', 'report'),
  schoolCostExport: template('/school-cost/export', 'the campus cost import', 'report'),
  schoolCostExportData: get('/school-cost/exportData', {
    service: 'report',
    summary:
      'The whole filtered cost list as xlsx (same columns as the template, plus campus name and total).',
    access: REVENUE_COST,
    query: ExportQuery,
    kind: 'download',
    response: FileResponse,
  }),
  schoolRevenueList: get('/school-revenue/list', {
    service: 'report',
    summary:
      'Monthly campus revenue of the campuses in scope, filtered (month or month range, campus) and paged.',
    access: REVENUE_COST,
    query: MonthRangeQuery,
    response: page(SchoolRevenueRow),
  }),
  schoolRevenueImport: upload('/school-revenue/import', 'monthly campus revenue', 'report'),
  schoolRevenueImportRows: rowsImport('/school-revenue/importRows', 'monthly campus revenue', 'report'),
  schoolRevenueExport: template('/school-revenue/export', 'the campus revenue import', 'report'),
  schoolRevenueExportData: get('/school-revenue/exportData', {
    service: 'report',
    summary:
      'The whole filtered revenue list as xlsx (same columns as the template, plus campus name and total).',
    access: REVENUE_COST,
    query: ExportQuery,
    kind: 'download',
    response: FileResponse,
  }),

  monthlyAdvanceList: get('/setting/monthly-advance/list', {
    service: 'setting',
    summary: 'Rows of one monthly upload (kind) in scope, filtered (month, campus, employee) and paged.',
    access: REVENUE_COST,
    query: MonthRangeQuery.extend({ kind: MonthlyAdvanceKind, employeeCode: z.string().trim().optional() }),
    response: page(MonthlyAdvanceRow),
  }),
  centerAdvanceIncomeUpload: upload(`/setting/${centerIncome.path}`, centerIncome.name),
  centerAdvanceIncomeTemplate: template(`/setting/${centerIncome.base}/template`, centerIncome.name),
  centerAdvanceIncomeImportRows: rowsImport(`/setting/${centerIncome.base}/importRows`, centerIncome.name),
  centerAdvanceConsumerUpload: upload(`/setting/${centerConsumer.path}`, centerConsumer.name),
  centerAdvanceConsumerTemplate: template(`/setting/${centerConsumer.base}/template`, centerConsumer.name),
  centerAdvanceConsumerImportRows: rowsImport(
    `/setting/${centerConsumer.base}/importRows`,
    centerConsumer.name,
  ),
  consultantAdvanceIncomeUpload: upload(`/setting/${consultantIncome.path}`, consultantIncome.name),
  consultantAdvanceIncomeTemplate: template(
    `/setting/${consultantIncome.base}/template`,
    consultantIncome.name,
  ),
  consultantAdvanceIncomeImportRows: rowsImport(
    `/setting/${consultantIncome.base}/importRows`,
    consultantIncome.name,
  ),
  growthConsultantAdvanceIncomeUpload: upload(`/setting/${growthIncome.path}`, growthIncome.name),
  growthConsultantAdvanceIncomeTemplate: template(
    `/setting/${growthIncome.base}/template`,
    growthIncome.name,
  ),
  growthConsultantAdvanceIncomeImportRows: rowsImport(
    `/setting/${growthIncome.base}/importRows`,
    growthIncome.name,
  ),
  growthConsultantAdvanceConsumerUpload: upload(`/setting/${growthConsumer.path}`, growthConsumer.name),
  growthConsultantAdvanceConsumerTemplate: template(
    `/setting/${growthConsumer.base}/template`,
    growthConsumer.name,
  ),
  growthConsultantAdvanceConsumerImportRows: rowsImport(
    `/setting/${growthConsumer.base}/importRows`,
    growthConsumer.name,
  ),
} satisfies Slice;
