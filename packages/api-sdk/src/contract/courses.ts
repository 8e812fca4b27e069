// Course categories, ranks, courses, buy types and adjust-cost reasons (spec §3 master data, §7 Courses).
import { z } from 'zod';
import { money } from './fields.js';
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
  CodeStatusInput,
  IdParams,
  IdStatusInput,
  MdCode,
  MdName,
  MdRef,
  MdSort,
  MdText,
  importEndpoint,
  versioned,
} from './masterData.js';

export const COURSE_SCREEN = '/setting/course';
const write = priv(COURSE_SCREEN);

/** A price in yuan: up to 7 integer digits and 2 decimals (spec §5/§9), carried as an exact decimal string. */
export const Price = money({ maxIntDigits: 7 });

/** Teaching modes (dictionary teaching_mode): 1 one-to-one, 2 small group (the default, spec §9), 3 class, 4 online. */
export const TeachingMode = z.coerce.number().int().min(1).max(4);
/** Purchase units (spec §9): 1 lesson hour, 2 day. */
export const PurchaseUnit = z.coerce.number().int().min(1).max(2);

export const CourseCategoryRow = z.object({
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TCourseCategoryRow = z.infer<typeof CourseCategoryRow>;
export const CourseCategoryInput = versioned(
  z.object({
    code: MdCode,
    name: MdName,
    remark: MdText(200),
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TCourseCategoryInput = z.infer<typeof CourseCategoryInput>;

export const CourseRankRow = z.object({
  code: z.string(),
  name: z.string(),
  coursecategorycode: z.string(),
  coursecategoryname: z.string().nullable().optional(),
  /** The rank's level (1 lowest); teachers are authorised up to a level. */
  level: z.number().int(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TCourseRankRow = z.infer<typeof CourseRankRow>;
export const CourseRankInput = versioned(
  z.object({
    code: MdCode,
    name: MdName,
    coursecategorycode: z.string().trim().min(1, '请选择课程类别 / the course category is required'),
    level: z.coerce.number().int().min(1).max(99).default(1),
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TCourseRankInput = z.infer<typeof CourseRankInput>;

export const CourseRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  coursecategorycode: z.string(),
  coursecategoryname: z.string().nullable().optional(),
  courserankcode: z.string(),
  courserankname: z.string().nullable().optional(),
  teachingMode: z.number().int(),
  buyTypeId: z.number().int().nullable(),
  buyTypeName: z.string().nullable().optional(),
  purchaseUnit: z.number().int(),
  /** Unit price in yuan, exact decimal string ("380.00"). */
  price: z.string(),
  /** Minutes of one lesson. */
  lessonMinutes: z.number().int(),
  remark: z.string().nullable(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TCourseRow = z.infer<typeof CourseRow>;
export const CourseInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    code: MdCode,
    name: MdName,
    coursecategorycode: z.string().trim().min(1, '请选择课程类别 / the course category is required'),
    courserankcode: z.string().trim().min(1, '请选择课程级别 / the course rank is required'),
    teachingMode: TeachingMode.default(2),
    buyTypeId: z.coerce
      .number()
      .int()
      .min(1)
      .nullish()
      .transform((v) => v ?? null),
    purchaseUnit: PurchaseUnit.default(1),
    price: Price,
    lessonMinutes: z.coerce.number().int().min(1).max(600).default(45),
    remark: MdText(500),
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TCourseInput = z.infer<typeof CourseInput>;
export const CourseFilter = z.object({
  coursecategorycode: z.string().trim().optional(),
  courserankcode: z.string().trim().optional(),
  teachingMode: z.coerce.number().int().optional(),
  buyTypeId: z.coerce.number().int().optional(),
  purchaseUnit: z.coerce.number().int().optional(),
  name: z.string().trim().optional(),
  status: ValidStatus.optional(),
});

export const CourseBuyTypeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The finance income type this way of buying books to. */
  incometypecode: z.string().nullable(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TCourseBuyTypeRow = z.infer<typeof CourseBuyTypeRow>;
export const CourseBuyTypeInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    name: MdName,
    incometypecode: MdRef,
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TCourseBuyTypeInput = z.infer<typeof CourseBuyTypeInput>;

export const AdjustCostReasonRow = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TAdjustCostReasonRow = z.infer<typeof AdjustCostReasonRow>;
export const AdjustCostReasonInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    name: MdName,
    remark: MdText(200),
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TAdjustCostReasonInput = z.infer<typeof AdjustCostReasonInput>;

export const ConsumeCheck = z.object({
  courseCode: z.string(),
  /** True when an order, schedule or other record still uses (consumes) the course. */
  consumed: z.boolean(),
  message: z.string().nullable(),
});

export const courses = {
  categories: get('/course/coursecategories', {
    service: 'setting',
    summary: 'Course categories (every one unless status is given), in order.',
    access: signedIn,
    query: z.object({ status: ValidStatus.optional(), name: z.string().trim().optional() }),
    response: z.array(CourseCategoryRow),
  }),
  categorySave: post('/course/coursecategorysave', {
    service: 'setting',
    summary: 'Create a course category (no version) or update it (with its version).',
    access: write,
    body: CourseCategoryInput,
    response: CourseCategoryRow,
  }),
  ranks: get('/course/courseranks', {
    service: 'setting',
    summary: 'Course ranks, optionally of one category.',
    access: signedIn,
    query: z.object({
      coursecategorycode: z.string().trim().optional(),
      status: ValidStatus.optional(),
      name: z.string().trim().optional(),
    }),
    response: z.array(CourseRankRow),
  }),
  rankSave: post('/course/courseranksave', {
    service: 'setting',
    summary: 'Create a course rank (no version) or update it (with its version); its category must be valid.',
    access: write,
    body: CourseRankInput,
    response: CourseRankRow,
  }),
  courses: get('/course/courses', {
    service: 'setting',
    summary:
      'Courses, filtered (coursecategorycode, courserankcode, teachingMode, buyTypeId, purchaseUnit, name, status), not paged.',
    access: signedIn,
    query: CourseFilter,
    response: z.array(CourseRow),
  }),
  coursesPage: get('/course/courses/page', {
    service: 'setting',
    summary: 'Courses, filtered and paged.',
    access: signedIn,
    query: PageQuery.extend(CourseFilter.shape),
    response: page(CourseRow),
  }),
  courseSave: post('/course/coursesave', {
    service: 'setting',
    summary: 'Create a course (no id) or update it (id + version); its rank must belong to its category.',
    access: write,
    body: CourseInput,
    response: CourseRow,
  }),
  course: get('/course/course/{id}', {
    service: 'setting',
    summary: 'A course by id.',
    access: signedIn,
    params: IdParams,
    response: CourseRow,
  }),
  courseDelete: get('/course/delete/{id}', {
    service: 'setting',
    summary: 'Delete a course no order, schedule or authority uses (422 with the reason otherwise).',
    access: write,
    params: IdParams,
    response: Ok,
  }),
  categoryUpdateStatus: post('/course/updatecategorystatus', {
    service: 'setting',
    summary: 'Enable or disable a category; refused while it has valid ranks.',
    access: write,
    body: CodeStatusInput,
    response: Ok,
  }),
  rankUpdateStatus: post('/course/updaterankstatus', {
    service: 'setting',
    summary: 'Enable or disable a rank; refused while it has valid courses.',
    access: write,
    body: CodeStatusInput,
    response: Ok,
  }),
  courseUpdateStatus: post('/course/updatecoursestatus', {
    service: 'setting',
    summary: 'Enable or disable a course; disabling is refused while orders or schedules still use it.',
    access: write,
    body: IdStatusInput,
    response: Ok,
  }),
  buyTypes: get('/course/coursebuytypelist', {
    service: 'setting',
    summary: 'Course buy types (every one unless status is given).',
    access: signedIn,
    query: z.object({ status: ValidStatus.optional() }),
    response: z.array(CourseBuyTypeRow),
  }),
  buyTypeSave: post('/course/savecoursebuytype', {
    service: 'setting',
    summary: 'Create a course buy type (no id) or update it (id + version).',
    access: priv(COURSE_SCREEN, '/setting/finance'),
    body: CourseBuyTypeInput,
    response: CourseBuyTypeRow,
  }),
  buyTypesByIncomeCode: get('/course/getcoursebuytypesbyincomecode', {
    service: 'setting',
    summary: 'The valid buy types of an income type.',
    access: signedIn,
    query: z.object({ incometypecode: z.string().trim().min(1, 'incometypecode is required') }),
    response: z.array(CourseBuyTypeRow),
  }),
  adjustCostReasons: get('/course/adjustcostreasons', {
    service: 'setting',
    summary: 'Adjust-cost reasons (every one unless status is given).',
    access: signedIn,
    query: z.object({ status: ValidStatus.optional() }),
    response: z.array(AdjustCostReasonRow),
  }),
  adjustCostReasonSave: post('/course/adjustcostreasonsave', {
    service: 'setting',
    summary: 'Create an adjust-cost reason (no id) or update it (id + version).',
    access: priv(COURSE_SCREEN, '/setting/finance'),
    body: AdjustCostReasonInput,
    response: AdjustCostReasonRow,
  }),
  feeCourses: get('/course/list/fee/courses', {
    service: 'setting',
    summary: 'Valid courses of valid ranks and categories with their prices, for fee orders.',
    access: signedIn,
    query: z.object({
      coursecategorycode: z.string().trim().optional(),
      courserankcode: z.string().trim().optional(),
      name: z.string().trim().optional(),
    }),
    response: z.array(CourseRow),
  }),
  checkConsume: get('/course/checkConsume', {
    service: 'setting',
    summary: 'Whether any order, schedule or authority still uses (consumes) a course, and which.',
    access: signedIn,
    query: z.object({ courseCode: z.string().trim().min(1, 'courseCode is required') }),
    response: ConsumeCheck,
  }),
  courseExport: get('/course/exportcourses', {
    service: 'setting',
    summary: 'Every course matching the filters (no paging), as an xlsx workbook.',
    access: signedIn,
    kind: 'download',
    query: CourseFilter,
    response: FileResponse,
  }),
  categoryImport: importEndpoint('/course/importcoursecategories', {
    service: 'setting',
    access: write,
    what: 'course categories',
  }),
  rankImport: importEndpoint('/course/importcourseranks', {
    service: 'setting',
    access: write,
    what: 'course ranks',
  }),
  courseImport: importEndpoint('/course/importcourses', {
    service: 'setting',
    access: write,
    what: 'courses (matched by code)',
  }),
} satisfies Slice;
