// Teaching (issue 15): the timetable (time spans, classrooms, holidays and campus events, group
// classes, lessons and who attends them), attendance that consumes hours on the ledger, and the
// teacher's confirmation that locks a lesson. docs/teaching.md explains the statuses.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** The bands a campus's day is cut into (§9 time-band types 1–4), 'HH:MM' in campus time. */
export const timeSpans = pgTable(
  'teaching_time_spans',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    name: text('name').notNull(),
    /** §9: 1 section A weekday, 2 section B evening, 3 section B weekend, 4 section C holiday. */
    bandType: integer('band_type').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [index('teaching_time_spans_campus_idx').on(t.schoolItemCode, t.sort)],
);

export const classrooms = pgTable(
  'teaching_classrooms',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    validStatus: integer('valid_status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('teaching_classrooms_campus_name_uq').on(t.schoolItemCode, t.name)],
);

/**
 * Holidays (no lessons: scheduling refuses them, a series skips them) and campus events (shown on
 * the timetable, no effect on scheduling). A null campus is a holiday of every campus.
 */
export const calendarDays = pgTable(
  'teaching_calendar_days',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code'),
    /** 'holiday' | 'event'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [index('teaching_calendar_days_range_idx').on(t.startDate, t.endDate)],
);

/** Group classes: a course taught to several students together. */
export const groupClasses = pgTable(
  'teaching_group_classes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    schoolItemCode: text('school_item_code').notNull(),
    name: text('name').notNull(),
    courseCode: text('course_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    classroomId: integer('classroom_id'),
    capacity: integer('capacity').notNull(),
    /** 1 open, 0 closed. */
    status: integer('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [index('teaching_group_classes_campus_idx').on(t.schoolItemCode, t.status)],
);

export const groupClassStudents = pgTable(
  'teaching_group_class_students',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => groupClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId] }),
    index('teaching_group_class_students_student_idx').on(t.studentId),
  ],
);

/** A recurring series: what it was created from (lessons carry its id). */
export const lessonSeries = pgTable('teaching_lesson_series', {
  id: serial('id').primaryKey(),
  schoolItemCode: text('school_item_code').notNull(),
  /** §9 weekday codes joined by ',' (2 Monday … 7 Saturday, 1 Sunday). */
  weekdays: text('weekdays').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One row per lesson. */
export const lessons = pgTable(
  'teaching_lessons',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    courseCode: text('course_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    classroomId: integer('classroom_id'),
    classId: integer('class_id'),
    /** 'oneToOne' | 'group' | 'trial' | 'assessment'. */
    kind: text('kind').notNull(),
    seriesId: integer('series_id'),
    /** The seat item that booked the lesson (its release frees the lesson). */
    degreeItemId: integer('degree_item_id'),
    lessonDate: date('lesson_date', { mode: 'string' }).notNull(),
    /** Minutes of the day in campus time; the date and the minutes say when. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    /** Hours each attending student consumes. */
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** 10 scheduled, 90 cancelled. */
    status: integer('status').notNull().default(10),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by'),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [
    index('teaching_lessons_campus_date_idx').on(t.schoolItemCode, t.lessonDate),
    index('teaching_lessons_teacher_date_idx').on(t.teacherCode, t.lessonDate),
    index('teaching_lessons_room_date_idx').on(t.classroomId, t.lessonDate),
    index('teaching_lessons_series_idx').on(t.seriesId),
    index('teaching_lessons_degree_item_idx').on(t.degreeItemId, t.lessonDate),
    // The live lessons of a period for the dashboards' distinct students (facts.BOOKED), read
    // from the index alone.
    index('teaching_lessons_live_day_idx')
      .on(t.lessonDate, t.schoolItemCode, t.id)
      .where(sql`status = 10`),
    // The backstop of the slot lock: one live lesson per teacher starting at one moment.
    uniqueIndex('teaching_lessons_teacher_slot_uq')
      .on(t.teacherCode, t.lessonDate, t.startMinute)
      .where(sql`status = 10`),
  ],
);

/** Who a lesson is for; the order item it is booked against (hours drawn from the ledger on signing). */
export const lessonStudents = pgTable(
  'teaching_lesson_students',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
    orderItemId: bigint('order_item_id', { mode: 'number' }),
    /** 10 booked, 20 released (approved leave, or a refund took the hours it booked), 90 cancelled. */
    status: integer('status').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('teaching_lesson_students_uq').on(t.lessonId, t.studentId),
    index('teaching_lesson_students_student_idx').on(t.studentId, t.status),
    // The booked students of lessons (facts.BOOKED), read from the index alone.
    index('teaching_lesson_students_booked_idx')
      .on(t.lessonId, t.studentId)
      .where(sql`status = 10`),
  ],
);

/**
 * A sign: one live row per lesson student (a cancelled sign keeps its row with cancelled_at, and
 * its ledger movements are reversed; signing again writes a new row).
 */
export const attendances = pgTable(
  'teaching_attendances',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').notNull(),
    lessonStudentId: integer('lesson_student_id').notNull(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    courseCode: text('course_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    lessonDate: date('lesson_date', { mode: 'string' }).notNull(),
    /** present | late | leave | absent | makeup (docs/teaching.md). */
    status: text('status').notNull(),
    /** Hours consumed from the ledger (0 for a leave). */
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** Whether the teacher is paid for this student's lesson (payroll reads confirmed lessons). */
    paid: boolean('paid').notNull(),
    remark: text('remark').notNull().default(''),
    signedBy: integer('signed_by'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the sign was cancelled ('' when no reason was given). */
    cancelReason: text('cancel_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('teaching_attendances_live_uq')
      .on(t.lessonStudentId)
      .where(sql`cancelled_at is null`),
    index('teaching_attendances_lesson_idx').on(t.lessonId),
    index('teaching_attendances_student_idx').on(t.studentId, t.lessonDate),
    index('teaching_attendances_campus_idx').on(t.schoolItemCode, t.lessonDate),
    // The sign records of every campus, newest lesson first (/schedule/course/pageCourseSign).
    index('teaching_attendances_day_idx').on(t.lessonDate, t.id),
  ],
);

/**
 * A seat (degree): a teacher's recurring time span at a campus. Made by its first item; one held
 * seat per teacher, campus and span (docs/teaching.md "Seats").
 */
export const degrees = pgTable(
  'teaching_degrees',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    /** §9 time-band type 1–4. */
    shiftType: integer('shift_type').notNull(),
    /** 1 term time, 2 vacation. */
    timeType: integer('time_type').notNull().default(1),
    /** The span of its items (widened as items are added). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** 10 held, 90 released. */
    status: integer('status').notNull().default(10),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: integer('released_by'),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [
    index('teaching_degrees_campus_idx').on(t.schoolItemCode, t.status),
    uniqueIndex('teaching_degrees_held_uq')
      .on(t.schoolItemCode, t.teacherCode, t.startMinute, t.endMinute)
      .where(sql`status = 10`),
  ],
);

/** Who holds a seat, how often and when (§3 degree item, §4 frequency and degree types). */
export const degreeItems = pgTable(
  'teaching_degree_items',
  {
    id: serial('id').primaryKey(),
    degreeId: integer('degree_id')
      .notNull()
      .references(() => degrees.id, { onDelete: 'cascade' }),
    /** FORMAL_STUDENT | TEMP_STUDENT | GROUP_COURSE | ASSIST_TASK | BOOK_STUDENT. */
    degreeType: text('degree_type').notNull(),
    /** NON_FIXED | CONTINUOUS | DISCONTINUITY | WEEKLY. */
    frequencyType: text('frequency_type').notNull(),
    frequencyConfig: text('frequency_config').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    recordAttendance: boolean('record_attendance').notNull().default(true),
    /** A student, or a group class for GROUP_COURSE. */
    targetId: integer('target_id').notNull(),
    courseCode: text('course_code'),
    classroomId: integer('classroom_id'),
    hours: numeric('hours', { precision: 12, scale: 2 }).notNull(),
    /** 10 live, 90 deleted. */
    status: integer('status').notNull().default(10),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [
    index('teaching_degree_items_degree_idx').on(t.degreeId, t.status),
    index('teaching_degree_items_target_idx').on(t.degreeType, t.targetId),
  ],
);

/**
 * Study authorisations: a student may be booked in a course beyond the paid hours while one is
 * live (signing still consumes only paid hours). Revoking keeps the row.
 */
export const studyAuthorisations = pgTable(
  'teaching_study_authorisations',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    courseCode: text('course_code').notNull(),
    remark: text('remark').notNull().default(''),
    authorisedBy: integer('authorised_by'),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }).notNull(),
    revokedBy: integer('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('teaching_study_authorisations_live_uq')
      .on(t.studentId, t.courseCode)
      .where(sql`revoked_at is null`),
    index('teaching_study_authorisations_campus_idx').on(t.schoolItemCode),
  ],
);
/**
 * Group-class assessment tasks: an assessor assesses every member of a class on one scale by a day.
 * Each member's result is an assessment (`clue_matriculations`, the one record kind), a draft while
 * pending; the member row links it (docs/teaching.md "Group-class assessment tasks").
 */
export const assessTasks = pgTable(
  'teaching_assess_tasks',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => groupClasses.id),
    /** An `assess_scales` code. */
    scaleCode: text('scale_code').notNull(),
    /** The assessor's employee code. */
    assessorCode: text('assessor_code').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** 'open' or 'cancelled' (a wrong task withdrawn: read-only, its results kept). */
    status: text('status').notNull().default('open'),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [
    index('teaching_assess_tasks_class_idx').on(t.classId),
    index('teaching_assess_tasks_campus_idx').on(t.schoolItemCode, t.status, t.dueDate),
    index('teaching_assess_tasks_assessor_idx').on(t.assessorCode, t.status, t.dueDate),
  ],
);

export const assessTaskMembers = pgTable(
  'teaching_assess_task_members',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => assessTasks.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
    /** The member's assessment (a `clue_matriculations` row). */
    assessmentId: integer('assessment_id').notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.studentId] })],
);
export * from './planTables.js';
