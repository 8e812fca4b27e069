// The teaching plan's library on the master-data engine, one declaration per table: intervene
// objects, training targets, their strategies and lesson plans, each of a course type (an item of
// the dictionary assist_course_type, never copied: docs/decisions.md "Teaching plan").
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LessonPlanInput,
  PlanObjectInput,
  PlanStrategyInput,
  PlanTargetInput,
  type TLessonPlanRow,
  type TPlanObjectRow,
  type TPlanStrategyRow,
  type TPlanTargetRow,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { sysDicts } from '../../db/schema.js';
import { badInput } from '../../http/errors.js';
import {
  codeNames,
  defineRecordType,
  eqFilter,
  idNames,
  likeFilter,
  type ParentRef,
} from '../../shared/masterdata/index.js';
import { lessonPlans, planObjects, planStrategies, planTargets, studentPlanTargets } from './planTables.js';

export const COURSE_TYPE_DICT = 'assist_course_type';

const courseTypeParent: ParentRef = {
  field: 'courseTypeCode',
  table: sysDicts,
  key: sysDicts.code,
  status: sysDicts.status,
  label: '课程类型 / course type',
  where: eq(sysDicts.dictType, COURSE_TYPE_DICT),
};

/** Course type code → name (the dictionary's items). */
export const courseTypeNames = (tx: DbOrTx, codes: readonly string[]) =>
  codeNames(tx, sysDicts, codes, eq(sysDicts.dictType, COURSE_TYPE_DICT));

async function withCourseTypeNames<T extends { courseTypeCode: string }>(tx: DbOrTx, rows: T[]) {
  const names = await courseTypeNames(
    tx,
    rows.map((r) => r.courseTypeCode),
  );
  return rows.map((r) => ({ ...r, courseTypeName: names.get(r.courseTypeCode) ?? r.courseTypeCode }));
}

export const planObjectType = defineRecordType<TPlanObjectRow, z.output<typeof PlanObjectInput>>({
  name: 'planObject',
  label: '干预对象 / intervene object',
  table: planObjects,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: planObjects.id,
    courseTypeCode: planObjects.courseTypeCode,
    name: planObjects.name,
    kind: planObjects.kind,
    description: planObjects.description,
    validstatus: planObjects.validStatus,
    sort: planObjects.sort,
    version: planObjects.version,
  },
  input: PlanObjectInput,
  filters: {
    courseTypeCode: eqFilter(planObjects.courseTypeCode),
    name: likeFilter(planObjects.name),
    status: eqFilter(planObjects.validStatus),
  },
  sort: [asc(planObjects.courseTypeCode), asc(planObjects.sort), asc(planObjects.id)],
  unique: [{ field: 'name', within: ['courseTypeCode'], label: '名称 / name' }],
  parents: [courseTypeParent],
  fixed: [{ field: 'courseTypeCode', label: '课程类型 / course type' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: planObjects.updatedAt,
  decorate: withCourseTypeNames,
});

export const planTargetType = defineRecordType<TPlanTargetRow, z.output<typeof PlanTargetInput>>({
  name: 'planTarget',
  label: '训练目标 / training target',
  table: planTargets,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: planTargets.id,
    courseTypeCode: planTargets.courseTypeCode,
    code: planTargets.code,
    name: planTargets.name,
    domain: planTargets.domain,
    objectId: planTargets.objectId,
    description: planTargets.description,
    mastery: planTargets.mastery,
    validstatus: planTargets.validStatus,
    sort: planTargets.sort,
    version: planTargets.version,
  },
  input: PlanTargetInput,
  filters: {
    courseTypeCode: eqFilter(planTargets.courseTypeCode),
    name: likeFilter(planTargets.name),
    status: eqFilter(planTargets.validStatus),
  },
  sort: [asc(planTargets.courseTypeCode), asc(planTargets.sort), asc(planTargets.code)],
  unique: [{ field: 'code', within: ['courseTypeCode'], label: '编码 / code' }],
  parents: [
    courseTypeParent,
    {
      field: 'objectId',
      table: planObjects,
      key: planObjects.id,
      status: planObjects.validStatus,
      label: '干预对象 / intervene object',
      within: {
        column: planObjects.courseTypeCode,
        field: 'courseTypeCode',
        label: '课程类型 / course type',
      },
    },
  ],
  fixed: [{ field: 'courseTypeCode', label: '课程类型 / course type' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: planTargets.updatedAt,
  // A target a student is working on stays in the library until their plan moves on.
  inUse: async (tx, row) => {
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(studentPlanTargets)
      .where(and(eq(studentPlanTargets.targetId, row.id), eq(studentPlanTargets.status, 'active')));
    const n = Number(r?.n ?? 0);
    return n
      ? `有${n}个学员的个训计划正在训练该目标，不能停用 / ${n} student plan(s) are working on this target; it cannot be disabled`
      : null;
  },
  decorate: async (tx, rows) => {
    const objects = await idNames(
      tx,
      planObjects,
      rows.flatMap((r) => (r.objectId ? [r.objectId] : [])),
    );
    const named = await withCourseTypeNames(tx, rows);
    return named.map((r) => ({ ...r, objectName: r.objectId ? (objects.get(r.objectId) ?? null) : null }));
  },
});

export const planStrategyType = defineRecordType<TPlanStrategyRow, z.output<typeof PlanStrategyInput>>({
  name: 'planStrategy',
  label: '训练策略 / strategy',
  table: planStrategies,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: planStrategies.id,
    targetId: planStrategies.targetId,
    courseTypeCode: planStrategies.courseTypeCode,
    name: planStrategies.name,
    steps: planStrategies.steps,
    materials: planStrategies.materials,
    validstatus: planStrategies.validStatus,
    sort: planStrategies.sort,
    version: planStrategies.version,
  },
  input: PlanStrategyInput,
  filters: {
    targetId: eqFilter(planStrategies.targetId),
    courseTypeCode: eqFilter(planStrategies.courseTypeCode),
    name: likeFilter(planStrategies.name),
    status: eqFilter(planStrategies.validStatus),
  },
  sort: [asc(planStrategies.targetId), asc(planStrategies.sort), asc(planStrategies.id)],
  unique: [{ field: 'name', within: ['targetId'], label: '名称 / name' }],
  parents: [
    {
      field: 'targetId',
      table: planTargets,
      key: planTargets.id,
      status: planTargets.validStatus,
      label: '训练目标 / training target',
    },
  ],
  fixed: [{ field: 'targetId', label: '训练目标 / training target' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: planStrategies.updatedAt,
  prepare: async (tx, { input, existing }) => {
    if (existing) return;
    const [t] = await tx
      .select({ courseTypeCode: planTargets.courseTypeCode })
      .from(planTargets)
      .where(eq(planTargets.id, input.targetId));
    // A missing target is refused by the parent check that follows, naming targetId.
    return t ? { courseTypeCode: t.courseTypeCode } : undefined;
  },
  decorate: async (tx, rows) => {
    const targets = await idNames(
      tx,
      planTargets,
      rows.map((r) => r.targetId),
    );
    return rows.map((r) => ({ ...r, targetName: targets.get(r.targetId) ?? '' }));
  },
});

/** Every step's target is a valid one of the course type, and its strategy one of that target. */
async function checkLessonItems(
  tx: DbOrTx,
  courseTypeCode: string,
  items: z.output<typeof LessonPlanInput>['items'],
) {
  const targetIds = [...new Set(items.map((i) => i.targetId))];
  const targets = await tx
    .select({
      id: planTargets.id,
      courseTypeCode: planTargets.courseTypeCode,
      valid: planTargets.validStatus,
    })
    .from(planTargets)
    .where(inArray(planTargets.id, targetIds));
  const strategyIds = items.flatMap((i) => (i.strategyId ? [i.strategyId] : []));
  const strategies = strategyIds.length
    ? await tx
        .select({ id: planStrategies.id, targetId: planStrategies.targetId })
        .from(planStrategies)
        .where(inArray(planStrategies.id, strategyIds))
    : [];
  items.forEach((item, i) => {
    const t = targets.find((x) => x.id === item.targetId);
    if (!t || t.courseTypeCode !== courseTypeCode || t.valid !== 1)
      throw badInput(
        `items.${i}.targetId`,
        '训练目标不存在、已停用或不属于该课程类型 / the target does not exist, is disabled or is of another course type',
      );
    if (item.strategyId && !strategies.some((s) => s.id === item.strategyId && s.targetId === item.targetId))
      throw badInput(`items.${i}.strategyId`, '策略不属于该训练目标 / the strategy is not one of the target');
  });
}

export const lessonPlanType = defineRecordType<TLessonPlanRow, z.output<typeof LessonPlanInput>>({
  name: 'lessonPlan',
  label: '课案 / lesson plan',
  table: lessonPlans,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: lessonPlans.id,
    courseTypeCode: lessonPlans.courseTypeCode,
    name: lessonPlans.name,
    minutes: lessonPlans.minutes,
    items: lessonPlans.items,
    remark: lessonPlans.remark,
    validstatus: lessonPlans.validStatus,
    sort: lessonPlans.sort,
    version: lessonPlans.version,
  },
  input: LessonPlanInput,
  filters: {
    courseTypeCode: eqFilter(lessonPlans.courseTypeCode),
    name: likeFilter(lessonPlans.name),
    status: eqFilter(lessonPlans.validStatus),
  },
  sort: [asc(lessonPlans.courseTypeCode), asc(lessonPlans.sort), asc(lessonPlans.id)],
  unique: [{ field: 'name', within: ['courseTypeCode'], label: '名称 / name' }],
  parents: [courseTypeParent],
  fixed: [{ field: 'courseTypeCode', label: '课程类型 / course type' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: lessonPlans.updatedAt,
  prepare: async (tx, { input, existing }) => {
    await checkLessonItems(tx, existing?.courseTypeCode ?? input.courseTypeCode, input.items);
  },
  decorate: async (tx, rows) => {
    const targets = await idNames(
      tx,
      planTargets,
      rows.flatMap((r) => r.items.map((i) => i.targetId)),
    );
    const named = await withCourseTypeNames(tx, rows);
    return named.map((r) => ({ ...r, itemNames: r.items.map((i) => targets.get(i.targetId) ?? '') }));
  },
});

// The library keeps course types by code (course_type_code): the dictionary's usedBy refuses deleting one in use.
