// The student ledger (docs/money-design): every change of a student's hours or paid value is one
// append-only movement; a correction is a new movement (a reversal), never an update.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const studentLedger = pgTable(
  'student_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    courseCode: text('course_code').notNull(),
    /** purchase, gift, refund, adjust, consume, transferOut, transferIn, makeup, reversal. */
    kind: text('kind').notNull(),
    /** Signed hours (or days, by the course's unit). */
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** Signed paid value in cents. */
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    /** The command that posted it: incomeOrder, refundOrder, adjustOrder, attendance … */
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    /** A reversal names the movement it undoes. */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    postedBy: integer('posted_by'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('student_ledger_student_course_idx').on(t.studentId, t.courseCode),
    index('student_ledger_item_idx').on(t.orderItemId),
    index('student_ledger_source_idx').on(t.sourceType, t.sourceId),
    // The dashboards' sums: a campus's movements before a day (docs/metrics.md).
    index('student_ledger_campus_posted_idx').on(t.schoolItemCode, t.postedAt),
    // The movements a reversal undoes (few): the figures join only these, never the whole ledger again.
    index('student_ledger_reverses_idx')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    // The movements of some kinds by posting day: the rare ones a figure reads alone (refunds and their
    // reversals), and the students who consumed (index-only: campus, student and what a reversal undoes
    // are in the key; docs/metrics.md "Sources").
    index('student_ledger_kind_posted_student_idx').on(
      t.kind,
      t.postedAt,
      t.schoolItemCode,
      t.studentId,
      t.reversesId,
    ),
  ],
);

/**
 * The ledger summed per campus, Shanghai day, kind that counts (a reversal as the kind it
 * reverses), course and order type: what every sum-only dashboard figure reads instead of the
 * movements (docs/metrics.md "Sources", docs/decisions.md "Maintained ledger aggregates"). Kept by
 * the database alone: a statement trigger on student_ledger adds each statement's movements (one
 * upsert per statement), one on orders moves an order's movements when its type changes, and the
 * ledger refuses UPDATE and DELETE. Never written by the application.
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    schoolItemCode: text('school_item_code').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    courseCode: text('course_code').notNull(),
    orderType: integer('order_type').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    hours: numeric('hours', { precision: 14, scale: 2 }).notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolItemCode, t.day, t.kind, t.courseCode, t.orderType] }),
    // The days of one kind over every campus (refunds, gifts, adjustments are a few rows among many).
    index('ledger_days_kind_day_idx').on(t.kind, t.day),
  ],
);
