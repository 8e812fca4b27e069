// Trainings of a campus and their attendees (issue 17, /train/*): the hours an employee attended in a
// salary period are an input of the teacher pay rule (docs/payroll.md "Training hours").
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

export const trainings = pgTable(
  'trainings',
  {
    id: serial('id').primaryKey(),
    schoolItemCode: text('school_item_code').notNull(),
    subject: text('subject').notNull(),
    trainingDate: date('training_date', { mode: 'string' }).notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    trainer: text('trainer').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    ...audit,
  },
  (t) => [
    index('trainings_campus_date_idx').on(t.schoolItemCode, t.trainingDate),
    index('trainings_date_idx').on(t.trainingDate),
  ],
);

/** One row per invited employee; `attended` is set by the sign-in (false = absent). */
export const trainingAttendees = pgTable(
  'training_attendees',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    employeeCode: text('employee_code').notNull(),
    attended: boolean('attended').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('training_attendees_uq').on(t.trainingId, t.employeeCode),
    index('training_attendees_employee_idx').on(t.employeeCode),
  ],
);
