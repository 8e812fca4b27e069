// Absence, leave and make-up (issue 14): a student's temporary absence (休学, a suspension over a
// period), leave from lessons, and make-up lessons for a missed one. Each is a kind on the one
// approval engine (temporaryAbsence, leave, makeup); decisions go through /approval/pass|reject.
import { z } from 'zod';
import { KindApprovalFilter, KindApprovalFlow, KindApprovalRow } from './approvals.js';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Id = z.coerce.number().int().positive().max(2147483647);
/** A calendar day 'YYYY-MM-DD'. */
const Day = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) &&
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      v >= '2000-01-01' &&
      v <= '2099-12-31',
    '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD',
  );
/** A time span of a day 'HH:mm-HH:mm'. */
const TimeSpan = z
  .string()
  .trim()
  .regex(
    /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/,
    '时间段格式应为 HH:mm-HH:mm / a time span as HH:mm-HH:mm',
  )
  .refine((v) => v.slice(0, 5) < v.slice(6), '时间段的结束须晚于开始 / the span must end after it starts');
const Reason = z
  .string()
  .trim()
  .min(1, '请填写原因 / the reason is required')
  .max(500, '原因最多500字 / the reason is at most 500 characters');

export const ABSENCE_TYPES = ['temporaryAbsence', 'leave', 'makeup'] as const;
export const AbsenceType = z.enum(ABSENCE_TYPES);
/** 10 awaiting approval, 20 approved, 30 rejected, 40 revoked, 50 withdrawn. */
export const ABSENCE_STATUSES = [10, 20, 30, 40, 50] as const;

const Period = { fromDate: Day, toDate: Day };
const periodOrdered = <T extends { fromDate: string; toDate: string }>(v: T) => v.fromDate <= v.toDate;
const PERIOD_MESSAGE = {
  message: '结束日期不能早于开始日期 / the end date cannot be before the start date',
  path: ['toDate'],
};

export const TemporaryAbsenceInput = z
  .object({ studentId: Id, ...Period, reason: Reason })
  .refine(periodOrdered, PERIOD_MESSAGE);
export type TTemporaryAbsenceInput = z.input<typeof TemporaryAbsenceInput>;

export const LeaveInput = z
  .object({
    studentId: Id,
    ...Period,
    /** The courses the leave is from; empty: every course of the student. */
    courseCodes: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
    reason: Reason,
  })
  .refine(periodOrdered, PERIOD_MESSAGE);
export type TLeaveInput = z.input<typeof LeaveInput>;

export const MakeupInput = z.object({
  /** The missed lesson: its consumption movement on the student ledger (getRemedialList). */
  missedId: Id,
  makeupDate: Day,
  timeSpan: TimeSpan,
  teacherId: Id.optional(),
  reason: Reason,
});
export type TMakeupInput = z.input<typeof MakeupInput>;
export const MakeupEdit = z.object({
  id: Id,
  makeupDate: Day,
  timeSpan: TimeSpan,
  teacherId: Id.optional(),
  reason: Reason,
  version: z.number().int().positive().optional(),
});

/** An absence, leave or make-up request as every list shows it: the approval's columns and its own. */
export const AbsenceRow = KindApprovalRow.extend({
  absenceId: z.number().int(),
  type: AbsenceType,
  /** The request's own status (see ABSENCE_STATUSES). */
  absenceStatus: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  courseCodes: z.array(z.string()),
  courseNames: z.array(z.string()),
  /** Make-up: the missed lesson's hours, its day, the make-up's time span and teacher. */
  hours: z.number().nullable(),
  missedId: z.number().int().nullable(),
  missedDate: z.string().nullable(),
  timeSpan: z.string().nullable(),
  teacherId: z.number().int().nullable(),
  teacherName: z.string().nullable(),
  createdAt: Ts,
});
export type TAbsenceRow = z.infer<typeof AbsenceRow>;
export const AbsenceDetail = AbsenceRow.extend(KindApprovalFlow.shape);
export type TAbsenceDetail = z.infer<typeof AbsenceDetail>;

export const AbsenceFilter = KindApprovalFilter.extend({
  studentId: Id.optional(),
  /** Only the caller's own requests. */
  requestedByMe: KindApprovalFilter.shape.mine,
  requestedBy: Id.optional(),
  fromDate: Day.optional(),
  toDate: Day.optional(),
});
export const AbsencePageQuery = PageQuery.extend(AbsenceFilter.shape);

export const AbsenceCreated = z.object({ id: z.number().int(), approvalId: z.number().int() });
const Revoked = z.object({ id: z.number().int(), status: z.number().int() });
const RevokeBody = z.object({ comment: z.string().trim().max(500).default('') });

/** A course the student has hours of (leave picks from them). */
export const StudentCourse = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  remaining: z.number(),
});
/** A missed lesson that can be made up: a consumption on the ledger not yet made up. */
export const MissedLesson = z.object({
  id: z.number().int(),
  orderItemId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  hours: z.number(),
  date: z.string(),
  note: z.string(),
});
export const SuspendedStudent = z.object({
  absenceId: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  reason: z.string(),
});

const TA_APPLY = priv('/students/studentDetail', '/financial/restApproval');
const TA_READ = priv('/students/studentDetail', '/financial/restApproval');
const LEAVE_APPLY = priv('/students/askLeave');
const LEAVE_READ = priv('/students/askLeave', '/financial/approvalAskLeave', '/financial/emergency');
const LEAVE_APPROVAL = priv('/financial/approvalAskLeave', '/financial/emergency');
const MAKEUP_APPLY = priv('/students/askRepair');
const MAKEUP_READ = priv('/students/askRepair', '/financial/approvalAskRepair', '/financial/emergency');
const MAKEUP_APPROVAL = priv('/financial/approvalAskRepair', '/financial/emergency');

const S = 'schedule' as const;

export const absences = {
  // ---- temporary absence (休学) ----
  temporaryAbsenceLast: get('/temporaryAbsence/lastApproval', {
    service: S,
    summary: 'The student’s latest temporary absence (any status), or null: the form shows it before filing.',
    access: TA_READ,
    query: z.object({ studentId: Id }),
    response: AbsenceRow.nullable(),
  }),
  temporaryAbsenceSave: post('/temporaryAbsence/save', {
    service: S,
    summary:
      'Request a temporary absence (suspension) of a student over a period: a temporaryAbsence approval is filed.',
    access: TA_APPLY,
    body: TemporaryAbsenceInput,
    response: AbsenceCreated,
  }),
  temporaryAbsencePage: get('/temporaryAbsence/page', {
    service: S,
    summary: 'Temporary absences of the caller’s campuses with their approval state, filtered and paged.',
    access: TA_READ,
    query: AbsencePageQuery,
    response: page(AbsenceRow),
  }),
  temporaryAbsenceInfo: get('/temporaryAbsence/info/{id}', {
    service: S,
    summary: 'One temporary absence with its approval flow and history.',
    access: TA_READ,
    params: z.object({ id: Id }),
    response: AbsenceDetail,
  }),
  temporaryAbsenceExport: get('/temporaryAbsence/export', {
    service: S,
    summary: 'Every temporary absence of the filter as a workbook.',
    access: TA_READ,
    kind: 'download',
    query: AbsenceFilter,
    response: FileResponse,
  }),
  suspensionWork: get('/clue/clue/invalid/center/worker/temporaryAbsence/suspensionWork', {
    service: 'clue',
    summary:
      'Students of the caller’s campuses on an approved temporary absence on the given day (default today): the centre staff’s list of who is suspended.',
    access: priv('/workSurface/index', '/financial/restApproval'),
    query: z.object({ date: Day.optional() }),
    response: z.array(SuspendedStudent),
  }),

  // ---- leave (请假) ----
  leaveApplyPage: get('/askForLeave/applyPage', {
    service: S,
    summary: 'Leave requests of the caller’s campuses (requestedByMe: only the caller’s own), paged.',
    access: LEAVE_READ,
    query: AbsencePageQuery,
    response: page(AbsenceRow),
  }),
  leavePage: get('/askForLeave/page', {
    service: S,
    summary: 'Leave approvals of the caller’s campuses (mine: what the caller may decide now), paged.',
    access: LEAVE_APPROVAL,
    query: AbsencePageQuery,
    response: page(AbsenceRow),
  }),
  leaveRevoke: post('/askForLeave/revoke/{id}', {
    service: S,
    summary:
      'Withdraw a leave request awaiting its first decision (its requester), or revoke an approved one (an approver of its last step).',
    access: LEAVE_READ,
    params: z.object({ id: Id }),
    body: RevokeBody,
    response: Revoked,
  }),
  leaveDetail: get('/askForLeave/detail/{id}', {
    service: S,
    summary: 'One leave request (by its id) with its approval flow and history.',
    access: LEAVE_READ,
    params: z.object({ id: Id }),
    response: AbsenceDetail,
  }),
  leaveApprovalDetail: get('/askForLeave/approvalDetail/{id}', {
    service: S,
    summary: 'One leave approval (by the approval request’s id) with its flow and history.',
    access: LEAVE_READ,
    params: z.object({ id: Id }),
    response: AbsenceDetail,
  }),
  leaveCourses: get('/askForLeave/getCourses', {
    service: S,
    summary: 'The courses the student has hours left of (from the ledger): what a leave may name.',
    access: LEAVE_READ,
    query: z.object({ studentId: Id }),
    response: z.array(StudentCourse),
  }),
  leaveAdd: post('/askForLeave/add', {
    service: S,
    summary:
      'Request leave of a student over a period (for some or every course): a leave approval is filed.',
    access: LEAVE_APPLY,
    body: LeaveInput,
    response: AbsenceCreated,
  }),
  leaveCreateUsers: get('/askForLeave/getCreateUser', {
    service: S,
    summary: 'The people who filed leave requests in the caller’s campuses (the list’s requester filter).',
    access: LEAVE_READ,
    response: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  leaveWaitApproval: get('/askForLeave/waitApprovalList', {
    service: S,
    summary: 'Leave requests the caller may decide now, oldest first.',
    access: LEAVE_APPROVAL,
    query: PageQuery,
    response: page(AbsenceRow),
  }),

  // ---- make-up (补课) ----
  makeupApplyPage: get('/remedialTeaching/applyPage', {
    service: S,
    summary: 'Make-up requests of the caller’s campuses (requestedByMe: only the caller’s own), paged.',
    access: MAKEUP_READ,
    query: AbsencePageQuery,
    response: page(AbsenceRow),
  }),
  makeupAdd: post('/remedialTeaching/add', {
    service: S,
    summary:
      'Request a make-up lesson for a missed (consumed) lesson: a makeup approval is filed; on approval its hours come back.',
    access: MAKEUP_APPLY,
    body: MakeupInput,
    response: AbsenceCreated,
  }),
  makeupMissed: get('/remedialTeaching/getRemedialList', {
    service: S,
    summary:
      'The student’s missed lessons that can be made up (consumed, not reversed, no open or approved make-up).',
    access: MAKEUP_READ,
    query: z.object({ studentId: Id }),
    response: z.array(MissedLesson),
  }),
  makeupHours: get('/remedialTeaching/getRemedialCorHour/{id}', {
    service: S,
    summary: 'The hours of one missed lesson (by its ledger id) and what is left of its course.',
    access: MAKEUP_READ,
    params: z.object({ id: Id }),
    response: MissedLesson.extend({ remaining: z.number() }),
  }),
  makeupRevoke: post('/remedialTeaching/revoke/{id}', {
    service: S,
    summary:
      'Withdraw a make-up request awaiting its first decision (its requester), or revoke an approved one (an approver of its last step; the hours given back are taken again).',
    access: MAKEUP_READ,
    params: z.object({ id: Id }),
    body: RevokeBody,
    response: Revoked,
  }),
  makeupApplyDetail: get('/remedialTeaching/applyDetail/{id}', {
    service: S,
    summary: 'One make-up request (by its id) with its approval flow and history.',
    access: MAKEUP_READ,
    params: z.object({ id: Id }),
    response: AbsenceDetail,
  }),
  makeupApprovalPage: get('/remedialTeaching/approvalPage', {
    service: S,
    summary: 'Make-up approvals of the caller’s campuses (mine: what the caller may decide now), paged.',
    access: MAKEUP_APPROVAL,
    query: AbsencePageQuery,
    response: page(AbsenceRow),
  }),
  makeupApprovalDetail: get('/remedialTeaching/approvalDetail/{id}', {
    service: S,
    summary: 'One make-up approval (by the approval request’s id) with its flow and history.',
    access: MAKEUP_READ,
    params: z.object({ id: Id }),
    response: AbsenceDetail,
  }),
  makeupEdit: post('/remedialTeaching/edit', {
    service: S,
    summary:
      'Change the day, time span, teacher or reason of a make-up request nobody decided yet (its requester).',
    access: MAKEUP_APPLY,
    body: MakeupEdit,
    response: AbsenceCreated,
  }),
  makeupWaitApproval: get('/remedialTeaching/waitApprovalList', {
    service: S,
    summary: 'Make-up requests the caller may decide now, oldest first.',
    access: MAKEUP_APPROVAL,
    query: PageQuery,
    response: page(AbsenceRow),
  }),
  makeupTimeSpans: get('/remedialTeaching/getRemedialTimeSpan', {
    service: S,
    summary: 'The time spans a make-up lesson may take on a campus.',
    access: MAKEUP_READ,
    query: z.object({ schoolItemCode: z.string().trim().min(1).max(20) }),
    response: z.array(z.object({ timeSpan: z.string(), label: z.string() })),
  }),
} satisfies Slice;
