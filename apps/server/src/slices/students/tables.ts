// Students (case files) and their follow records. The clues slice converts a clue into a student
// through students/index.ts createStudent, the one place that inserts a student.
import { sql } from 'drizzle-orm';
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
    /** The parent's relation to the child (妈妈, 爸爸 …). */
    relation: text('relation').notNull().default(''),
    phone: text('phone').notNull(),
    /** A second contact number. */
    phone2: text('phone2'),
    address: text('address').notNull().default(''),
    schoolItemCode: text('school_item_code').notNull(),
    /** The clue it was converted from (clues.id), if any. */
    sourceClueId: integer('source_clue_id'),
    /** Funded by insurance (rehabilitation subsidy). */
    insurance: boolean('insurance').notNull().default(false),
    /** The student manager (学管 / adviser), users.id; null = not yet assigned. */
    adviserId: integer('adviser_id'),
    /** 10 reading 在读, 20 suspended 休学, 30 finished 结课, 90 deleted (soft). */
    status: integer('status').notNull().default(10),
    /** School-age fields: the ordinary school and grade the child attends, if any. */
    schoolName: text('school_name').notNull().default(''),
    grade: text('grade').notNull().default(''),
    /** Rehabilitation information: diagnosis, where and when it was made, the assessment summary. */
    diagnosis: text('diagnosis').notNull().default(''),
    diagnosisHospital: text('diagnosis_hospital').notNull().default(''),
    diagnosisDate: text('diagnosis_date'),
    disabilityCertificate: text('disability_certificate').notNull().default(''),
    assessmentSummary: text('assessment_summary').notNull().default(''),
    rehabHistory: text('rehab_history').notNull().default(''),
    allergies: text('allergies').notNull().default(''),
    /** The day the contracted service ends (renewal list), if known. */
    serviceEndDate: text('service_end_date'),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('students_phone_idx').on(t.phone),
    index('students_campus_idx').on(t.schoolItemCode),
    index('students_adviser_idx').on(t.adviserId),
    index('students_source_clue_idx').on(t.sourceClueId),
    // The "without adviser" list and count of a campus.
    index('students_no_adviser_idx')
      .on(t.schoolItemCode)
      .where(sql`adviser_id is null and status <> 90`),
  ],
);

/** Follow records of a student (回访 / follow-up): who talked to the family, at which node, what was said. */
export const studentFollows = pgTable(
  'student_follows',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull(),
    /** Copied from the student so campus-scoped lists need no join. */
    schoolItemCode: text('school_item_code').notNull(),
    /** The follow node (STUDENT_FOLLOW_NODES of the contract). */
    node: text('node').notNull(),
    /** 1 phone, 2 face to face, 3 WeChat, 4 other. */
    method: integer('method').notNull().default(1),
    content: text('content').notNull(),
    nextFollowAt: timestamp('next_follow_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('student_follows_student_idx').on(t.studentId, t.createdAt),
    index('student_follows_campus_idx').on(t.schoolItemCode, t.createdAt),
  ],
);
