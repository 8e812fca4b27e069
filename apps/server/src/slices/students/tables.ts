// Students (case files): the minimal table the clues slice converts into; the students slice extends it.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    /** Student code, 'S' + 8 digits of the id. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The name's pinyin sort key, kept by a database trigger (docs/decisions.md, pinyin order). */
    namePy: text('name_py').notNull().default(''),
    /** 1 boy, 2 girl, 0 unknown. */
    gender: integer('gender').notNull().default(0),
    birthDate: text('birth_date'),
    parentName: text('parent_name').notNull().default(''),
    phone: text('phone').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    /** The clue it was converted from (clues.id), if any. */
    sourceClueId: integer('source_clue_id'),
    /** Funded by insurance (rehabilitation subsidy). */
    insurance: boolean('insurance').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('students_phone_idx').on(t.phone), index('students_campus_idx').on(t.schoolItemCode)],
);
