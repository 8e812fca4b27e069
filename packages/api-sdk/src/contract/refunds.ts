// Refund and adjust orders and their approvals (issue 13, docs/money-design): a refund returns
// unused paid hours at the price actually paid; an adjustment corrects an order's hours or value.
// Both are requests on the approval engine; the ledger moves only when they pass.
import { z } from 'zod';
import { Hours, money, quantity } from './fields.js';
import { ApprovalHistoryRow, ApprovalStepDef, ApprovalWaiting } from './approvals.js';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
const Code = z.string().trim().min(1).max(20);
/** A calendar day 'YYYY-MM-DD'. */
const Day = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD',
  );

/** Signed hours of an adjustment. */
const SignedHours = quantity({ signed: true });
/** A signed amount in yuan of an adjustment. */
const SignedMoney = money({ maxIntDigits: 7, signed: true }).default('0.00');

/** 10 awaiting approval, 20 effective, 30 rejected, 40 revoked, 50 cancelled. */
export const REFUND_ORDER_STATUSES = [10, 20, 30, 40, 50] as const;

export const RefundInput = z.object({
  orderId: Id,
  reasonCode: z.string().trim().min(1, '请选择退费原因 / the refund reason is required').max(50),
  remark: z.string().trim().max(500).default(''),
  /** Absent: every unused paid hour of the order. */
  items: z
    .array(z.object({ orderItemId: Id, hours: Hours }))
    .max(20)
    .optional(),
});
export type TRefundInput = z.input<typeof RefundInput>;

export const RefundCreated = z.object({
  id: z.number().int(),
  code: z.string(),
  approvalId: z.number().int(),
  amount: Yuan,
});

export const RefundLineRow = z.object({
  orderItemId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  hours: z.number(),
  giftHours: z.number(),
  amount: Yuan,
});

export const RefundOrderRow = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(['refund', 'adjust']),
  status: z.number().int(),
  orderId: z.number().int(),
  orderCode: z.string(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  reasonCode: z.string(),
  reasonName: z.string(),
  remark: z.string(),
  amount: Yuan,
  amountInWords: z.string(),
  approvalId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: Ts,
  version: z.number().int(),
});
export type TRefundOrderRow = z.infer<typeof RefundOrderRow>;
/**
 * A booked, unsigned lesson the refund leaves without hours: released when the refund takes effect
 * (the latest booked first), shown before it does.
 */
export const ReleasedLesson = z.object({
  lessonId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  hours: z.number(),
});
export type TReleasedLesson = z.infer<typeof ReleasedLesson>;
export const RefundOrderDetail = RefundOrderRow.extend({
  items: z.array(RefundLineRow),
  /** While pending: the lessons its approval will release (empty once decided). */
  releases: z.array(ReleasedLesson),
});

export const RefundFilter = z.object({
  schoolItemCode: z.string().trim().max(20).optional(),
  status: z.coerce.number().int().min(0).max(99).optional(),
  /** Student name or code, or the refund / order code. */
  keyword: z.string().trim().max(50).optional(),
  studentId: Id.optional(),
  orderCode: z.string().trim().max(20).optional(),
  createdFrom: Day.optional(),
  createdTo: Day.optional(),
});
export const RefundPageQuery = PageQuery.extend(RefundFilter.shape);

/** What can be refunded of an order now, and its refunds so far. */
export const RefundableItem = z.object({
  orderItemId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  remaining: z.number(),
  remainingPaid: z.number(),
  remainingGift: z.number(),
  /** The value of every unused paid hour at the price paid. */
  refundable: Yuan,
});
export const RefundList = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderStatus: z.number().int(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  items: z.array(RefundableItem),
  refundable: Yuan,
  refundableInWords: z.string(),
  /** An open refund or adjustment blocks a new one. */
  pendingCode: z.string().nullable(),
  refunds: z.array(RefundOrderRow),
  /** The active refund reasons (master data) the form offers. */
  reasons: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const RefundQuoteInput = RefundInput.pick({ orderId: true, items: true });
export const RefundQuote = z.object({
  items: z.array(RefundLineRow),
  amount: Yuan,
  amountInWords: z.string(),
  /** The booked lessons the refund would release when it takes effect. */
  releases: z.array(ReleasedLesson),
});
export type TRefundQuote = z.infer<typeof RefundQuote>;

export const AdjustInput = z.object({
  orderId: Id,
  reasonId: Id,
  remark: z.string().trim().max(500).default(''),
  items: z
    .array(z.object({ orderItemId: Id, hours: SignedHours.default(0), amount: SignedMoney }))
    .min(1, '至少调整一门课程 / adjust at least one item')
    .max(20),
});
export type TAdjustInput = z.input<typeof AdjustInput>;

export const AdjustEntrance = RefundList.omit({
  refunds: true,
  reasons: true,
  refundable: true,
  refundableInWords: true,
}).extend({
  items: z.array(RefundableItem.extend({ remainingValue: Yuan })),
  reasons: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const RefundApprovalRow = z.object({
  id: z.number().int(),
  status: z.number().int(),
  refundOrderId: z.number().int(),
  code: z.string(),
  orderCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  amount: Yuan,
  reason: z.string(),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: Ts,
  stepName: z.string().nullable(),
  decidedAt: Ts.nullable(),
  comment: z.string().nullable(),
  canDecide: z.boolean(),
  version: z.number().int(),
});
export const RefundApprovalFilter = z.object({
  status: z.coerce.number().int().min(0).max(99).optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
  keyword: z.string().trim().max(50).optional(),
  mine: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
});
export const RefundApprovalQuery = PageQuery.extend(RefundApprovalFilter.shape);
export const RefundApprovalDetail = RefundApprovalRow.extend({
  steps: z.array(ApprovalStepDef),
  step: z.number().int(),
  history: z.array(ApprovalHistoryRow),
  canRevoke: z.boolean(),
  canCancel: z.boolean(),
  ...ApprovalWaiting.shape,
  refundOrder: RefundOrderDetail,
});

const REFUND = priv('/students/returnPremium', '/students/refundApply');
const REFUND_READ = priv(
  '/students/returnPremium',
  '/students/refundApply',
  '/students/studentDetail',
  '/financial/refundApproval',
  '/financial/orderDetails',
);
const REFUND_APPROVAL = priv('/financial/refundApproval');
const ADJUST = priv('/financial/adjustApproval', '/students/payDetail');
const ADJUST_READ = priv('/financial/adjustApproval', '/students/payDetail', '/students/studentDetail');
const ADJUST_APPROVAL = priv('/financial/adjustApproval');

export const refunds = {
  insertRefundOrder: post('/charge/insertrefundorder', {
    service: 'schedule',
    summary: 'Request a refund of unused paid hours of an effective order (a refundOrder approval is filed).',
    access: REFUND,
    body: RefundInput,
    response: RefundCreated,
  }),
  refundQuote: post('/charge/refundquote', {
    service: 'schedule',
    summary:
      'What a refund of these hours would return (ours, not in the spec): the lines and the amount the filing would compute, nothing written.',
    access: REFUND,
    body: RefundQuoteInput,
    response: RefundQuote,
  }),
  saveRefund: post('/order/saverefund', {
    service: 'schedule',
    summary: 'The legacy path of insertrefundorder: the same command.',
    access: REFUND,
    body: RefundInput,
    response: RefundCreated,
  }),
  refundOrders: get('/charge/refundorders', {
    service: 'schedule',
    summary: 'Refund orders of the caller’s campuses, filtered and paged.',
    access: REFUND_READ,
    query: RefundPageQuery,
    response: page(RefundOrderRow),
  }),
  refundOrder: get('/charge/refundorder', {
    service: 'schedule',
    summary: 'One refund order with its lines.',
    access: REFUND_READ,
    query: z.object({ code: Code }),
    response: RefundOrderDetail,
  }),
  studentRefundOrders: get('/charge/studentrefundorders', {
    service: 'schedule',
    summary: 'Every refund order of one student.',
    access: REFUND_READ,
    query: z.object({ studentId: Id }),
    response: z.array(RefundOrderRow),
  }),
  refundOrdersSummary: get('/charge/refundorderssummary', {
    service: 'schedule',
    summary: 'Count and amount of the refund orders of the filter, effective ones apart.',
    access: REFUND_READ,
    query: RefundFilter,
    response: z.object({
      count: z.number().int(),
      amount: Yuan,
      effectiveCount: z.number().int(),
      effectiveAmount: Yuan,
    }),
  }),
  refundList: get('/charge/refundlist', {
    service: 'schedule',
    summary:
      'What can be refunded of an income order now (unused paid hours at the price paid) and its refunds.',
    access: REFUND_READ,
    query: z.object({ incomeordercode: Code }),
    response: RefundList,
  }),
  isRefundOrder: get('/charge/isrefundorder', {
    service: 'schedule',
    summary: 'Whether an income order can be refunded now (effective, paid hours left, nothing pending).',
    access: REFUND_READ,
    query: z.object({ incomeordercode: Code }),
    response: z.object({ refundable: z.boolean(), reason: z.string() }),
  }),
  revokeRefundOrder: post('/charge/revokerefundorder', {
    service: 'schedule',
    summary:
      'Withdraw a refund awaiting approval (its requester) or revoke an effective one (a last-step approver): the ledger is restored atomically.',
    access: REFUND,
    body: z.object({ id: Id, comment: z.string().trim().max(500).default('') }),
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  refundExport: get('/charge/finance/refund/export', {
    service: 'schedule',
    summary: 'Every refund order of the filter as a workbook.',
    access: REFUND_READ,
    kind: 'download',
    query: RefundFilter,
    response: FileResponse,
  }),
  adjustEntrance: post('/charge/insertadjustentrance', {
    service: 'schedule',
    summary: 'What can be adjusted of an order: its items with their balances, and the adjust-cost reasons.',
    access: ADJUST,
    body: z.object({ orderId: Id }),
    response: AdjustEntrance,
  }),
  insertAdjustOrder: post('/charge/insertadjustorder', {
    service: 'schedule',
    summary:
      'Request an adjustment (± hours, ± value per item) of an effective order (an adjustOrder approval is filed).',
    access: ADJUST,
    body: AdjustInput,
    response: RefundCreated,
  }),
  adjustOrders: get('/charge/adjustorders', {
    service: 'schedule',
    summary: 'Adjust orders of the caller’s campuses, filtered and paged.',
    access: ADJUST_READ,
    query: RefundPageQuery,
    response: page(RefundOrderRow),
  }),
  adjustOrder: get('/charge/adjustorder', {
    service: 'schedule',
    summary: 'One adjust order with its lines.',
    access: ADJUST_READ,
    query: z.object({ code: Code }),
    response: RefundOrderDetail,
  }),
  isAdjustOrder: get('/charge/isadjustorder', {
    service: 'schedule',
    summary: 'Whether an income order can be adjusted now (effective, nothing pending).',
    access: ADJUST_READ,
    query: z.object({ incomeinfocode: Code }),
    response: z.object({ adjustable: z.boolean(), reason: z.string() }),
  }),
  checkAdjustOrder: get('/charge/checkAdjustOrder', {
    service: 'schedule',
    summary:
      'Whether an income order has a pending adjustment (its code), so the screen can say so before filing.',
    access: ADJUST_READ,
    query: z.object({ incomeinfocode: Code }),
    response: z.object({ pending: z.boolean(), code: z.string().nullable() }),
  }),
  refundApprovalList: get('/refundOrderApproval/list', {
    service: 'schedule',
    summary: 'Refund approvals of the caller’s campuses, filtered and paged.',
    access: REFUND_APPROVAL,
    query: RefundApprovalQuery,
    response: page(RefundApprovalRow),
  }),
  refundApprovalExport: get('/refundOrderApproval/export', {
    service: 'schedule',
    summary: 'Every refund approval of the filter as a workbook.',
    access: REFUND_APPROVAL,
    kind: 'download',
    query: RefundApprovalFilter,
    response: FileResponse,
  }),
  refundApprovalDetail: get('/refundOrderApproval/detail/{id}', {
    service: 'schedule',
    summary: 'One refund approval with its flow, history and refund order.',
    access: REFUND_APPROVAL,
    params: z.object({ id: Id }),
    response: RefundApprovalDetail,
  }),
  adjustApprovalList: get('/adjustOrderApproval/list', {
    service: 'schedule',
    summary: 'Adjustment approvals of the caller’s campuses, filtered and paged.',
    access: ADJUST_APPROVAL,
    query: RefundApprovalQuery,
    response: page(RefundApprovalRow),
  }),
  adjustApprovalExport: get('/adjustOrderApproval/export', {
    service: 'schedule',
    summary: 'Every adjustment approval of the filter as a workbook.',
    access: ADJUST_APPROVAL,
    kind: 'download',
    query: RefundApprovalFilter,
    response: FileResponse,
  }),
  adjustApprovalDetail: get('/adjustOrderApproval/detail/{id}', {
    service: 'schedule',
    summary: 'One adjustment approval with its flow, history and adjust order.',
    access: ADJUST_APPROVAL,
    params: z.object({ id: Id }),
    response: RefundApprovalDetail,
  }),
} satisfies Slice;
