// The one scheduling form (ScheduleDialog: the timetable's 新建排课, 一对一排课, 集体课排课 and 预约课程):
// its schema and how its values become the /plan/insert body. Kept apart from React so the rules
// are tested alone. Every message names a field the form shows.
import { LessonKind, type TLessonInsert } from '@bo/api-sdk';
import { z } from 'zod';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择日期 / choose a date');
const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM / a time as HH:MM');

/** §9 weekday codes in the order a week reads: Monday 2 … Saturday 7, Sunday 1. */
export const WEEK_CODES = [2, 3, 4, 5, 6, 7, 1] as const;

export const LessonForm = z
  .object({
    kind: LessonKind,
    /** A student's lesson (one-to-one, trial, assessment): the student and one of their courses. */
    studentId: z.coerce.number().int().positive().optional(),
    courseCode: z.string().trim().default(''),
    /** A group lesson: the class (its course, teacher and members). */
    classId: z.coerce.number().int().positive().optional(),
    teacherCode: z.string().trim().min(1, '请选择教师 / choose the teacher'),
    classroomId: z.coerce.number().int().positive().optional(),
    fromDate: Day,
    toDate: Day,
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).default([]),
    startTime: Clock,
    endTime: Clock,
    hours: z.coerce
      .number()
      .min(0.25, '课时至少 0.25 / at least 0.25 hours')
      .max(8, '课时最多 8 / at most 8 hours'),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.kind === 'group') {
      if (!v.classId) need('classId', '请选择班级 / choose the class');
    } else {
      if (!v.studentId) need('studentId', '请选择学员 / choose the student');
      if (!v.courseCode) need('courseCode', '请选择课程 / choose the course');
    }
    if (v.toDate < v.fromDate)
      need('toDate', '结束日期不能早于开始日期 / the end date cannot be before the start date');
    else if (v.toDate > v.fromDate && !v.weekdays.length)
      need('weekdays', '请选择上课星期 / choose the weekdays');
    if (v.endTime <= v.startTime)
      need('endTime', '结束时间须晚于开始时间 / the end time must be after the start time');
  });
export type TLessonForm = z.output<typeof LessonForm>;

/**
 * The /plan/insert body of the form: a series when the period spans more than a day, else one
 * lesson on that day (the weekdays then do not matter).
 * Example: student 12, course C001, 2026-11-23 to 2026-12-06, weekdays [2] → two Monday lessons.
 */
export function lessonBody(v: TLessonForm, campus: string): TLessonInsert {
  const single = v.fromDate === v.toDate;
  const group = v.kind === 'group';
  return {
    schoolItemCode: campus,
    courseCode: v.courseCode,
    teacherCode: v.teacherCode,
    classroomId: v.classroomId ?? null,
    kind: v.kind,
    classId: group ? v.classId : undefined,
    studentIds: !group && v.studentId ? [v.studentId] : [],
    lessonDate: single ? v.fromDate : undefined,
    series: single ? undefined : { fromDate: v.fromDate, toDate: v.toDate, weekdays: v.weekdays },
    startTime: v.startTime,
    endTime: v.endTime,
    hours: v.hours,
  };
}
