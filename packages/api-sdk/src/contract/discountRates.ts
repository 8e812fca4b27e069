// Discount rates (spec §7 "Promotions and discounts"): the allowed rate rules, the rule each campus
// works under in a month, and the rate actually given per order and per month and campus.
// A discount rate is (list − paid) ÷ list in percent (15.00 = 八五折); above the allowed rate is over-discounted.
import { z } from 'zod';
import {
  FileResponse,
  PageQuery,
  QueryBool,
  ValidStatus,
  get,
  page,
  post,
  priv,
  type Slice,
} from './define.js';
import { IdParams, MdName, MdText, MdVersion } from './masterData.js';

export const DISCOUNT_RATE_SCREEN = '/financial/discountRate';
export const COMPOSITE_RATE_SCREEN = '/product/compositeDiscountRate';
const access = priv(DISCOUNT_RATE_SCREEN, COMPOSITE_RATE_SCREEN);

/** A rate in percent: 0.00 to 100.00, at most 2 decimals, carried as text. */
const Rate = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine(
    (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
    '折扣率须为0到100之间、最多2位小数 / a rate from 0 to 100 with at most 2 decimals',
  )
  .transform((v) => Number(v).toFixed(2));
const RateMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM / a month as YYYY-MM');

export const OrderDiscountRateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The highest discount rate allowed ((list − paid) ÷ list, percent). */
  rate: z.string(),
  remark: z.string().nullable(),
  validstatus: z.number().int(),
  version: z.number().int(),
});
export type TOrderDiscountRateRow = z.infer<typeof OrderDiscountRateRow>;
export const OrderDiscountRateInput = z.object({
  id: z.coerce.number().int().min(1).optional(),
  name: MdName,
  rate: Rate,
  remark: MdText(200),
  validstatus: ValidStatus.optional(),
  version: MdVersion,
});
export type TOrderDiscountRateInput = z.input<typeof OrderDiscountRateInput>;
export const OrderDiscountRateFilter = PageQuery.extend({
  name: z.string().trim().max(100).optional(),
  status: ValidStatus.optional(),
});

export const MonthDiscountRateRow = z.object({
  id: z.number().int(),
  month: z.string(),
  rateId: z.number().int(),
  rateName: z.string(),
  rate: z.string(),
  schoolItemCodes: z.array(z.string()),
  schoolItemNames: z.string(),
  remark: z.string(),
  version: z.number().int(),
});
export type TMonthDiscountRateRow = z.infer<typeof MonthDiscountRateRow>;
export const MonthDiscountRateInput = z.object({
  id: z.coerce.number().int().min(1).optional(),
  month: RateMonth,
  rateId: z.coerce.number().int().min(1),
  schoolItemCodes: z
    .array(z.string().trim().min(1).max(20))
    .min(1, '请选择校区 / choose at least one campus')
    .max(500),
  remark: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v ?? ''),
  version: MdVersion,
});
export type TMonthDiscountRateInput = z.input<typeof MonthDiscountRateInput>;
export const MonthDiscountRateFilter = PageQuery.extend({
  month: RateMonth.optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
});

/** Regions with their valid campuses (the month rule's campus picker). */
export const ProvinceSchools = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    schools: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
);

export const RateCalculateFilter = PageQuery.extend({
  month: RateMonth,
  schoolItemCode: z.string().trim().max(20).optional(),
  /** Only what is above its allowed rate. */
  overOnly: QueryBool.optional(),
});
export type TRateCalculateFilter = z.input<typeof RateCalculateFilter>;

/** The rate given by one campus in one month (effective orders of the month). */
export const RateCalculateRow = z.object({
  month: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  orderCount: z.number().int(),
  listAmount: z.string(),
  discountAmount: z.string(),
  payableAmount: z.string(),
  /** (list − paid) ÷ list in percent, rounded half up to 2 decimals; null without a list price. */
  rate: z.string().nullable(),
  allowedRate: z.string().nullable(),
  /** Above the allowed rate. */
  over: z.boolean(),
});
export type TRateCalculateRow = z.infer<typeof RateCalculateRow>;

export const RateDetailRow = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  effectiveAt: z.string(),
  listAmount: z.string(),
  discountAmount: z.string(),
  payableAmount: z.string(),
  rate: z.string().nullable(),
  allowedRate: z.string().nullable(),
  over: z.boolean(),
});
export type TRateDetailRow = z.infer<typeof RateDetailRow>;

export const discountRates = {
  orderRatePage: post('/orderDiscountRate/page', {
    service: 'schedule',
    summary: 'Allowed discount rate rules, filtered and paged.',
    access,
    body: OrderDiscountRateFilter,
    response: page(OrderDiscountRateRow),
  }),
  orderRateSave: post('/orderDiscountRate/save', {
    service: 'schedule',
    summary: 'Create an allowed discount rate rule (the highest (list − paid) ÷ list, percent).',
    access,
    body: OrderDiscountRateInput,
    response: OrderDiscountRateRow,
  }),
  orderRateUpdate: post('/orderDiscountRate/update', {
    service: 'schedule',
    summary: 'Change a rule (id + version).',
    access,
    body: OrderDiscountRateInput.extend({ id: z.coerce.number().int().min(1) }),
    response: OrderDiscountRateRow,
  }),
  orderRateExport: post('/orderDiscountRate/export', {
    service: 'schedule',
    summary: 'The filtered rules as an xlsx workbook.',
    access,
    kind: 'download',
    body: OrderDiscountRateFilter,
    response: FileResponse,
  }),
  orderRateNames: get('/orderDiscountRate/rateNames', {
    service: 'schedule',
    summary: 'Valid rules for pickers.',
    access,
    response: z.array(z.object({ id: z.number().int(), name: z.string(), rate: z.string() })),
  }),
  orderRateDetail: get('/orderDiscountRate/detail/{id}', {
    service: 'schedule',
    summary: 'A rule.',
    access,
    params: IdParams,
    response: OrderDiscountRateRow,
  }),
  orderRateStatus: get('/orderDiscountRate/updateStatus/{id}/{status}', {
    service: 'schedule',
    summary: 'Enable (1) or disable (0) a rule; one a month uses cannot be disabled.',
    access,
    params: z.object({ id: z.coerce.number().int().min(1), status: ValidStatus }),
    response: OrderDiscountRateRow,
  }),
  monthRatePage: get('/monthDiscountRate/page', {
    service: 'schedule',
    summary: 'Which rule each campus works under in a month.',
    access,
    query: MonthDiscountRateFilter,
    response: page(MonthDiscountRateRow),
  }),
  monthRateExport: get('/monthDiscountRate/export', {
    service: 'schedule',
    summary: 'The month rules as an xlsx workbook.',
    access,
    kind: 'download',
    query: MonthDiscountRateFilter,
    response: FileResponse,
  }),
  provinceSchools: get('/monthDiscountRate/getProvinceSchools', {
    service: 'schedule',
    summary: 'Regions with their valid campuses.',
    access,
    response: ProvinceSchools,
  }),
  usefulProvinceSchools: get('/monthDiscountRate/getUsefulProvinceSchools/{id}', {
    service: 'schedule',
    summary:
      'Campuses still free in a month: {id} the month rule being edited (its own campuses stay offered) or 0 with ?month= for a new one.',
    access,
    params: z.object({ id: z.coerce.number().int().min(0) }),
    query: z.object({ month: RateMonth.optional() }),
    response: ProvinceSchools,
  }),
  monthRateSave: post('/monthDiscountRate/save', {
    service: 'schedule',
    summary: 'Set the rule of campuses for a month (a campus has one rule per month).',
    access,
    body: MonthDiscountRateInput,
    response: MonthDiscountRateRow,
  }),
  monthRateUpdate: post('/monthDiscountRate/update', {
    service: 'schedule',
    summary: 'Change a month rule (id + version).',
    access,
    body: MonthDiscountRateInput.extend({ id: z.coerce.number().int().min(1) }),
    response: MonthDiscountRateRow,
  }),
  calculatePage: get('/discountRateCalculate/page', {
    service: 'schedule',
    summary: 'The rate given per campus in a month (effective orders) against the allowed rate.',
    access,
    query: RateCalculateFilter,
    response: page(RateCalculateRow),
  }),
  calculateDetail: get('/discountRateCalculate/pageDetail', {
    service: 'schedule',
    summary: 'The rate given per order of a month against the allowed rate.',
    access,
    query: RateCalculateFilter,
    response: page(RateDetailRow),
  }),
  calculateExport: get('/discountRateCalculate/export', {
    service: 'schedule',
    summary: 'The campus figures as an xlsx workbook.',
    access,
    kind: 'download',
    query: RateCalculateFilter,
    response: FileResponse,
  }),
  calculateExportDetail: get('/discountRateCalculate/exportDetail', {
    service: 'schedule',
    summary: 'The order figures as an xlsx workbook.',
    access,
    kind: 'download',
    query: RateCalculateFilter,
    response: FileResponse,
  }),
} satisfies Slice;
