// Account statements (issue 14): a document drawn from the student ledger for one student and month.
// A regenerated statement is a new version; the old versions are kept as they were sent.
import {
  bigint,
  boolean,
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

export interface StoredLine {
  postedAt: string;
  kind: string;
  orderCode: string;
  courseCode: string;
  /** Signed hundredths. */
  hours100: number;
  valueCents: number;
  note: string;
}

export const accountStatements = pgTable(
  'account_statements',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** 'YYYY-MM' (Shanghai month). */
    month: text('month').notNull(),
    version: integer('version').notNull(),
    /** The latest version of its student and month. */
    isCurrent: boolean('is_current').notNull().default(true),
    openingHours: numeric('opening_hours', { precision: 12, scale: 2 }).notNull(),
    openingCents: bigint('opening_cents', { mode: 'number' }).notNull(),
    closingHours: numeric('closing_hours', { precision: 12, scale: 2 }).notNull(),
    closingCents: bigint('closing_cents', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<StoredLine[]>().notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    generatedBy: integer('generated_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentCount: integer('sent_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('account_statements_version_uq').on(t.studentId, t.month, t.version),
    index('account_statements_campus_month_idx').on(t.schoolItemCode, t.month, t.isCurrent),
  ],
);
