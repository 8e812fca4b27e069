// Transfer course and combined orders (issue 14, docs/second-half-design): unused paid hours of one
// course become hours of another at the value paid, and several orders of one student merge into
// one — both only as ledger movements (transferOut + transferIn) summing to zero in value.
import { z } from 'zod';
import { Hours } from './fields.js';
import { get, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
const Code = z.string().trim().min(1).max(20);
/** Whether a text is a real calendar day from 1900 on (2026-02-30 and 0000-01-01 are not: the database would refuse them). */
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '1900') return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A calendar day 'YYYY-MM-DD'. */
const Day = z.string().trim().max(10).refine(isDay, '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD');

/** What is left of one order item, as the ledger says. */
export const TransferableItem = z.object({
  orderItemId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  /** 1 lesson hour, 2 day. */
  unit: z.number().int(),
  unitPrice: Yuan,
  remainingHours: z.number(),
  remainingPaidHours: z.number(),
  remainingGiftHours: z.number(),
  /** The paid value of the unused paid hours, at the price paid. */
  remainingValue: Yuan,
});
export type TTransferableItem = z.infer<typeof TransferableItem>;

export const TransferOrderDetail = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderType: z.number().int(),
  status: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  startDate: z.string(),
  /** Empty when the order can be transferred; otherwise why not. */
  blockedReason: z.string(),
  items: z.array(TransferableItem),
});

export const TransferInput = z.object({
  /** The source: one item of an effective order. */
  orderItemId: Id,
  targetCourseCode: Code,
  /** Paid hours to move; absent: every unused paid hour. */
  hours: Hours.optional(),
  /** Gift hours on the target; absent: the most the rule allows. */
  giftHours: Hours.optional(),
  /** The day the target course starts; absent: today. */
  startDate: Day.optional(),
  remark: z.string().trim().max(500).default(''),
});
export type TTransferInput = z.input<typeof TransferInput>;

export const MaxGiftInput = TransferInput.pick({ orderItemId: true, targetCourseCode: true, hours: true });
export const MaxGift = z.object({
  /** Gift hours of the source that leave it with this transfer (the rest stays). */
  sourceGiftHours: z.number(),
  /** The most gift hours the target may carry: the same list value in the target's unit price. */
  maxGiftHours: z.number(),
});

/** A signed ledger movement as it is (or will be) posted. */
export const MovementLine = z.object({
  kind: z.string(),
  orderCode: z.string(),
  courseCode: z.string(),
  hours: z.number(),
  value: Yuan,
});

export const TransferPreview = z.object({
  source: z.object({
    orderId: z.number().int(),
    orderCode: z.string(),
    orderItemId: z.number().int(),
    courseCode: z.string(),
    courseName: z.string(),
    paidHours: z.number(),
    giftHours: z.number(),
    value: Yuan,
  }),
  target: z.object({
    courseCode: z.string(),
    courseName: z.string(),
    unit: z.number().int(),
    unitPrice: Yuan,
    hours: z.number(),
    giftHours: z.number(),
    maxGiftHours: z.number(),
    amount: Yuan,
  }),
  startDate: z.string(),
  movements: z.array(MovementLine),
  /** Sum of the movements' values: always 0.00. */
  valueSum: Yuan,
});
export const TransferCreated = TransferPreview.extend({
  id: z.number().int(),
  code: z.string(),
  targetOrderId: z.number().int(),
  targetOrderCode: z.string(),
  createdAt: Ts,
});

/** An order of the student that can be merged, with what is left of it. */
export const SelectableOrder = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderType: z.number().int(),
  effectiveAt: Ts.nullable(),
  courses: z.string(),
  remainingHours: z.number(),
  remainingValue: Yuan,
});

/** The merge-orders state of spec §3 (studentMsg, orderInfo, operatorList are what the screen shows). */
export const CombineInput = z.object({
  studentCode: Code,
  /** The codes of the orders to merge, two or more. */
  orderNo: z
    .array(Code)
    .min(2, '至少选择两个订单 / choose at least two orders')
    .max(20, '最多合并20个订单 / at most 20 orders'),
  /** Income attribute of the merged order (an income type code). */
  orderIncomeAttr: z.string().trim().max(20).default(''),
  /** The staff member credited with the merged order (a user id of the campus). */
  commissionerCode: Id.optional(),
  payDate: Day.optional(),
  /** Address of an uploaded screenshot of the family's confirmation. */
  screenshot: z.string().trim().max(500).default(''),
  remark: z.string().trim().max(500).default(''),
});
export type TCombineInput = z.input<typeof CombineInput>;

export const CombineLine = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  unit: z.number().int(),
  unitPrice: Yuan,
  paidHours: z.number(),
  giftHours: z.number(),
  amount: Yuan,
});
export const CombinePreview = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  sources: z.array(SelectableOrder),
  lines: z.array(CombineLine),
  amount: Yuan,
  payDate: z.string().nullable(),
  /** The pay date lies outside the date-lock window (3 days before to 2 days after today). */
  isBeyondDate: z.boolean(),
  movements: z.array(MovementLine),
  valueSum: Yuan,
});
export const CombineCreated = CombinePreview.extend({
  id: z.number().int(),
  code: z.string(),
  targetOrderId: z.number().int(),
  targetOrderCode: z.string(),
});

const TRANSFER = priv('/students/transfer');

export const courseTransfers = {
  transferDetail: get('/transferCourse/detail/{id}', {
    service: 'schedule',
    summary:
      'What of an order can be transferred to another course (by item, as the ledger says) on a start date.',
    access: TRANSFER,
    params: z.object({ id: Id }),
    query: z.object({ startDate: Day.optional() }),
    response: TransferOrderDetail,
  }),
  transferMaxGift: post('/transferCourse/select/maxGiftCourseCount', {
    service: 'schedule',
    summary:
      'The most gift hours a transfer may carry to the target course (the source gift hours at the same list value).',
    access: TRANSFER,
    body: MaxGiftInput,
    response: MaxGift,
  }),
  transferPreCreate: post('/transferCourse/preCreate', {
    service: 'schedule',
    summary:
      'The breakdown of a course transfer without writing anything: hours and value out, hours in, movements.',
    access: TRANSFER,
    body: TransferInput,
    response: TransferPreview,
  }),
  transferCreate: post('/transferCourse/create', {
    service: 'schedule',
    summary:
      'Moves unused paid hours of one course into a new effective order of another, at the value paid, in one transaction.',
    access: TRANSFER,
    body: TransferInput,
    response: TransferCreated,
  }),
  combineSelectable: get('/combineOrder/selectiveOrder/{a}/{b}', {
    service: 'schedule',
    summary:
      'Orders of student {a} that can be merged (effective, something left), order {b} first (0: none chosen).',
    access: TRANSFER,
    params: z.object({ a: Id, b: z.coerce.number().int().min(0).max(2147483647) }),
    response: z.array(SelectableOrder),
  }),
  combineOrderDetail: get('/combineOrder/selectiveOrder/detail/{id}', {
    service: 'schedule',
    summary: 'What is left of one order that can be merged, by item.',
    access: TRANSFER,
    params: z.object({ id: Id }),
    response: TransferOrderDetail,
  }),
  combinePreCreate: post('/combineOrder/preCreate', {
    service: 'schedule',
    summary: 'The merged order’s lines and the movements a merge would post, without writing anything.',
    access: TRANSFER,
    body: CombineInput,
    response: CombinePreview,
  }),
  combineCreate: post('/combineOrder/create', {
    service: 'schedule',
    summary:
      'Merges orders of one student: what is left of them moves into one new effective order, in one transaction.',
    access: TRANSFER,
    body: CombineInput,
    response: CombineCreated,
  }),
} satisfies Slice;
