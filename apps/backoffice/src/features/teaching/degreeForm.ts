// The seat item form of /students/degreeManagement (add and edit): its schema and how its values
// become the item save and update bodies. Kept apart from React so the rules are tested alone.
import {
  DEGREE_TYPES,
  FREQUENCY_TYPES,
  type TDegreeItemInput,
  type TDegreeItemRow,
  type TDegreeItemUpdate,
} from '@bo/api-sdk';
import { z } from 'zod';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择日期 / choose a date');
const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM / a time as HH:MM');

export type DegreeFormMode = 'add' | 'edit';

export const DegreeItemForm = z
  .object({
    teacherCode: z.string().trim().min(1, '请选择教师 / choose the teacher'),
    timespanStart: Clock,
    timespanEnd: Clock,
    shiftType: z.coerce.number().int().min(1).max(4),
    timeType: z.coerce.number().int().min(1).max(2),
    degreeType: z.enum(DEGREE_TYPES),
    targetId: z.coerce.number().int().min(1, '请选择占用对象 / choose who holds the seat'),
    courseCode: z.string().default(''),
    classroomId: z.coerce.number().int().positive().optional(),
    frequencyType: z.enum(FREQUENCY_TYPES),
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).default([]),
    /** DISCONTINUITY: the days, separated by commas or spaces. */
    days: z.string().default(''),
    startDate: Day,
    endDate: Day,
    recordAttendance: z.boolean(),
    hours: z.coerce.number().min(0.01).max(8),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ['endDate'],
    message: '结束日期不能早于开始日期 / the end date cannot be before the start date',
  })
  .refine((v) => v.timespanEnd > v.timespanStart, {
    path: ['timespanEnd'],
    message: '结束时间须晚于开始时间 / the end time must be after the start time',
  })
  .refine((v) => v.frequencyType !== 'WEEKLY' || v.weekdays.length > 0, {
    path: ['weekdays'],
    message: '请选择上课星期 / choose the weekdays',
  })
  .refine((v) => v.frequencyType !== 'DISCONTINUITY' || splitDays(v.days).length > 0, {
    path: ['days'],
    message: '请填写上课日期 / give the lesson days',
  })
  .refine((v) => !['FORMAL_STUDENT', 'TEMP_STUDENT'].includes(v.degreeType) || v.courseCode !== '', {
    path: ['courseCode'],
    message: '请选择排课订单 / choose the schedule order',
  });
export type TDegreeItemForm = z.output<typeof DegreeItemForm>;

export const splitDays = (s: string) =>
  s
    .split(/[\s,，]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The frequencyConfig of the form: weekday codes for WEEKLY, the days for DISCONTINUITY. */
export function frequencyConfigOf(v: TDegreeItemForm): string[] {
  if (v.frequencyType === 'WEEKLY') return [...new Set(v.weekdays)].sort((a, b) => a - b).map(String);
  if (v.frequencyType === 'DISCONTINUITY') return splitDays(v.days);
  return [];
}

/**
 * The item save body (§3 add payload: the seat's teacher, campus, span and shift plus the form).
 * Example: WEEKLY with weekdays [4, 2] → frequencyConfig ['2', '4'].
 */
export function saveBody(v: TDegreeItemForm, campus: string): TDegreeItemInput {
  return {
    schoolItemCode: campus,
    teacherCode: v.teacherCode,
    timespanStart: v.timespanStart,
    timespanEnd: v.timespanEnd,
    shiftType: v.shiftType as 1 | 2 | 3 | 4,
    timeType: v.timeType as 1 | 2,
    degreeType: v.degreeType,
    targetId: v.targetId,
    courseCode: v.courseCode || undefined,
    classroomId: v.classroomId ?? null,
    frequencyType: v.frequencyType,
    frequencyConfig: frequencyConfigOf(v),
    startDate: v.startDate,
    endDate: v.endDate,
    recordAttendance: v.recordAttendance,
    hours: v.hours,
  };
}

/** The item update body: only what an item may change (frequency, period, attendance, room, hours). */
export function updateBody(v: TDegreeItemForm, item: TDegreeItemRow): TDegreeItemUpdate {
  return {
    id: item.id,
    version: item.version,
    classroomId: v.classroomId ?? null,
    frequencyType: v.frequencyType,
    frequencyConfig: frequencyConfigOf(v),
    startDate: v.startDate,
    endDate: v.endDate,
    recordAttendance: v.recordAttendance,
    hours: v.hours,
  };
}

/** The form values of an existing item of a seat (edit mode). */
export function itemToForm(
  item: TDegreeItemRow,
  seat: { teacherCode: string; timespanRange: string; shiftType: number; timeType: number },
): TDegreeItemForm {
  const [start = '', end = ''] = seat.timespanRange.split('-');
  const parts = item.frequencyConfig ? item.frequencyConfig.split(',') : [];
  return {
    teacherCode: seat.teacherCode,
    timespanStart: start,
    timespanEnd: end,
    shiftType: seat.shiftType,
    timeType: seat.timeType,
    degreeType: item.degreeType,
    targetId: item.targetConfig.id,
    courseCode: item.courseCode ?? '',
    classroomId: item.classroomId ?? undefined,
    frequencyType: item.frequencyType,
    weekdays: item.frequencyType === 'WEEKLY' ? parts.map(Number) : [],
    days: item.frequencyType === 'DISCONTINUITY' ? parts.join(', ') : '',
    startDate: item.startDate,
    endDate: item.endDate,
    recordAttendance: item.recordAttendance,
    hours: item.hours,
  };
}
