// The teaching plan (spec §7 "Teaching, plan and degree": course types, targets, strategies, lesson
// plans, intervene objects and charts; §3 dictionary assist_course_type). The spec shows no paths:
// ours are under /plan/* beside the assessments' /plan/manage/* (docs/decisions.md "Teaching plan").
// The library is master data kept on /setting/course; a student's individual plan (个训计划) picks
// targets from it and teachers record progress per lesson.
import { z } from 'zod';
import { PageQuery, ValidStatus, get, page, post, priv, signedIn } from '../define.js';
import { MdCode, MdName, MdSort, MdText, MdVersion } from '../masterData.js';
import { Day, Id, Version } from './fields.js';

/** The screen that keeps the library (its tabs beside the courses). */
export const PLAN_LIBRARY_SCREEN = '/setting/course';
/** Who changes a student's plan: adds targets, edits baseline and goal, changes a target's status. */
export const PLAN_EDIT = 'plans.edit';
/** Who records a lesson's progress on a plan's target (teachers and academic staff). */
export const PLAN_RECORD = 'plans.record';
const PLAN_READERS = ['/students/studentDetail', PLAN_EDIT, PLAN_RECORD];

/** A code of the dictionary assist_course_type (the course types of the teaching plan). */
const CourseType = z
  .string()
  .trim()
  .min(1, '请选择课程类型 / the course type is required')
  .max(20, '课程类型最多20个字符 / course type: at most 20 characters');
const Text = (max: number, zh: string, en: string) =>
  z.string().trim().max(max, `${zh}最多${max}个字 / ${en}: at most ${max} characters`).default('');

// ---- the library ----

export const INTERVENE_KINDS = ['behaviour', 'skill'] as const;
export const InterveneKind = z.enum(INTERVENE_KINDS);

/** An intervene object: a behaviour or skill a course type works on (e.g. 模仿, 主动语言, 粗大动作). */
export const PlanObjectRow = z.object({
  id: z.number().int(),
  courseTypeCode: z.string(),
  courseTypeName: z.string(),
  name: z.string(),
  kind: InterveneKind,
  description: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TPlanObjectRow = z.infer<typeof PlanObjectRow>;
export const PlanObjectInput = z.object({
  id: Id.optional(),
  courseTypeCode: CourseType,
  name: MdName,
  kind: InterveneKind.default('skill'),
  description: MdText(500),
  validstatus: ValidStatus.default(1),
  sort: MdSort,
  version: MdVersion,
});
export type TPlanObjectInput = z.input<typeof PlanObjectInput>;

/** A training target of a course type, with what counts as mastering it. */
export const PlanTargetRow = z.object({
  id: z.number().int(),
  courseTypeCode: z.string(),
  courseTypeName: z.string(),
  code: z.string(),
  name: z.string(),
  /** The area it belongs to (领域: 语言, 认知, 社交, 运动 …). */
  domain: z.string(),
  objectId: z.number().int().nullable(),
  objectName: z.string().nullable(),
  description: z.string().nullable(),
  /** The criterion of mastery (e.g. 连续3节课正确率≥80%). */
  mastery: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TPlanTargetRow = z.infer<typeof PlanTargetRow>;
export const PlanTargetInput = z.object({
  id: Id.optional(),
  courseTypeCode: CourseType,
  code: MdCode,
  name: MdName,
  domain: Text(50, '领域', 'domain'),
  objectId: Id.nullish().transform((v) => v ?? null),
  description: MdText(1000),
  mastery: MdText(200),
  validstatus: ValidStatus.default(1),
  sort: MdSort,
  version: MdVersion,
});
export type TPlanTargetInput = z.input<typeof PlanTargetInput>;

/** A strategy (教学策略) of a target: how it is taught, step by step, with which materials. */
export const PlanStrategyRow = z.object({
  id: z.number().int(),
  targetId: z.number().int(),
  targetName: z.string(),
  courseTypeCode: z.string(),
  name: z.string(),
  steps: z.string().nullable(),
  materials: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TPlanStrategyRow = z.infer<typeof PlanStrategyRow>;
export const PlanStrategyInput = z.object({
  id: Id.optional(),
  targetId: z.coerce.number().int().min(1, '请选择训练目标 / the target is required'),
  name: MdName,
  steps: MdText(2000),
  materials: MdText(500),
  validstatus: ValidStatus.default(1),
  sort: MdSort,
  version: MdVersion,
});
export type TPlanStrategyInput = z.input<typeof PlanStrategyInput>;

/** One step of a lesson plan: a target and, optionally, the strategy used for it. */
export const LessonPlanItem = z.object({
  targetId: z.coerce.number().int().min(1),
  strategyId: z.coerce
    .number()
    .int()
    .min(1)
    .nullish()
    .transform((v) => v ?? null),
});
export type TLessonPlanItem = z.infer<typeof LessonPlanItem>;

/** A lesson plan (课案): a template of one lesson of a course type, its targets in order. */
export const LessonPlanRow = z.object({
  id: z.number().int(),
  courseTypeCode: z.string(),
  courseTypeName: z.string(),
  name: z.string(),
  minutes: z.number().int(),
  items: z.array(LessonPlanItem),
  /** The items' target names, in order (a list cell). */
  itemNames: z.array(z.string()),
  remark: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TLessonPlanRow = z.infer<typeof LessonPlanRow>;
export const LessonPlanInput = z.object({
  id: Id.optional(),
  courseTypeCode: CourseType,
  name: MdName,
  minutes: z.coerce
    .number()
    .int('时长应为整数分钟 / whole minutes')
    .min(5, '时长至少5分钟 / at least 5 minutes')
    .max(240, '时长最多240分钟 / at most 240 minutes')
    .default(45),
  items: z
    .array(LessonPlanItem)
    .min(1, '请至少选择一个训练目标 / choose at least one target')
    .max(20, '最多20个步骤 / at most 20 steps'),
  remark: MdText(500),
  validstatus: ValidStatus.default(1),
  sort: MdSort,
  version: MdVersion,
});
export type TLessonPlanInput = z.input<typeof LessonPlanInput>;

const LibraryFilter = z.object({
  courseTypeCode: z.string().trim().max(20).optional(),
  name: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
const StatusBody = z.object({ id: Id, validstatus: ValidStatus });

// ---- the student's individual plan ----

export const PLAN_TARGET_STATUSES = ['active', 'achieved', 'paused', 'stopped'] as const;
export const PlanTargetStatus = z.enum(PLAN_TARGET_STATUSES);
export type TPlanTargetStatus = z.infer<typeof PlanTargetStatus>;
/** What a status change does: achieve (达成), pause (暂停), resume (恢复), stop (终止). */
export const PLAN_TARGET_ACTIONS = ['achieve', 'pause', 'resume', 'stop'] as const;
export const PlanTargetAction = z.enum(PLAN_TARGET_ACTIONS);
export type TPlanTargetAction = z.infer<typeof PlanTargetAction>;

/** A target on a student's plan, with its latest progress. */
export const StudentPlanTargetRow = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  schoolItemCode: z.string(),
  courseTypeCode: z.string(),
  courseTypeName: z.string(),
  targetId: z.number().int(),
  targetCode: z.string(),
  targetName: z.string(),
  domain: z.string(),
  mastery: z.string().nullable(),
  strategyIds: z.array(z.number().int()),
  strategyNames: z.array(z.string()),
  /** Where the child starts (基线), e.g. 需全辅助, 正确率20%. */
  baseline: z.string(),
  /** The goal's criterion (目标标准). */
  goal: z.string(),
  startOn: z.string(),
  expectedEndOn: z.string().nullable(),
  status: PlanTargetStatus,
  /** The day of the last status change (achieved, paused, stopped or resumed). */
  statusOn: z.string().nullable(),
  latestScore: z.number().int().nullable(),
  latestOn: z.string().nullable(),
  progressCount: z.number().int(),
  version: z.number().int(),
});
export type TStudentPlanTargetRow = z.infer<typeof StudentPlanTargetRow>;

export const StudentPlanTargetInput = z.object({
  /** With id and version: changes the target's strategies, baseline, goal and dates. */
  id: Id.optional(),
  version: Version.optional(),
  studentId: Id,
  targetId: z.coerce.number().int().min(1, '请选择训练目标 / the target is required'),
  strategyIds: z
    .array(z.coerce.number().int().min(1))
    .max(10, '最多10个策略 / at most 10 strategies')
    .default([]),
  baseline: z
    .string()
    .trim()
    .min(1, '请填写基线 / the baseline is required')
    .max(200, '基线最多200个字 / baseline: at most 200 characters'),
  goal: z
    .string()
    .trim()
    .min(1, '请填写目标标准 / the goal is required')
    .max(200, '目标标准最多200个字 / goal: at most 200 characters'),
  startOn: Day,
  expectedEndOn: Day.nullish().transform((v) => v ?? null),
});
export type TStudentPlanTargetInput = z.input<typeof StudentPlanTargetInput>;

export const StudentPlanStatusInput = z.object({
  id: Id,
  version: Version,
  action: PlanTargetAction,
  on: Day,
});

export const PlanProgressInput = z.object({
  planTargetId: Id,
  /** The target's version read (a record moves it on). */
  version: Version,
  on: Day,
  lessonId: Id.nullish().transform((v) => v ?? null),
  score: z.coerce
    .number({ message: '请填写得分 / the score is required' })
    .int('得分应为整数 / a whole score')
    .min(0, '得分在0到100之间 / a score from 0 to 100')
    .max(100, '得分在0到100之间 / a score from 0 to 100'),
  note: Text(500, '备注', 'note'),
});
export type TPlanProgressInput = z.input<typeof PlanProgressInput>;

export const PlanProgressRow = z.object({
  id: z.number().int(),
  planTargetId: z.number().int(),
  on: z.string(),
  lessonId: z.number().int().nullable(),
  score: z.number().int(),
  note: z.string(),
  recordedByName: z.string(),
  createdAt: z.string(),
});
export type TPlanProgressRow = z.infer<typeof PlanProgressRow>;

const libraryRead = signedIn;
const libraryWrite = priv(PLAN_LIBRARY_SCREEN);

export const planEndpoints = {
  planObjectList: get('/plan/object/list', {
    service: 'teachingPlan',
    summary: 'Intervene objects of the library (per course type), filtered and paged.',
    access: libraryRead,
    query: PageQuery.extend(LibraryFilter.shape),
    response: page(PlanObjectRow),
  }),
  planObjectSave: post('/plan/object/save', {
    service: 'teachingPlan',
    summary:
      'Creates an intervene object, or changes one (version checked); name unique within its course type.',
    access: libraryWrite,
    body: PlanObjectInput,
    response: PlanObjectRow,
  }),
  planObjectStatus: post('/plan/object/status', {
    service: 'teachingPlan',
    summary: 'Enables or disables an intervene object.',
    access: libraryWrite,
    body: StatusBody,
    response: PlanObjectRow,
  }),
  planTargetList: get('/plan/target/list', {
    service: 'teachingPlan',
    summary: 'Training targets of the library, filtered (course type, name, status) and paged.',
    access: libraryRead,
    query: PageQuery.extend(LibraryFilter.shape),
    response: page(PlanTargetRow),
  }),
  planTargetSave: post('/plan/target/save', {
    service: 'teachingPlan',
    summary:
      'Creates a training target, or changes one (version checked); code unique within its course type; the intervene object must be of the same course type.',
    access: libraryWrite,
    body: PlanTargetInput,
    response: PlanTargetRow,
  }),
  planTargetStatus: post('/plan/target/status', {
    service: 'teachingPlan',
    summary: 'Enables or disables a training target (refused while a student plan works on it).',
    access: libraryWrite,
    body: StatusBody,
    response: PlanTargetRow,
  }),
  planStrategyList: get('/plan/strategy/list', {
    service: 'teachingPlan',
    summary: 'Strategies of the library, of one target or one course type, filtered and paged.',
    access: libraryRead,
    query: PageQuery.extend(LibraryFilter.shape).extend({ targetId: Id.optional() }),
    response: page(PlanStrategyRow),
  }),
  planStrategySave: post('/plan/strategy/save', {
    service: 'teachingPlan',
    summary:
      'Creates a strategy of a valid target, or changes one (version checked); name unique within the target.',
    access: libraryWrite,
    body: PlanStrategyInput,
    response: PlanStrategyRow,
  }),
  planStrategyStatus: post('/plan/strategy/status', {
    service: 'teachingPlan',
    summary: 'Enables or disables a strategy.',
    access: libraryWrite,
    body: StatusBody,
    response: PlanStrategyRow,
  }),
  lessonPlanList: get('/plan/lessonPlan/list', {
    service: 'teachingPlan',
    summary: 'Lesson plans (templates of a lesson: targets and strategies in order), filtered and paged.',
    access: libraryRead,
    query: PageQuery.extend(LibraryFilter.shape),
    response: page(LessonPlanRow),
  }),
  lessonPlanSave: post('/plan/lessonPlan/save', {
    service: 'teachingPlan',
    summary:
      'Creates a lesson plan, or changes one (version checked); every step is a target of the same course type and its strategy one of that target.',
    access: libraryWrite,
    body: LessonPlanInput,
    response: LessonPlanRow,
  }),
  lessonPlanStatus: post('/plan/lessonPlan/status', {
    service: 'teachingPlan',
    summary: 'Enables or disables a lesson plan.',
    access: libraryWrite,
    body: StatusBody,
    response: LessonPlanRow,
  }),
  studentPlan: get('/plan/student/targets', {
    service: 'teachingPlan',
    summary: "A student's individual plan: its targets by course type, each with its latest progress.",
    access: priv(...PLAN_READERS),
    query: z.object({ studentId: Id }),
    response: z.array(StudentPlanTargetRow),
  }),
  studentPlanTargetSave: post('/plan/student/target/save', {
    service: 'teachingPlan',
    summary:
      "Adds a library target to a student's plan (not twice while it is worked on), or changes its strategies, baseline, goal and dates (version checked).",
    access: priv(PLAN_EDIT),
    body: StudentPlanTargetInput,
    response: StudentPlanTargetRow,
  }),
  studentPlanTargetStatus: post('/plan/student/target/status', {
    service: 'teachingPlan',
    summary: 'Achieves, pauses, resumes or stops a target of a plan on a day (version checked).',
    access: priv(PLAN_EDIT),
    body: StudentPlanStatusInput,
    response: StudentPlanTargetRow,
  }),
  studentPlanProgressSave: post('/plan/student/progress/save', {
    service: 'teachingPlan',
    summary:
      "Records a lesson's progress (score or pass rate 0–100) on a target being worked on (version checked).",
    access: priv(PLAN_RECORD, PLAN_EDIT),
    body: PlanProgressInput,
    response: StudentPlanTargetRow,
  }),
  studentPlanProgress: get('/plan/student/progress/list', {
    service: 'teachingPlan',
    summary: "A plan target's progress records, oldest first (the chart of its progress).",
    access: priv(...PLAN_READERS),
    query: z.object({ planTargetId: Id }),
    response: z.array(PlanProgressRow),
  }),
};
