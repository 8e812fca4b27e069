// Income orders, pay records and the payment approval (issue 13, docs/order-states.md): the price
// breakdown before an order exists, the order's life from unpaid to effective, the records that
// pay it, the approval that confirms them, and the student account the ledger keeps.
// Amounts travel as yuan strings with 2 decimals; quantities as numbers with at most 2 decimals.
import { z } from 'zod';
import { Money, quantity } from './fields.js';
import { ApprovalHistoryRow, ApprovalOutcome, ApprovalStepDef, ApprovalWaiting } from './approvals.js';
import { FileResponse, Ok, PageQuery, QueryBool, get, page, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
/** An amount in yuan as the server answers it: '1234.50'. */
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
const IdParams = z.object({ id: Id });
const Campus = z.string().trim().min(1, '请选择校区 / the campus is required').max(20);

/** §9 order types: 0 renewal, 1 new enrolment, 3 placement, 4 clue payment, 5 collect-and-pay-on-behalf. */
export const ORDER_TYPES = [0, 1, 3, 4, 5] as const;
export const OrderType = z.coerce
  .number()
  .int()
  .refine(
    (v) => (ORDER_TYPES as readonly number[]).includes(v),
    '订单类型无效 / not an order type (0, 1, 3, 4, 5)',
  );

/** 5 awaiting the give-away approval, 10 unpaid, 20 part paid, 30 awaiting payment approval, 40 effective, 50 closed, 90 revoked. */
export const ORDER_STATUSES = [5, 10, 20, 30, 40, 50, 90] as const;
export const OrderStatus = z.number().int();
/** 10 pending confirmation, 20 confirmed, 30 rejected, 40 void. */
export const PayRecordStatus = z.number().int();
/** 1 cash, 2 bank transfer, 3 POS, 4 online. */
export const PayRecordMethod = z.coerce
  .number()
  .int()
  .refine(
    (v) => v >= 1 && v <= 4,
    '支付方式无效 / not a pay method (1 cash, 2 bank transfer, 3 POS, 4 online)',
  );
export const OrderPayer = z.enum(['family', 'funder']);

/** A quantity of lesson hours or days: above 0, at most 2 decimals, at most 99999.99. */
export const OrderQuantity = quantity({ what: ['数量', 'quantity'] });
const OrderGiftQuantity = OrderQuantity.optional();

export const OrderItemInput = z.object({
  courseCode: z.string().trim().min(1, '请选择课程 / the course is required').max(50),
  buyTypeId: z.coerce.number().int().positive().max(2147483647).nullish(),
  quantity: OrderQuantity.refine((v) => v > 0, '购买数量须大于0 / the quantity must be above 0'),
  giftQuantity: OrderGiftQuantity,
});

const OrderLines = {
  /**
   * Not chosen by the client (issue 33 §4): the server derives it — new enrolment (1) for a
   * student's first effective order, renewal (0) after, clue payment (4) from a clue — and does not
   * read a type sent here (kept optional for older clients).
   */
  orderType: OrderType.optional(),
  items: z
    .array(OrderItemInput)
    .min(1, '至少选择一门课程 / at least one course is required')
    .max(20, '一个订单最多20门课程 / at most 20 courses per order'),
  /** The manual discount in yuan (never above what is left to pay). */
  manualDiscount: Money.optional(),
  /** Promotions (when the promotions slice exists): a voucher code, an activity code. */
  voucherCode: z.string().trim().max(50).optional(),
  activityCode: z.string().trim().max(50).optional(),
  /**
   * Offers the family declines (codes of activities, discounts or gift rules that would apply by
   * themselves): the order is priced without them, the principles then deciding what else applies.
   * The order keeps them (its detail and edit read answer them); an edit that omits the field keeps
   * the order's, an empty list declines none.
   */
  declinedOffers: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  /** Split billing: the funder's share in yuan and the funder (finance settlement organisation code). */
  funderShare: Money.optional(),
  funderCode: z.string().trim().max(50).nullish(),
  /** Why the gift hours or the manual discount exceed the caller's limit (required then). */
  giveawayReason: z.string().trim().max(500).optional(),
};

export const OrderPreCreateInput = z.object({
  schoolItemCode: Campus,
  studentId: Id.optional(),
  ...OrderLines,
});
export type TOrderPreCreateInput = z.input<typeof OrderPreCreateInput>;

export const OrderCreateInput = OrderPreCreateInput.extend({
  studentId: Id,
  adviserId: Id.nullish(),
  remark: z.string().trim().max(500).default(''),
});
export type TOrderCreateInput = z.input<typeof OrderCreateInput>;

/** The student a clue payment creates (the clue gives campus, phone and insurance flag by default). */
export const ClueStudentInput = z.object({
  name: z.string().trim().min(1, '请填写学员姓名 / the student name is required').max(50),
  gender: z.coerce.number().int().min(0).max(2).default(0),
  birthDate: z.string().trim().max(10).nullish(),
  parentName: z.string().trim().max(50).default(''),
});

export const ClueOrderPreCreateInput = z.object({ clueId: Id, ...OrderLines });
export const ClueOrderCreateInput = z.object({
  clueId: Id,
  ...OrderLines,
  orderType: OrderType.default(4),
  student: ClueStudentInput,
  adviserId: Id.nullish(),
  remark: z.string().trim().max(500).default(''),
});
export type TClueOrderCreateInput = z.input<typeof ClueOrderCreateInput>;

export const OrderEditInput = z.object({
  id: Id,
  /** The version read; a stale one is refused with 409. */
  version: z.number().int().positive(),
  ...OrderLines,
  adviserId: Id.nullish(),
  remark: z.string().trim().max(500).default(''),
});
export type TOrderEditInput = z.input<typeof OrderEditInput>;

export const PriceAdjustment = z.object({
  source: z.enum(['discount', 'voucher', 'activity', 'gift', 'manual']),
  ref: z.string(),
  label: z.string(),
  /** Negative: a reduction; 0: a gift line. */
  amount: Yuan,
});
export const OrderQuoteItem = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  buyTypeId: z.number().int().nullable(),
  /** 1 lesson hour, 2 day. */
  unit: z.number().int(),
  unitPrice: Yuan,
  quantity: z.number(),
  giftQuantity: z.number(),
  listAmount: Yuan,
  adjustments: z.array(PriceAdjustment),
  amount: Yuan,
});
export const OrderQuote = z.object({
  items: z.array(OrderQuoteItem),
  listAmount: Yuan,
  discountAmount: Yuan,
  payable: Yuan,
  /** The payable in Chinese capitals (大写). */
  payableInWords: z.string(),
  familyShare: Yuan,
  funderShare: Yuan,
  /** The adviser the add-order screen prefills: the student's (the clue's owner), else the caller when a consultant. */
  adviserId: z.number().int().nullable().optional(),
  /** The type the order will take (derived: 1 new enrolment, 0 renewal, 4 clue payment). */
  orderType: z.number().int().optional(),
  /** The caller's give-away limits and whether this basket exceeds them (then a reason and the campus head's approval). */
  giveaway: z
    .object({
      needsApproval: z.boolean(),
      over: z.array(z.enum(['gift', 'discount', 'scholarship'])),
      giftPercent: z.number(),
      discountPercent: z.number(),
      discountLimit: Yuan,
    })
    .optional(),
});
export type TOrderQuote = z.infer<typeof OrderQuote>;

export const OrderCreated = z.object({
  id: z.number().int(),
  code: z.string(),
  studentId: z.number().int(),
  studentCode: z.string(),
  /** 5 when the give-away waits for the campus head's approval, else 10. */
  status: OrderStatus.optional(),
  giveawayApprovalId: z.number().int().nullable().optional(),
});

export const PayRecordRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderCode: z.string(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  payer: OrderPayer,
  method: z.number().int(),
  amount: Yuan,
  paidAt: Ts,
  reference: z.string().nullable(),
  remark: z.string(),
  status: PayRecordStatus,
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: Ts,
  version: z.number().int(),
});
export type TPayRecordRow = z.infer<typeof PayRecordRow>;

export const OrderItemRow = z.object({
  id: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  buyTypeId: z.number().int().nullable(),
  unit: z.number().int(),
  unitPrice: Yuan,
  quantity: z.number(),
  giftQuantity: z.number(),
  listAmount: Yuan,
  discountAmount: Yuan,
  amount: Yuan,
  adjustments: z.array(PriceAdjustment),
});

export const OrderRow = z.object({
  id: z.number().int(),
  code: z.string(),
  orderType: z.number().int(),
  status: OrderStatus,
  statusName: z.string(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  listAmount: Yuan,
  discountAmount: Yuan,
  payable: Yuan,
  /** Confirmed payments. */
  paid: Yuan,
  /** Recorded, waiting for the payment approval. */
  pending: Yuan,
  familyShare: Yuan,
  funderShare: Yuan,
  funderCode: z.string().nullable(),
  adviserId: z.number().int().nullable(),
  adviserName: z.string().nullable(),
  remark: z.string(),
  approvalId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: Ts,
  effectiveAt: Ts.nullable(),
  version: z.number().int(),
});
export type TOrderRow = z.infer<typeof OrderRow>;

export const OrderDetail = OrderRow.extend({
  payableInWords: z.string(),
  items: z.array(OrderItemRow),
  payRecords: z.array(PayRecordRow),
  /** The offers the family declined when the order was placed or last edited (their codes). */
  declinedOffers: z.array(z.string()).optional(),
  /** What the caller may do now: edit, revoke, pay. */
  actions: z.array(z.enum(['edit', 'revoke', 'pay'])),
  /** The give-away approval (orderGiveaway) of an order above the limits, as filed. */
  giveaway: z
    .object({
      approvalId: z.number().int(),
      /** The approval engine's status (5 WAIT, 20 PASS, 30 REJECT, 50 CANCEL). */
      status: z.number().int(),
      version: z.number().int(),
      reason: z.string(),
      comment: z.string().nullable(),
      over: z.array(z.enum(['gift', 'discount', 'scholarship'])),
      lines: z.array(
        z.object({ courseName: z.string(), quantity: z.string(), gift: z.string(), giftLimit: z.string() }),
      ),
      giftTotal: z.string(),
      giftValue: Yuan,
      manualDiscount: Yuan,
      discountLimit: Yuan,
      listAmount: Yuan,
      payable: Yuan,
      giftPercent: z.number(),
      discountPercent: z.number(),
      /** Whether the caller may pass or reject it now (/approval/pass, /approval/reject). */
      canDecide: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type TOrderDetail = z.infer<typeof OrderDetail>;

export const OrderEditDetail = z.object({
  id: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  schoolItemCode: z.string(),
  studentId: z.number().int(),
  orderType: z.number().int(),
  items: z.array(
    z.object({
      courseCode: z.string(),
      buyTypeId: z.number().int().nullable(),
      quantity: z.number(),
      giftQuantity: z.number(),
    }),
  ),
  manualDiscount: Yuan,
  /** The offers declined when the order was placed or last edited: the edit starts with them declined. */
  declinedOffers: z.array(z.string()).optional(),
  funderShare: Yuan,
  funderCode: z.string().nullable(),
  adviserId: z.number().int().nullable(),
  remark: z.string(),
  quote: OrderQuote,
});

export const WaitPayInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  status: OrderStatus,
  statusName: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  payable: Yuan,
  payableInWords: z.string(),
  paid: Yuan,
  pending: Yuan,
  /** Still to record: payable − confirmed − pending. */
  due: Yuan,
  dueInWords: z.string(),
  family: z.object({ share: Yuan, recorded: Yuan, due: Yuan }),
  funder: z.object({ share: Yuan, recorded: Yuan, due: Yuan, code: z.string().nullable() }),
  payRecords: z.array(PayRecordRow),
  version: z.number().int(),
});

export const StudentAccountItem = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderItemId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  unit: z.number().int(),
  bought: z.number(),
  gift: z.number(),
  consumed: z.number(),
  refunded: z.number(),
  adjusted: z.number(),
  transferred: z.number(),
  remaining: z.number(),
  remainingPaid: z.number(),
  remainingGift: z.number(),
  paidValue: Yuan,
  remainingValue: Yuan,
});
export const StudentAccount = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  items: z.array(StudentAccountItem),
  /** Per course: the items of every order summed. */
  courses: z.array(
    z.object({
      courseCode: z.string(),
      courseName: z.string(),
      remaining: z.number(),
      remainingPaid: z.number(),
      remainingGift: z.number(),
      remainingValue: Yuan,
    }),
  ),
  totalRemainingValue: Yuan,
});
export type TStudentAccount = z.infer<typeof StudentAccount>;

export const LedgerMovementRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderCode: z.string(),
  orderItemId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  kind: z.string(),
  hours: z.number(),
  value: Yuan,
  sourceType: z.string(),
  sourceId: z.number().int(),
  reversesId: z.number().int().nullable(),
  postedAt: Ts,
  postedBy: z.number().int().nullable(),
  postedByName: z.string().nullable(),
  note: z.string(),
});
export const LedgerMovementQuery = PageQuery.extend({
  courseCode: z.string().trim().max(50).optional(),
  orderId: Id.optional(),
  kind: z.string().trim().max(20).optional(),
});

export const AddPayRecordInput = z.object({
  orderId: Id,
  payer: OrderPayer.default('family'),
  method: PayRecordMethod,
  amount: Money,
  /** When the money was received (ISO date-time or date). */
  paidAt: z.string().trim().min(1).max(40),
  reference: z.string().trim().max(100).nullish(),
  remark: z.string().trim().max(500).default(''),
  /** The order's version read; a stale one is refused with 409. */
  version: z.number().int().positive().optional(),
});
export type TAddPayRecordInput = z.input<typeof AddPayRecordInput>;
export const PayRecordAdded = z.object({
  id: z.number().int(),
  orderStatus: OrderStatus,
  /** The payment approval filed when the records cover the order exactly. */
  approvalId: z.number().int().nullable(),
});

export const PayRecordFilter = z.object({
  schoolItemCode: z.string().trim().max(20).optional(),
  status: z.coerce.number().int().min(0).max(99).optional(),
  method: z.coerce.number().int().min(0).max(9).optional(),
  payer: OrderPayer.optional(),
  orderId: Id.optional(),
  orderCode: z.string().trim().max(20).optional(),
  /** Student name or code. */
  keyword: z.string().trim().max(50).optional(),
  funderCode: z.string().trim().max(50).optional(),
  paidFrom: z.string().trim().max(10).optional(),
  paidTo: z.string().trim().max(10).optional(),
});
export const PayRecordPageInput = PageQuery.extend(PayRecordFilter.shape);

export const PayRecordUpdateInput = z.object({
  id: Id,
  version: z.number().int().positive(),
  method: PayRecordMethod,
  amount: Money,
  paidAt: z.string().trim().min(1).max(40),
  reference: z.string().trim().max(100).nullish(),
  remark: z.string().trim().max(500).default(''),
});

export const OrderRevokeInput = z
  .object({
    reason: z.string().trim().max(500).default(''),
    version: z.number().int().positive().optional(),
  })
  .default({ reason: '' });

export const PayApprovalRow = z.object({
  id: z.number().int(),
  status: z.number().int(),
  orderId: z.number().int(),
  orderCode: z.string(),
  orderType: z.number().int(),
  studentName: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  amount: Yuan,
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: Ts,
  stepName: z.string().nullable(),
  decidedAt: Ts.nullable(),
  comment: z.string().nullable(),
  /** The caller may decide it now. */
  canDecide: z.boolean(),
  version: z.number().int(),
});
export const PayApprovalQuery = PageQuery.extend({
  /** 5 WAIT, 10 in approval, 20 PASS, 30 REJECT, 40 REVOKE, 50 CANCEL; 0 or absent: all. */
  status: z.coerce.number().int().min(0).max(99).optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
  keyword: z.string().trim().max(50).optional(),
  /** Only the requests the caller may decide now. */
  mine: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
});
export const PayApprovalDetail = PayApprovalRow.extend({
  steps: z.array(ApprovalStepDef),
  step: z.number().int(),
  history: z.array(ApprovalHistoryRow),
  canRevoke: z.boolean(),
  canCancel: z.boolean(),
  ...ApprovalWaiting.shape,
  order: OrderDetail,
});

/** The legacy decision path: PASS/20 or REJECT/30 on a payment approval, decided by the engine. */
export const ChargeApprovalInput = z.object({
  id: Id,
  result: z.union([z.enum(['PASS', 'REJECT']), z.literal(20), z.literal(30)]),
  comment: z.string().trim().max(500).default(''),
  version: z.number().int().positive().optional(),
});

export const OrderListQuery = PageQuery.extend({
  schoolItemCode: z.string().trim().max(20).optional(),
  status: z.coerce.number().int().min(0).max(99).optional(),
  orderType: z.coerce.number().int().min(0).max(9).optional(),
  /** Student name or code, a student's phone, or the order code. */
  keyword: z.string().trim().max(50).optional(),
});
const StudentCodeQuery = z.object({ studentcode: z.string().trim().min(1).max(20) });
const OrderCodeQuery = z.object({ code: z.string().trim().min(1).max(20) });

export const FunderReceivableQuery = z.object({
  /** The month orders were created in, 'YYYY-MM'. */
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份须为YYYY-MM / the month must look like YYYY-MM'),
  funderCode: z.string().trim().max(50).optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
});
export const FunderReceivableRow = z.object({
  funderCode: z.string(),
  funderName: z.string().nullable(),
  month: z.string(),
  orders: z.number().int(),
  /** The funder shares of the month's orders. */
  share: Yuan,
  /** Funder pay records not rejected or void. */
  recorded: Yuan,
  due: Yuan,
});

export const FunderOrdersQuery = FunderReceivableQuery.extend({
  funderCode: z.string().trim().min(1, '请选择资助方 / the funder is required').max(50),
});
export const FunderOrderRow = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  studentName: z.string(),
  studentCode: z.string(),
  schoolItemCode: z.string(),
  status: OrderStatus,
  statusName: z.string(),
  createdAt: Ts,
  share: Yuan,
  recorded: Yuan,
  due: Yuan,
});
export type TFunderOrderRow = z.infer<typeof FunderOrderRow>;
/** One funder payment (a bank transfer) covering many orders' funder shares. */
export const FunderPaymentInput = z.object({
  funderCode: z.string().trim().min(1, '请选择资助方 / the funder is required').max(50),
  method: PayRecordMethod.default(2),
  paidAt: z.string().trim().min(1, '请填写收款时间 / the payment time is required').max(40),
  /** The bank serial of the transfer; each order's record carries `<serial>/<order code>`. */
  reference: z.string().trim().min(1, '请填写银行流水号 / the bank serial is required').max(80),
  /** What the funder paid in all: must equal the sum of the items. */
  total: Money,
  remark: z.string().trim().max(500).default(''),
  items: z
    .array(z.object({ orderId: Id, amount: Money }))
    .min(1, '至少选择一个订单 / choose at least one order')
    .max(500, '一次最多500个订单 / at most 500 orders at once'),
});
export type TFunderPaymentInput = z.input<typeof FunderPaymentInput>;

/**
 * A historical order of a legacy system (sdk-cli import orders): one order with one course line and
 * its payment so far; the legacy number makes a re-run skip it.
 */
export const OrderImportRow = z.object({
  legacyCode: z.string(),
  studentCode: z.string().optional(),
  studentName: z.string().optional(),
  phone: z.string().optional(),
  schoolItemCode: z.string(),
  orderType: z.union([z.number(), z.string()]).optional(),
  /** Required: a blank cell is a row error of the import (an exported order sheet leaves it blank). */
  courseCode: z.string().optional(),
  quantity: z.union([z.number(), z.string()]).optional(),
  giftQuantity: z.union([z.number(), z.string()]).optional(),
  amount: z.union([z.number(), z.string()]),
  paidAmount: z.union([z.number(), z.string()]).optional(),
  payMethod: z.union([z.number(), z.string()]).optional(),
  paidAt: z.string().optional(),
  reference: z.string().optional(),
  remark: z.string().optional(),
});
export const OrderImportResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  /** Rows whose legacy number was imported before: the order they became. */
  duplicates: z.array(z.object({ row: z.number().int(), owner: z.string() })),
});

/**
 * Income sheets (the §7 `iis` group, 收款收据): the receipt a campus issues for money an order's
 * payer paid, numbered 'SJ' + 10 digits; not the tax invoice (slice invoices). docs/decisions.md.
 */
export const INCOME_SHEET_STATUSES = { issued: 10, cancelled: 90 } as const;
export const IncomeSheetLine = z.object({
  courseName: z.string(),
  /** 1 lesson hour, 2 day. */
  unit: z.number().int(),
  quantity: z.number(),
  giftQuantity: z.number(),
  amount: Yuan,
});
export const IncomeSheetRow = z.object({
  id: z.number().int(),
  code: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  payer: OrderPayer,
  title: z.string(),
  amount: Yuan,
  amountInWords: z.string(),
  lines: z.array(IncomeSheetLine),
  remark: z.string(),
  /** 10 issued, 90 cancelled. */
  status: z.number().int(),
  issuedAt: Ts,
  issuedByName: z.string().nullable(),
  syncedAt: Ts.nullable(),
  cancelledAt: Ts.nullable(),
  cancelledByName: z.string().nullable(),
  cancelReason: z.string(),
  version: z.number().int(),
});
export const IncomeSheetBase = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderStatus: OrderStatus,
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  payable: Yuan,
  lines: z.array(IncomeSheetLine),
  /** Per payer of the order: the default title, what it paid (records not rejected or void), what sheets cover, what is left to issue. */
  payers: z.array(
    z.object({
      payer: OrderPayer,
      title: z.string(),
      received: Yuan,
      issued: Yuan,
      issuable: Yuan,
    }),
  ),
});
export const IncomeSheetInput = z.object({
  orderId: Id,
  payer: OrderPayer.default('family'),
  /** Absent: everything the payer paid that no sheet covers yet. */
  amount: Money.optional(),
  /** Absent or empty: the payer's name (the student's parent, or the funder). */
  title: z.string().trim().max(100).optional(),
  remark: z.string().trim().max(500).default(''),
});
export type TIncomeSheetRow = z.infer<typeof IncomeSheetRow>;
export type TIncomeSheetBase = z.infer<typeof IncomeSheetBase>;
const IncomeOrderCodeQuery = z.object({ incomeordercode: z.string().trim().min(1).max(20) });
const SheetCodeQuery = z.object({ code: z.string().trim().min(1).max(20) });

const ORDER = priv('/students/order', '/students/payInstallment');
const ORDER_READ = priv(
  '/students/order',
  // A refund application finds the family's order by name, phone or code (the order picker).
  '/students/refundApply',
  '/students/returnPremium',
  '/students/payDetail',
  '/students/createPay',
  '/students/editPay',
  '/students/studentDetail',
  '/financial/payApproval',
  '/financial/orderDetails',
);
const ACCOUNT = priv(
  '/students/studentDetail',
  '/students/payDetail',
  '/students/caselife',
  '/financial/caselife',
  '/financial/studentClass',
);
const PAY = priv('/students/createPay');
/** Issuing and cancelling receipts: whoever records payments, and finance on the order details. */
const SHEET = priv('/students/createPay', '/financial/orderDetails');
const PAY_LIST = priv('/students/payDetail', '/financial/payApproval');
const PAY_APPROVAL = priv('/financial/payApproval');
const FUNDER = priv('/financial/funderReceivable');

export const orders = {
  preCreate: post('/incomeOrder/preCreate', {
    service: 'schedule',
    summary:
      'The price breakdown of an order without writing it (list price, discounts, gift hours, payable).',
    access: ORDER,
    body: OrderPreCreateInput,
    response: OrderQuote,
  }),
  create: post('/incomeOrder/create', {
    service: 'schedule',
    summary: 'Create an income order for a student (priced again on the server); it starts unpaid.',
    access: ORDER,
    body: OrderCreateInput,
    response: OrderCreated,
  }),
  cluePreCreate: post('/incomeOrder/clue/preCreate', {
    service: 'schedule',
    summary: 'The price breakdown of a clue payment (the clue’s campus).',
    access: ORDER,
    body: ClueOrderPreCreateInput,
    response: OrderQuote,
  }),
  clueCreate: post('/incomeOrder/clue/create', {
    service: 'schedule',
    summary: 'A clue pays before it is a student: the student and the order are created in one transaction.',
    access: ORDER,
    body: ClueOrderCreateInput,
    response: OrderCreated,
  }),
  edit: post('/incomeOrder/edit', {
    service: 'schedule',
    summary: 'Change an unpaid order’s lines and discounts (state 10 only, version checked); priced again.',
    access: ORDER,
    body: OrderEditInput,
    response: OrderCreated,
  }),
  editDetail: get('/incomeOrder/editDetail/{id}', {
    service: 'schedule',
    summary: 'An order as its edit form reads it, with its current quote.',
    access: ORDER,
    params: IdParams,
    response: OrderEditDetail,
  }),
  detail: get('/incomeOrder/detail/{id}', {
    service: 'schedule',
    summary: 'An order with its lines, price breakdown and pay records.',
    access: ORDER_READ,
    params: IdParams,
    response: OrderDetail,
  }),
  revoke: post('/incomeOrder/revoke/{id}', {
    service: 'schedule',
    summary: 'Revoke an order not yet effective (pending pay records become void, an open approval closes).',
    access: ORDER,
    params: IdParams,
    body: OrderRevokeInput,
    response: Ok,
  }),
  waitPayInfo: get('/incomeOrder/waitPayInfo/{id}', {
    service: 'schedule',
    summary: 'What is still to pay on an order (per payer), with its records.',
    access: ORDER_READ,
    params: IdParams,
    response: WaitPayInfo,
  }),
  studentAccount: get('/incomeOrder/studentAccount/{id}', {
    service: 'schedule',
    summary: 'A student’s hours and money balance per order item and per course, from the ledger.',
    access: ACCOUNT,
    params: IdParams,
    response: StudentAccount,
  }),
  studentAccountDetail: get('/incomeOrder/studentAccount/detail/{id}', {
    service: 'schedule',
    summary: 'A student’s ledger movements, newest first.',
    access: ACCOUNT,
    params: IdParams,
    query: LedgerMovementQuery,
    response: page(LedgerMovementRow),
  }),
  addPayRecord: post('/charge/addPayRecord', {
    service: 'schedule',
    summary: 'Record a payment of an order; records covering the payable exactly file the payment approval.',
    access: PAY,
    body: AddPayRecordInput,
    response: PayRecordAdded,
  }),
  payRecordPage: post('/payRecord/page', {
    service: 'schedule',
    summary: 'Pay records, filtered and paged.',
    access: PAY_LIST,
    body: PayRecordPageInput,
    response: page(PayRecordRow),
  }),
  payRecordExport: post('/payRecord/export', {
    service: 'schedule',
    summary: 'Every pay record of the filter as a workbook.',
    access: PAY_LIST,
    kind: 'download',
    body: PayRecordFilter,
    response: FileResponse,
  }),
  payRecordUpdate: post('/payRecord/update', {
    service: 'schedule',
    summary: 'Correct a pending pay record while its order waits for payment (version checked).',
    access: priv('/students/editPay'),
    body: PayRecordUpdateInput,
    response: Ok,
  }),
  approvalList: get('/incomeOrderApproval/list', {
    service: 'schedule',
    summary: 'Payment approvals of the caller’s campuses, filtered and paged.',
    access: PAY_APPROVAL,
    query: PayApprovalQuery,
    response: page(PayApprovalRow),
  }),
  approvalDetail: get('/incomeOrderApproval/detail/{id}', {
    service: 'schedule',
    summary: 'A payment approval with its order, records and history.',
    access: PAY_APPROVAL,
    params: IdParams,
    response: PayApprovalDetail,
  }),
  chargeApproval: post('/charge/approval', {
    service: 'schedule',
    summary: 'Decide a payment approval (legacy path): PASS or REJECT through the approval engine.',
    access: PAY_APPROVAL,
    body: ChargeApprovalInput,
    response: ApprovalOutcome,
  }),
  // ---- the legacy /charge/* and /order/* income paths of §7, answering from the same tables ----
  incomeOrders: get('/charge/incomeorders', {
    service: 'schedule',
    summary: 'Income orders of the caller’s campuses, filtered and paged (legacy path).',
    access: ORDER_READ,
    query: OrderListQuery,
    response: page(OrderRow),
  }),
  incomeOrder: get('/charge/incomeorder', {
    service: 'schedule',
    summary: 'An income order by its code (legacy path).',
    access: ORDER_READ,
    query: OrderCodeQuery,
    response: OrderDetail,
  }),
  insertIncomeOrder: post('/charge/insertincomeorder', {
    service: 'schedule',
    summary: 'Create an income order (legacy path of /incomeOrder/create).',
    access: ORDER,
    body: OrderCreateInput,
    response: OrderCreated,
  }),
  studentOrders: get('/charge/studentorders', {
    service: 'schedule',
    summary: 'Every income order of one student.',
    access: ORDER_READ,
    query: StudentCodeQuery,
    response: z.array(OrderRow),
  }),
  renewOrders: get('/charge/reneworders', {
    service: 'schedule',
    summary: 'Renewal orders (order type 0), filtered and paged.',
    access: ORDER_READ,
    query: OrderListQuery.omit({ orderType: true }),
    response: page(OrderRow),
  }),
  isNew: get('/charge/isnew', {
    service: 'schedule',
    summary: 'Whether a student has never had an effective order (a new enrolment rather than a renewal).',
    access: ORDER_READ,
    query: StudentCodeQuery,
    response: z.object({ isNew: z.boolean() }),
  }),
  orderSave: post('/order/save', {
    service: 'schedule',
    summary: 'Create an income order (legacy path of /incomeOrder/create).',
    access: ORDER,
    body: OrderCreateInput,
    response: OrderCreated,
  }),
  orderList: get('/order/orders', {
    service: 'schedule',
    summary: 'Income orders, filtered and paged (legacy path).',
    access: ORDER_READ,
    query: OrderListQuery,
    response: page(OrderRow),
  }),
  orderByCode: get('/order/order', {
    service: 'schedule',
    summary: 'An income order by its code (legacy path).',
    access: ORDER_READ,
    query: OrderCodeQuery,
    response: OrderDetail,
  }),
  studentIncomes: get('/order/studentincomes', {
    service: 'schedule',
    summary: 'The pay records of one student’s orders, newest first.',
    access: ORDER_READ,
    query: StudentCodeQuery,
    response: z.array(PayRecordRow),
  }),
  studentBillList: get('/charge/getStudentBillList', {
    service: 'schedule',
    summary:
      'Every money document of one student, oldest first: orders (billed payable), pay records, refunds and adjustments, each with its order code, amount and status.',
    access: ORDER_READ,
    query: StudentCodeQuery,
    response: z.array(
      z.object({
        kind: z.enum(['order', 'payment', 'refund', 'adjust']),
        code: z.string(),
        orderCode: z.string(),
        at: z.string(),
        amount: z.string(),
        status: z.number().int(),
        statusName: z.string(),
      }),
    ),
  }),
  sheetEmployees: get('/charge/sheetemployees', {
    service: 'schedule',
    summary:
      'The staff credited on a sheet (sheettypecode 1 income order, 2 refund, 3 adjustment; relatedcode its code): its creator, the order’s adviser and the approvers who passed it; isall=true adds every active user of the sheet’s campus.',
    access: ORDER_READ,
    query: z.object({
      relatedcode: z.string().trim().min(1).max(20),
      sheettypecode: z.coerce
        .number()
        .int()
        .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
      isall: QueryBool.default(false),
    }),
    response: z.array(
      z.object({
        userId: z.number().int(),
        name: z.string(),
        role: z.enum(['creator', 'adviser', 'approver', 'campus']),
      }),
    ),
  }),
  claimOrder: post('/order/claimorder', {
    service: 'schedule',
    summary:
      'A consultant takes an order of their campuses that has no adviser yet (imported or paid online): the adviser becomes the caller; an order that has one → 409.',
    access: ORDER,
    body: z.object({ code: z.string().trim().min(1).max(20) }),
    response: z.object({ id: z.number().int(), code: z.string(), adviserId: z.number().int() }),
  }),
  surplusCourseAndPrice: get('/charge/surpluscourseandprice', {
    service: 'schedule',
    summary:
      'Per campus and course, the hours and the paid value left at the end of a day (Shanghai), summed from the ledger; itemcodes: campus codes, comma separated (absent: every campus in scope).',
    access: ACCOUNT,
    query: z.object({
      date: z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD / the date as YYYY-MM-DD'),
      itemcodes: z.string().trim().max(1000).optional(),
    }),
    response: z.array(
      z.object({
        schoolItemCode: z.string(),
        courseCode: z.string(),
        courseName: z.string(),
        students: z.number().int(),
        hours: z.number(),
        value: Yuan,
      }),
    ),
  }),
  iisBase: get('/charge/iisbase', {
    service: 'schedule',
    summary:
      'What an income sheet (receipt) of an order is prefilled with: the order, its lines and, per payer, the default title, what it paid, what sheets already cover and what is left to issue.',
    access: ORDER_READ,
    query: IncomeOrderCodeQuery,
    response: IncomeSheetBase,
  }),
  iisList: get('/charge/iislist', {
    service: 'schedule',
    summary: 'The income sheets of an order, issued and cancelled, newest first.',
    access: ORDER_READ,
    query: IncomeOrderCodeQuery,
    response: z.array(IncomeSheetRow),
  }),
  saveIis: post('/charge/saveiis', {
    service: 'schedule',
    summary:
      'Issue an income sheet (SJ + 10 digits) for money a payer of the order paid: at most what its records not rejected or void cover less its sheets not cancelled (422 on amount).',
    access: SHEET,
    body: IncomeSheetInput,
    response: IncomeSheetRow,
  }),
  cancelIis: get('/charge/canceliis', {
    service: 'schedule',
    summary: 'Cancel an issued income sheet with a reason (audited); a cancelled one stays listed.',
    access: SHEET,
    query: SheetCodeQuery.extend({
      reason: z.string().trim().min(1, '请填写作废原因 / the reason is required').max(200),
      version: z.coerce.number().int().positive().optional(),
    }),
    response: Ok,
  }),
  syncIis: get('/charge/synciis', {
    service: 'schedule',
    summary:
      'Re-derive an issued income sheet from its order now: the lines as the order has them, the amount lowered to what the payer’s live records still cover (a payment rejected or voided since); nothing left → 422.',
    access: SHEET,
    query: SheetCodeQuery,
    response: IncomeSheetRow,
  }),
  funderReceivable: get('/incomeOrder/funderReceivable', {
    service: 'schedule',
    summary:
      'Split billing: per funder, the month’s funder shares, what the funder paid and what it still owes.',
    access: priv('/students/payDetail', '/financial/payApproval', '/financial/funderReceivable'),
    query: FunderReceivableQuery,
    response: z.array(FunderReceivableRow),
  }),
  funderOrders: get('/incomeOrder/funderReceivable/orders', {
    service: 'schedule',
    summary:
      'Split billing: one funder’s orders of a month (created in it, not revoked) with its share, what it recorded and what it still owes.',
    access: FUNDER,
    query: FunderOrdersQuery,
    response: z.array(FunderOrderRow),
  }),
  funderPayment: post('/incomeOrder/funderPayment', {
    service: 'schedule',
    summary:
      'Record one funder payment covering many orders’ funder shares in one transaction: a funder pay record per order; the total must equal the sum (400 on total), an amount above what the funder owes is refused naming the order (422), nothing is written on any refusal.',
    access: FUNDER,
    body: FunderPaymentInput,
    response: z.object({
      count: z.number().int(),
      total: Yuan,
      records: z.array(
        z.object({
          orderId: z.number().int(),
          orderCode: z.string(),
          id: z.number().int(),
          orderStatus: OrderStatus,
        }),
      ),
    }),
  }),
  importRows: post('/incomeOrder/importRows', {
    service: 'schedule',
    summary:
      'Batch import of legacy orders with their payments (CLI; ours, not in the spec): every row checked, all written in one transaction or none; a legacy number imported before is skipped.',
    access: priv('/financial/orderDetails'),
    body: z.object({ rows: z.array(OrderImportRow).max(5000), dryRun: z.boolean().default(false) }),
    response: OrderImportResult,
  }),
} satisfies Slice;
