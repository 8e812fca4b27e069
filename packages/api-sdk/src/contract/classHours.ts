// Class-hour confirmation (issue 17): a campus submits the lessons a teacher confirmed in a salary
// period; the request (kind classHourConfirm on the one approval engine) goes centre leader → finance,
// and only a passed confirmation lets payroll pay those lessons. Decisions through /approval/pass|reject.
import { z } from 'zod';
import { KindApprovalFilter, KindApprovalFlow, KindApprovalRow } from './approvals.js';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Id = z.coerce.number().int().positive().max(2147483647);
const Code = z.string().trim().min(1).max(20);
export const PeriodYear = z.coerce.number().int().min(2000).max(2099);
export const PeriodMonth = z.coerce.number().int().min(1).max(12);

/** A teacher's salary period at a campus. */
export const TeacherPeriod = z.object({
  schoolItemCode: Code,
  teacherCode: Code,
  year: PeriodYear,
  month: PeriodMonth,
});
export type TTeacherPeriod = z.input<typeof TeacherPeriod>;

/** The first confirmation of a teacher's period, or one filed later for lessons confirmed after it. */
export const CONFIRMATION_KINDS = ['original', 'supplementary'] as const;
export const ConfirmationKind = z.enum(CONFIRMATION_KINDS);
export type TConfirmationKind = z.infer<typeof ConfirmationKind>;

/** The live (waiting or passed) confirmation that covers a lesson. */
export const CoveringConfirmation = z.object({
  id: z.number().int(),
  approvalId: z.number().int(),
  /** 5 waiting, 10/15 part-way, 20 passed. */
  status: z.number().int(),
  kind: ConfirmationKind,
});
export type TCoveringConfirmation = z.infer<typeof CoveringConfirmation>;

/** Why a lesson of the period holds the confirmation back. */
export const CLASS_HOUR_PROBLEMS = ['unsigned', 'unconfirmed'] as const;
export const ClassHourLesson = z.object({
  lessonId: z.number().int(),
  lessonDate: z.string(),
  /** 'HH:mm-HH:mm' in campus time. */
  time: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  kind: z.string(),
  hours: z.number(),
  students: z.number().int(),
  /** Attendances the teacher is paid for (signed, not cancelled, `paid`). */
  paidAttendances: z.number().int(),
  confirmed: z.boolean(),
  problem: z.enum(CLASS_HOUR_PROBLEMS).nullable(),
  /** The live confirmation that covers the lesson (null: none yet; a new submission files it). */
  confirmation: CoveringConfirmation.nullable(),
});
export type TClassHourLesson = z.infer<typeof ClassHourLesson>;

/** A live confirmation of a teacher's period (waiting or passed). */
export const LiveConfirmation = CoveringConfirmation.extend({
  lessonCount: z.number().int(),
  hours: z.number(),
});

export const ClassHourCheck = z.object({
  startDate: z.string(),
  endDate: z.string(),
  teacherName: z.string(),
  /** What a submission files now: the confirmed lessons no live confirmation covers yet, and their hours. */
  lessonCount: z.number().int(),
  hours: z.number(),
  lessons: z.array(ClassHourLesson),
  /** The lessons that must be signed or confirmed first (their problem is set). */
  problems: z.number().int(),
  /** The latest live confirmation of the period, if any. */
  live: LiveConfirmation.nullable(),
  /** Every live confirmation of the period, the original first, then the supplementary ones. */
  confirmations: z.array(LiveConfirmation),
  /** What the next submission is: the original, or a supplementary one (a live confirmation exists). */
  kind: ConfirmationKind,
  canSubmit: z.boolean(),
});
export type TClassHourCheck = z.infer<typeof ClassHourCheck>;

export const ClassHourSubmit = TeacherPeriod.extend({
  remark: z.string().trim().max(500).default(''),
});

/** A confirmation request as its lists show it: the approval's columns and the period's figures. */
export const ClassHourRow = KindApprovalRow.extend({
  confirmationId: z.number().int(),
  /** The confirmation's own status: 5 waiting, 20 passed, 30 rejected, 50 withdrawn. */
  confirmationStatus: z.number().int(),
  /** original: the period's first live confirmation; supplementary: lessons confirmed after it. */
  confirmationKind: ConfirmationKind,
  teacherCode: z.string(),
  teacherName: z.string().nullable(),
  year: z.number().int(),
  month: z.number().int(),
  lessonCount: z.number().int(),
  hours: z.number(),
});
export type TClassHourRow = z.infer<typeof ClassHourRow>;
export const ClassHourDetail = ClassHourRow.extend(KindApprovalFlow.shape).extend({
  startDate: z.string(),
  endDate: z.string(),
  /** The lessons submitted (exactly the lessons this confirmation covers), as they are now. */
  lessons: z.array(ClassHourLesson),
  /** Every confirmation of the same teacher, campus and period (this one included), oldest first. */
  periodConfirmations: z.array(
    z.object({
      confirmationId: z.number().int(),
      approvalId: z.number().int(),
      kind: ConfirmationKind,
      status: z.number().int(),
      lessonCount: z.number().int(),
      hours: z.number(),
      lessonIds: z.array(z.number().int()),
    }),
  ),
});
export type TClassHourDetail = z.infer<typeof ClassHourDetail>;

export const ClassHourFilter = KindApprovalFilter.extend({
  year: PeriodYear.optional(),
  month: PeriodMonth.optional(),
  teacherCode: Code.optional(),
});
export const ClassHourPageQuery = PageQuery.extend(ClassHourFilter.shape);

/** A student's signed attendance of a confirmed lesson, as finance's data export lists it. */
export const ConfirmedLessonRow = z.object({
  attendanceId: z.number().int(),
  lessonId: z.number().int(),
  lessonDate: z.string(),
  /** 'HH:mm-HH:mm' in campus time. */
  time: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  teacherCode: z.string(),
  teacherName: z.string().nullable(),
  studentCode: z.string().nullable(),
  studentName: z.string().nullable(),
  courseCode: z.string(),
  courseName: z.string().nullable(),
  /** The attendance status (present, late, leave, absent, makeup). */
  status: z.string(),
  /** Whether the teacher is paid for this attendance. */
  paid: z.boolean(),
  /** The lesson's hours (what the teacher's pay counts). */
  hours: z.number(),
  confirmedAt: z.string().describe('ISO 8601 timestamp'),
  confirmedBy: z.string().nullable(),
  /** The status of the live class-hour confirmation covering the lesson (5 waiting, 20 passed), null: none. */
  confirmationStatus: z.number().int().nullable(),
  /** That confirmation's kind (original or supplementary), null: none. */
  confirmationKind: ConfirmationKind.nullable(),
});
export type TConfirmedLessonRow = z.infer<typeof ConfirmedLessonRow>;
export const ConfirmedLessonQuery = z.object({
  year: PeriodYear,
  month: PeriodMonth,
  schoolItemCode: z.string().trim().max(20).optional(),
  /** Teacher or student, name or code. */
  keyword: z.string().trim().max(50).optional(),
});

/** Finance and campus heads decide (list with mine=true); the campus's staff (teachers: their own) submit. */
const SUBMIT = priv('/financial/classConfirm', '/education/classConfirm');
const S = 'teachingPlan' as const;
/** Confirmed lessons are read by the confirmation screens and by finance's data export. */
const CONFIRMED = priv('/financial/classConfirm', '/education/classConfirm', '/financial/dataExport');

export const classHours = {
  check: get('/sign/check', {
    service: S,
    summary:
      'The pre-submission check of a teacher’s period at a campus: the lessons, which are unsigned or unconfirmed, the totals, and the live confirmation if any.',
    access: SUBMIT,
    query: TeacherPeriod,
    response: ClassHourCheck,
  }),
  submit: post('/sign/approval/submit', {
    service: S,
    summary:
      'Submits the confirmed lessons of a teacher’s period that no live confirmation covers yet for approval (classHourConfirm: centre leader → finance): the original confirmation of the period, or a supplementary one for lessons confirmed after it; refused while a lesson is unsigned or unconfirmed, 409 when every confirmed lesson is already covered.',
    access: SUBMIT,
    body: ClassHourSubmit,
    response: z.object({ id: z.number().int(), approvalId: z.number().int() }),
  }),
  list: get('/sign/approval/list', {
    service: S,
    summary:
      'Class-hour confirmations of the caller’s campuses with their approval state, filtered and paged.',
    access: SUBMIT,
    query: ClassHourPageQuery,
    response: page(ClassHourRow),
  }),
  detail: get('/sign/approval/detail/{id}', {
    service: S,
    summary: 'One confirmation (by its approval request id) with its flow, history and lessons.',
    access: SUBMIT,
    params: z.object({ id: Id }),
    response: ClassHourDetail,
  }),
  confirmedPage: get('/sign/confirmed/page', {
    service: S,
    summary:
      'The confirmed lessons of a salary period, one row per signed attendance: teacher, student, course, hours, confirmed at and by, and the period’s confirmation state; paged.',
    access: CONFIRMED,
    query: PageQuery.extend(ConfirmedLessonQuery.shape),
    response: page(ConfirmedLessonRow),
  }),
  confirmedExport: get('/sign/confirmed/export', {
    service: S,
    summary: 'The confirmed lessons of a salary period, the whole filtered list as a workbook (streamed).',
    access: CONFIRMED,
    kind: 'download',
    query: ConfirmedLessonQuery,
    response: FileResponse,
  }),
} satisfies Slice;
