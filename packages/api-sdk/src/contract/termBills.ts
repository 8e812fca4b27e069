// Instalments (issue 14, docs/second-half-design): plan templates, the term bill of an order (an
// instalment application is the `termBillApply` kind on the approval engine), paying a term (a pay
// record of the order, so the order's state machine stays the one truth) and the service end date.
import { z } from 'zod';
import {
  ApprovalHistoryRow,
  ApprovalStepDef,
  ApprovalWaiting,
  KindApprovalFilter,
  KindApprovalRow,
} from './approvals.js';
import { FileResponse, Ok, PageQuery, get, page, post, priv, type Slice } from './define.js';
import { money } from './fields.js';
import { OnlinePayment, PayMethodType } from './payments.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
const Code = z.string().trim().min(1).max(20);
/** Whether a text is a real calendar day from 1900 on (the database would refuse 2026-02-30). */
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '1900' || v > '2999') return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const Day = z.string().trim().max(10).refine(isDay, '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD');
const Amount = money({ maxIntDigits: 7 });

/** 1 active, 0 disabled. */
export const PlanInput = z.object({
  id: Id.optional(),
  version: z.number().int().min(1).max(2147483647).optional(),
  name: z.string().trim().min(1, '请填写方案名称 / the name is required').max(50),
  /** Share of each term in percent (2 decimals at most), summing to 100; the count of terms is its length. */
  shares: z
    .array(z.number().min(0.01).max(100))
    .min(2, '至少两期 / at least two terms')
    .max(24, '最多24期 / at most 24 terms'),
  /** Months between two due dates. */
  intervalMonths: z.number().int().min(1).max(12),
  /** Days from the application to the first due date. */
  firstDueDays: z.number().int().min(0).max(90),
  remark: z.string().trim().max(500).default(''),
});
export type TPlanInput = z.input<typeof PlanInput>;
export const PlanRow = z.object({
  id: z.number().int(),
  name: z.string(),
  termCount: z.number().int(),
  shares: z.array(z.number()),
  intervalMonths: z.number().int(),
  firstDueDays: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  updatedAt: Ts,
  version: z.number().int(),
});
export const PlanPageQuery = PageQuery.extend({
  name: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

/** A term: 10 unpaid, 15 paid, awaiting confirmation, 20 paid; overdue = unpaid after its due date. */
export const TermRow = z.object({
  id: z.number().int(),
  termNo: z.number().int(),
  dueDate: z.string(),
  amount: Yuan,
  status: z.number().int(),
  overdue: z.boolean(),
  payRecordId: z.number().int().nullable(),
  paidAt: Ts.nullable(),
});
/** A term bill: 10 awaiting approval, 20 active, 30 rejected, 40 cancelled. */
export const TermBillRow = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.number().int(),
  orderId: z.number().int(),
  orderCode: z.string(),
  orderStatus: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  /** The order's courses (the offers valid on a term are those of its campus and courses). */
  courseCodes: z.array(z.string()),
  planId: z.number().int().nullable(),
  total: Yuan,
  paid: Yuan,
  overdueTerms: z.number().int(),
  approvalId: z.number().int().nullable(),
  remark: z.string(),
  createdAt: Ts,
});
export const TermBillDetail = TermBillRow.extend({ terms: z.array(TermRow) });

export const ApplyInput = z
  .object({
    orderId: Id,
    /** A plan template; or the terms themselves. */
    planId: Id.optional(),
    terms: z
      .array(z.object({ dueDate: Day, amount: Amount }))
      .min(2, '至少两期 / at least two terms')
      .max(24, '最多24期 / at most 24 terms')
      .optional(),
    remark: z.string().trim().max(500).default(''),
  })
  .refine((v) => (v.planId === undefined) !== (v.terms === undefined), {
    message: '请选择分期方案或填写各期 / choose a plan or give the terms (one of them)',
    path: ['planId'],
  });
export type TApplyInput = z.input<typeof ApplyInput>;

export const ApplyFilter = KindApprovalFilter;
/** An instalment application: the engine's request (the one row shape of kinds) and its bill. */
export const ApplyRow = KindApprovalRow.extend({
  billId: z.number().int(),
  code: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  studentName: z.string(),
  amount: Yuan,
  termCount: z.number().int(),
});
export const ApplyDetail = ApplyRow.extend({
  steps: z.array(ApprovalStepDef),
  step: z.number().int(),
  history: z.array(ApprovalHistoryRow),
  canCancel: z.boolean(),
  canRevoke: z.boolean(),
  ...ApprovalWaiting.shape,
  bill: TermBillDetail,
});

/** An activity or a voucher applied to a term (one of them). */
const OfferCodes = {
  activityCode: z.string().trim().max(20).optional(),
  voucherCode: z.string().trim().max(20).optional(),
};
export const PayTermInput = z.object({
  billItemId: Id,
  /** 1 cash, 2 bank transfer, 3 POS (online payment goes through the QR code). */
  method: z.number().int().min(1).max(3),
  paidAt: z.string().trim().max(40),
  reference: z.string().trim().max(64).optional(),
  remark: z.string().trim().max(500).default(''),
  ...OfferCodes,
});
export const TermOfferInput = z.object({ billItemId: Id, ...OfferCodes });
/** What an offer takes off a term, priced by the engine over the order's lines. */
export const TermOfferQuote = z.object({
  termNo: z.number().int(),
  /** The term's amount before the offer. */
  amount: Yuan,
  /** What the offer takes off. */
  offer: Yuan,
  /** What the family pays for the term with it. */
  pay: Yuan,
  /** The engine's lines, per course (negative amounts; a gift line is 0 with its hours). */
  lines: z.array(
    z.object({
      courseName: z.string(),
      source: z.string(),
      ref: z.string(),
      label: z.string(),
      amount: Yuan,
      giftQuantity: z.number(),
    }),
  ),
});
export const PayTermResult = z.object({
  payRecordId: z.number().int(),
  /** What the record pays: the term's amount, less the offer applied with it. */
  amount: Yuan,
  orderStatus: z.number().int(),
  approvalId: z.number().int().nullable(),
});

export const ServiceEndInput = z.object({
  schoolItemCode: Code,
  startDate: Day,
  /** Hours (or days) to serve. */
  hours: z.number().min(0.01).max(99999),
  /** Lessons a week. */
  lessonsPerWeek: z.number().int().min(1).max(7),
  /** Hours one lesson draws. */
  hoursPerLesson: z.number().min(0.25).max(24).default(1),
});
export const ServiceEnd = z.object({
  endDate: z.string(),
  lessons: z.number().int(),
  weeks: z.number().int(),
  /** Holidays between the start and the end that moved it. */
  holidays: z.array(z.string()),
});

/**
 * The payment schedule of a term bill as sent to the family to confirm (docs/decisions.md): 0 not
 * sent, 10 sent, awaiting the family's signature, 20 signed.
 */
export const ScheduleNotice = z.object({
  status: z.number().int(),
  sentAt: Ts.nullable(),
  sentCount: z.number().int(),
  /** The family's phone, masked (138****0000). */
  phone: z.string(),
  signedAt: Ts.nullable(),
  signerName: z.string().nullable(),
  /** Who recorded the signature. */
  signedBy: z.number().int().nullable(),
});
/**
 * One thing done with a bill for the family, newest first: `termBill.scheduleSent` (the schedule
 * texted), `termBill.scheduleSigned`, `termBill.dueDate` (a term's due date moved),
 * `termBill.reminded` (a term's reminder texted), `termBill.payOnline` (a term's payment QR asked),
 * and the bill's own steps (`termBill.approved`, `rejected`, `cancelled`, `link`: a term linked to a record).
 */
export const BillEvent = z.object({
  at: Ts,
  action: z.string(),
  username: z.string().nullable(),
  /** The term it concerns (null: the whole bill). */
  termNo: z.number().int().nullable(),
});
export const ScheduleDetail = TermBillDetail.extend({ notice: ScheduleNotice, history: z.array(BillEvent) });
export const BillQuery = z.object({ billId: Id });
export const ScheduleCheck = z.object({
  /** True when the schedule can be sent now. */
  sendable: z.boolean(),
  /** What stands in the way, bilingual. */
  problems: z.array(z.string()),
});
export const Sent = z.object({ sentAt: Ts, phone: z.string(), sentCount: z.number().int() });
export const TermQuery = z.object({ billItemId: Id });

const PLANS_READ = priv(
  '/newDiscount/installment',
  '/newDiscount/addInstallment',
  '/newDiscount/detailInstallment',
  '/students/payInstallment',
  '/financial/approvalRepayment',
);
const PLANS_WRITE = priv('/newDiscount/addInstallment', '/newDiscount/installment');
const DETAILS = '/financial/installmentDetails/:id';
const BILLS = priv(
  '/students/payInstallment',
  '/financial/approvalRepayment',
  '/financial/orderDetails',
  DETAILS,
);
const APPLY = priv('/students/payInstallment', '/financial/approvalRepayment', DETAILS);
const APPROVAL = priv('/financial/approvalRepayment', '/financial/approvalRepaymentDetail/:id');
const PAY = priv('/students/createPay', '/students/payInstallment', '/financial/approvalRepayment', DETAILS);

export const termBills = {
  planPage: get('/fee/installment/page', {
    service: 'schedule',
    summary: 'Instalment plan templates, filtered and paged.',
    access: PLANS_READ,
    query: PlanPageQuery,
    response: page(PlanRow),
  }),
  planSave: post('/fee/installment/save', {
    service: 'schedule',
    summary: 'Adds an instalment plan template, or changes one on the version read.',
    access: PLANS_WRITE,
    body: PlanInput,
    response: z.object({ id: z.number().int() }),
  }),
  planDetail: get('/fee/installment/detail/{id}', {
    service: 'schedule',
    summary: 'One instalment plan template.',
    access: PLANS_READ,
    params: z.object({ id: Id }),
    response: PlanRow,
  }),
  planStatus: post('/fee/installment/status', {
    service: 'schedule',
    summary: 'Enables (1) or disables (0) a plan template.',
    access: PLANS_WRITE,
    body: z.object({ id: Id, status: z.number().int().min(0).max(1) }),
    response: Ok,
  }),
  detailByOrderCode: get('/fee/termBill/getDetailByOrderCode', {
    service: 'schedule',
    summary: 'The term bill of an order (the open or active one; null when none) with its terms.',
    access: BILLS,
    query: z.object({ orderCode: Code }),
    response: TermBillDetail.nullable(),
  }),
  billItemPaymentDetail: get('/fee/termBill/getBillItemPaymentDetail', {
    service: 'schedule',
    summary: 'One term and the pay record that pays it.',
    access: BILLS,
    query: z.object({ billItemId: Id }),
    response: TermRow.extend({
      orderCode: z.string(),
      method: z.number().int().nullable(),
      reference: z.string().nullable(),
    }),
  }),
  nearestTerm: get('/fee/termBill/getNearestTerm', {
    service: 'schedule',
    summary:
      'The first unpaid term of an order’s active bill (null when every term is paid or there is none).',
    access: BILLS,
    query: z.object({ orderCode: Code }),
    response: TermRow.nullable(),
  }),
  submitPaymentTerm: post('/fee/termBill/submitPaymentTerm', {
    service: 'schedule',
    summary:
      'Pays one term: a pay record of the order for the term’s amount (less an activity or voucher applied with it), linked to the term.',
    access: PAY,
    body: PayTermInput,
    response: PayTermResult,
  }),
  termOfferQuote: post('/fee/termBill/termOfferQuote', {
    service: 'schedule',
    summary:
      'What an activity or voucher valid on an unpaid term would take off it (the pricing engine over the order’s lines); nothing written. Ours.',
    access: PAY,
    body: TermOfferInput,
    response: TermOfferQuote,
  }),
  updatePaymentStatus: post('/fee/termBill/updatePaymentStatus', {
    service: 'schedule',
    summary:
      'Links a term to a pay record of its order entered elsewhere (same amount), or unlinks it (null).',
    access: PAY,
    body: z.object({ billItemId: Id, payRecordId: Id.nullable() }),
    response: Ok,
  }),
  applyList: post('/fee/termBill/apply/list', {
    service: 'schedule',
    summary: 'Instalment applications (termBillApply approvals) of the caller’s campuses, paged.',
    access: APPROVAL,
    body: PageQuery.extend(ApplyFilter.shape),
    response: page(ApplyRow),
  }),
  applyDetail: get('/fee/termBill/apply/detail', {
    service: 'schedule',
    summary: 'One instalment application: the flow, its history and the bill.',
    access: APPLY,
    query: z.object({ id: Id }),
    response: ApplyDetail,
  }),
  applySubmit: post('/fee/termBill/apply/submit', {
    service: 'schedule',
    summary:
      'Applies to pay an unpaid order by instalments (a plan or given terms summing exactly to the family share).',
    access: APPLY,
    body: ApplyInput,
    response: z.object({ id: z.number().int(), code: z.string(), approvalId: z.number().int() }),
  }),
  scheduleDetail: get('/schedule/payment/selectDetail', {
    service: 'schedule',
    summary:
      'The payment schedule of a term bill (its terms, what is paid and overdue) and the state of its notice to the family.',
    access: BILLS,
    query: BillQuery,
    response: ScheduleDetail,
  }),
  scheduleCheck: get('/schedule/payment/check', {
    service: 'schedule',
    summary:
      'Whether the payment schedule can be sent to the family now (an active bill, a family phone, not yet signed), and what stands in the way.',
    access: BILLS,
    query: BillQuery,
    response: ScheduleCheck,
  }),
  scheduleSend: get('/schedule/payment/send', {
    service: 'schedule',
    summary:
      'Texts the payment schedule (terms, amounts, due dates) to the family to confirm, through the text-message adapter (kind paymentSchedule).',
    access: APPLY,
    query: BillQuery,
    response: Sent,
  }),
  scheduleSign: get('/schedule/payment/sign', {
    service: 'schedule',
    summary:
      'Records that the family confirmed and signed the payment schedule as sent (the signer’s name); a due date changed later asks for a new signature.',
    access: APPLY,
    query: BillQuery.extend({
      signerName: z.string().trim().min(1, '请填写签字人 / the signer is required').max(30),
    }),
    response: Ok,
  }),
  scheduleUpdate: get('/schedule/payment/update', {
    service: 'schedule',
    summary:
      'Moves the due date of an unpaid term of an active bill (due dates stay increasing); the family’s signature, if any, is cleared.',
    access: APPROVAL,
    query: TermQuery.extend({ dueDate: Day }),
    response: Ok,
  }),
  sendPayment: post('/payment/sendPayment', {
    service: 'schedule',
    summary:
      'Texts the family a reminder of one unpaid term (its number, amount and due date) through the text-message adapter (kind paymentReminder).',
    access: APPLY,
    body: TermQuery,
    response: Sent.omit({ sentCount: true }),
  }),
  termCreatePayment: post('/term/pay/createPayment', {
    service: 'schedule',
    summary:
      'Creates a new online payment at the gateway for exactly one unpaid term of an active bill (the amount comes from the term) and answers its QR code content.',
    access: PAY,
    body: TermQuery.extend({ payMethodType: PayMethodType.default(1) }),
    response: OnlinePayment,
  }),
  termCreatePayQr: get('/term/pay/createPayQr', {
    service: 'schedule',
    summary:
      'The QR code of one unpaid term as an SVG image to print or forward to the family: the still valid online payment of that term, or a new one; the order’s /query/result tells when it is paid.',
    access: PAY,
    query: TermQuery.extend({ payMethodType: PayMethodType.default(1) }),
    kind: 'download',
    response: FileResponse,
  }),
  calcServiceEndTime: post('/payment/calcServiceEndTime', {
    service: 'schedule',
    summary:
      'The last lesson day of a number of hours at a weekly frequency from a start date, skipping the campus’s holidays.',
    access: priv('/students/order', '/students/payInstallment', '/financial/approvalRepayment'),
    body: ServiceEndInput,
    response: ServiceEnd,
  }),
} satisfies Slice;
