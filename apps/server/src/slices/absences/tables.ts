// Temporary absences (休学), leave and make-up requests (issue 14): the request's own data; whether it
// is approved lives on the approval engine (approval_id), the hours of a make-up in the ledger.
import { sql } from 'drizzle-orm';
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

/** status: 10 awaiting approval, 20 approved, 30 rejected, 40 revoked, 50 withdrawn. */
export const absences = pgTable(
  'absences',
  {
    id: serial('id').primaryKey(),
    /** 'temporaryAbsence' | 'leave' | 'makeup'. */
    type: text('type').notNull(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** The period (YYYY-MM-DD, inclusive); a make-up: its day on both. */
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    /** Leave: the courses it is from (empty: every course); make-up: the missed lesson's course. */
    courseCodes: jsonb('course_codes').$type<string[]>().notNull().default([]),
    /** Make-up: the missed lesson (its consume movement on the ledger), its item and hours. */
    missedId: bigint('missed_id', { mode: 'number' }),
    orderItemId: integer('order_item_id'),
    hours: numeric('hours', { precision: 12, scale: 2 }),
    timeSpan: text('time_span'),
    teacherId: integer('teacher_id'),
    reason: text('reason').notNull(),
    status: integer('status').notNull().default(10),
    approvalId: integer('approval_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('absences_campus_type_idx').on(t.schoolItemCode, t.type, t.createdAt),
    index('absences_student_idx').on(t.studentId, t.type, t.fromDate),
    index('absences_approval_idx').on(t.approvalId),
    // One missed lesson is made up once: an open or approved make-up holds it (two requests filed at
    // once: the second insert fails here).
    uniqueIndex('absences_missed_open_uq')
      .on(t.missedId)
      .where(sql`${t.type} = 'makeup' and ${t.status} in (10, 20)`),
  ],
);
