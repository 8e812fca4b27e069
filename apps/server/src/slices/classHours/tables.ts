// Class-hour confirmations (issue 17): a teacher's confirmed lessons of a salary period at a campus,
// submitted for approval. Payroll pays a teacher's lessons only under a passed confirmation.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The first confirmation of a teacher's period, or one filed later for lessons confirmed after it. */
export const CONFIRMATION_KINDS = ['original', 'supplementary'] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

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
    /** 'original': no live confirmation of the period existed when it was filed; else 'supplementary'. */
    kind: text('kind').$type<ConfirmationKind>().notNull().default('original'),
    approvalRequestId: integer('approval_request_id'),
    /** Confirmed lessons of the period at submission, and the hours they are worth. */
    lessonCount: integer('lesson_count').notNull(),
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** The lessons submitted (what the approvers saw); class_hour_confirmation_lessons holds the same set, indexed. */
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
    index('class_hour_confirmations_period_idx').on(t.year, t.month, t.schoolItemCode),
    index('class_hour_confirmations_teacher_period_idx').on(t.teacherCode, t.year, t.month),
  ],
);

/**
 * The lessons a confirmation covers, one row each (issue 33): payroll pays a lesson only when a row of
 * it belongs to a passed confirmation (looked up by lesson), and a lesson is in at most one live
 * (waiting or passed) confirmation — `live` follows the confirmation's status (false once it is
 * rejected or withdrawn) so the partial unique index can hold that rule.
 */
export const classHourConfirmationLessons = pgTable(
  'class_hour_confirmation_lessons',
  {
    confirmationId: integer('confirmation_id')
      .notNull()
      .references(() => classHourConfirmations.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.confirmationId, t.lessonId] }),
    uniqueIndex('class_hour_confirmation_lessons_live_uq')
      .on(t.lessonId)
      .where(sql`live`),
  ],
);
