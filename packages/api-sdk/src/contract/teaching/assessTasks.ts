// Group-class assessment tasks (spec §7 "groupclass assess tasks"; §3 "assess task") and a
// student's assessments read from the teaching side (§7 "assist2 entrance evaluation"). A task asks
// an assessor to assess every member of a group class on one scale by a day: it makes one pending
// assessment per member, and each is the same record as any other assessment (docs/teaching.md
// "Group-class assessment tasks").
import { z } from 'zod';
import { PageQuery, get, page, post, priv } from '../define.js';
import { AssessmentAnswer, AssessmentRow, AssessmentStatus } from './assessments.js';
import { Code, Day, Id, Version } from './fields.js';

/** Who creates tasks: the group classes' planners. */
const TASK_WRITERS = ['/education/teamCourse'];
/** Who reads and records: planners and assessment staff any task of their campuses, an assessor (plans.record) their own. */
const TASK_READERS = [
  '/education/teamCourse',
  '/education/adminAssessment',
  '/education/adminAssessmentNew',
  'plans.record',
];

export const AssessTaskMember = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  /** Still a member of the class (one who left keeps a recorded result). */
  inClass: z.boolean(),
  /** The member's assessment: a draft while pending, submitted when done. */
  assessmentId: z.number().int(),
  status: AssessmentStatus,
  score: z.number().nullable(),
  assessedOn: z.string().nullable(),
  answers: z.array(AssessmentAnswer),
  conclusion: z.string(),
  suggestion: z.string(),
  /** The assessment's version (recording checks it). */
  version: z.number().int(),
});
export type TAssessTaskMember = z.infer<typeof AssessTaskMember>;

/** A task's state: pending (a member still to assess), done (every member assessed), cancelled. */
export const ASSESS_TASK_STATES = ['pending', 'done', 'cancelled'] as const;
export const AssessTaskState = z.enum(ASSESS_TASK_STATES);
export type TAssessTaskState = z.infer<typeof AssessTaskState>;

export const AssessTaskRow = z.object({
  id: z.number().int(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  classId: z.number().int(),
  className: z.string(),
  scaleCode: z.string(),
  scaleName: z.string(),
  assessorCode: z.string(),
  assessorName: z.string(),
  dueDate: z.string(),
  remark: z.string(),
  memberCount: z.number().int(),
  doneCount: z.number().int(),
  state: AssessTaskState,
  /** Why a cancelled task was withdrawn ('' otherwise). */
  cancelReason: z.string(),
  cancelledAt: z.string().nullable(),
  /** The task's version (cancelling checks it). */
  version: z.number().int(),
  createdAt: z.string(),
});
export type TAssessTaskRow = z.infer<typeof AssessTaskRow>;
export const AssessTaskDetail = AssessTaskRow.extend({ members: z.array(AssessTaskMember) });
export type TAssessTaskDetail = z.infer<typeof AssessTaskDetail>;

export const AssessTaskInput = z.object({
  classId: Id,
  scaleCode: Code,
  /** The assessor: an employee (the class's teacher by default on the screen). */
  assessorCode: Code,
  dueDate: Day,
  remark: z.string().trim().max(200).default(''),
});
export type TAssessTaskInput = z.input<typeof AssessTaskInput>;

export const AssessTaskRecord = z.object({
  taskId: Id,
  studentId: Id,
  /** The version of the member's assessment as read. */
  version: Version,
  assessedOn: Day,
  answers: z.array(AssessmentAnswer).max(100),
  conclusion: z.string().trim().max(2000).default(''),
  suggestion: z.string().trim().max(2000).default(''),
  /** Recorded and submitted at once: the member is done. */
  submit: z.boolean().default(true),
});
export type TAssessTaskRecord = z.input<typeof AssessTaskRecord>;

export const AssessTaskCancel = z.object({
  id: Id,
  version: Version,
  reason: z.string().trim().min(1).max(200),
});
export type TAssessTaskCancel = z.input<typeof AssessTaskCancel>;

/** The list's filters (the screen's URL): campus, class, assessor, state and a due-day range. */
export const AssessTaskFilter = z.object({
  schoolItemCode: Code.optional(),
  classId: Id.optional(),
  assessorCode: Code.optional(),
  state: AssessTaskState.optional(),
  /** Due day from / to (inclusive). */
  from: Day.optional(),
  to: Day.optional(),
});

export const assessTaskEndpoints = {
  assessTaskList: get('/plan/groupclass/assessTask/list', {
    service: 'teachingPlan',
    summary:
      'Assessment tasks of the caller’s campuses (or one campus, class, assessor, state, due-day range): pending first, then done, then cancelled, nearest due first; an assessor without the planner or assessment screens sees their own. The total is exact up to the list limit, estimated beyond.',
    access: priv(...TASK_READERS),
    query: PageQuery.extend(AssessTaskFilter.shape),
    response: page(AssessTaskRow),
  }),
  assessTaskInfo: get('/plan/groupclass/assessTask/info', {
    service: 'teachingPlan',
    summary: 'An assessment task with each member’s assessment (pending or done).',
    access: priv(...TASK_READERS),
    query: z.object({ id: Id }),
    response: AssessTaskDetail,
  }),
  assessTaskSave: post('/plan/groupclass/assessTask/save', {
    service: 'teachingPlan',
    summary:
      'Creates an assessment task on an open group class: one pending assessment (a draft on the scale, assessor named) per member.',
    access: priv(...TASK_WRITERS),
    body: AssessTaskInput,
    response: AssessTaskDetail,
  }),
  assessTaskRecord: post('/plan/groupclass/assessTask/record', {
    service: 'teachingPlan',
    summary:
      'Records a member’s result on the task’s scale (the member’s assessment, version checked); submitting makes it final and the member done.',
    access: priv(...TASK_READERS),
    body: AssessTaskRecord,
    response: AssessTaskDetail,
  }),
  assessTaskCancel: post('/plan/groupclass/assessTask/cancel', {
    service: 'teachingPlan',
    summary:
      'Cancels a wrong task with a reason (version checked): its pending assessments are withdrawn, recorded results stay; a cancelled task is read-only.',
    access: priv(...TASK_WRITERS),
    body: AssessTaskCancel,
    response: AssessTaskDetail,
  }),
  studentAssessments: get('/entranceEvaluation/student', {
    service: 'assist2',
    summary:
      'Every assessment of a student, newest first: the entrance evaluations of the clue it came from, assessments on the teaching side and group-class task results (one record kind).',
    access: priv(
      '/education/adminAssessment',
      '/education/adminAssessmentNew',
      '/students/studentDetail',
      'plans.edit',
      'plans.record',
    ),
    query: z.object({ studentId: Id }),
    response: z.array(AssessmentRow),
  }),
};
