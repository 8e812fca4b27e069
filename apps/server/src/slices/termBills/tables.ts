// Instalments (issue 14): plan templates, the term bill of an order and its terms. A term is paid by
// a pay record of the order (orders slice); its paid state is read from that record, never kept twice.
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const installmentPlans = pgTable('installment_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Share of each term in hundredths of a percent (basis points), summing to 10000. */
  sharesBp: jsonb('shares_bp').$type<number[]>().notNull(),
  intervalMonths: integer('interval_months').notNull(),
  firstDueDays: integer('first_due_days').notNull(),
  /** 1 active, 0 disabled. */
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(1),
});

export const termBills = pgTable(
  'term_bills',
  {
    id: serial('id').primaryKey(),
    /** 'FQ' + 10 digits of the id. */
    code: text('code').notNull().unique(),
    orderId: integer('order_id').notNull(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    planId: integer('plan_id'),
    /** 10 awaiting approval, 20 active, 30 rejected, 40 cancelled. */
    status: integer('status').notNull().default(10),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    approvalId: integer('approval_id'),
    /** The payment schedule sent to the family to confirm (/schedule/payment/*). */
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    noticeSentCount: integer('notice_sent_count').notNull().default(0),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerName: text('signer_name'),
    signedBy: integer('signed_by'),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('term_bills_order_idx').on(t.orderId),
    index('term_bills_campus_status_idx').on(t.schoolItemCode, t.status),
  ],
);

export const termBillItems = pgTable(
  'term_bill_items',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id').notNull(),
    orderId: integer('order_id').notNull(),
    termNo: integer('term_no').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The pay record that pays the term (its status says whether it is paid). */
    payRecordId: integer('pay_record_id'),
  },
  (t) => [
    index('term_bill_items_bill_idx').on(t.billId),
    index('term_bill_items_due_idx').on(t.dueDate),
    uniqueIndex('term_bill_items_record_uq').on(t.payRecordId),
  ],
);
