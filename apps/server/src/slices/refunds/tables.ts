// Refund and adjust orders (issue 13, docs/money-design): a request to return unused paid hours or
// to correct an order's hours/value; the money and hours move only in the ledger, on approval.
import { bigint, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** 10 awaiting approval, 20 effective, 30 rejected, 40 revoked, 50 cancelled. */
export const refundOrders = pgTable(
  'refund_orders',
  {
    id: serial('id').primaryKey(),
    /** 'TK' (refund) or 'TZ' (adjust) + 10 digits of the id. */
    code: text('code').notNull().unique(),
    /** 'refund' | 'adjust'. */
    type: text('type').notNull(),
    orderId: integer('order_id').notNull(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    status: integer('status').notNull().default(10),
    /** Refund: the refund-reason code; adjust: the adjust-cost reason id as text. */
    reasonCode: text('reason_code').notNull(),
    reasonName: text('reason_name').notNull(),
    remark: text('remark').notNull().default(''),
    /** Refund: the money returned (positive); adjust: the signed value change. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    approvalId: integer('approval_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('refund_orders_order_idx').on(t.orderId),
    index('refund_orders_student_idx').on(t.studentId),
    index('refund_orders_campus_idx').on(t.schoolItemCode, t.type),
  ],
);

/** One line per order item touched: signed hours and value as they will be posted. */
export const refundOrderItems = pgTable(
  'refund_order_items',
  {
    id: serial('id').primaryKey(),
    refundOrderId: integer('refund_order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    courseCode: text('course_code').notNull(),
    courseName: text('course_name').notNull(),
    /** Paid hours returned (refund, positive) or the signed hours change (adjust). */
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** Gift hours forfeited with a full refund of the item (value 0). */
    giftHours: numeric('gift_hours', { precision: 12, scale: 2 }).notNull().default('0'),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('refund_order_items_refund_idx').on(t.refundOrderId)],
);
