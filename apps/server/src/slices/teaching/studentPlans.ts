// A student's individual plan (个训计划): library targets chosen for the child with a baseline and a
// goal, their status (active → achieved / paused / stopped), and the progress teachers record per
// lesson. Every command locks the plan target, checks the version read and moves it on, in one
// transaction; reads and writes keep to the student's campus (docs/decisions.md "Teaching plan").
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  TPlanProgressRow,
  TPlanTargetAction,
  TPlanTargetStatus,
  TStudentPlanTargetRow,
} from '@bo/api-sdk';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { writeAudit } from '../../shared/audit.js';
import { idNames } from '../../shared/masterdata/index.js';
import { must } from '../../shared/must.js';
import { checkVersion, defineStateMachine, lockOne } from '../../shared/stateMachine.js';
import { assertCanSeeStudent } from '../students/index.js';
import { lessons, lessonStudents } from './tables.js';
import { planProgress, planStrategies, planTargets, studentPlanTargets } from './planTables.js';
import { courseTypeNames } from './planLibrary.js';
import { today, type Deps } from './common.js';
import { updateVersioned } from '../../shared/versioned.js';

const pt = studentPlanTargets;
const WHAT = '个训计划目标 / plan target';

/** Who changes a target's status: the plan's editors (the endpoint's access decides who they are). */
export const planTargetStates = defineStateMachine<TPlanTargetStatus, TPlanTargetAction, 'editor'>({
  subject: { 'zh-CN': '个训计划目标', en: 'plan target' },
  field: 'action',
  names: { active: '训练中', achieved: '已达成', paused: '已暂停', stopped: '已终止' },
  rules: {
    achieve: { from: ['active'], to: 'achieved', who: ['editor'] },
    pause: { from: ['active'], to: 'paused', who: ['editor'] },
    resume: { from: ['paused'], to: 'active', who: ['editor'] },
    stop: { from: ['active', 'paused'], to: 'stopped', who: ['editor'] },
  },
});

const asStatus = (s: string): TPlanTargetStatus =>
  s === 'achieved' || s === 'paused' || s === 'stopped' ? s : 'active';

type Tx = Deps['db'];

/** The plan's rows with the library's names and each target's latest progress. */
async function rowsOf(db: Tx, where: SQL): Promise<TStudentPlanTargetRow[]> {
  const latest = db
    .select({
      planTargetId: planProgress.planTargetId,
      n: sql<number>`count(*)::int`.as('n'),
      lastId: sql<number>`max(${planProgress.id})`.as('last_id'),
    })
    .from(planProgress)
    .groupBy(planProgress.planTargetId)
    .as('latest');
  const rows = await db
    .select({
      r: pt,
      targetCode: planTargets.code,
      targetName: planTargets.name,
      domain: planTargets.domain,
      mastery: planTargets.mastery,
      progressCount: latest.n,
      latestScore: planProgress.score,
      latestOn: planProgress.on,
    })
    .from(pt)
    .innerJoin(planTargets, eq(planTargets.id, pt.targetId))
    .leftJoin(latest, eq(latest.planTargetId, pt.id))
    .leftJoin(planProgress, eq(planProgress.id, latest.lastId))
    .where(where)
    .orderBy(asc(pt.courseTypeCode), asc(planTargets.sort), asc(planTargets.code), asc(pt.id));
  const types = await courseTypeNames(
    db,
    rows.map((x) => x.r.courseTypeCode),
  );
  const names = await idNames(
    db,
    planStrategies,
    rows.flatMap((x) => x.r.strategyIds),
  );
  return rows.map(({ r, ...x }) => ({
    id: r.id,
    studentId: r.studentId,
    schoolItemCode: r.schoolItemCode,
    courseTypeCode: r.courseTypeCode,
    courseTypeName: types.get(r.courseTypeCode) ?? r.courseTypeCode,
    targetId: r.targetId,
    targetCode: x.targetCode,
    targetName: x.targetName,
    domain: x.domain,
    mastery: x.mastery,
    strategyIds: r.strategyIds,
    strategyNames: r.strategyIds.map((id) => names.get(id) ?? ''),
    baseline: r.baseline,
    goal: r.goal,
    startOn: r.startOn,
    expectedEndOn: r.expectedEndOn,
    status: asStatus(r.status),
    statusOn: r.statusOn,
    latestScore: x.latestScore,
    latestOn: x.latestOn,
    progressCount: Number(x.progressCount ?? 0),
    version: r.version,
  }));
}

async function rowById(db: Tx, id: number) {
  return must((await rowsOf(db, eq(pt.id, id)))[0], 'plan target');
}

export async function studentPlan(deps: Deps, u: AuthUser, studentId: number) {
  const s = await assertCanSeeStudent(deps.db, u, studentId);
  return rowsOf(deps.db, eq(pt.studentId, s.id));
}

/** The plan target locked for a command, in the caller's campuses, at the version read. */
async function lockTarget(tx: Tx, u: AuthUser, id: number, version: number | undefined) {
  const cur = await lockOne(tx.select().from(pt).where(eq(pt.id, id)), WHAT);
  assertCampus(u, cur.schoolItemCode);
  if (version === undefined) throw badInput('version', '缺少版本号 / the version is required');
  checkVersion(cur.version, version);
  return cur;
}

interface TargetInput {
  id?: number | undefined;
  version?: number | undefined;
  studentId: number;
  targetId: number;
  strategyIds: number[];
  baseline: string;
  goal: string;
  startOn: string;
  expectedEndOn: string | null;
}

export async function saveStudentPlanTarget(deps: Deps, u: AuthUser, b: TargetInput) {
  if (b.expectedEndOn && b.expectedEndOn < b.startOn)
    throw badInput(
      'expectedEndOn',
      '预计完成日期不能早于开始日期 / the expected end cannot be before the start',
    );
  const now = deps.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const s = await assertCanSeeStudent(tx, u, b.studentId, 'studentId');
      const [target] = await tx.select().from(planTargets).where(eq(planTargets.id, b.targetId));
      if (!target) throw badInput('targetId', '训练目标不存在 / no such training target');
      const strategyIds = [...new Set(b.strategyIds)];
      if (strategyIds.length) {
        const found = await tx
          .select({ id: planStrategies.id, targetId: planStrategies.targetId })
          .from(planStrategies)
          .where(inArray(planStrategies.id, strategyIds));
        if (found.length !== strategyIds.length || found.some((x) => x.targetId !== target.id))
          throw badInput('strategyIds', '策略不属于该训练目标 / a strategy is not one of the target');
      }
      const values = {
        strategyIds,
        baseline: b.baseline,
        goal: b.goal,
        startOn: b.startOn,
        expectedEndOn: b.expectedEndOn,
        updatedAt: now,
      };
      if (b.id === undefined) {
        if (target.validStatus !== 1)
          throw badInput('targetId', '该训练目标已停用 / the training target is disabled');
        const [row] = await tx
          .insert(pt)
          .values({
            ...values,
            studentId: s.id,
            schoolItemCode: s.schoolItemCode,
            courseTypeCode: target.courseTypeCode,
            targetId: target.id,
            createdBy: u.id,
            createdAt: now,
          })
          .returning({ id: pt.id });
        const created = must(row, 'plan target').id;
        await writeAudit(tx, {
          action: 'planTarget.add',
          target: `plan_student_targets:${created}`,
          detail: { studentId: s.id, targetId: target.id, baseline: b.baseline, goal: b.goal },
          userId: u.id,
          username: u.username,
          ip: null,
          at: now,
        });
        return created;
      }
      const cur = await lockTarget(tx, u, b.id, b.version);
      if (cur.studentId !== s.id || cur.targetId !== target.id)
        throw badInput(
          'targetId',
          '不能更换计划目标的学员或训练目标 / the student and target of a plan target cannot change',
        );
      if (cur.status === 'achieved' || cur.status === 'stopped')
        throw ruleViolation('该目标已结束，不能再修改 / the target is closed and can no longer change', 'id');
      await updateVersioned(tx, pt, { where: eq(pt.id, cur.id), version: cur.version, set: { ...values } });
      await writeAudit(tx, {
        action: 'planTarget.update',
        target: `plan_student_targets:${cur.id}`,
        detail: { baseline: [cur.baseline, b.baseline], goal: [cur.goal, b.goal] },
        userId: u.id,
        username: u.username,
        ip: null,
        at: now,
      });
      return cur.id;
    });
    return rowById(deps.db, id);
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict('该目标已在学员的个训计划中 / the target is already on the student’s plan', 'targetId');
    throw e;
  }
}

export async function changeStudentPlanTargetStatus(
  deps: Deps,
  u: AuthUser,
  b: { id: number; version: number; action: TPlanTargetAction; on: string },
) {
  if (b.on > today(deps)) throw ruleViolation('日期不能晚于今天 / the day cannot be in the future', 'on');
  try {
    await deps.db.transaction(async (tx) => {
      const cur = await lockTarget(tx, u, b.id, b.version);
      const next = planTargetStates.next(b.action, asStatus(cur.status));
      if (b.on < cur.startOn)
        throw ruleViolation('日期不能早于开始日期 / the day cannot be before the start', 'on');
      await updateVersioned(tx, pt, {
        where: eq(pt.id, cur.id),
        version: cur.version,
        set: { status: next, statusOn: b.on },
        at: deps.now(),
      });
      await writeAudit(tx, {
        action: `planTarget.${b.action}`,
        target: `plan_student_targets:${cur.id}`,
        detail: { from: cur.status, to: next, on: b.on },
        userId: u.id,
        username: u.username,
        ip: null,
        at: deps.now(),
      });
    });
  } catch (e) {
    // Resuming a target added again meanwhile would make two live rows of one target.
    if (isUniqueViolation(e))
      throw conflict('该目标已在学员的个训计划中 / the target is already on the student’s plan', 'action');
    throw e;
  }
  return rowById(deps.db, b.id);
}

export async function recordPlanProgress(
  deps: Deps,
  u: AuthUser,
  b: {
    planTargetId: number;
    version: number;
    on: string;
    lessonId: number | null;
    score: number;
    note: string;
  },
) {
  if (b.on > today(deps)) throw ruleViolation('日期不能晚于今天 / the day cannot be in the future', 'on');
  await deps.db.transaction(async (tx) => {
    const cur = await lockTarget(tx, u, b.planTargetId, b.version);
    if (cur.status !== 'active')
      throw ruleViolation(
        '只有训练中的目标可以记录进度 / progress is recorded only on a target being worked on',
        'planTargetId',
      );
    if (b.on < cur.startOn)
      throw ruleViolation('日期不能早于目标开始日期 / the day cannot be before the target’s start', 'on');
    if (b.lessonId !== null) {
      // The lesson must be one the student attends on that day.
      const [l] = await tx
        .select({ day: lessons.lessonDate })
        .from(lessons)
        .innerJoin(lessonStudents, eq(lessonStudents.lessonId, lessons.id))
        .where(and(eq(lessons.id, b.lessonId), eq(lessonStudents.studentId, cur.studentId)));
      if (!l) throw badInput('lessonId', '该课节不是该学员的 / the lesson is not one of the student’s');
      if (l.day !== b.on) throw badInput('on', '日期须与课节日期一致 / the day must be the lesson’s day');
    }
    await tx.insert(planProgress).values({
      planTargetId: cur.id,
      on: b.on,
      lessonId: b.lessonId,
      score: b.score,
      note: b.note,
      recordedBy: u.id,
      recordedByName: u.name,
      createdAt: deps.now(),
    });
    await updateVersioned(tx, pt, {
      where: eq(pt.id, cur.id),
      version: cur.version,
      set: {},
      at: deps.now(),
    });
  });
  return rowById(deps.db, b.planTargetId);
}

export async function planProgressList(
  deps: Deps,
  u: AuthUser,
  planTargetId: number,
): Promise<TPlanProgressRow[]> {
  const [cur] = await deps.db.select({ campus: pt.schoolItemCode }).from(pt).where(eq(pt.id, planTargetId));
  if (!cur) throw notFound(WHAT);
  assertCampus(u, cur.campus);
  const rows = await deps.db
    .select()
    .from(planProgress)
    .where(eq(planProgress.planTargetId, planTargetId))
    .orderBy(asc(planProgress.on), asc(planProgress.id));
  return rows.map((r) => ({
    id: r.id,
    planTargetId: r.planTargetId,
    on: r.on,
    lessonId: r.lessonId,
    score: r.score,
    note: r.note,
    recordedByName: r.recordedByName,
    createdAt: r.createdAt.toISOString(),
  }));
}
