// Teaching (issue 15): time spans, classrooms, holidays and events, group classes, lessons with
// conflicts refused by what collides, attendance consuming hours on the ledger, confirmation, and
// the class-hour reports. Paths the spec only names are chosen REST-like under its names
// (docs/decisions.md "Teaching").
import { z } from 'zod';
import { FileResponse, Ok, PageQuery, get, page, post, priv, type Slice } from './define.js';
import { assessmentEndpoints } from './teaching/assessments.js';
import { assessTaskEndpoints } from './teaching/assessTasks.js';
import { degreeEndpoints } from './teaching/degrees.js';
import { planEndpoints } from './teaching/plans.js';
import {
  Clock,
  Code,
  Day,
  HOUR_READERS,
  Id,
  LessonHours,
  PLANNERS,
  SIGNERS,
  TIMETABLE_READERS,
  Version,
  Weekdays,
} from './teaching/fields.js';

export * from './teaching/degrees.js';
export * from './teaching/assessments.js';
export * from './teaching/assessTasks.js';
export * from './teaching/plans.js';

/** §9 time-band types: 1 section A weekday, 2 section B evening, 3 section B weekend, 4 section C holiday. */
export const BAND_TYPES = [1, 2, 3, 4] as const;
export const LESSON_KINDS = ['oneToOne', 'group', 'trial', 'assessment'] as const;
export const LessonKind = z.enum(LESSON_KINDS);
/** Attendance statuses; what each does to hours and pay: docs/teaching.md. */
export const ATTENDANCE_STATUSES = ['present', 'late', 'leave', 'absent', 'makeup'] as const;
export const AttendanceStatus = z.enum(ATTENDANCE_STATUSES);
/** Lesson status: 10 scheduled, 90 cancelled. Lesson student: 10 booked, 20 released (leave), 90 cancelled. */
export const LESSON_STATUS = { scheduled: 10, cancelled: 90 } as const;

// ---- time spans -------------------------------------------------------------------------------
export const TimeSpanRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string(),
  name: z.string(),
  bandType: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  validStatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TTimeSpanRow = z.infer<typeof TimeSpanRow>;
export const TimeSpanInput = z.object({
  id: Id.optional(),
  version: Version.optional(),
  schoolItemCode: Code,
  name: z.string().trim().min(1, '请输入名称 / the name is required').max(30),
  bandType: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
  startTime: Clock,
  endTime: Clock,
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export type TTimeSpanInput = z.input<typeof TimeSpanInput>;
export type TTimeSpanInputParsed = z.infer<typeof TimeSpanInput>;

// ---- classrooms --------------------------------------------------------------------------------
export const ClassroomRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  validStatus: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
});
export type TClassroomRow = z.infer<typeof ClassroomRow>;
export const ClassroomInput = z.object({
  id: Id.optional(),
  version: Version.optional(),
  schoolItemCode: Code,
  name: z.string().trim().min(1, '请输入教室名称 / the classroom name is required').max(30),
  capacity: z.coerce.number().int().min(1, '容量至少为1 / capacity at least 1').max(200),
  remark: z.string().trim().max(200).default(''),
});
export type TClassroomInput = z.input<typeof ClassroomInput>;
export type TClassroomInputParsed = z.infer<typeof ClassroomInput>;
const StatusInput = z.object({
  id: Id,
  version: Version,
  validStatus: z.coerce.number().int().min(0).max(1),
});

// ---- holidays and events -----------------------------------------------------------------------
export const CalendarDayRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string().nullable(),
  kind: z.enum(['holiday', 'event']),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  remark: z.string(),
  version: z.number().int(),
});
export type TCalendarDayRow = z.infer<typeof CalendarDayRow>;
export const CalendarDayInput = z.object({
  id: Id.optional(),
  version: Version.optional(),
  /** Absent: every campus (administrators only). */
  schoolItemCode: Code.optional(),
  kind: z.enum(['holiday', 'event']),
  name: z.string().trim().min(1, '请输入名称 / the name is required').max(50),
  startDate: Day,
  endDate: Day,
  remark: z.string().trim().max(200).default(''),
});
export type TCalendarDayInput = z.input<typeof CalendarDayInput>;
export type TCalendarDayInputParsed = z.infer<typeof CalendarDayInput>;

// ---- group classes -----------------------------------------------------------------------------
export const GroupClassRow = z.object({
  id: z.number().int(),
  code: z.string(),
  schoolItemCode: z.string(),
  name: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  teacherCode: z.string(),
  teacherName: z.string(),
  classroomId: z.number().int().nullable(),
  classroomName: z.string().nullable(),
  capacity: z.number().int(),
  studentCount: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
});
export type TGroupClassRow = z.infer<typeof GroupClassRow>;
export const GroupClassInput = z.object({
  id: Id.optional(),
  version: Version.optional(),
  schoolItemCode: Code,
  name: z.string().trim().min(1, '请输入班级名称 / the class name is required').max(50),
  courseCode: Code,
  teacherCode: Code,
  classroomId: Id.nullable().optional(),
  capacity: z.coerce.number().int().min(1, '人数上限至少为1 / capacity at least 1').max(100),
  remark: z.string().trim().max(200).default(''),
});
export type TGroupClassInput = z.input<typeof GroupClassInput>;
export type TGroupClassInputParsed = z.infer<typeof GroupClassInput>;
export const ClassStudentRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  remainingHours: z.number(),
});
export type TClassStudentRow = z.infer<typeof ClassStudentRow>;

// ---- lessons -----------------------------------------------------------------------------------
export const LessonStudentRow = z.object({
  lessonStudentId: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  status: z.number().int(),
  attendanceId: z.number().int().nullable(),
  attendance: AttendanceStatus.nullable(),
  consumedHours: z.number(),
});
export const LessonRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  teacherCode: z.string(),
  teacherName: z.string(),
  classroomId: z.number().int().nullable(),
  classroomName: z.string().nullable(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  kind: LessonKind,
  seriesId: z.number().int().nullable(),
  lessonDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  hours: z.number(),
  status: z.number().int(),
  confirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  version: z.number().int(),
  students: z.array(LessonStudentRow),
});
export type TLessonRow = z.infer<typeof LessonRow>;

export const PlanQuery = z.object({
  schoolItemCode: Code,
  from: Day,
  to: Day,
  teacherCode: Code.optional(),
  classroomId: Id.optional(),
  studentId: Id.optional(),
  classId: Id.optional(),
  /** 'yes' confirmed only, 'no' unconfirmed only. */
  confirmed: z.enum(['yes', 'no']).optional(),
  /** 'yes': only the caller's own lessons, unless the caller plans (the teacher's confirmation screen). */
  mine: z.enum(['yes']).optional(),
});
export type TPlanQuery = z.input<typeof PlanQuery>;

export const LessonInsert = z.object({
  schoolItemCode: Code,
  courseCode: Code,
  teacherCode: Code,
  classroomId: Id.nullable().optional(),
  kind: LessonKind,
  /** A group lesson: the class whose members attend. */
  classId: Id.optional(),
  /** One-to-one, trial and assessment lessons: the student. */
  studentIds: z.array(Id).max(100).default([]),
  /** One lesson on this day… */
  lessonDate: Day.optional(),
  /** …or a series on these §9 weekday codes (2 Monday … 7 Saturday, 1 Sunday), holidays skipped. */
  series: z.object({ fromDate: Day, toDate: Day, weekdays: Weekdays }).optional(),
  startTime: Clock,
  endTime: Clock,
  hours: LessonHours.default(1),
});
export type TLessonInsert = z.input<typeof LessonInsert>;
export type TLessonInsertParsed = z.infer<typeof LessonInsert>;
export const InsertResult = z.object({
  seriesId: z.number().int().nullable(),
  lessonIds: z.array(z.number().int()),
  /** Days of the series left out, with why (holidays). */
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
});

export const LessonMove = z.object({
  id: Id,
  version: Version,
  lessonDate: Day,
  startTime: Clock,
  endTime: Clock,
  teacherCode: Code.optional(),
  /** null: no room. Absent: the room stays. */
  classroomId: Id.nullable().optional(),
});
export type TLessonMove = z.input<typeof LessonMove>;
export type TLessonMoveParsed = z.infer<typeof LessonMove>;

export const InsertPreview = z.object({
  /** Every day the lesson or series would take, with what collides there (empty: free). */
  rows: z.array(z.object({ date: z.string(), conflicts: z.array(z.string()) })),
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
  ok: z.boolean(),
});

export const BatchAdjust = z.object({
  ids: z.array(Id).min(1, '请选择课程 / choose lessons').max(200),
  /** Whole days to shift every lesson by (negative: earlier). */
  shiftDays: z.coerce.number().int().min(-366).max(366).default(0),
  startTime: Clock.optional(),
  endTime: Clock.optional(),
  teacherCode: Code.optional(),
  classroomId: Id.nullable().optional(),
});
export type TBatchAdjust = z.input<typeof BatchAdjust>;
export type TBatchAdjustParsed = z.infer<typeof BatchAdjust>;
const Placement = z.object({
  lessonDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  teacherCode: z.string(),
  classroomId: z.number().int().nullable(),
});
export const BatchPreview = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      courseName: z.string(),
      from: Placement,
      to: Placement,
      conflicts: z.array(z.string()),
    }),
  ),
  ok: z.boolean(),
});

// ---- attendance --------------------------------------------------------------------------------
export const SignQuery = z.object({
  lessonId: Id.optional(),
  schoolItemCode: Code.optional(),
  date: Day.optional(),
  teacherCode: Code.optional(),
});
export const SignRow = z.object({
  lessonId: z.number().int(),
  lessonStudentId: z.number().int(),
  lessonDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  courseName: z.string(),
  teacherName: z.string(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  hours: z.number(),
  confirmed: z.boolean(),
  attendanceId: z.number().int().nullable(),
  attendance: AttendanceStatus.nullable(),
  consumedHours: z.number(),
});
export type TSignRow = z.infer<typeof SignRow>;
export const SignInput = z.object({
  lessonId: Id,
  items: z
    .array(
      z.object({
        studentId: Id,
        status: AttendanceStatus,
        remark: z.string().trim().max(200).default(''),
      }),
    )
    .min(1, '请选择学员 / choose students')
    .max(100),
});
export type TSignInput = z.input<typeof SignInput>;
export type TSignInputParsed = z.infer<typeof SignInput>;

// ---- hours and reports -------------------------------------------------------------------------
export const RemainRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  boughtHours: z.number(),
  giftHours: z.number(),
  consumedHours: z.number(),
  refundedHours: z.number(),
  remainingHours: z.number(),
  /** Booked in lessons not yet signed. */
  scheduledHours: z.number(),
  /** Remaining less scheduled: what can still be booked. */
  schedulableHours: z.number(),
  remainingValue: z.string(),
});
export type TRemainRow = z.infer<typeof RemainRow>;
/** A student's course the scheduling form offers: hours left, or a study authorisation (booked before paying). */
export const PlanOrderRow = RemainRow.extend({
  /** A live study authorisation lets the course be booked beyond the paid hours. */
  authorised: z.boolean(),
});
export type TPlanOrderRow = z.infer<typeof PlanOrderRow>;
export const PlanTeacherRow = z.object({ code: z.string(), name: z.string() });
export type TPlanTeacherRow = z.infer<typeof PlanTeacherRow>;
export const PlanMine = z.object({
  /** The lesson kinds the caller may book (a teacher without a planner's screen: trial and assessment). */
  kinds: z.array(LessonKind),
  /** The caller as a teacher (an employee with an enabled course authority), else null. */
  teacher: z
    .object({
      code: z.string(),
      name: z.string(),
      courses: z.array(z.object({ code: z.string(), name: z.string() })),
    })
    .nullable(),
});
export type TPlanMine = z.infer<typeof PlanMine>;
const DateRange = z.object({ schoolItemCode: Code.optional(), from: Day.optional(), to: Day.optional() });
export const SignRecordRow = z.object({
  attendanceId: z.number().int(),
  lessonId: z.number().int(),
  lessonDate: z.string(),
  schoolItemCode: z.string(),
  studentCode: z.string(),
  studentName: z.string(),
  courseName: z.string(),
  teacherName: z.string(),
  status: AttendanceStatus,
  hours: z.number(),
  paid: z.boolean(),
  confirmed: z.boolean(),
  signedAt: z.string(),
  cancelled: z.boolean(),
  cancelReason: z.string(),
});
export type TSignRecordRow = z.infer<typeof SignRecordRow>;
export const OrderHoursRow = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderItemId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  courseName: z.string(),
  boughtHours: z.number(),
  giftHours: z.number(),
  consumedHours: z.number(),
  remainingHours: z.number(),
  remainingValue: z.string(),
});
/** Hours and value a student consumed of a course in a range (the ledger's attendance movements). */
export const StudentCostRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  lessons: z.number().int(),
  consumedHours: z.number(),
  consumedValue: z.string(),
});
export type TStudentCostRow = z.infer<typeof StudentCostRow>;
/** The data export of a campus's period (at most a year). */
export const TeachingExportQuery = z.object({ schoolItemCode: Code, from: Day, to: Day });
export const ConsumptionRow = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  lessons: z.number().int(),
  consumedHours: z.number(),
  consumedValue: z.string(),
});
const StatCounts = {
  present: z.number().int(),
  late: z.number().int(),
  leave: z.number().int(),
  absent: z.number().int(),
  makeup: z.number().int(),
  consumedHours: z.number(),
};
export const StudentStatRow = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  ...StatCounts,
});
export type TStudentStatRow = z.infer<typeof StudentStatRow>;
export const TeacherStatRow = z.object({
  teacherCode: z.string(),
  teacherName: z.string(),
  lessons: z.number().int(),
  confirmedLessons: z.number().int(),
  /** Student attendances the teacher is paid for (docs/teaching.md). */
  paidAttendances: z.number().int(),
  ...StatCounts,
});
export type TTeacherStatRow = z.infer<typeof TeacherStatRow>;
export const CourseStatRow = z.object({ courseCode: z.string(), courseName: z.string(), ...StatCounts });
const StatQuery = DateRange.extend(PageQuery.shape);

export const teaching = {
  // time spans
  timeSpanList: get('/plansetting/timespan/list', {
    service: 'teachingPlan',
    summary: 'Time spans of a campus (§9 bands), valid and not.',
    access: priv('/education/timeManage', ...TIMETABLE_READERS),
    query: z.object({ schoolItemCode: Code, validStatus: z.coerce.number().int().min(0).max(1).optional() }),
    response: z.array(TimeSpanRow),
  }),
  timeSpanSave: post('/plansetting/timespan/save', {
    service: 'teachingPlan',
    summary: 'Adds or edits a time span (end after start; no overlap with another valid span of its band).',
    access: priv('/education/timeManage'),
    body: TimeSpanInput,
    response: z.object({ id: z.number().int() }),
  }),
  timeSpanStatus: post('/plansetting/timespan/status', {
    service: 'teachingPlan',
    summary: 'Switches a time span valid or invalid.',
    access: priv('/education/timeManage'),
    body: StatusInput,
    response: Ok,
  }),
  // classrooms
  classroomList: get('/plansetting/classroom/list', {
    service: 'teachingPlan',
    summary: 'Classrooms of a campus.',
    access: priv('/education/classroomManage', ...TIMETABLE_READERS),
    query: z.object({ schoolItemCode: Code, validStatus: z.coerce.number().int().min(0).max(1).optional() }),
    response: z.array(ClassroomRow),
  }),
  classroomSave: post('/plansetting/classroom/save', {
    service: 'teachingPlan',
    summary: 'Adds or edits a classroom (name unique per campus; capacity 1–200).',
    access: priv('/education/classroomManage'),
    body: ClassroomInput,
    response: z.object({ id: z.number().int() }),
  }),
  classroomStatus: post('/plansetting/classroom/status', {
    service: 'teachingPlan',
    summary: 'Switches a classroom valid or invalid (invalid: no new lessons in it).',
    access: priv('/education/classroomManage'),
    body: StatusInput,
    response: Ok,
  }),
  // holidays and events
  holidayList: get('/plansetting/holiday/list', {
    service: 'teachingPlan',
    summary: 'Holidays and events touching a range, of a campus and of every campus.',
    access: priv('/education/eventsManage', ...TIMETABLE_READERS),
    query: z.object({
      schoolItemCode: Code,
      from: Day,
      to: Day,
      kind: z.enum(['holiday', 'event']).optional(),
    }),
    response: z.array(CalendarDayRow),
  }),
  holidaySave: post('/plansetting/holiday/save', {
    service: 'teachingPlan',
    summary: 'Adds or edits a holiday or event (a holiday over booked lessons is refused, naming them).',
    access: priv('/education/eventsManage'),
    body: CalendarDayInput,
    response: z.object({ id: z.number().int() }),
  }),
  holidayDelete: post('/plansetting/holiday/delete/{id}', {
    service: 'teachingPlan',
    summary: 'Deletes a holiday or event.',
    access: priv('/education/eventsManage'),
    params: z.object({ id: Id }),
    response: Ok,
  }),
  // group classes
  classPage: get('/schedule/classes/queryPage', {
    service: 'schedule',
    summary: 'Group classes of a campus, paged.',
    access: priv('/education/teamCourse', ...TIMETABLE_READERS),
    query: PageQuery.extend({
      schoolItemCode: Code,
      name: z.string().trim().max(50).optional(),
      status: z.coerce.number().int().min(0).max(1).optional(),
    }),
    response: page(GroupClassRow),
  }),
  classSave: post('/schedule/classes/save', {
    service: 'schedule',
    summary: 'Adds or edits a group class (the teacher must hold the course authority).',
    access: priv('/education/teamCourse'),
    body: GroupClassInput,
    response: z.object({ id: z.number().int() }),
  }),
  classStudents: get('/schedule/classes/students/{id}', {
    service: 'schedule',
    summary: 'The members of a group class with their remaining hours of its course.',
    access: priv('/education/teamCourse', ...TIMETABLE_READERS),
    params: z.object({ id: Id }),
    response: z.array(ClassStudentRow),
  }),
  classAddStudents: post('/schedule/classes/addStudents', {
    service: 'schedule',
    summary: 'Adds students to a class and books them into its coming lessons (all or nothing).',
    access: priv('/education/teamCourse'),
    body: z.object({ classId: Id, studentIds: z.array(Id).min(1).max(100) }),
    response: Ok,
  }),
  classRemoveStudent: post('/schedule/classes/removeStudent', {
    service: 'schedule',
    summary: 'Removes a student from a class and from its coming unsigned lessons.',
    access: priv('/education/teamCourse'),
    body: z.object({ classId: Id, studentId: Id }),
    response: Ok,
  }),
  studentByAdvisor: get('/schedule/classes/studentByAdvisor', {
    service: 'schedule',
    summary: 'Students of a campus who hold hours of a course (the candidates of a class or lesson).',
    access: priv(...PLANNERS, '/education/appointmentClass'),
    query: z.object({
      schoolItemCode: Code,
      courseCode: Code.optional(),
      name: z.string().trim().max(50).optional(),
    }),
    response: z.array(ClassStudentRow),
  }),
  // lessons
  planList: get('/plan/list', {
    service: 'teachingPlan',
    summary: 'Lessons of a campus between two days (at most 62), by teacher, room, student or class.',
    access: priv(...TIMETABLE_READERS),
    query: PlanQuery,
    response: z.array(LessonRow),
  }),
  planOrders: get('/plan/orders', {
    service: 'teachingPlan',
    summary:
      "Students' courses still to schedule: remaining hours less hours already booked, and the courses a study authorisation lets them be booked in before paying.",
    access: priv(...PLANNERS, '/education/appointmentClass'),
    query: z.object({
      schoolItemCode: Code,
      name: z.string().trim().max(50).optional(),
      /** One student's courses only (the scheduling form of a student chosen beforehand). */
      studentId: z.coerce.number().int().positive().optional(),
    }),
    response: z.array(PlanOrderRow),
  }),
  planTeachers: get('/plan/teachers', {
    service: 'teachingPlan',
    summary:
      "The teachers a lesson of a course may be booked with at a campus: working there, with an enabled authority for the course's rank.",
    access: priv(...PLANNERS, '/education/appointmentClass'),
    query: z.object({ schoolItemCode: Code, courseCode: Code }),
    response: z.array(PlanTeacherRow),
  }),
  planMine: get('/plan/mine', {
    service: 'teachingPlan',
    summary:
      'What the caller may book: every lesson kind (a planner) or trial and assessment lessons only (a teacher), and, when the caller is a teacher, the courses their authority covers.',
    access: priv(...PLANNERS, '/education/appointmentClass'),
    response: PlanMine,
  }),
  planInsert: post('/plan/insert', {
    service: 'teachingPlan',
    summary: 'Schedules a lesson or a weekly series; any conflict refuses everything, naming it.',
    access: priv(...PLANNERS, '/education/appointmentClass'),
    body: LessonInsert,
    response: InsertResult,
  }),
  planInsertPreview: post('/plan/insert/preview', {
    service: 'teachingPlan',
    summary: 'What an insert would place, day by day, with every conflict; writes nothing.',
    access: priv(...PLANNERS, '/education/appointmentClass'),
    body: LessonInsert,
    response: InsertPreview,
  }),
  planAdjust: post('/plan/adjust', {
    service: 'teachingPlan',
    summary: 'Moves one lesson (time, teacher, room) under the same conflict rules.',
    access: priv(...PLANNERS),
    body: LessonMove,
    response: Ok,
  }),
  planBatchPreview: post('/plan/batchAdjust/preview', {
    service: 'teachingPlan',
    summary: 'What a batch adjustment would move and every conflict it meets; writes nothing.',
    access: priv(...PLANNERS),
    body: BatchAdjust,
    response: BatchPreview,
  }),
  planBatchAdjust: post('/plan/batchAdjust', {
    service: 'teachingPlan',
    summary: 'Moves every chosen lesson, or none when any conflicts.',
    access: priv(...PLANNERS),
    body: BatchAdjust,
    response: z.object({ moved: z.number().int() }),
  }),
  planCancel: post('/plan/cancel', {
    service: 'teachingPlan',
    summary: 'Cancels a lesson nobody has signed (a confirmed lesson is locked).',
    access: priv(...PLANNERS),
    body: z.object({ id: Id, version: Version }),
    response: Ok,
  }),
  planExport: get('/plan/export', {
    service: 'teachingPlan',
    summary: "A campus's lessons and attendance of a period (at most a year) as one xlsx, streamed.",
    kind: 'download',
    access: priv('/education/dataExport'),
    query: TeachingExportQuery,
    response: FileResponse,
  }),
  planConfirm: post('/plan/confirm', {
    service: 'teachingPlan',
    summary: 'The teacher confirms lessons given and fully signed; a confirmed lesson is locked.',
    access: priv('/education/classConfirm', '/financial/classConfirm'),
    body: z.object({ ids: z.array(Id).min(1).max(200) }),
    response: z.object({ confirmed: z.number().int() }),
  }),
  // attendance
  signList: get('/sign/list', {
    service: 'teachingPlan',
    summary: 'The sign sheet: every booked student of a lesson, or of a campus day.',
    access: priv(...SIGNERS),
    query: SignQuery,
    response: z.array(SignRow),
  }),
  sign: post('/sign/sign', {
    service: 'teachingPlan',
    summary: 'Signs attendance; hours are consumed on the ledger (never more than the student has).',
    access: priv(...SIGNERS),
    body: SignInput,
    response: z.object({ attendanceIds: z.array(z.number().int()) }),
  }),
  signCancel: post('/sign/cancel', {
    service: 'teachingPlan',
    summary: 'Cancels a sign: its ledger movements reversed exactly (not on a confirmed lesson).',
    access: priv(...SIGNERS),
    body: z.object({
      attendanceId: Id,
      /** Why (kept on the attendance row and in the ledger's reversal). */
      reason: z.string().trim().max(200).default(''),
    }),
    response: Ok,
  }),
  // hours
  remainHours: get('/schedule/course/remainHours', {
    service: 'schedule',
    summary: "A student's hours per course: bought, consumed, remaining, booked and still bookable.",
    access: priv(...HOUR_READERS, '/education/classTable', '/students/studentDetail'),
    query: z.object({ studentId: Id }),
    response: z.array(RemainRow),
  }),
  financeRemainHours: get('/schedule/course/finance/remainHours', {
    service: 'schedule',
    summary: 'As remainHours with the remaining paid value, for finance.',
    access: priv('/financial/studentClass', '/financial/studentCost', '/financial/studentClassOperate'),
    query: z.object({ studentId: Id }),
    response: z.array(RemainRow),
  }),
  pageCourseOrders: get('/schedule/course/pageCourseOrders', {
    service: 'schedule',
    summary: 'Order items with their hours and remaining value, paged.',
    access: priv(...HOUR_READERS),
    query: PageQuery.extend({ schoolItemCode: Code.optional(), name: z.string().trim().max(50).optional() }),
    response: page(OrderHoursRow),
  }),
  pageCourseSign: get('/schedule/course/pageCourseSign', {
    service: 'schedule',
    summary: 'Attendance records (cancelled ones marked), paged.',
    access: priv(...HOUR_READERS),
    query: PageQuery.extend(DateRange.shape).extend({ name: z.string().trim().max(50).optional() }),
    response: page(SignRecordRow),
  }),
  pageCourseSignExport: get('/schedule/course/pageCourseSign/export', {
    service: 'schedule',
    summary: 'The attendance records of the filter as xlsx.',
    kind: 'download',
    access: priv(...HOUR_READERS),
    query: DateRange.extend({ name: z.string().trim().max(50).optional() }),
    response: FileResponse,
  }),
  pageCourseRemain: get('/schedule/course/pageCourseRemain', {
    service: 'schedule',
    summary: "Students' remaining hours per course, paged.",
    access: priv(...HOUR_READERS),
    query: PageQuery.extend({ schoolItemCode: Code.optional(), name: z.string().trim().max(50).optional() }),
    response: page(RemainRow),
  }),
  pageCourseRemainExport: get('/schedule/course/pageCourseRemain/export', {
    service: 'schedule',
    summary: "Students' remaining hours per course as xlsx.",
    kind: 'download',
    access: priv(...HOUR_READERS),
    query: z.object({ schoolItemCode: Code.optional(), name: z.string().trim().max(50).optional() }),
    response: FileResponse,
  }),
  pageStudentCost: get('/schedule/course/pageStudentCost', {
    service: 'schedule',
    summary: 'Hours and value consumed per student and course in a range, from the ledger, paged.',
    access: priv('/financial/studentCost', '/financial/studentClass'),
    query: PageQuery.extend(DateRange.shape).extend({ name: z.string().trim().max(50).optional() }),
    response: page(StudentCostRow),
  }),
  listCourseConsumptionCourse: get('/schedule/course/listCourseConsumptionCourse', {
    service: 'schedule',
    summary: 'Hours and value consumed per course in a range.',
    access: priv(...HOUR_READERS),
    query: DateRange,
    response: z.array(ConsumptionRow),
  }),
  studentStatistic: post('/sign/studentstatistic', {
    service: 'teachingPlan',
    summary: 'Attendance counts per student in a range.',
    access: priv('/financial/studentClass', '/financial/studentClassOperate', ...PLANNERS),
    body: StatQuery,
    response: page(StudentStatRow),
  }),
  teacherStatistics: post('/sign/teacherstatistics', {
    service: 'teachingPlan',
    summary: 'Lessons, confirmed lessons and paid attendances per teacher in a range.',
    access: priv('/financial/teacherClass', ...PLANNERS),
    body: StatQuery,
    response: page(TeacherStatRow),
  }),
  studentStatisticCourseInfo: get('/sign/studentstatisticscourseinfo', {
    service: 'teachingPlan',
    summary: "One student's attendance per course in a range.",
    access: priv('/financial/studentClass', '/financial/studentClassOperate', ...PLANNERS),
    query: z.object({ studentId: Id, from: Day.optional(), to: Day.optional() }),
    response: z.array(CourseStatRow),
  }),
  teacherStatisticCourseInfo: get('/sign/teacherstatisticscourseinfo', {
    service: 'teachingPlan',
    summary: "One teacher's attendance per course in a range.",
    access: priv('/financial/teacherClass', ...PLANNERS),
    query: z.object({
      teacherCode: Code,
      schoolItemCode: Code.optional(),
      from: Day.optional(),
      to: Day.optional(),
    }),
    response: z.array(CourseStatRow),
  }),
  ...degreeEndpoints,
  ...assessmentEndpoints,
  ...assessTaskEndpoints,
  ...planEndpoints,
} satisfies Slice;
