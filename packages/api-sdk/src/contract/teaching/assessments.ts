// Assessments of students on a scale (spec §2 /education/adminAssessment, adminAssessmentNew; §7
// "manage (assessment)", which names no path: ours are under /plan/manage/*, docs/decisions.md
// "Teaching"). An assessment is the same record as a clue's entrance assessment, scored on the
// same assessment scales (docs/teaching.md "Assessments").
import { z } from 'zod';
import { FileResponse, PageQuery, get, page, post, priv } from '../define.js';
import { Code, Day, Id, Version } from './fields.js';

export const ASSESSMENT_STATUSES = ['draft', 'submitted'] as const;
export const AssessmentStatus = z.enum(ASSESSMENT_STATUSES);
export type TAssessmentStatus = z.infer<typeof AssessmentStatus>;
/** Where the record came from: a student's assessment here, or a clue's entrance assessment. */
export const AssessmentOrigin = z.enum(['student', 'entrance']);

const LIST = ['/education/adminAssessment', '/education/adminAssessmentNew'];
const WRITE = ['/education/adminAssessmentNew'];

export const AssessmentAnswer = z.object({
  name: z.string().trim().min(1).max(50),
  score: z.coerce
    .number()
    .int('得分应为整数 / a whole score')
    .min(0, '得分不能为负 / a score is not negative'),
});
export type TAssessmentAnswer = z.infer<typeof AssessmentAnswer>;

export const AssessmentRow = z.object({
  id: z.number().int(),
  origin: AssessmentOrigin,
  studentId: z.number().int().nullable(),
  studentCode: z.string().nullable(),
  /** The student's name, or the clue's child before enrolment. */
  studentName: z.string(),
  clueId: z.number().int().nullable(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  /** The scale's code (an entrance assessment's type when it was recorded without a scale). */
  scaleCode: z.string(),
  scaleName: z.string(),
  assessorName: z.string(),
  assessedOn: z.string(),
  status: AssessmentStatus,
  score: z.number().nullable(),
  version: z.number().int(),
});
export type TAssessmentRow = z.infer<typeof AssessmentRow>;

export const AssessmentDetail = AssessmentRow.extend({
  answers: z.array(AssessmentAnswer),
  conclusion: z.string(),
  suggestion: z.string(),
});
export type TAssessmentDetail = z.infer<typeof AssessmentDetail>;

export const AssessmentFilter = z.object({
  schoolItemCode: Code.optional(),
  /** Student (or child) name or student code, partial. */
  name: z.string().trim().max(50).optional(),
  scaleCode: Code.optional(),
  status: AssessmentStatus.optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type TAssessmentFilter = z.infer<typeof AssessmentFilter>;

export const AssessmentInput = z.object({
  /** With id and version: changes a draft; without: a new assessment. */
  id: Id.optional(),
  version: Version.optional(),
  studentId: Id,
  scaleCode: Code,
  assessedOn: Day,
  answers: z.array(AssessmentAnswer).max(100),
  conclusion: z.string().trim().max(2000).default(''),
  suggestion: z.string().trim().max(2000).default(''),
  /** Saved and submitted at once (no longer editable). */
  submit: z.boolean().default(false),
});
export type TAssessmentInput = z.input<typeof AssessmentInput>;

export const assessmentEndpoints = {
  assessmentList: get('/plan/manage/list', {
    service: 'teachingPlan',
    summary:
      'Assessments in scope (students’ and clues’ entrance assessments), newest first, filtered and paged.',
    access: priv(...LIST),
    query: PageQuery.extend(AssessmentFilter.shape),
    response: page(AssessmentRow),
  }),
  assessmentExport: get('/plan/manage/export', {
    service: 'teachingPlan',
    summary: 'The whole filtered list of assessments as xlsx.',
    kind: 'download',
    access: priv(...LIST),
    query: AssessmentFilter,
    response: FileResponse,
  }),
  assessmentInfo: get('/plan/manage/info', {
    service: 'teachingPlan',
    summary: 'An assessment with its answers per scale item.',
    access: priv(...LIST),
    query: z.object({ id: Id }),
    response: AssessmentDetail,
  }),
  assessmentSave: post('/plan/manage/save', {
    service: 'teachingPlan',
    summary:
      'Records an assessment of a student on a valid scale (every item answered, total computed), or changes a draft (version checked); submit makes it final.',
    access: priv(...WRITE),
    body: AssessmentInput,
    response: AssessmentDetail,
  }),
  assessmentSubmit: post('/plan/manage/submit', {
    service: 'teachingPlan',
    summary: 'Submits a draft assessment (version checked): it is no longer editable.',
    access: priv(...WRITE),
    body: z.object({ id: Id, version: Version }),
    response: AssessmentDetail,
  }),
};
