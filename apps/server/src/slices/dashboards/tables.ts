// Dashboards' own table: the nightly snapshots of saturation (docs/metrics.md "Saturation").
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
