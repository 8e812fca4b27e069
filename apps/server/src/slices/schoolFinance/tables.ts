// School (campus) cost and revenue per month, and the monthly advance-receipt uploads.
import { index, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  /** Who imported the row last. */
  updatedBy: text('updated_by').notNull().default(''),
};

/** A campus's costs of one month, by category; one row per (month, campus). */
export const schoolCosts = pgTable(
  'school_costs',
  {
    id: serial('id').primaryKey(),
    /** YYYY-MM */
    month: text('month').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    rent: money('rent'),
    labour: money('labour'),
    utilities: money('utilities'),
    marketing: money('marketing'),
    materials: money('materials'),
    other: money('other'),
    total: money('total'),
    ...stamps,
  },
  (t) => [
    unique('school_costs_key_uq').on(t.month, t.schoolItemCode),
    index('school_costs_school_idx').on(t.schoolItemCode),
  ],
);

/** A campus's revenue of one month, by category; one row per (month, campus). */
export const schoolRevenues = pgTable(
  'school_revenues',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    course: money('course'),
    assessment: money('assessment'),
    materials: money('materials'),
    other: money('other'),
    total: money('total'),
    ...stamps,
  },
  (t) => [
    unique('school_revenues_key_uq').on(t.month, t.schoolItemCode),
    index('school_revenues_school_idx').on(t.schoolItemCode),
  ],
);

/**
 * The five monthly uploads: centre advance income / consumption per campus, and consultant and growth
 * consultant advance income / consumption per employee. One row per (kind, month, campus, employee).
 */
export const monthlyAdvances = pgTable(
  'monthly_advances',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    month: text('month').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** '' for the centre uploads. */
    employeeCode: text('employee_code').notNull().default(''),
    amount: money('amount'),
    ...stamps,
  },
  (t) => [
    unique('monthly_advances_key_uq').on(t.kind, t.month, t.schoolItemCode, t.employeeCode),
    index('monthly_advances_month_idx').on(t.kind, t.month),
  ],
);
