// Class-hour confirmations (issue 17): a teacher's confirmed lessons of a salary period at a campus,
// submitted for approval. Payroll pays a teacher's lessons only under a passed confirmation.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const classHourConfirmations = pgTable(
  'class_hour_confirmations',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** Approval statuses of §4 as the request ends: 5 waiting (until decided), 20 passed, 30 rejected, 50 withdrawn. */
    status: integer('status').notNull().default(5),
    approvalRequestId: integer('approval_request_id'),
    /** Confirmed lessons of the period at submission, and the hours they are worth. */
    lessonCount: integer('lesson_count').notNull(),
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** The lessons submitted (what the approvers saw). */
    lessonIds: integer('lesson_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One live (waiting or passed) confirmation per campus, teacher and period.
    uniqueIndex('class_hour_confirmations_live_uq')
      .on(t.schoolItemCode, t.teacherCode, t.year, t.month)
      .where(sql`status in (5, 10, 15, 20)`),
    index('class_hour_confirmations_period_idx').on(t.year, t.month, t.schoolItemCode),
  ],
);
