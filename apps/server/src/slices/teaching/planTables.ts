// The teaching plan (docs/decisions.md "Teaching plan"): the library of targets, strategies,
// intervene objects and lesson plans per course type (a code of the dictionary assist_course_type),
// and a student's individual plan (个训计划): the targets chosen for them and the progress recorded.
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** A behaviour or skill a course type works on. */
export const planObjects = pgTable(
  'plan_objects',
  {
    id: serial('id').primaryKey(),
    courseTypeCode: text('course_type_code').notNull(),
    name: text('name').notNull(),
    /** behaviour | skill */
    kind: text('kind').notNull().default('skill'),
    description: text('description'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('plan_objects_type_name_uq').on(t.courseTypeCode, t.name)],
);

export const planTargets = pgTable(
  'plan_targets',
  {
    id: serial('id').primaryKey(),
    courseTypeCode: text('course_type_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    domain: text('domain').notNull().default(''),
    objectId: integer('object_id'),
    description: text('description'),
    mastery: text('mastery'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('plan_targets_type_code_uq').on(t.courseTypeCode, t.code),
    index('plan_targets_object_idx').on(t.objectId),
  ],
);

export const planStrategies = pgTable(
  'plan_strategies',
  {
    id: serial('id').primaryKey(),
    targetId: integer('target_id').notNull(),
    /** The target's course type, kept so a course type's strategies list without a join. */
    courseTypeCode: text('course_type_code').notNull(),
    name: text('name').notNull(),
    steps: text('steps'),
    materials: text('materials'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('plan_strategies_target_name_uq').on(t.targetId, t.name)],
);

export const lessonPlans = pgTable(
  'plan_lesson_plans',
  {
    id: serial('id').primaryKey(),
    courseTypeCode: text('course_type_code').notNull(),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull().default(45),
    /** The lesson's steps in order: a target and optionally one of its strategies. */
    items: jsonb('items')
      .$type<Array<{ targetId: number; strategyId: number | null }>>()
      .notNull()
      .default([]),
    remark: text('remark'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('plan_lesson_plans_type_name_uq').on(t.courseTypeCode, t.name)],
);

/** A target on a student's plan. One live row (not stopped) per student and target. */
export const studentPlanTargets = pgTable(
  'plan_student_targets',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull(),
    /** The student's campus when the target was added (scope of every read and write). */
    schoolItemCode: text('school_item_code').notNull(),
    courseTypeCode: text('course_type_code').notNull(),
    targetId: integer('target_id').notNull(),
    strategyIds: jsonb('strategy_ids').$type<number[]>().notNull().default([]),
    baseline: text('baseline').notNull(),
    goal: text('goal').notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    expectedEndOn: date('expected_end_on', { mode: 'string' }),
    /** active | achieved | paused | stopped */
    status: text('status').notNull().default('active'),
    statusOn: date('status_on', { mode: 'string' }),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [
    uniqueIndex('plan_student_targets_live_uq')
      .on(t.studentId, t.targetId)
      .where(sql`status <> 'stopped'`),
    index('plan_student_targets_campus_idx').on(t.schoolItemCode),
  ],
);

/** One lesson's progress on a plan target. */
export const planProgress = pgTable(
  'plan_progress',
  {
    id: serial('id').primaryKey(),
    planTargetId: integer('plan_target_id').notNull(),
    on: date('on_day', { mode: 'string' }).notNull(),
    lessonId: integer('lesson_id'),
    /** Score or pass rate, 0–100. */
    score: integer('score').notNull(),
    note: text('note').notNull().default(''),
    recordedBy: integer('recorded_by'),
    recordedByName: text('recorded_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_progress_target_idx').on(t.planTargetId, t.on)],
);
