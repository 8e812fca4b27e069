// Employees with their campuses and subjects, and HR master data: employee types, posts, skill rank
// types, skill ranks, subjects, salary periods.
import { date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** Fresh column builders per table (shared builders would share unique-constraint names). */
const simple = () => ({
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

export const employeeTypes = pgTable('employee_types', { ...simple(), ...audit });

export const posts = pgTable('posts', {
  ...simple(),
  /** teacher | supervisor | assessor | consultant | growth | leader | other: what pickers look for. */
  postRole: text('post_role').notNull().default('other'),
  /** Post family (dictionary post_family), e.g. TEACH 教学族. */
  familyCode: text('family_code'),
  ...audit,
});

export const skillRankTypes = pgTable('skill_rank_types', { ...simple(), ...audit });

export const skillRanks = pgTable(
  'skill_ranks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    typeCode: text('type_code').notNull(),
    /** 1 lowest. Teachers' ranks go 1–5; "teachers by min rank" compares levels. */
    level: integer('level').notNull(),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('skill_ranks_type_name_uq').on(t.typeCode, t.name),
    index('skill_ranks_type_idx').on(t.typeCode),
  ],
);

export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  status: integer('status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});

export const salaryPeriods = pgTable(
  'salary_periods',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** 1 open, 0 closed (sealed). */
    status: integer('status').notNull().default(1),
    remark: text('remark'),
    ...audit,
  },
  (t) => [uniqueIndex('salary_periods_year_month_uq').on(t.year, t.month)],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The name's pinyin sort key, kept by a database trigger (docs/decisions.md, pinyin order). */
    namePy: text('name_py').notNull().default(''),
    mobile: text('mobile').unique(),
    /** 1 male, 2 female. */
    gender: integer('gender').notNull().default(1),
    /** The primary campus: the employee's data scope. */
    schoolItemCode: text('school_item_code').notNull(),
    postCode: text('post_code').notNull(),
    employeeTypeCode: text('employee_type_code'),
    skillRankCode: text('skill_rank_code'),
    entryDate: date('entry_date', { mode: 'string' }),
    /** 1 employed, 0 left. */
    status: integer('status').notNull().default(1),
    remark: text('remark'),
    /** The employee's id in the HR system (Beisen UserID), recorded by the HR sync that matches on it. */
    hrId: text('hr_id').unique(),
    ...audit,
  },
  (t) => [index('employees_campus_idx').on(t.schoolItemCode), index('employees_post_idx').on(t.postCode)],
);

/** Every campus an employee works at (the primary one included). */
export const employeeCampuses = pgTable(
  'employee_campuses',
  { employeeCode: text('employee_code').notNull(), schoolItemCode: text('school_item_code').notNull() },
  (t) => [
    primaryKey({ columns: [t.employeeCode, t.schoolItemCode] }),
    index('employee_campuses_campus_idx').on(t.schoolItemCode),
  ],
);

/** The subjects a teacher teaches. */
export const employeeSubjects = pgTable(
  'employee_subjects',
  { employeeCode: text('employee_code').notNull(), subjectId: integer('subject_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.employeeCode, t.subjectId] }),
    index('employee_subjects_subject_idx').on(t.subjectId),
  ],
);
