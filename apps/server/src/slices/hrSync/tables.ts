// The HR sync (issue 17, docs/payroll.md "HR sync"): the HR system's organisation units as last read,
// what was pushed of each employee's month (so a second push sends only what changed), and the runs.
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

export const hrOrgUnits = pgTable('hr_org_units', {
  id: serial('id').primaryKey(),
  /** The unit's id in the HR system (Beisen oId). */
  externalId: text('external_id').notNull().unique(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  parentExternalId: text('parent_external_id'),
  /** 1 valid, 0 disabled. */
  status: integer('status').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const hrPayrollPushes = pgTable(
  'hr_payroll_pushes',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    employeeCode: text('employee_code').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The lines as sent, in a stable order: a push compares it to decide created / updated / unchanged. */
    digest: text('digest').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('hr_payroll_pushes_uq').on(t.year, t.month, t.employeeCode)],
);

export const hrSyncRuns = pgTable(
  'hr_sync_runs',
  {
    id: serial('id').primaryKey(),
    /** organization | employees | payroll. */
    kind: text('kind').notNull(),
    year: integer('year'),
    month: integer('month'),
    total: integer('total').notNull(),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
    unchanged: integer('unchanged').notNull(),
    skipped: jsonb('skipped').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
  },
  (t) => [index('hr_sync_runs_at_idx').on(t.at)],
);
