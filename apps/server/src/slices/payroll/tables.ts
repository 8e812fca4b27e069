// Payroll (issue 17, docs/payroll.md): salary rules as data (per role and skill rank, effective from a
// period), the runs of the computation, the salary lines they write (each keeping its source rows) and
// the manual adjustment lines HR adds, the course → pay-type switch, and the class hours given outside
// the timetable (courseimport).
import {
  bigint,
  date,
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
import { audit } from '../../db/columns.js';

/**
 * One rule per role, skill rank ('' = any rank) and first period (year * 100 + month); the rule of a
 * period is the one with the latest `effective_from` not after it, a rank's own rule before ''.
 */
export const salaryRules = pgTable(
  'salary_rules',
  {
    id: serial('id').primaryKey(),
    /** teacher | expert | supervisor | consultant | growth | leader. */
    role: text('role').notNull(),
    skillRankCode: text('skill_rank_code').notNull().default(''),
    /** year * 100 + month of the first period the rule applies to. */
    effectiveFrom: integer('effective_from').notNull(),
    baseCents: bigint('base_cents', { mode: 'number' }).notNull().default(0),
    /** Commission in basis points (1/100 of a percent) of the net income the role earns on. */
    commissionBp: integer('commission_bp').notNull().default(0),
    /** Expert: per assessment case; supervisor: per supervised case (student). */
    perCaseCents: bigint('per_case_cents', { mode: 'number' }).notNull().default(0),
    /** Centre leader: paid when the campus reaches its monthly lead target. */
    targetBonusCents: bigint('target_bonus_cents', { mode: 'number' }).notNull().default(0),
    /** kjbonus (课酬奖金): a teacher whose paid hours reach the threshold gets the bonus. */
    bonusThresholdHours: numeric('bonus_threshold_hours', { precision: 8, scale: 2 }).notNull().default('0'),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    /** 1 valid, 0 disabled. */
    validStatus: integer('valid_status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('salary_rules_key_uq').on(t.role, t.skillRankCode, t.effectiveFrom)],
);

/** A teacher rule's hourly rates by pay type and attendance status ('*' matches any). */
export const salaryRuleRates = pgTable(
  'salary_rule_rates',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => salaryRules.id, { onDelete: 'cascade' }),
    payType: text('pay_type').notNull(),
    attendanceStatus: text('attendance_status').notNull(),
    hourlyCents: bigint('hourly_cents', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('salary_rule_rates_key_uq').on(t.ruleId, t.payType, t.attendanceStatus)],
);

/** `/switch/course`: the pay type a course's lessons pay at (a course not listed: the lesson's kind). */
export const salaryCourseSwitch = pgTable('salary_course_switch', {
  id: serial('id').primaryKey(),
  courseCode: text('course_code').notNull().unique(),
  payType: text('pay_type').notNull(),
  ...audit,
});

/** One run of the computation: a campus (or every campus: null) and period, with its change report. */
export const salaryRuns = pgTable(
  'salary_runs',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    schoolItemCode: text('school_item_code'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    computedBy: integer('computed_by'),
    lineCount: integer('line_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** What changed since the previous run: per employee and campus, the totals before and after. */
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('salary_runs_period_idx').on(t.year, t.month)],
);

/**
 * A salary line: computed by a run (replaced by the next run of its campus and period) or a manual
 * adjustment (kind 'manual', with its reason and author; never touched by a run).
 */
export const salaryLines = pgTable(
  'salary_lines',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    employeeCode: text('employee_code').notNull(),
    /** teacher | expert | supervisor | consultant | growth | leader. */
    role: text('role').notNull(),
    /** 'computed' | 'manual'. */
    kind: text('kind').notNull(),
    /** What the line pays (docs/payroll.md): base, hours:<payType>:<status>, extra:<payType>, … */
    item: text('item').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Cents per unit, or basis points for a commission; null for a manual line. */
    rate: bigint('rate', { mode: 'number' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    ruleId: integer('rule_id'),
    runId: integer('run_id'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('salary_lines_period_campus_idx').on(t.year, t.month, t.schoolItemCode, t.role),
    index('salary_lines_employee_idx').on(t.employeeCode, t.year, t.month),
  ],
);

/** The rows a computed line was earned by: attendance, lesson, order, refund, extraHours, clue. */
export const salaryLineSources = pgTable(
  'salary_line_sources',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => salaryLines.id, { onDelete: 'cascade' }),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull().default('0'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('salary_line_sources_line_idx').on(t.lineId)],
);

/** Class hours given outside the timetable (external work, home intervention), imported by HR. */
export const salaryExtraHours = pgTable(
  'salary_extra_hours',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    payType: text('pay_type').notNull(),
    hours: numeric('hours', { precision: 8, scale: 2 }).notNull(),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [
    uniqueIndex('salary_extra_hours_key_uq').on(t.schoolItemCode, t.teacherCode, t.workDate, t.payType),
    index('salary_extra_hours_date_idx').on(t.workDate),
  ],
);
