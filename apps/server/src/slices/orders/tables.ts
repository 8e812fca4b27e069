// Income orders, their lines and price breakdown, and the pay records that pay them (docs/order-states.md).
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** 'DD' + 10 digits of the id. */
    code: text('code').notNull().unique(),
    /** §9: 0 renewal, 1 new enrolment, 3 placement, 4 clue payment, 5 collect-and-pay-on-behalf. */
    orderType: integer('order_type').notNull(),
    /**
     * 5 awaiting the give-away approval, 10 unpaid, 20 part paid, 30 awaiting payment approval,
     * 40 effective, 50 closed, 90 revoked.
     */
    status: integer('status').notNull().default(10),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    listCents: bigint('list_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    payableCents: bigint('payable_cents', { mode: 'number' }).notNull(),
    /** Confirmed payments. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** Split billing: family + funder = payable. */
    familyCents: bigint('family_cents', { mode: 'number' }).notNull(),
    funderCents: bigint('funder_cents', { mode: 'number' }).notNull().default(0),
    funderCode: text('funder_code'),
    /** The manual discount asked for (kept to quote an edit again). */
    manualDiscountCents: bigint('manual_discount_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The offers the family declined (codes of activities, discounts, gift rules that would apply by
     * themselves): kept so an edit prices the order without them again and its screen shows them declined.
     */
    declinedOffers: text('declined_offers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    adviserId: integer('adviser_id'),
    remark: text('remark').notNull().default(''),
    /** The open or last payment approval (approval_requests.id). */
    approvalId: integer('approval_id'),
    /** The open or last give-away approval (orderGiveaway: gift or discount above the limit, or payable 0). */
    giveawayApprovalId: integer('giveaway_approval_id'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order's number in a legacy system it was imported from (sdk-cli import orders). */
    legacyCode: text('legacy_code').unique(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('orders_student_idx').on(t.studentId),
    index('orders_campus_status_idx').on(t.schoolItemCode, t.status),
    index('orders_funder_idx').on(t.funderCode),
    // A month's orders by when they took effect (discount rates of a month, every campus): without it
    // the range was a filter over every effective order of all time.
    index('orders_effective_at_idx').on(t.effectiveAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    courseCode: text('course_code').notNull(),
    courseName: text('course_name').notNull(),
    buyTypeId: integer('buy_type_id'),
    /** 1 lesson hour, 2 day. */
    unit: integer('unit').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    giftQuantity: numeric('gift_quantity', { precision: 12, scale: 2 }).notNull().default('0'),
    listCents: bigint('list_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** The price breakdown lines of an order item (pricing's adjustments, stored as quoted). */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    /** discount, voucher, activity, gift, manual. */
    source: text('source').notNull(),
    ref: text('ref').notNull().default(''),
    label: text('label').notNull(),
    /** Negative (a reduction) or 0 (a gift line). */
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_adjustments_order_idx').on(t.orderId)],
);

export const payRecords = pgTable(
  'pay_records',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** family or funder. */
    payer: text('payer').notNull().default('family'),
    /** 1 cash, 2 bank transfer, 3 POS, 4 online. */
    method: integer('method').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Bank serial, POS slip or gateway trade number; unique per method when present. */
    reference: text('reference'),
    remark: text('remark').notNull().default(''),
    /** 10 pending confirmation, 20 confirmed, 30 rejected, 40 void. */
    status: integer('status').notNull().default(10),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('pay_records_order_idx').on(t.orderId),
    index('pay_records_paid_at_idx').on(t.paidAt),
    uniqueIndex('pay_records_reference_uq')
      .on(t.method, t.reference)
      .where(sql`${t.reference} is not null and ${t.status} <> 40 and ${t.status} <> 30`),
  ],
);

/** A line of an income sheet as the order had it when the sheet was issued or last synced. */
export interface IncomeSheetLineRecord {
  courseName: string;
  unit: number;
  quantity100: number;
  gift100: number;
  amountCents: number;
}

/**
 * Income sheets (the §7 `iis` group, 收款收据): receipts issued for money a payer of an order paid
 * (docs/decisions.md "Money core"). Cancelling keeps the row; a receipt number is never reused.
 */
export const incomeSheets = pgTable(
  'income_sheets',
  {
    id: serial('id').primaryKey(),
    /** 'SJ' + 10 digits of the id. */
    code: text('code').notNull().unique(),
    orderId: integer('order_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** family or funder. */
    payer: text('payer').notNull(),
    title: text('title').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<IncomeSheetLineRecord[]>().notNull(),
    remark: text('remark').notNull().default(''),
    /** 10 issued, 90 cancelled. */
    status: integer('status').notNull().default(10),
    issuedBy: integer('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('income_sheets_order_idx').on(t.orderId)],
);
