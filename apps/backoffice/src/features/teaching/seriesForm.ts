// The weekly-series form of the scheduling screens (one-to-one and group classes): its schema and
// how its values become the /plan/insert body. Kept apart from React so the rules are tested alone.
import type { TLessonInsert } from '@bo/api-sdk';
import { z } from 'zod';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择日期 / choose a date');
const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM / a time as HH:MM');

/** §9 weekday codes in the order a week reads: Monday 2 … Saturday 7, Sunday 1. */
export const WEEK_CODES = [2, 3, 4, 5, 6, 7, 1] as const;

export const SeriesForm = z
  .object({
    /** One-to-one: '<studentId>|<courseCode>' of the student's course to schedule ('' for a class). */
    pick: z.string().default(''),
    teacherCode: z.string().trim().min(1, '请选择教师 / choose the teacher'),
    classroomId: z.coerce.number().int().positive().optional(),
    fromDate: Day,
    toDate: Day,
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).min(1, '请选择上课星期 / choose the weekdays'),
    startTime: Clock,
    endTime: Clock,
    hours: z.coerce.number().min(0.01).max(8),
  })
  .refine((v) => v.toDate >= v.fromDate, {
    path: ['toDate'],
    message: '结束日期不能早于开始日期 / the end date cannot be before the start date',
  })
  .refine((v) => v.endTime > v.startTime, {
    path: ['endTime'],
    message: '结束时间须晚于开始时间 / the end time must be after the start time',
  });
export type TSeriesForm = z.output<typeof SeriesForm>;

/** What the series is of: a student's course, or a group class (its course and members). */
export type SeriesTarget =
  { kind: 'oneToOne' | 'trial' | 'assessment' } | { kind: 'group'; classId: number; courseCode: string };

/**
 * The /plan/insert body of the form: a series when the period spans more than a day, else one
 * lesson on that day (the weekdays then do not matter).
 * Example: pick '12|C001', 2026-11-23 to 2026-12-06, weekdays [2] → two Monday lessons of C001 for student 12.
 */
export function seriesBody(v: TSeriesForm, campus: string, target: SeriesTarget): TLessonInsert {
  let courseCode: string;
  let studentIds: number[] = [];
  let classId: number | undefined;
  if (target.kind === 'group') {
    courseCode = target.courseCode;
    classId = target.classId;
  } else {
    const [sid, course] = v.pick.split('|');
    if (!sid || !course) throw new Error('请选择学员和课程 / choose the student and the course');
    courseCode = course;
    studentIds = [Number(sid)];
  }
  const single = v.fromDate === v.toDate;
  return {
    schoolItemCode: campus,
    courseCode,
    teacherCode: v.teacherCode,
    classroomId: v.classroomId ?? null,
    kind: target.kind,
    classId,
    studentIds,
    lessonDate: single ? v.fromDate : undefined,
    series: single ? undefined : { fromDate: v.fromDate, toDate: v.toDate, weekdays: v.weekdays },
    startTime: v.startTime,
    endTime: v.endTime,
    hours: v.hours,
  };
}

/** The one-to-one form: a student's course must be chosen as well. */
export const OneToOneForm = SeriesForm.refine((v) => v.pick !== '', {
  path: ['pick'],
  message: '请选择学员和课程 / choose the student and the course',
});
