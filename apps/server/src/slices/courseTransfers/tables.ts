// Course transfers and combined orders (issue 14): the record of each move of hours and value from
// source order items into a new effective order. The money itself lives in the ledger; these rows
// say who moved what, when and why.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const courseTransfers = pgTable(
  'course_transfers',
  {
    id: serial('id').primaryKey(),
    /** 'ZK' (course transfer) or 'HB' (combined orders) + 10 digits of the id. */
    code: text('code').notNull().unique(),
    /** 'course' | 'combine'. */
    kind: text('kind').notNull(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** The new effective order that received the hours. */
    targetOrderId: integer('target_order_id').notNull(),
    /** The paid value moved (sum of the sources). */
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    /** Course transfer: the day the target course starts. */
    startDate: date('start_date', { mode: 'string' }),
    /** Combined orders: the merge-orders state of spec §3. */
    payDate: date('pay_date', { mode: 'string' }),
    incomeAttr: text('income_attr').notNull().default(''),
    commissionerId: integer('commissioner_id'),
    screenshot: text('screenshot').notNull().default(''),
    isBeyondDate: boolean('is_beyond_date').notNull().default(false),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('course_transfers_student_idx').on(t.studentId),
    index('course_transfers_campus_idx').on(t.schoolItemCode, t.kind, t.createdAt),
  ],
);

/** One line per source order item that gave hours. */
export const courseTransferSources = pgTable(
  'course_transfer_sources',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    courseCode: text('course_code').notNull(),
    /** Paid hours moved out. */
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** Gift hours moved out (value 0). */
    giftHours: numeric('gift_hours', { precision: 12, scale: 2 }).notNull().default('0'),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('course_transfer_sources_transfer_idx').on(t.transferId),
    index('course_transfer_sources_order_idx').on(t.orderId),
  ],
);
