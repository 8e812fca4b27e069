// Degree (seat) management (spec §2 "Degree (seat) management screen", §3 degree entities, §4
// frequency and degree types, §7 "Teaching, plan and degree"): a seat is a teacher's recurring
// time at a campus; its items say who holds it, how often and from when to when. Items of formal
// and temporary students and of group classes book their lessons on the timetable (the same
// conflict rules as any lesson); releasing frees the future ones. Paths: docs/teaching.md "Seats".
import { z } from 'zod';
import { Ok, PageQuery, get, page, post, priv } from '../define.js';
import { Clock, Code, Day, Id, LessonHours, Version } from './fields.js';

/** §4 degree types; each loads its own list of targets. */
export const DEGREE_TYPES = [
  'FORMAL_STUDENT',
  'TEMP_STUDENT',
  'GROUP_COURSE',
  'ASSIST_TASK',
  'BOOK_STUDENT',
] as const;
export const DegreeType = z.enum(DEGREE_TYPES);
export type TDegreeType = z.infer<typeof DegreeType>;
/** Only formal and temporary students have a schedule-order list (the course their lessons draw on). */
export const SCHEDULE_ORDER_TYPES: readonly TDegreeType[] = ['FORMAL_STUDENT', 'TEMP_STUDENT'];
/** Types whose items book lessons (when they record attendance); assist tasks and bookings hold time only. */
export const LESSON_DEGREE_TYPES: readonly TDegreeType[] = ['FORMAL_STUDENT', 'TEMP_STUDENT', 'GROUP_COURSE'];
/**
 * §4 frequency types: NON_FIXED (shown as temporary: holds the seat, books nothing by itself),
 * CONTINUOUS (every open day of the range), DISCONTINUITY (the days listed in frequencyConfig),
 * WEEKLY (the §9 weekday codes listed in frequencyConfig, 2 Monday … 7 Saturday, 1 Sunday).
 */
export const FREQUENCY_TYPES = ['NON_FIXED', 'CONTINUOUS', 'DISCONTINUITY', 'WEEKLY'] as const;
export const FrequencyType = z.enum(FREQUENCY_TYPES);
export type TFrequencyType = z.infer<typeof FrequencyType>;
/** Seat status: 10 held, 90 released. */
export const DEGREE_STATUS = { held: 10, released: 90 } as const;
/** The screen's defaults (§2, §9). */
export const DEGREE_DEFAULTS = {
  pageIdx: 1,
  pageSize: 10,
  classDetailMode: '1v1Student',
  /** Indexes into the seat book's legend: formal, temporary, group, assist, booking, free. */
  checklist: [0, 1, 2, 5],
} as const;

const DEGREES = priv('/students/degreeManagement');
const ShiftType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));
const TimeType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));

export const TargetConfig = z.object({
  id: z.number().int(),
  value: z.string(),
  /** The first day the target may start in this seat: today, or after its current item there ends. */
  earliestDate: z.string(),
});
export type TTargetConfig = z.infer<typeof TargetConfig>;

export const DegreeItemRow = z.object({
  id: z.number().int(),
  degreeId: z.number().int(),
  degreeType: DegreeType,
  frequencyType: FrequencyType,
  /** WEEKLY: weekday codes joined by ','; DISCONTINUITY: the days joined by ','. */
  frequencyConfig: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  recordAttendance: z.boolean(),
  targetConfig: TargetConfig,
  courseCode: z.string().nullable(),
  courseName: z.string().nullable(),
  classroomId: z.number().int().nullable(),
  hours: z.number(),
  /** Live lessons of the item from today on. */
  comingLessons: z.number().int(),
  version: z.number().int(),
});
export type TDegreeItemRow = z.infer<typeof DegreeItemRow>;

const DegreeFields = {
  id: z.number().int(),
  schoolItemCode: z.string(),
  teacherCode: z.string(),
  teacherName: z.string(),
  /** §9 time-band type of the seat (1 section A weekday … 4 section C holiday). */
  shiftType: z.number().int(),
  /** 1 term time, 2 vacation. */
  timeType: z.number().int(),
  /** 'HH:MM-HH:MM'. */
  timespanRange: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number().int(),
  version: z.number().int(),
};
export const DegreeRow = z.object({
  ...DegreeFields,
  itemCount: z.number().int(),
  /** Who holds the seat now or next, joined. */
  holders: z.string(),
});
export type TDegreeRow = z.infer<typeof DegreeRow>;
export const DegreeDetail = z.object({ ...DegreeFields, items: z.array(DegreeItemRow) });
export type TDegreeDetail = z.infer<typeof DegreeDetail>;

const FrequencyFields = {
  frequencyType: FrequencyType,
  /** WEEKLY: weekday codes ['2', '4']; DISCONTINUITY: days ['YYYY-MM-DD', …]; otherwise empty. */
  frequencyConfig: z.array(z.string().trim().max(10)).max(31).default([]),
  startDate: Day,
  endDate: Day,
  recordAttendance: z.boolean().default(true),
  /** Hours each lesson of the item consumes. */
  hours: LessonHours.default(1),
};
/** §3 add payload: the seat (teacher, campus, time span, shift) plus the item's form fields. */
export const DegreeItemInput = z.object({
  schoolItemCode: Code,
  teacherCode: Code,
  timespanStart: Clock,
  timespanEnd: Clock,
  shiftType: ShiftType,
  timeType: TimeType.default(1),
  degreeType: DegreeType,
  /** The student (formal, temporary, assist, booking) or the group class. */
  targetId: Id,
  /** Formal and temporary students: the course of their schedule order. */
  courseCode: Code.optional(),
  classroomId: Id.nullable().optional(),
  ...FrequencyFields,
});
export type TDegreeItemInput = z.input<typeof DegreeItemInput>;
export type TDegreeItemInputParsed = z.infer<typeof DegreeItemInput>;
/** §3 update payload: an item's frequency, period and attendance; lessons from today are rebooked. */
export const DegreeItemUpdate = z.object({
  id: Id,
  version: Version,
  classroomId: Id.nullable().optional(),
  ...FrequencyFields,
});
export type TDegreeItemUpdate = z.input<typeof DegreeItemUpdate>;
export type TDegreeItemUpdateParsed = z.infer<typeof DegreeItemUpdate>;
const Booked = z.object({
  lessons: z.number().int(),
  cancelledLessons: z.number().int(),
  /** Days left out, with why (holidays). */
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
});

/** §3 student-list query of a seat (each degree type has its own list). */
export const DegreeStudentQuery = z.object({
  schoolItemCode: Code,
  teacherCode: Code,
  startTimeSpan: Clock.optional(),
  endTimeSpan: Clock.optional(),
  degreeType: DegreeType.optional(),
  name: z.string().trim().max(50).optional(),
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type TDegreeStudentQuery = z.input<typeof DegreeStudentQuery>;
export const DegreeTargetRow = z.object({
  id: z.number().int(),
  code: z.string(),
  value: z.string(),
  /** Students: schedulable hours over their courses; classes: members of capacity. */
  detail: z.string(),
});
export type TDegreeTargetRow = z.infer<typeof DegreeTargetRow>;
const targetList = (path: string, who: string) =>
  get(path, {
    service: 'schedule',
    summary: `The targets a ${who} item of a seat may hold, paged.`,
    access: DEGREES,
    query: DegreeStudentQuery,
    response: page(DegreeTargetRow),
  });

export const ScheduleOrderRow = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  remainingHours: z.number(),
  schedulableHours: z.number(),
  authorised: z.boolean(),
});
export type TScheduleOrderRow = z.infer<typeof ScheduleOrderRow>;

export const DegreeBookRow = z.object({
  degreeId: z.number().int(),
  teacherCode: z.string(),
  teacherName: z.string(),
  timespanRange: z.string(),
  /** Seven cells, §9 weekday codes 2 … 7 then 1: who holds the seat that weekday of the week asked. */
  days: z.array(
    z.object({
      weekday: z.number().int(),
      degreeType: DegreeType.nullable(),
      holder: z.string(),
    }),
  ),
});
export type TDegreeBookRow = z.infer<typeof DegreeBookRow>;

export const StudentAuthRow = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  remark: z.string(),
  authorisedBy: z.string(),
  authorisedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TStudentAuthRow = z.infer<typeof StudentAuthRow>;

export const degreeEndpoints = {
  degreeQuery: get('/schedule/degree/maintenance/query', {
    service: 'schedule',
    summary: 'Seats of a campus, paged (page 1, size 10 by default).',
    access: DEGREES,
    query: PageQuery.extend({
      schoolItemCode: Code,
      teacherCode: Code.optional(),
      status: z.coerce.number().int().min(10).max(90).optional(),
      pageSize: z.coerce.number().int().min(1).max(500).default(10),
    }),
    response: page(DegreeRow),
  }),
  degreeRelease: post('/schedule/degree/maintenance/release', {
    service: 'schedule',
    summary:
      "Releases a seat: its items end and their lessons from the day (today by default) are freed ('degree released').",
    access: DEGREES,
    body: z.object({ id: Id, version: Version, releaseDate: Day.optional() }),
    response: z.object({ cancelledLessons: z.number().int(), message: z.string() }),
  }),
  degreeInfo: get('/schedule/degree/maintenance/info', {
    service: 'schedule',
    summary: 'A seat with its items (§3 degree detail).',
    access: DEGREES,
    query: z.object({ id: Id }),
    response: DegreeDetail,
  }),
  degreeTargetConfig: get('/schedule/degree/maintenance/getTargetConfig', {
    service: 'schedule',
    summary: 'The target config of a would-be item: its name and the earliest day it may start in the seat.',
    access: DEGREES,
    query: z.object({
      schoolItemCode: Code,
      teacherCode: Code,
      timespanStart: Clock,
      timespanEnd: Clock,
      degreeType: DegreeType,
      targetId: Id,
    }),
    response: TargetConfig,
  }),
  degreeItemSave: post('/schedule/degree/maintenance/item/save', {
    service: 'schedule',
    summary:
      'Adds an item to the seat of the teacher and time span (the seat is made on its first item) and books its lessons.',
    access: DEGREES,
    body: DegreeItemInput,
    response: Booked.extend({ degreeId: z.number().int(), itemId: z.number().int() }),
  }),
  degreeItemDelete: post('/schedule/degree/maintenance/item/delete/{id}', {
    service: 'schedule',
    summary: 'Deletes an item; its unsigned lessons from today are freed (what was given stays).',
    access: DEGREES,
    params: z.object({ id: Id }),
    response: z.object({ cancelledLessons: z.number().int() }),
  }),
  degreeItemUpdate: post('/schedule/degree/maintenance/item/update', {
    service: 'schedule',
    summary:
      "Changes an item's frequency, period or attendance: its lessons from today are rebooked, all or nothing.",
    access: DEGREES,
    body: DegreeItemUpdate,
    response: Booked,
  }),
  degreeItemInfo: post('/schedule/degree/maintenance/item/info/{id}', {
    service: 'schedule',
    summary: 'One item of a seat.',
    access: DEGREES,
    params: z.object({ id: Id }),
    response: DegreeItemRow,
  }),
  degreeFormalStudents: targetList('/schedule/degree/targetConfig/formalStudent/list', 'formal student'),
  degreeTempStudents: targetList('/schedule/degree/targetConfig/tempStudent/list', 'temporary student'),
  degreeGroupCourses: targetList('/schedule/degree/targetConfig/groupCourse/list', 'group course'),
  degreeAssistStudents: targetList('/schedule/degree/targetConfig/assistStudent/list', 'assist task'),
  degreeBookStudents: targetList('/schedule/degree/targetConfig/bookStudent/list', 'booking'),
  degreeBook: get('/schedule/degree/book', {
    service: 'schedule',
    summary: "The seat book of a campus's week: per seat, who holds it each weekday.",
    access: DEGREES,
    query: z.object({ schoolItemCode: Code, date: Day.optional(), teacherCode: Code.optional() }),
    response: z.array(DegreeBookRow),
  }),
  degreeAudit: get('/schedule/degree/audit', {
    service: 'schedule',
    summary: 'The history of a seat: who added, changed, deleted and released what, newest first.',
    access: DEGREES,
    query: z.object({ id: Id }),
    response: z.array(
      z.object({ at: z.string(), action: z.string(), username: z.string(), detail: z.string() }),
    ),
  }),
  degreeFilter: get('/schedule/degree/filter', {
    service: 'schedule',
    summary: "The seat screen's filter options of a campus: teachers holding seats and their time spans.",
    access: DEGREES,
    query: z.object({ schoolItemCode: Code }),
    response: z.object({
      teachers: z.array(z.object({ code: z.string(), name: z.string() })),
      timespans: z.array(z.string()),
    }),
  }),
  studentAuthQuery: get('/schedule/degree/studentAuth/query', {
    service: 'schedule',
    summary: "Study authorisations of a campus's students (live, or with revoked ones), paged.",
    access: DEGREES,
    query: PageQuery.extend({
      schoolItemCode: Code,
      name: z.string().trim().max(50).optional(),
      withRevoked: z.enum(['yes']).optional(),
    }),
    response: page(StudentAuthRow),
  }),
  studentAuth: post('/schedule/degree/studentAuth/auth', {
    service: 'schedule',
    summary:
      'Authorises a student to be booked in a course beyond the paid hours (signing still needs paid hours).',
    access: DEGREES,
    body: z.object({ studentId: Id, courseCode: Code, remark: z.string().trim().max(200).default('') }),
    response: z.object({ id: z.number().int() }),
  }),
  studentUnAuth: post('/schedule/degree/studentAuth/unAuth', {
    service: 'schedule',
    summary: 'Revokes a study authorisation.',
    access: DEGREES,
    body: z.object({ id: Id }),
    response: Ok,
  }),
  degreeScheduleOrders: get('/schedule/degree/scheduleOrder/list', {
    service: 'schedule',
    summary: "A formal or temporary student's schedule orders: the courses with hours a seat may draw on.",
    access: DEGREES,
    query: z.object({ studentId: Id, degreeType: DegreeType }),
    response: z.array(ScheduleOrderRow),
  }),
};
