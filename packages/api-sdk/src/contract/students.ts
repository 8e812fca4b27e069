// Students (case files), their follow records and the lifetime view of one student's money and hours
// (spec §7 "Students and orders", issue 13). Students are campus-scoped like clues.
import { z } from 'zod';
import { BirthDate, Mobile, optionalPhone, quantity } from './fields.js';
import { FileResponse, Ok, PageQuery, QueryBool, get, page, post, priv, type Slice } from './define.js';
import { PLAN_EDIT, PLAN_RECORD } from './teaching/plans.js';

/** Screens of spec §2 that read case files. */
export const STUDENT_SCREENS = {
  create: '/students/createStudent',
  edit: '/students/editStudent',
  detail: '/students/studentDetail',
  list: '/students/list',
  managers: '/students/studentManagersOperate',
  followUp: '/students/followUp',
  renewal: '/students/renewal',
  caselife: '/students/caselife',
  financialCaselife: '/financial/caselife',
} as const;

/** Action privileges of the students slice (not screens). */
export const STUDENT_ACTIONS = { delete: 'students.delete', import: 'students.import' } as const;

const S = STUDENT_SCREENS;
/** Teachers and academic staff: the case file and its rehabilitation facts, read-only (docs/decisions.md). */
const PLAN_HOLDERS = [PLAN_EDIT, PLAN_RECORD];
/** Any screen that shows case files. */
const read = priv(S.list, S.detail, S.edit, S.create, S.managers, S.followUp, S.renewal, S.caselife);
/** The student picker also serves the order screens (add order, instalments, payments). */
const pick = priv(
  S.list,
  S.detail,
  S.create,
  S.followUp,
  S.renewal,
  S.caselife,
  S.financialCaselife,
  '/students/order',
  '/students/payInstallment',
  '/students/createPay',
  // Who records a student's assessment picks the student.
  '/education/adminAssessmentNew',
);
const follow = priv(S.followUp, S.detail, S.list);
const lifetime = priv(S.caselife, S.financialCaselife, S.detail);

/** 10 reading 在读, 20 suspended 休学, 30 finished 结课, 90 deleted. */
export const StudentStatus = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(90)]));
export type TStudentStatus = z.infer<typeof StudentStatus>;
/** The states a user may set (deletion goes through /student/delstudent). */
export const EditableStudentStatus = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(10), z.literal(20), z.literal(30)]));

const Gender = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));
const Ts = z.string().describe('ISO 8601 timestamp');
const Id = z.coerce.number().int().positive();
const Txt = (max: number) => z.string().trim().max(max);
const OptionalDate = z
  .union([BirthDate, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** The case file a user fills in (create and edit). */
export const StudentInput = z.object({
  name: z.string().trim().min(1, '请填写学员姓名 / the student name is required').max(50),
  gender: Gender.default(0),
  birthDate: OptionalDate,
  parentName: z.string().trim().min(1, '请填写家长姓名 / the parent name is required').max(50),
  relation: Txt(20).default(''),
  phone: Mobile,
  phone2: optionalPhone(),
  address: Txt(200).default(''),
  schoolItemCode: z.string().trim().min(1, '请选择校区 / the campus is required').max(20),
  insurance: z.boolean().default(false),
  adviserId: z.coerce.number().int().positive().nullable().optional(),
  schoolName: Txt(100).default(''),
  grade: Txt(20).default(''),
  diagnosis: Txt(200).default(''),
  diagnosisHospital: Txt(100).default(''),
  diagnosisDate: OptionalDate,
  disabilityCertificate: Txt(50).default(''),
  assessmentSummary: Txt(2000).default(''),
  rehabHistory: Txt(2000).default(''),
  allergies: Txt(500).default(''),
  serviceEndDate: OptionalDate,
  remark: Txt(500).default(''),
});
export type TStudentInput = z.input<typeof StudentInput>;

/** saveOrEdit: without id it creates; with id it updates the version read. */
export const StudentSave = StudentInput.extend({
  id: Id.optional(),
  version: z.coerce.number().int().min(1).optional(),
  status: EditableStudentStatus.optional(),
});

export const StudentRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  gender: z.number().int(),
  birthDate: z.string().nullable(),
  ageMonths: z.number().int().nullable(),
  parentName: z.string(),
  phone: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  adviserId: z.number().int().nullable(),
  adviserName: z.string().nullable(),
  /** The adviser's username: what the import template's 学管账号 takes (the export writes it). */
  adviserUsername: z.string().nullable(),
  /** The parent's relation to the child, and the remark: columns of the import template, exported. */
  relation: z.string(),
  remark: z.string(),
  status: z.number().int(),
  insurance: z.boolean(),
  diagnosis: z.string(),
  serviceEndDate: z.string().nullable(),
  /** Hours left on the student ledger (every course and order); null before any purchase. */
  remainingHours: z.number().nullable(),
  lastFollowAt: Ts.nullable(),
  followCount: z.number().int(),
  sourceClueId: z.number().int().nullable(),
  createdAt: Ts,
  version: z.number().int(),
});
export type TStudentRow = z.infer<typeof StudentRow>;

export const StudentDetail = StudentRow.extend({
  relation: z.string(),
  phone2: z.string().nullable(),
  address: z.string(),
  schoolName: z.string(),
  grade: z.string(),
  diagnosisHospital: z.string(),
  diagnosisDate: z.string().nullable(),
  disabilityCertificate: z.string(),
  assessmentSummary: z.string(),
  rehabHistory: z.string(),
  allergies: z.string(),
  remark: z.string(),
  /** The clue it was converted from (the link kept both ways: the clue has the student code). */
  sourceCluecode: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedAt: Ts,
});
export type TStudentDetail = z.infer<typeof StudentDetail>;

export const RehabInfo = z.object({
  studentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  birthDate: z.string().nullable(),
  ageMonths: z.number().int().nullable(),
  insurance: z.boolean(),
  diagnosis: z.string(),
  diagnosisHospital: z.string(),
  diagnosisDate: z.string().nullable(),
  disabilityCertificate: z.string(),
  assessmentSummary: z.string(),
  rehabHistory: z.string(),
  allergies: z.string(),
  schoolName: z.string(),
  grade: z.string(),
});

export const StudentListQuery = PageQuery.extend({
  /** Name, code, parent name or phone. */
  keyword: Txt(50).optional(),
  schoolItemCode: Txt(20).optional(),
  status: StudentStatus.optional(),
  adviserId: z.coerce.number().int().positive().optional(),
  /** Only the caller's own students (adviser = me). */
  mine: QueryBool.optional(),
  hasAdviser: QueryBool.optional(),
  insurance: QueryBool.optional(),
  /** Renewal list: students whose service ends within this many days (or has ended). */
  endWithinDays: z.coerce.number().int().min(0).max(365).optional(),
  /** Renewal list: students with bought hours whose hours left are below this (with endWithinDays: either). */
  hoursBelow: quantity({ max: 10000 }).optional(),
  createdFrom: BirthDate.optional(),
  createdTo: BirthDate.optional(),
  sort: z.enum(['createdAt', 'name', 'code', 'serviceEndDate', 'lastFollowAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const StudentPick = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  parentName: z.string(),
  phone: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  status: z.number().int(),
});

export const OutsideAssessRow = z.object({
  id: z.number().int(),
  matriculationType: z.string(),
  conclusion: z.string(),
  score: z.number().nullable(),
  suggestion: z.string(),
  assessorName: z.string(),
  createdAt: Ts,
});

export const StudentImportRow = z.object({
  name: z.string(),
  gender: z.union([z.number(), z.string()]).optional(),
  birthDate: z.string().nullable().optional(),
  parentName: z.string(),
  relation: z.string().optional(),
  phone: z.string(),
  schoolItemCode: z.string(),
  diagnosis: z.string().optional(),
  insurance: z.union([z.boolean(), z.number(), z.string()]).optional(),
  adviserUsername: z.string().optional(),
  remark: z.string().optional(),
});
export const StudentImportResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  duplicates: z.array(z.object({ row: z.number().int(), phone: z.string(), owner: z.string() })),
});

// ---- follow records ----

/** The follow nodes of a student's service (spec: "nodeList"; values decided in docs/decisions.md). */
export const STUDENT_FOLLOW_NODES = [
  { code: 'intake', name: '入学回访', nameEn: 'After enrolment' },
  { code: 'weekly', name: '周回访', nameEn: 'Weekly' },
  { code: 'monthly', name: '月度回访', nameEn: 'Monthly' },
  { code: 'assessment', name: '评估反馈', nameEn: 'Assessment feedback' },
  { code: 'renewal', name: '续费沟通', nameEn: 'Renewal talk' },
  { code: 'leave', name: '请假/休学', nameEn: 'Leave or suspension' },
  { code: 'complaint', name: '投诉处理', nameEn: 'Complaint' },
  { code: 'other', name: '其他', nameEn: 'Other' },
] as const;
export const FollowNode = z.enum(STUDENT_FOLLOW_NODES.map((n) => n.code) as [string, ...string[]]);
/** 1 phone, 2 face to face, 3 WeChat, 4 other. */
export const FollowMethod = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));

export const FollowInput = z.object({
  studentId: Id,
  node: FollowNode,
  method: FollowMethod.default(1),
  content: z.string().trim().min(1, '请填写跟进内容 / the follow-up content is required').max(2000),
  /** The next follow-up, ISO timestamp or YYYY-MM-DD; must not lie in the past. */
  nextFollowAt: z
    .union([z.string().trim().max(40), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

export const FollowRow = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  node: z.string(),
  nodeName: z.string(),
  method: z.number().int(),
  content: z.string(),
  nextFollowAt: Ts.nullable(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: Ts,
});
export type TFollowRow = z.infer<typeof FollowRow>;

export const FollowPageQuery = PageQuery.extend({
  keyword: Txt(50).optional(),
  studentId: z.coerce.number().int().positive().optional(),
  schoolItemCode: Txt(20).optional(),
  node: FollowNode.optional(),
  createdBy: z.coerce.number().int().positive().optional(),
  from: BirthDate.optional(),
  to: BirthDate.optional(),
});

export const FollowStudentInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  parentName: z.string(),
  phone: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  adviserName: z.string().nullable(),
  status: z.number().int(),
  followCount: z.number().int(),
  lastFollowAt: Ts.nullable(),
  nextFollowAt: Ts.nullable(),
});

// ---- lifetime ----

export const LifetimeEvent = z.object({
  at: Ts,
  kind: z.string(),
  /** What happened, in the words of the record (order code, course, reason). */
  label: z.string(),
  orderCode: z.string().nullable(),
  courseCode: z.string().nullable(),
  courseName: z.string().nullable(),
  /** Signed hours (numbers with at most 2 decimals). */
  hours: z.number(),
  /** Signed value in cents. */
  valueCents: z.number().int(),
});

export const Lifetime = z.object({
  student: StudentPick,
  totals: z.object({
    boughtHours: z.number(),
    giftHours: z.number(),
    consumedHours: z.number(),
    refundedHours: z.number(),
    remainingHours: z.number(),
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
    consumedCents: z.number().int(),
    remainingCents: z.number().int(),
  }),
  events: z.array(LifetimeEvent),
});

export const students = {
  students: get('/student/students', {
    service: 'schedule',
    summary:
      'Case files, filtered and paged (campus-scoped; renewal filters endWithinDays and hoursBelow, either matching).',
    access: read,
    query: StudentListQuery,
    response: page(StudentRow),
  }),
  studentDetail: get('/student/getstudentdetail', {
    service: 'schedule',
    summary: 'One case file by student code, with its source clue.',
    // The teaching plan's holders open the case file read-only for its 个训计划 tab.
    access: priv(S.detail, S.edit, S.list, S.caselife, S.financialCaselife, S.followUp, ...PLAN_HOLDERS),
    query: z.object({ code: z.string().trim().min(1).max(20) }),
    response: StudentDetail,
  }),
  rehabInfo: get('/student/getChildRehabilitationInfo', {
    service: 'schedule',
    summary: "The child's rehabilitation information (diagnosis, assessment, history).",
    access: priv(S.detail, S.edit, S.list),
    query: z.object({ childId: Id }),
    response: RehabInfo,
  }),
  byName: get('/student/getbyname', {
    service: 'schedule',
    summary:
      'Students whose name, code or phone contains the text (at most 20), for pickers; filterInTransferSchool leaves out students with a school transfer under way.',
    access: pick,
    query: z.object({
      name: z.string().trim().min(1).max(50),
      schoolitemcode: Txt(20).optional(),
      filterInTransferSchool: QueryBool.optional(),
    }),
    response: z.array(StudentPick),
  }),
  withoutAdviserList: get('/student/withoutAdviser/list', {
    service: 'schedule',
    summary: 'Active students without a student manager (adviser), paged.',
    access: priv(S.managers),
    query: PageQuery.extend({ schoolItemCode: Txt(20).optional(), keyword: Txt(50).optional() }),
    response: page(StudentRow),
  }),
  withoutAdviserCount: get('/student/withoutAdviser/count', {
    service: 'schedule',
    summary: 'How many active students in scope have no adviser.',
    access: priv(S.managers, S.list),
    query: z.object({ schoolItemCode: Txt(20).optional() }),
    response: z.object({ count: z.number().int() }),
  }),
  advisers: get('/student/advisers', {
    service: 'schedule',
    summary:
      'Who may advise students of a campus: active consultants and growth consultants working at it (for the adviser pickers).',
    access: priv(S.managers, S.create, S.edit),
    query: z.object({ schoolItemCode: z.string().trim().min(1).max(20) }),
    response: z.array(z.object({ id: z.number().int(), username: z.string(), name: z.string() })),
  }),
  outsideAssess: get('/student/getOutsideAssess', {
    service: 'schedule',
    summary: 'Entrance assessments made before enrolment (those of the clue the student came from).',
    access: priv(S.detail, S.list, ...PLAN_HOLDERS),
    query: z.object({ stuId: Id }),
    response: z.array(OutsideAssessRow),
  }),
  delStudent: post('/student/delstudent', {
    service: 'schedule',
    summary:
      'Soft-delete a case file (status 90). Refused while anything still uses the student (effective orders …).',
    access: priv(STUDENT_ACTIONS.delete),
    body: z.object({ id: Id, version: z.coerce.number().int().min(1).optional() }),
    response: Ok,
  }),
  insertStudent: post('/student/insertstudent', {
    service: 'schedule',
    summary:
      'Create a case file. A phone held by another active student or clue is refused (409 on phone, naming the holder).',
    access: priv(S.create),
    body: StudentInput,
    response: StudentDetail,
  }),
  batchAdviser: post('/student/batch/save/adviser', {
    service: 'schedule',
    summary: 'Assign one adviser to many students (all in scope and at campuses the adviser works at).',
    access: priv(S.managers),
    body: z.object({
      studentIds: z.array(Id).min(1, '请选择学员 / choose at least one student').max(500),
      adviserId: Id,
    }),
    response: z.object({ updated: z.number().int() }),
  }),
  saveOrEdit: post('/student/saveOrEdit', {
    service: 'schedule',
    summary: 'Create (no id) or update a case file; an update carries the version read (409 when stale).',
    access: priv(S.edit, S.create),
    body: StudentSave,
    response: StudentDetail,
  }),
  importRows: post('/student/importRows', {
    service: 'schedule',
    summary:
      'Batch import (CLI): rows checked first, nothing written on any error; a phone already held by a student or active clue is reported as a duplicate, not created (a re-run creates nothing twice).',
    access: priv(STUDENT_ACTIONS.import),
    body: z.object({ rows: z.array(StudentImportRow).max(5000), dryRun: z.boolean().default(false) }),
    response: StudentImportResult,
  }),

  followStudentInfo: get('/followRecord/getStudentInfo/{id}', {
    service: 'assist',
    summary:
      'The student a follow record is written for: contact, adviser, follow count, last and next follow.',
    access: follow,
    params: z.object({ id: Id }),
    response: FollowStudentInfo,
  }),
  followNodeList: get('/followRecord/nodeList', {
    service: 'assist',
    summary: 'The follow nodes (stages of the service a follow record belongs to).',
    access: follow,
    response: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  }),
  studentFollowRecords: get('/followRecord/getStudentFollowRecord/{id}', {
    service: 'assist',
    summary: "One student's follow records, newest first.",
    access: follow,
    params: z.object({ id: Id }),
    response: z.array(FollowRow),
  }),
  followUsers: get('/followRecord/getFollowUserByStudentCode/{id}', {
    service: 'assist',
    summary: 'Who followed up the student (by student code): each user with a count and the last time.',
    access: follow,
    params: z.object({ id: z.string().trim().min(1).max(20) }),
    response: z.array(
      z.object({ userId: z.number().int(), name: z.string(), count: z.number().int(), lastAt: Ts }),
    ),
  }),
  followPage: get('/followRecord/page', {
    service: 'assist',
    summary: 'Follow records in scope, filtered and paged, newest first.',
    access: follow,
    query: FollowPageQuery,
    response: page(FollowRow),
  }),
  followExport: get('/followRecord/export', {
    service: 'assist',
    kind: 'download',
    summary: 'The whole filtered list of follow records as an xlsx.',
    access: follow,
    query: FollowPageQuery.omit({ pageIdx: true, pageSize: true }),
    response: FileResponse,
  }),
  followAdd: post('/followRecord/add', {
    service: 'assist',
    summary: 'Add a follow record to a student in scope.',
    access: follow,
    body: FollowInput,
    response: FollowRow,
  }),

  lifetime: get('/charge/finance/lifetime/get', {
    service: 'schedule',
    summary:
      "One student's whole money and hours history: totals and every movement of the student ledger, oldest first.",
    access: lifetime,
    query: z.object({ studentId: Id }),
    response: Lifetime,
  }),
} satisfies Slice;
