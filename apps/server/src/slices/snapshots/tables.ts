// Employee snapshots (issue 17, /empInfoSnapshot/*): an employee's data as it was when payroll last
// computed a period (one row per period and employee, replaced by each computation that pays them).
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

/** The pay rule in force for the employee then (its figures, so a later edit of the rule shows). */
export interface SnapshotRuleData {
  id: number;
  effectiveFrom: number;
  baseCents: number;
  commissionBp: number;
  perCaseCents: number;
  targetBonusCents: number;
  bonusThresholdHours: number;
  bonusCents: number;
  /** 'payType|status' → hourly cents. */
  rates: Record<string, number>;
}

export const employeeSnapshots = pgTable(
  'employee_snapshots',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    employeeCode: text('employee_code').notNull(),
    employeeName: text('employee_name').notNull(),
    status: integer('status').notNull(),
    /** The primary campus then: the row's data scope. */
    schoolItemCode: text('school_item_code'),
    campuses: text('campuses').array().notNull(),
    postCode: text('post_code'),
    postName: text('post_name'),
    skillRankCode: text('skill_rank_code'),
    skillRankName: text('skill_rank_name'),
    payRole: text('pay_role'),
    rule: jsonb('rule').$type<SnapshotRuleData>(),
    /** The employee's salary lines of the period (every campus) when recorded. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('employee_snapshots_period_emp_uq').on(t.year, t.month, t.employeeCode),
    index('employee_snapshots_campus_idx').on(t.schoolItemCode, t.year, t.month),
  ],
);
