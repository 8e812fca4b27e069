// School salary applications (issue 17, /schoolSalaryApply/*): a campus's application for its computed
// payroll of a salary period, with the total it applied for. A passed one locks the campus's period.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const salaryApplications = pgTable(
  'salary_applications',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** Approval statuses of §4 as the request ends: 5 waiting (until decided), 20 passed, 30 rejected, 40 revoked, 50 withdrawn. */
    status: integer('status').notNull().default(5),
    approvalRequestId: integer('approval_request_id'),
    /** The campus's payroll when it applied: employees paid, total (computed and manual lines), computed at. */
    employees: integer('employees').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    /** Per pay role at application time: [{ role, employees, totalCents }]. */
    roles: jsonb('roles')
      .$type<{ role: string; employees: number; totalCents: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One live (waiting or passed) application per campus and period.
    uniqueIndex('salary_applications_live_uq')
      .on(t.schoolItemCode, t.year, t.month)
      .where(sql`status in (5, 10, 15, 20)`),
    index('salary_applications_period_idx').on(t.year, t.month),
  ],
);
