// Course categories → ranks → courses, buy types and adjust-cost reasons as master-data record types.
import { and, asc, eq } from 'drizzle-orm';
import {
  AdjustCostReasonInput,
  CourseBuyTypeInput,
  CourseCategoryInput,
  CourseInput,
  CourseRankInput,
  type TAdjustCostReasonInput,
  type TAdjustCostReasonRow,
  type TCourseBuyTypeInput,
  type TCourseBuyTypeRow,
  type TCourseCategoryInput,
  type TCourseCategoryRow,
  type TCourseInput,
  type TCourseRankInput,
  type TCourseRankRow,
  type TCourseRow,
} from '@bo/api-sdk';
import { badInput } from '../../http/errors.js';
import {
  codeNames,
  idNames,
  defineRecordType,
  eqFilter,
  likeFilter,
  type MdCtx,
} from '../../shared/masterdata/index.js';
import { adjustCostReasons, courseBuyTypes, courseCategories, courseRanks, courses } from './tables.js';
import { courseRankUsageCheckers, courseUsageCheckers } from './usage.js';
import { byPinyin } from '../../shared/pinyinOrder.js';

export const categoryType = defineRecordType<TCourseCategoryRow, TCourseCategoryInput>({
  name: 'courseCategory',
  label: '课程类别 / course category',
  table: courseCategories,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: courseCategories.code,
    name: courseCategories.name,
    remark: courseCategories.remark,
    validstatus: courseCategories.validStatus,
    sort: courseCategories.sort,
    version: courseCategories.version,
  },
  input: CourseCategoryInput,
  filters: { status: eqFilter(courseCategories.validStatus), name: likeFilter(courseCategories.name) },
  sort: [asc(courseCategories.sort), asc(courseCategories.code)],
  unique: [{ field: 'name', label: '名称' }],
  children: [
    {
      table: courseRanks,
      column: courseRanks.categoryCode,
      status: courseRanks.validStatus,
      label: '课程级别 / course rank',
    },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: courseCategories.updatedAt,
});

export const rankType = defineRecordType<TCourseRankRow, TCourseRankInput>({
  name: 'courseRank',
  label: '课程级别 / course rank',
  table: courseRanks,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: courseRanks.code,
    name: courseRanks.name,
    coursecategorycode: courseRanks.categoryCode,
    level: courseRanks.level,
    validstatus: courseRanks.validStatus,
    sort: courseRanks.sort,
    version: courseRanks.version,
  },
  input: CourseRankInput,
  filters: {
    coursecategorycode: eqFilter(courseRanks.categoryCode),
    status: eqFilter(courseRanks.validStatus),
    name: likeFilter(courseRanks.name),
  },
  sort: [asc(courseRanks.categoryCode), asc(courseRanks.level), asc(courseRanks.sort), asc(courseRanks.code)],
  unique: [{ field: 'name', within: ['coursecategorycode'], label: '名称' }],
  parents: [
    {
      field: 'coursecategorycode',
      table: courseCategories,
      key: courseCategories.code,
      status: courseCategories.validStatus,
      label: '课程类别 / course category',
    },
  ],
  children: [
    { table: courses, column: courses.rankCode, status: courses.validStatus, label: '课程 / course' },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: courseRanks.updatedAt,
  inUse: (tx, row) => courseRankUsageCheckers.check(tx, row.code),
  prepare: async (tx, { values, existing }) => {
    // A rank cannot move to another category while courses hang under it.
    if (existing && existing.coursecategorycode !== values.coursecategorycode) {
      const [c] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.rankCode, existing.code))
        .limit(1);
      if (c)
        throw badInput(
          'coursecategorycode',
          '该级别下已有课程，不能更换类别 / courses belong to this rank; its category cannot change',
        );
    }
  },
  decorate: async (db, rows) => {
    const cat = await codeNames(
      db,
      courseCategories,
      rows.map((r) => r.coursecategorycode),
    );
    return rows.map((r) => ({ ...r, coursecategoryname: cat.get(r.coursecategorycode) ?? null }));
  },
});

export const courseType = defineRecordType<TCourseRow, TCourseInput>({
  name: 'course',
  label: '课程 / course',
  table: courses,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: courses.id,
    code: courses.code,
    name: courses.name,
    coursecategorycode: courses.categoryCode,
    courserankcode: courses.rankCode,
    teachingMode: courses.teachingMode,
    buyTypeId: courses.buyTypeId,
    purchaseUnit: courses.purchaseUnit,
    price: courses.price,
    lessonMinutes: courses.lessonMinutes,
    remark: courses.remark,
    validstatus: courses.validStatus,
    sort: courses.sort,
    version: courses.version,
  },
  input: CourseInput,
  filters: {
    coursecategorycode: eqFilter(courses.categoryCode),
    courserankcode: eqFilter(courses.rankCode),
    teachingMode: eqFilter(courses.teachingMode),
    buyTypeId: eqFilter(courses.buyTypeId),
    purchaseUnit: eqFilter(courses.purchaseUnit),
    name: likeFilter(courses.name),
    status: eqFilter(courses.validStatus),
  },
  sort: [
    asc(courses.categoryCode),
    asc(courses.rankCode),
    asc(courses.sort),
    ...byPinyin(courses.namePy, courses.name),
    asc(courses.code),
  ],
  unique: [
    { field: 'code', label: '编码' },
    { field: 'name', within: ['courserankcode'], label: '名称' },
  ],
  parents: [
    {
      field: 'coursecategorycode',
      table: courseCategories,
      key: courseCategories.code,
      status: courseCategories.validStatus,
      label: '课程类别 / course category',
    },
    {
      field: 'courserankcode',
      table: courseRanks,
      key: courseRanks.code,
      status: courseRanks.validStatus,
      label: '课程级别 / course rank',
      within: {
        column: courseRanks.categoryCode,
        field: 'coursecategorycode',
        label: '课程类别 / course category',
      },
    },
    {
      field: 'buyTypeId',
      table: courseBuyTypes,
      key: courseBuyTypes.id,
      status: courseBuyTypes.validStatus,
      label: '购买方式 / buy type',
    },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: courses.updatedAt,
  deletable: true,
  // Every table keeping a course code (orders, lessons, the ledger, offers …) keeps it from being deleted.
  usedBy: [
    {
      columns: ['course_code', 'course_codes'],
      field: 'code',
      except: {
        ledger_days: 'a daily rollup of student_ledger, which is checked',
        lesson_days: 'a daily rollup of teaching_lessons, which is checked',
        lesson_campus_days: 'a daily rollup of teaching_lessons, which is checked',
        ledger_student_months: 'a monthly rollup of student_ledger, which is checked',
      },
    },
  ],
  inUse: (tx, row) => courseUsageCheckers.check(tx, row.code),
  prepare: async (tx, { values, existing }) => {
    // The code is what orders and schedules keep: it cannot change once the course is used.
    if (existing && existing.code !== values.code) {
      const used = await courseUsageCheckers.check(tx, existing.code);
      if (used) throw badInput('code', used);
    }
  },
  decorate: async (db, rows) => {
    const cat = await codeNames(
      db,
      courseCategories,
      rows.map((r) => r.coursecategorycode),
    );
    const rank = await codeNames(
      db,
      courseRanks,
      rows.map((r) => r.courserankcode),
    );
    const bt = await idNames(
      db,
      courseBuyTypes,
      rows.map((r) => r.buyTypeId),
    );
    return rows.map((r) => ({
      ...r,
      coursecategoryname: cat.get(r.coursecategorycode) ?? null,
      courserankname: rank.get(r.courserankcode) ?? null,
      buyTypeName: r.buyTypeId === null ? null : (bt.get(r.buyTypeId) ?? null),
    }));
  },
});

export const buyTypeType = defineRecordType<TCourseBuyTypeRow, TCourseBuyTypeInput>({
  name: 'courseBuyType',
  label: '购买方式 / course buy type',
  table: courseBuyTypes,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: courseBuyTypes.id,
    name: courseBuyTypes.name,
    incometypecode: courseBuyTypes.incomeTypeCode,
    validstatus: courseBuyTypes.validStatus,
    sort: courseBuyTypes.sort,
    version: courseBuyTypes.version,
  },
  input: CourseBuyTypeInput,
  filters: {
    status: eqFilter(courseBuyTypes.validStatus),
    incometypecode: eqFilter(courseBuyTypes.incomeTypeCode),
  },
  sort: [asc(courseBuyTypes.sort), asc(courseBuyTypes.id)],
  unique: [{ field: 'name', label: '名称' }],
  children: [
    { table: courses, column: courses.buyTypeId, status: courses.validStatus, label: '课程 / course' },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: courseBuyTypes.updatedAt,
});

export const adjustReasonType = defineRecordType<TAdjustCostReasonRow, TAdjustCostReasonInput>({
  name: 'adjustCostReason',
  label: '调整原因 / adjust-cost reason',
  table: adjustCostReasons,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: adjustCostReasons.id,
    name: adjustCostReasons.name,
    remark: adjustCostReasons.remark,
    validstatus: adjustCostReasons.validStatus,
    sort: adjustCostReasons.sort,
    version: adjustCostReasons.version,
  },
  input: AdjustCostReasonInput,
  filters: { status: eqFilter(adjustCostReasons.validStatus) },
  sort: [asc(adjustCostReasons.sort), asc(adjustCostReasons.id)],
  unique: [{ field: 'name', label: '名称' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: adjustCostReasons.updatedAt,
});

/** Valid courses whose rank and category are valid too (what a fee order may sell). */
export async function feeCourses(
  ctx: MdCtx,
  q: {
    coursecategorycode?: string | undefined;
    courserankcode?: string | undefined;
    name?: string | undefined;
  },
) {
  const db = ctx.deps.db;
  const validRanks = await db
    .select({ code: courseRanks.code })
    .from(courseRanks)
    .innerJoin(courseCategories, eq(courseCategories.code, courseRanks.categoryCode))
    .where(and(eq(courseRanks.validStatus, 1), eq(courseCategories.validStatus, 1)));
  const ok = new Set(validRanks.map((r) => r.code));
  const rows = await courseType.all(ctx, { ...q, status: 1 });
  return rows.filter((r) => ok.has(r.courserankcode));
}

/** Whether anything still consumes a course (the registered usage checkers decide). */
export async function checkConsume(ctx: MdCtx, courseCode: string) {
  const message = await courseUsageCheckers.check(ctx.deps.db, courseCode);
  return { courseCode, consumed: message !== null, message };
}
