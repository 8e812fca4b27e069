// Employees and their master data: employee types, posts, skill rank types, skill ranks, subjects,
// salary periods; teacher/consultant pickers (spec §3, §7 "Employee and salary master data").
import { z } from 'zod';
import { Mobile, optionalPhone } from './fields.js';
import {
  FileResponse,
  Ok,
  PageQuery,
  ValidStatus,
  get,
  page,
  post,
  priv,
  signedIn,
  type Slice,
} from './define.js';
import {
  CodeName,
  CodeStatusInput,
  IdQuery,
  MdCode,
  MdName,
  MdRef,
  MdSort,
  MdText,
  importEndpoint,
  versioned,
} from './masterData.js';

export const EMPLOYEE_SETTINGS_SCREEN = '/setting/employees';
export const STAFF_SCREEN = '/staff/list';
export const SALARY_SETTINGS_SCREEN = '/setting/salary';
const settings = priv(EMPLOYEE_SETTINGS_SCREEN);
const staff = priv(STAFF_SCREEN, EMPLOYEE_SETTINGS_SCREEN);

/** What a post does, so pickers find teachers, consultants... whatever the post is called. */
export const POST_ROLES = [
  'teacher',
  'supervisor',
  'assessor',
  'consultant',
  'growth',
  'leader',
  'other',
] as const;
export const PostRole = z.enum(POST_ROLES);

const simpleRow = {
  code: z.string(),
  name: z.string(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
};
const simpleInput = { code: MdCode, name: MdName, validstatus: ValidStatus.optional(), sort: MdSort };
const SimpleQuery = z.object({ status: ValidStatus.optional(), name: z.string().trim().optional() });

export const EmployeeTypeRow = z.object(simpleRow);
export type TEmployeeTypeRow = z.infer<typeof EmployeeTypeRow>;
export const EmployeeTypeInput = versioned(z.object(simpleInput));
export type TEmployeeTypeInput = z.infer<typeof EmployeeTypeInput>;

export const PostRow = z.object({
  ...simpleRow,
  postRole: PostRole,
  familyCode: z.string().nullable(),
  familyName: z.string().nullable().optional(),
});
export type TPostRow = z.infer<typeof PostRow>;
export const PostInput = versioned(
  z.object({ ...simpleInput, postRole: PostRole.default('other'), familyCode: MdRef }),
);
export type TPostInput = z.infer<typeof PostInput>;

export const SkillRankTypeRow = z.object(simpleRow);
export type TSkillRankTypeRow = z.infer<typeof SkillRankTypeRow>;
export const SkillRankTypeInput = versioned(z.object(simpleInput));
export type TSkillRankTypeInput = z.infer<typeof SkillRankTypeInput>;

export const SkillRankRow = z.object({
  ...simpleRow,
  typeCode: z.string(),
  typeName: z.string().nullable().optional(),
  level: z.number().int(),
});
export type TSkillRankRow = z.infer<typeof SkillRankRow>;
export const SkillRankInput = versioned(
  z.object({
    ...simpleInput,
    typeCode: z.string().trim().min(1, '请选择职级类型 / the rank type is required'),
    level: z.coerce.number().int().min(1).max(20),
  }),
);
export type TSkillRankInput = z.infer<typeof SkillRankInput>;

export const SubjectRow = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TSubjectRow = z.infer<typeof SubjectRow>;
export const SubjectInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    name: z.string().trim().min(1, 'name is required').max(30),
    status: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TSubjectInput = z.infer<typeof SubjectInput>;

export const SalaryPeriodRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** YYYY-MM-DD, inclusive. */
  startDate: z.string(),
  endDate: z.string(),
  /** 1 open, 0 closed (sealed). */
  status: ValidStatus,
  remark: z.string().nullable(),
  version: z.number().int(),
});
export type TSalaryPeriodRow = z.infer<typeof SalaryPeriodRow>;
const IsoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
export const SalaryPeriodInput = versioned(
  z
    .object({
      id: z.coerce.number().int().min(1).optional(),
      year: z.coerce.number().int().min(2000).max(2100),
      month: z.coerce.number().int().min(1).max(12),
      /** Defaults to the calendar month. */
      startDate: IsoDate.optional(),
      endDate: IsoDate.optional(),
      status: ValidStatus.optional(),
      remark: MdText(200),
    })
    .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
      message: 'the start date is after the end date',
      path: ['endDate'],
    }),
);
export type TSalaryPeriodInput = z.infer<typeof SalaryPeriodInput>;

export const EmployeeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  /** 1 male, 2 female. */
  gender: z.number().int(),
  /** The primary campus (the employee's data scope). */
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable().optional(),
  /** Every campus the employee works at (includes the primary one). */
  schoolItemCodes: z.array(z.string()).optional(),
  /** Their names, in the same order (what the export's 工作校区 column writes). */
  schoolItemNames: z.array(z.string()).optional(),
  postCode: z.string(),
  postName: z.string().nullable().optional(),
  postRole: PostRole.nullable().optional(),
  employeeTypeCode: z.string().nullable(),
  employeeTypeName: z.string().nullable().optional(),
  skillRankCode: z.string().nullable(),
  skillRankName: z.string().nullable().optional(),
  rankLevel: z.number().int().nullable().optional(),
  subjectIds: z.array(z.number().int()).optional(),
  subjectNames: z.array(z.string()).optional(),
  entryDate: z.string().nullable(),
  /** 1 employed, 0 left. */
  status: ValidStatus,
  remark: z.string().nullable(),
  /** The linked sign-in account (users.employee_code), if any. */
  username: z.string().nullable().optional(),
  roleCodes: z.array(z.number().int()).optional(),
  version: z.number().int(),
  /** Only in the answer of a save that created the account: shown once. */
  temporaryPassword: z.string().nullable().optional(),
});
export type TEmployeeRow = z.infer<typeof EmployeeRow>;
export const EmployeeInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    code: MdCode,
    name: z.string().trim().min(1, 'name is required').max(50),
    mobile: optionalPhone(Mobile),
    gender: z.coerce.number().int().min(1).max(2).default(1),
    schoolItemCode: z.string().trim().min(1, '请选择校区 / the campus is required'),
    schoolItemCodes: z.array(z.string().trim().min(1)).max(50).default([]),
    postCode: z.string().trim().min(1, '请选择岗位 / the post is required'),
    employeeTypeCode: MdRef,
    skillRankCode: MdRef,
    subjectIds: z.array(z.coerce.number().int().min(1)).max(50).default([]),
    entryDate: IsoDate.nullish().transform((v) => v ?? null),
    status: ValidStatus.optional(),
    remark: MdText(500),
    /** Create the linked sign-in account with these roles (a temporary password is answered once). */
    account: z
      .object({
        username: z
          .string()
          .trim()
          .min(2)
          .max(64)
          .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits and _ . @ - only'),
        roleCodes: z.array(z.coerce.number().int()).min(1, 'at least one role'),
      })
      .optional(),
  }),
);
export type TEmployeeInput = z.infer<typeof EmployeeInput>;
export const EmployeeQuery = PageQuery.extend({
  name: z.string().trim().optional(),
  schoolItemCode: z.string().trim().optional(),
  postCode: z.string().trim().optional(),
  roleCode: z.coerce.number().int().optional(),
  status: ValidStatus.optional(),
});

/** An employee in a picker. */
export const EmployeePick = z.object({
  code: z.string(),
  name: z.string(),
  schoolItemCode: z.string(),
  postCode: z.string(),
  postRole: PostRole.nullable(),
  skillRankCode: z.string().nullable(),
  rankLevel: z.number().int().nullable(),
  mobile: z.string().nullable(),
  /** The employee's account (a user id), if any: what an order's adviser or a commissioner records. */
  userId: z.number().int().nullable(),
});
export type TEmployeePick = z.infer<typeof EmployeePick>;
const CampusPickQuery = z.object({
  schoolItemCode: z.string().trim().optional(),
  name: z.string().trim().optional(),
});

export const PostFamily = z.object({ code: z.string(), name: z.string(), childs: z.array(CodeName) });

export const AuthInfoEmployeeRow = z.object({
  code: z.string(),
  name: z.string(),
  schoolItemCode: z.string(),
  postCode: z.string(),
  status: ValidStatus,
  username: z.string().nullable(),
  accountStatus: z.number().int().nullable(),
  roleCodes: z.array(z.number().int()),
});

const simpleEndpoints = <R extends z.ZodType, I extends z.ZodType>(
  what: string,
  base: string,
  row: R,
  input: I,
) => ({
  list: get(`/employee/${base}s`, {
    service: 'ehr',
    summary: `${what}s (every one unless status is given), in order.`,
    access: signedIn,
    query: SimpleQuery,
    response: z.array(row),
  }),
  status: post(`/employee/${base}updatestatus`, {
    service: 'ehr',
    summary: `Enable or disable a ${what} (code, status).`,
    access: settings,
    body: CodeStatusInput,
    response: Ok,
  }),
  save: post(`/employee/${base}save`, {
    service: 'ehr',
    summary: `Create a ${what} (no version) or update it (with its version).`,
    access: settings,
    body: input,
    response: row,
  }),
});
const types = simpleEndpoints('employee type', 'type', EmployeeTypeRow, EmployeeTypeInput);
const posts = simpleEndpoints('post', 'post', PostRow, PostInput);
const rankTypes = simpleEndpoints('skill rank type', 'skillranktype', SkillRankTypeRow, SkillRankTypeInput);
const ranks = simpleEndpoints('skill rank', 'skillrank', SkillRankRow, SkillRankInput);

export const employees = {
  types: types.list,
  typeUpdateStatus: types.status,
  typeSave: types.save,
  posts: posts.list,
  postUpdateStatus: posts.status,
  postSave: posts.save,
  skillRankTypes: rankTypes.list,
  skillRankTypeUpdateStatus: rankTypes.status,
  skillRankTypeSave: rankTypes.save,
  skillRanks: get('/employee/skillranks', {
    service: 'ehr',
    summary: 'Skill ranks, optionally of one rank type, by level.',
    access: signedIn,
    query: SimpleQuery.extend({ typeCode: z.string().trim().optional() }),
    response: z.array(SkillRankRow),
  }),
  skillRankUpdateStatus: ranks.status,
  skillRankSave: ranks.save,
  subjects: get('/employee/select-subject', {
    service: 'ehr',
    summary: 'Teaching subjects (every one unless status is given).',
    access: signedIn,
    query: SimpleQuery,
    response: z.array(SubjectRow),
  }),
  subjectSave: post('/employee/save-subject', {
    service: 'ehr',
    summary: 'Create a subject.',
    access: settings,
    body: SubjectInput,
    response: SubjectRow,
  }),
  subjectUpdate: post('/employee/update-subject', {
    service: 'ehr',
    summary: 'Update a subject (id + version).',
    access: settings,
    body: SubjectInput,
    response: SubjectRow,
  }),
  subjectUpdateStatus: post('/employee/update-subject-status', {
    service: 'ehr',
    summary: 'Enable or disable a subject (?id&status).',
    access: settings,
    query: z.object({ id: z.coerce.number().int().min(1, 'id is required'), status: ValidStatus }),
    response: Ok,
  }),
  salaryPeriods: get('/salary/periods', {
    service: 'ehr',
    summary: 'Salary periods, newest first (optionally of a year).',
    access: signedIn,
    query: z.object({ year: z.coerce.number().int().optional(), status: ValidStatus.optional() }),
    response: z.array(SalaryPeriodRow),
  }),
  salaryPeriodSave: post('/salary/periodsave', {
    service: 'ehr',
    summary: 'Create a salary period (year + month unique) or update it (id + version).',
    access: priv(SALARY_SETTINGS_SCREEN),
    body: SalaryPeriodInput,
    response: SalaryPeriodRow,
  }),
  employees: get('/employee/employees', {
    service: 'ehr',
    summary:
      "Employees, filtered (name, schoolItemCode, postCode, roleCode, status) and paged; limited to the caller's campuses.",
    access: staff,
    query: EmployeeQuery,
    response: page(EmployeeRow),
  }),
  employee: get('/employee/employee', {
    service: 'ehr',
    summary: 'An employee by id, with campuses, subjects and the linked account.',
    access: staff,
    query: IdQuery,
    response: EmployeeRow,
  }),
  employeeSave: post('/employee/employeesave', {
    service: 'ehr',
    summary:
      'Create an employee (no id) or update one (id + version); may create the linked sign-in account.',
    access: staff,
    body: EmployeeInput,
    response: EmployeeRow,
  }),
  employeeImport: importEndpoint('/employee/importemployees', {
    service: 'ehr',
    access: staff,
    what: 'employees (matched by code; the cells of SHEETS.employees: references by name or code, lists of names separated by 、)',
  }),
  employeeExport: get('/employee/exportemployees', {
    service: 'ehr',
    summary:
      "Every employee matching the filters (no paging), as an xlsx workbook; limited to the caller's campuses.",
    access: staff,
    kind: 'download',
    query: EmployeeQuery.omit({ pageIdx: true, pageSize: true }),
    response: FileResponse,
  }),
  teachers: get('/employee/teachers', {
    service: 'ehr',
    summary: 'Employed teachers (post role teacher), of a campus if given, in scope.',
    access: signedIn,
    query: CampusPickQuery,
    response: z.array(EmployeePick),
  }),
  supervisors: get('/employee/supervisors', {
    service: 'ehr',
    summary: 'Employed supervisors, of a campus if given, in scope.',
    access: signedIn,
    query: CampusPickQuery,
    response: z.array(EmployeePick),
  }),
  assessors: get('/employee/assessors', {
    service: 'ehr',
    summary: 'Employed assessors, of a campus if given, in scope.',
    access: signedIn,
    query: CampusPickQuery,
    response: z.array(EmployeePick),
  }),
  teachersByMinRank: get('/employee/teachersByMinRank', {
    service: 'ehr',
    summary: 'Teachers whose skill rank level is at least minRank (default 2, spec §9).',
    access: signedIn,
    query: CampusPickQuery.extend({ minRank: z.coerce.number().int().min(1).default(2) }),
    response: z.array(EmployeePick),
  }),
  teachersBySubjects: get('/employee/getTeachersBySubjects', {
    service: 'ehr',
    summary: 'Teachers teaching any of the subjects (subjectIds, comma-separated or repeated).',
    access: signedIn,
    query: CampusPickQuery.extend({
      subjectIds: z.preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
        z.array(z.coerce.number().int()).min(1, 'subjectIds is required'),
      ),
    }),
    response: z.array(EmployeePick),
  }),
  authInfos: get('/hr/authinfos', {
    service: 'ehr',
    summary:
      "Employees with their sign-in account (username, status, roles), paged; limited to the caller's campuses.",
    access: staff,
    query: PageQuery.extend({
      name: z.string().trim().optional(),
      schoolItemCode: z.string().trim().optional(),
      hasAccount: z.coerce.number().int().min(0).max(1).optional(),
    }),
    response: page(AuthInfoEmployeeRow),
  }),
  commissioners: get('/hr/commissioners/{id}', {
    service: 'ehr',
    summary: 'Course consultants of campus {id} (employed, post role consultant).',
    access: signedIn,
    params: z.object({ id: z.string().trim().min(1) }),
    response: z.array(EmployeePick),
  }),
  commissionersOfKind: get('/hr/commissioners/{id}/{kind}', {
    service: 'ehr',
    summary:
      'Staff of campus {id} by kind: 2 growth consultants, 3 supervisors, 4 centre leaders (1 course consultants).',
    access: signedIn,
    params: z.object({ id: z.string().trim().min(1), kind: z.coerce.number().int().min(1).max(4) }),
    response: z.array(EmployeePick),
  }),
  codeAndName: get('/hr/getCodeAndName', {
    service: 'ehr',
    summary: 'Employed employees as { code, name } for pickers (name filter; at most 200), in scope.',
    access: signedIn,
    query: z.object({ name: z.string().trim().optional(), schoolItemCode: z.string().trim().optional() }),
    response: z.array(CodeName),
  }),
  familyPosts: get('/setting/familypostlist', {
    service: 'setting',
    summary: 'Post families (dictionary post_family) with their valid posts as childs.',
    access: signedIn,
    response: z.array(PostFamily),
  }),
  employees4Recommend: get('/setting/employee/employees4Recommend', {
    service: 'setting',
    summary:
      'Employed staff who may be named as the recommender of a referred clue (name or mobile filter; at most 50): of the campus asked for (403 outside the caller’s), else of the caller’s campuses.',
    // Only the clue desks pick a referrer.
    access: priv(
      '/clues/clueList',
      '/clues/schoolClues',
      '/clues/disCluelist',
      '/workSurface/index',
      '/clues/clueDetail',
    ),
    query: z.object({
      name: z.string().trim().max(50).optional(),
      schoolItemCode: z.string().trim().max(20).optional(),
    }),
    response: z.array(EmployeePick),
  }),
  teacherRanks: get('/teacher/ranks', {
    service: 'ehr',
    summary: 'The valid ranks of the teacher rank type (skill rank type TEACHER), by level.',
    access: signedIn,
    response: z.array(SkillRankRow),
  }),
  teacherList: get('/teacher/list', {
    service: 'ehr',
    summary:
      'Teachers whose rank level lies between the levels of rankCode and rankCodeEnd (either bound optional), of a campus if given.',
    access: signedIn,
    query: z.object({
      rankCode: z.string().trim().optional(),
      rankCodeEnd: z.string().trim().optional(),
      schoolItemCode: z.string().trim().optional(),
    }),
    response: z.array(EmployeePick),
  }),
} satisfies Slice;
