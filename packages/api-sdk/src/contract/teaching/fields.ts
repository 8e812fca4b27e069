// The field shapes every teaching contract file shares: ids, codes, days, clocks, hours, and who
// may read or act on the timetable.
import { z } from 'zod';
import { quantity } from '../fields.js';

export const Id = z.coerce.number().int().positive().max(2147483647);
export const Code = z.string().trim().min(1).max(20);
export const Version = z.coerce.number().int().min(1).max(2147483647);
/** A calendar day 'YYYY-MM-DD'. */
export const Day = z
  .string()
  .trim()
  .refine((v) => {
    // A real calendar day of this century: '2026-02-31' would reach the database and fail there.
    if (!/^20\d{2}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD');
/** A time of day 'HH:MM' (24 h). */
export const Clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM / a time as HH:MM');
/** Hours of a lesson: above 0, at most 2 decimals, at most 8. */
export const LessonHours = quantity({ positive: true, max: 8 });
/** §9 weekday codes (2 Monday … 7 Saturday, 1 Sunday), at least one. */
export const Weekdays = z
  .array(z.coerce.number().int().min(1).max(7))
  .min(1, '请选择上课星期 / choose the weekdays')
  .max(7);

export const PLANNERS = ['/education/courseAdjustment', '/education/teamCourse'];
export const TIMETABLE_READERS = [
  ...PLANNERS,
  '/education/classTable',
  '/education/classConfirm',
  '/education/appointmentClass',
  '/education/educationOperate',
  '/education/dataExport',
  '/financial/classConfirm',
];
/** Screens that sign and cancel signs on any lesson of their campuses (teachers only their own). */
export const SIGNERS = [
  '/education/classTable',
  '/education/classConfirm',
  '/financial/studentClassOperate',
  ...PLANNERS,
];
export const HOUR_READERS = [
  '/financial/studentClass',
  '/financial/studentClassOperate',
  '/financial/studentCost',
  '/financial/teacherClass',
  ...PLANNERS,
];
