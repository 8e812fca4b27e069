// Invoices (issue 14): what an invoice may say (content configurations: the goods-or-service name,
// its tax classification code and rate), invoices requested against what a family paid on an order
// (never above the paid amount not yet invoiced), issued through the tax-invoice provider.
import { z } from 'zod';
import { PageQuery, ValidStatus, get, page, post, priv, type Slice } from './define.js';
import { Money } from './fields.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
const Text = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `请填写${what.split(' / ')[0]} / the ${what.split(' / ')[1]} is required`)
    .max(max, `最多${max}字 / at most ${max} characters`);

export const InvoiceContentInput = z.object({
  /** The goods-or-service name printed on the invoice (康复训练服务费 …). */
  name: Text('开票内容 / invoice content', 60),
  /** The national tax classification code (税收分类编码): 19 digits. */
  taxCode: z
    .string()
    .trim()
    .regex(/^\d{19}$/, '税收分类编码为19位数字 / the tax classification code has 19 digits'),
  /** Tax rate in percent with up to 2 decimals (0–17). */
  taxRate: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, '税率为百分数，最多2位小数 / the tax rate in percent, 2 decimals at most')
    .refine((v) => Number(v) <= 17, '税率不能超过17% / at most 17%'),
  validstatus: ValidStatus.default(1),
  remark: z.string().trim().max(200).default(''),
});
export type TInvoiceContentInput = z.input<typeof InvoiceContentInput>;
export const InvoiceContentUpdate = InvoiceContentInput.extend({
  id: Id,
  version: z.number().int().min(1).max(2147483647),
});

export const InvoiceContentRow = z.object({
  id: z.number().int(),
  name: z.string(),
  taxCode: z.string(),
  taxRate: z.string().describe('percent, 2 decimals'),
  validstatus: z.number().int(),
  remark: z.string(),
  updatedAt: Ts,
  version: z.number().int(),
});
export type TInvoiceContentRow = z.infer<typeof InvoiceContentRow>;

/** 1 a person (the family), 2 a company or institution (with its tax number). */
export const BUYER_TYPES = [1, 2] as const;
/**
 * 10 requested, 20 issuing (sent to the provider), 30 issued, 40 failed, 50 cancelled, 60 reversed
 * (红冲: cancelled by a red invoice), 70 red invoice (the negative twin of a reversed one). A red
 * invoice (reversesId set) is issuing, then red or failed.
 */
export const INVOICE_STATUSES = [10, 20, 30, 40, 50, 60, 70] as const;

export const InvoiceInput = z
  .object({
    orderId: Id,
    amount: Money,
    contentId: Id,
    buyerType: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2)])),
    buyerName: Text('发票抬头 / buyer name', 100),
    buyerTaxNo: z.string().trim().toUpperCase().max(20).default(''),
    /** Where the provider sends the issued invoice. */
    email: z.email('邮箱格式不正确 / not an e-mail address').max(100).or(z.literal('')).default(''),
    remark: z.string().trim().max(200).default(''),
  })
  .refine((v) => v.buyerType !== 2 || /^[0-9A-Z]{15,20}$/.test(v.buyerTaxNo), {
    message: '单位抬头须填写15–20位税号 / a company needs its tax number (15–20 characters)',
    path: ['buyerTaxNo'],
  });
export type TInvoiceInput = z.input<typeof InvoiceInput>;

export const InvoiceRow = z.object({
  id: z.number().int(),
  code: z.string(),
  studentId: z.number().int(),
  studentName: z.string(),
  studentCode: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  contentName: z.string(),
  taxRate: z.string(),
  amount: Yuan,
  taxAmount: Yuan,
  buyerType: z.number().int(),
  buyerName: z.string(),
  buyerTaxNo: z.string(),
  email: z.string(),
  status: z.number().int(),
  invoiceNo: z.string().nullable(),
  issuedAt: Ts.nullable(),
  failReason: z.string().nullable(),
  /** A red invoice: the invoice it reverses. */
  reversesId: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: Ts,
});
export type TInvoiceRow = z.infer<typeof InvoiceRow>;

export const InvoiceFilter = z.object({
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(99).optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
  stuId: Id.optional(),
  /** One order's invoices (the order detail's card). */
  orderId: Id.optional(),
});

export const InvoiceableOrder = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  status: z.number().int(),
  payable: Yuan,
  paid: Yuan,
  /** Requested, issuing or issued. */
  invoiced: Yuan,
  /** What may still be invoiced: paid − invoiced. */
  available: Yuan,
});

const INVOICE = priv('/financial/invoice');
/** Issuing and the content configurations are finance's (the action privilege invoices.issue). */
const ISSUE = priv('invoices.issue');
const S = 'schedule' as const;

export const invoices = {
  contentPage: get('/invoiceContentConfig/page', {
    service: S,
    summary: 'Invoice content configurations (name, tax classification code, rate), paged.',
    access: INVOICE,
    query: PageQuery.extend({
      name: z.string().trim().max(60).optional(),
      validstatus: ValidStatus.optional(),
    }),
    response: page(InvoiceContentRow),
  }),
  contentCreate: post('/invoiceContentConfig/create', {
    service: S,
    summary: 'Add an invoice content configuration (names are unique).',
    access: ISSUE,
    body: InvoiceContentInput,
    response: z.object({ id: z.number().int() }),
  }),
  contentUpdate: post('/invoiceContentConfig/update', {
    service: S,
    summary: 'Change an invoice content configuration (with the version read); issued invoices keep theirs.',
    access: ISSUE,
    body: InvoiceContentUpdate,
    response: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  contentGetById: get('/invoiceContentConfig/getById', {
    service: S,
    summary: 'One invoice content configuration.',
    access: INVOICE,
    query: z.object({ id: Id }),
    response: InvoiceContentRow,
  }),
  page: get('/invoice/page', {
    service: S,
    summary: 'Invoices of the caller’s campuses, newest first.',
    access: INVOICE,
    query: PageQuery.extend(InvoiceFilter.shape),
    response: page(InvoiceRow),
  }),
  orders: get('/invoice/order', {
    service: S,
    summary: 'A student’s orders with what was paid, what is invoiced and what may still be invoiced.',
    access: INVOICE,
    query: z.object({ stuId: Id }),
    response: z.array(InvoiceableOrder),
  }),
  insert: post('/invoice/insert', {
    service: S,
    summary:
      'Request an invoice for part or all of what was paid on an order and not yet invoiced (exact to the cent; two requests at once cannot both take the same money).',
    access: INVOICE,
    body: InvoiceInput,
    response: InvoiceRow,
  }),
  detail: get('/invoice/detail', {
    service: S,
    summary:
      'One invoice; while the provider is issuing it, its result is asked for and recorded (issued: number and PDF; failed: the reason, the amount freed).',
    access: INVOICE,
    query: z.object({ invoiceId: Id }),
    response: InvoiceRow,
  }),
  pdfUrl: get('/invoice/pdfUrl', {
    service: S,
    summary: 'The address of an issued invoice’s PDF at the tax-invoice provider.',
    access: INVOICE,
    query: z.object({ invoiceId: Id }),
    response: z.object({ url: z.string() }),
  }),
  cancel: post('/invoice/cancel', {
    service: S,
    summary: 'Cancel a requested invoice not yet sent to the provider (its amount is freed).',
    access: INVOICE,
    body: z.object({ invoiceId: Id }),
    response: InvoiceRow,
  }),
  reverse: post('/invoice/reverse', {
    service: S,
    summary:
      'Reverse (红冲) an issued invoice: a red invoice of the same amount, negative, linked to it, is sent to the tax-invoice provider (issuing, 20); once the provider issued it (detail asks) it is 70 and the original 60, its amount free to be invoiced again; a failed one leaves the original issued. Once only; 503 when the provider is not configured.',
    access: ISSUE,
    body: z.object({ invoiceId: Id, reason: z.string().trim().max(200).default('') }),
    response: InvoiceRow,
  }),
  cmbCreate: post('/cmbInvoice/create', {
    service: S,
    summary:
      'Send a requested invoice to the tax-invoice provider (China Merchants Bank e-invoice style, signed request); the result arrives asynchronously (detail asks for it). 503 when not configured.',
    access: ISSUE,
    body: z.object({ invoiceId: Id }),
    response: InvoiceRow,
  }),
} satisfies Slice;
