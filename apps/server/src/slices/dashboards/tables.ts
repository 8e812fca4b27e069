// Dashboards' own tables: the nightly snapshots of saturation (docs/metrics.md "Saturation") and the
// maintained daily rollups of the lessons' bookings (docs/decisions.md "Lesson rollups").
import { sql } from 'drizzle-orm';
import {
  bigint,
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

/**
 * One campus's saturation on one day as the nightly job found it (`teacher_code` ''), and each of
 * its teachers' (rooms only on the campus row). Written once per (day, campus, teacher): a second
 * run, or a second server, inserts nothing (on conflict do nothing).
 */
export const saturationSnapshots = pgTable(
  'saturation_snapshots',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    teacherCode: text('teacher_code').notNull().default(''),
    teachers: integer('teachers').notNull().default(0),
    availableMinutes: integer('available_minutes').notNull().default(0),
    bookedMinutes: integer('booked_minutes').notNull().default(0),
    rooms: integer('rooms').notNull().default(0),
    roomAvailableMinutes: integer('room_available_minutes').notNull().default(0),
    roomBookedMinutes: integer('room_booked_minutes').notNull().default(0),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saturation_snapshots_day_campus_teacher_uq').on(t.day, t.schoolItemCode, t.teacherCode),
    index('saturation_snapshots_campus_day_idx').on(t.schoolItemCode, t.day),
  ],
);

/**
 * The sums of one key's live lessons (status 10) and their bookings that are not removed, as the
 * figures read them (facts.BOOKINGS): lessons, those given (a live sign on a booking), confirmed,
 * given and not confirmed, their minutes; bookings, leaves (a leave sign or a released booking),
 * arrivals (present, late, makeup), absences, unsigned booked ones; `bh` the hours booked bookings
 * would consume (one-to-one and group lessons), `uh` the hours live signs consumed.
 */
const lessonSums = () => ({
  lessons: integer('lessons').notNull(),
  givenLessons: integer('given_lessons').notNull(),
  confirmedLessons: integer('confirmed_lessons').notNull(),
  unconfirmedGiven: integer('unconfirmed_given').notNull(),
  minutes: integer('minutes').notNull(),
  bookings: integer('bookings').notNull(),
  leaves: integer('leaves').notNull(),
  arrivals: integer('arrivals').notNull(),
  absences: integer('absences').notNull(),
  unsigned: integer('unsigned').notNull(),
  bh: numeric('bh', { precision: 14, scale: 2 }).notNull(),
  uh: numeric('uh', { precision: 14, scale: 2 }).notNull(),
});

/**
 * Live lessons per day, campus, course, teacher, classroom and kind (a row only where there is a
 * lesson). Kept by the database itself: statement triggers on teaching_lessons,
 * teaching_lesson_students and teaching_attendances recompute the keys a statement touched from
 * those tables in the same transaction (migration 0049, `lesson_days_fill`). Never written by code.
 */
export const lessonDays = pgTable(
  'lesson_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    courseCode: text('course_code').notNull(),
    teacherCode: text('teacher_code').notNull(),
    classroomId: integer('classroom_id'),
    kind: text('kind').notNull(),
    ...lessonSums(),
  },
  (t) => [
    uniqueIndex('lesson_days_key_uq').on(
      t.day,
      t.schoolItemCode,
      t.courseCode,
      t.teacherCode,
      t.kind,
      sql`coalesce(${t.classroomId}, 0)`,
    ),
    index('lesson_days_teacher_day_idx').on(t.teacherCode, t.day),
    index('lesson_days_room_day_idx').on(t.classroomId, t.day),
  ],
);

/**
 * The same sums per day, campus, course and kind (the campus figures: a year of every campus reads
 * days × campuses × courses rows), kept from lesson_days by the same recomputation.
 */
export const lessonCampusDays = pgTable(
  'lesson_campus_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    courseCode: text('course_code').notNull(),
    kind: text('kind').notNull(),
    ...lessonSums(),
  },
  (t) => [uniqueIndex('lesson_campus_days_key_uq').on(t.day, t.schoolItemCode, t.courseCode, t.kind)],
);

/**
 * Each student's ledger per campus, Shanghai month and course (docs/decisions.md "Monthly
 * aggregates"): the net value and hours of the month's movements, how many of them count as
 * consumption (a reversal as the kind it reverses) and their value and hours. The distinct students of a period are the students present in its whole
 * months here plus those of the movements of its partial months; a balance at a month's end is the
 * sum of the months up to it. Kept by the database from every insert into student_ledger (migration
 * 0056, `ledger_aggregates_add`); `rebuildAggregates` recomputes it from the movements.
 */
export const ledgerStudentMonths = pgTable(
  'ledger_student_months',
  {
    studentId: integer('student_id').notNull(),
    schoolItemCode: text('school_item_code').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    courseCode: text('course_code').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    hours: numeric('hours', { precision: 14, scale: 2 }).notNull(),
    consumes: integer('consumes').notNull(),
    /** The value and hours of the movements counting as consume (negative: what was consumed). */
    consumeCents: bigint('consume_cents', { mode: 'number' }).notNull(),
    consumeHours: numeric('consume_hours', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.schoolItemCode, t.month, t.courseCode] }),
    index('ledger_student_months_consumers_idx')
      .on(t.month, t.schoolItemCode, t.studentId)
      .where(sql`${t.consumes} > 0`),
  ],
);

/**
 * How the number of students holding advance receipts changes in each month: Σ `delta` of the months
 * up to M is the number of students whose balance is above zero at M's end — per campus (`scope` the
 * campus code: a student's balance at that campus) and over every campus (`scope` '*': a student's
 * whole balance). Kept with ledger_student_months: a statement recomputes its students' part.
 */
export const holdingMonths = pgTable(
  'holding_months',
  {
    scope: text('scope').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.month] })],
);

/**
 * The consumption of signed lessons per campus, Shanghai day and teacher of the lesson: `consume`
 * movements whose source is an attendance, and their reversals (counting as consume), as the
 * efficiency figures of the therapists read them (staff.ts). By day, so any period reads only these
 * rows (a teacher teaches on a few hundred days a year). Kept by the database from every insert into
 * student_ledger, and moved when a lesson changes teacher.
 */
export const ledgerTeacherDays = pgTable(
  'ledger_teacher_days',
  {
    schoolItemCode: text('school_item_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    teacherCode: text('teacher_code').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    hours: numeric('hours', { precision: 14, scale: 2 }).notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolItemCode, t.day, t.teacherCode] })],
);
