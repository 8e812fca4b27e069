// Course categories → ranks → courses, course buy types and adjust-cost reasons.
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

export const courseCategories = pgTable('course_categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});

export const courseRanks = pgTable(
  'course_ranks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    categoryCode: text('category_code').notNull(),
    /** 1 lowest; teachers are authorised up to a level. */
    level: integer('level').notNull().default(1),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('course_ranks_category_name_uq').on(t.categoryCode, t.name),
    index('course_ranks_category_idx').on(t.categoryCode),
  ],
);

export const courseBuyTypes = pgTable('course_buy_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The finance income type (finance slice) this buy type books to. */
  incomeTypeCode: text('income_type_code'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The name's pinyin sort key, kept by a database trigger (docs/decisions.md, pinyin order). */
    namePy: text('name_py').notNull().default(''),
    categoryCode: text('category_code').notNull(),
    rankCode: text('rank_code').notNull(),
    /** 1 one-to-one, 2 small group (default), 3 class, 4 online. */
    teachingMode: integer('teaching_mode').notNull().default(2),
    buyTypeId: integer('buy_type_id'),
    /** 1 lesson hour, 2 day. */
    purchaseUnit: integer('purchase_unit').notNull().default(1),
    /** Unit price in yuan (exact). */
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    lessonMinutes: integer('lesson_minutes').notNull().default(45),
    remark: text('remark'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('courses_rank_name_uq').on(t.rankCode, t.name),
    index('courses_category_idx').on(t.categoryCode),
    index('courses_rank_idx').on(t.rankCode),
  ],
);

export const adjustCostReasons = pgTable('adjust_cost_reasons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});
