// Group-class assessment tasks (spec §7 "groupclass assess tasks"): an assessor assesses every
// member of a group class on one scale by a day. Creating the task makes one pending assessment per
// member (a draft of the one assessment record kind, `clue_matriculations`, the assessor named);
// recording a member's result fills and submits that draft, version checked. A member who joins the
// class while a task is open gets a pending assessment too; one who leaves loses only an untouched
// pending one, a recorded result stays (docs/teaching.md "Group-class assessment tasks").
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { TAssessTaskDetail, TAssessTaskRow, TAssessTaskState, TAssessmentAnswer } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { countUpTo } from '../../db/paging.js';
import type { AppDeps } from '../../deps.js';
import { assertCampus, campusScope, hasPrivilege, type AuthUser } from '../../http/auth.js';
import { badInput, noPermission, notFound, ruleViolation, staleVersion } from '../../http/errors.js';
import { assessScales, clueMatriculations, employees, schoolItems } from '../../db/schema.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { students } from '../students/index.js';
import { createPendingAssessment, recordDraft } from './assessments.js';
import { today, type Deps } from './common.js';
import { assessTaskMembers, assessTasks, groupClassStudents, groupClasses } from './tables.js';
import { GROUP_CLASS } from './states.js';
import { EMPLOYEE_STATUS } from '@bo/domain';
import { updateVersioned } from '../../shared/versioned.js';

/** Who acts on any task of their campuses; others (an assessor holding plans.record) on their own. */
const TASK_MANAGERS = [
  '/education/teamCourse',
  '/education/adminAssessment',
  '/education/adminAssessmentNew',
];

const t = assessTasks;
const mem = assessTaskMembers;
const a = clueMatriculations;

function assertMayAct(u: AuthUser, assessorCode: string) {
  if (hasPrivilege(u, TASK_MANAGERS)) return;
  if (u.employeeCode !== assessorCode)
    throw noPermission('只能处理本人的评估任务 / you may only work on your own assessment tasks');
}

/** A member still to assess: a draft assessment of the task. */
const hasPending = sql`exists (select 1 from ${mem} x join ${a} y on y.id = x.assessment_id where x.task_id = ${t.id} and y.status = 'draft')`;
/** pending 0, done 1, cancelled 2: the list's first order. */
const stateRank = sql<number>`case when ${t.status} = 'cancelled' then 2 when ${hasPending} then 0 else 1 end`;

const rowColumns = {
  task: t,
  stateRank,
  className: groupClasses.name,
  schoolItemName: sql<string>`coalesce(${schoolItems.name}, ${t.schoolItemCode})`,
  scaleName: sql<string>`coalesce(${assessScales.name}, ${t.scaleCode})`,
  assessorName: sql<string>`coalesce(${employees.name}, ${t.assessorCode})`,
  memberCount: sql<number>`(select count(*)::int from ${mem} x where x.task_id = ${t.id})`,
  doneCount: sql<number>`(select count(*)::int from ${mem} x join ${a} y on y.id = x.assessment_id where x.task_id = ${t.id} and y.status = 'submitted')`,
};

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(t)
    .innerJoin(groupClasses, eq(groupClasses.id, t.classId))
    .leftJoin(assessScales, eq(assessScales.code, t.scaleCode))
    .leftJoin(employees, eq(employees.code, t.assessorCode))
    .leftJoin(schoolItems, eq(schoolItems.code, t.schoolItemCode));
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const toRow = (r: Selected): TAssessTaskRow => ({
  id: r.task.id,
  schoolItemCode: r.task.schoolItemCode,
  schoolItemName: r.schoolItemName,
  classId: r.task.classId,
  className: r.className,
  scaleCode: r.task.scaleCode,
  scaleName: r.scaleName,
  assessorCode: r.task.assessorCode,
  assessorName: r.assessorName,
  dueDate: r.task.dueDate,
  remark: r.task.remark,
  memberCount: Number(r.memberCount),
  doneCount: Number(r.doneCount),
  state: (['pending', 'done', 'cancelled'] as const)[Number(r.stateRank)] ?? 'done',
  cancelReason: r.task.cancelReason,
  cancelledAt: r.task.cancelledAt?.toISOString() ?? null,
  version: r.task.version,
  createdAt: r.task.createdAt.toISOString(),
});

function stateWhere(state: TAssessTaskState | undefined) {
  if (state === 'cancelled') return eq(t.status, 'cancelled');
  if (state === 'pending') return and(ne(t.status, 'cancelled'), hasPending);
  if (state === 'done') return and(ne(t.status, 'cancelled'), sql`not ${hasPending}`);
  return undefined;
}

export async function assessTaskList(
  deps: AppDeps,
  u: AuthUser,
  q: {
    schoolItemCode?: string | undefined;
    classId?: number | undefined;
    assessorCode?: string | undefined;
    state?: TAssessTaskState | undefined;
    from?: string | undefined;
    to?: string | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  if (q.schoolItemCode) assertCampus(u, q.schoolItemCode);
  const scope = campusScope(u);
  const w = and(
    q.schoolItemCode
      ? eq(t.schoolItemCode, q.schoolItemCode)
      : scope
        ? inArray(t.schoolItemCode, scope.length ? scope : [''])
        : undefined,
    q.classId ? eq(t.classId, q.classId) : undefined,
    q.assessorCode ? eq(t.assessorCode, q.assessorCode) : undefined,
    hasPrivilege(u, TASK_MANAGERS) ? undefined : eq(t.assessorCode, u.employeeCode ?? ''),
    stateWhere(q.state),
    q.from ? gte(t.dueDate, q.from) : undefined,
    q.to ? lte(t.dueDate, q.to) : undefined,
  );
  const total = await countUpTo(deps, t, w);
  const rows = await selectRows(deps.db)
    .where(w)
    .orderBy(asc(stateRank), asc(t.dueDate), desc(t.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(toRow), ...total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

/**
 * A task the caller may see: outside their campuses it is refused (403, as every record named by id);
 * an assessor's task that is not theirs reads as not found.
 */
async function loadTask(db: DbOrTx, u: AuthUser, id: number) {
  const [r] = await selectRows(db).where(eq(t.id, id));
  if (!r) throw notFound('评估任务 / assessment task');
  assertCampus(u, r.task.schoolItemCode);
  if (!hasPrivilege(u, TASK_MANAGERS) && u.employeeCode !== r.task.assessorCode)
    throw notFound('评估任务 / assessment task');
  return r;
}

export async function assessTaskInfo(deps: Deps, u: AuthUser, id: number): Promise<TAssessTaskDetail> {
  const r = await loadTask(deps.db, u, id);
  const members = await deps.db
    .select({
      studentId: mem.studentId,
      studentCode: students.code,
      studentName: students.name,
      inClass: sql<boolean>`exists (select 1 from ${groupClassStudents} g where g.class_id = ${r.task.classId} and g.student_id = ${mem.studentId})`,
      assessmentId: a.id,
      status: a.status,
      score: a.score,
      assessedOn: a.assessedOn,
      answers: a.answers,
      conclusion: a.conclusion,
      suggestion: a.suggestion,
      version: a.version,
    })
    .from(mem)
    .innerJoin(a, eq(a.id, mem.assessmentId))
    .innerJoin(students, eq(students.id, mem.studentId))
    .where(eq(mem.taskId, id))
    .orderBy(students.code);
  return {
    ...toRow(r),
    members: members.map((x) => ({
      ...x,
      inClass: Boolean(x.inClass),
      status: x.status === 'draft' ? 'draft' : 'submitted',
      answers: x.answers ?? [],
    })),
  };
}

/** Pending assessments for these members of the task (in the caller's transaction). */
async function addMembers(
  tx: DbOrTx,
  task: { id: number; scaleCode: string; assessorName: string },
  studentIds: number[],
  by: number,
  now: Date,
) {
  if (!studentIds.length) return;
  const ss = await tx
    .select({ id: students.id, campus: students.schoolItemCode })
    .from(students)
    .where(inArray(students.id, studentIds));
  for (const s of ss) {
    const assessmentId = await createPendingAssessment(tx, {
      studentId: s.id,
      schoolItemCode: s.campus,
      scaleCode: task.scaleCode,
      assessorName: task.assessorName,
      createdBy: by,
      now,
    });
    await tx.insert(mem).values({ taskId: task.id, studentId: s.id, assessmentId });
  }
}

export async function assessTaskSave(
  deps: Deps,
  u: AuthUser,
  b: { classId: number; scaleCode: string; assessorCode: string; dueDate: string; remark: string },
) {
  if (b.dueDate < today(deps))
    throw ruleViolation('完成日期不能早于今天 / the due day cannot be in the past', 'dueDate');
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    // The class row locked: members joining or leaving wait for the task's members to be written.
    const [c] = await tx.select().from(groupClasses).where(eq(groupClasses.id, b.classId)).for('update');
    if (!c) throw notFound('班级 / group class');
    assertCampus(u, c.schoolItemCode);
    if (c.status !== GROUP_CLASS.open) throw ruleViolation('班级已结班 / the class is closed', 'classId');
    const [scale] = await tx.select().from(assessScales).where(eq(assessScales.code, b.scaleCode));
    if (!scale) throw badInput('scaleCode', '评估量表不存在 / no such assessment scale');
    if (scale.validStatus !== 1)
      throw ruleViolation('该量表已停用 / this assessment scale is disabled', 'scaleCode');
    const [assessor] = await tx
      .select({ name: employees.name, status: employees.status })
      .from(employees)
      .where(eq(employees.code, b.assessorCode));
    if (!assessor || assessor.status !== EMPLOYEE_STATUS.employed)
      throw badInput('assessorCode', '评估人不存在或已停用 / no such active employee');
    const members = await tx
      .select({ id: groupClassStudents.studentId })
      .from(groupClassStudents)
      .where(eq(groupClassStudents.classId, c.id));
    if (!members.length)
      throw ruleViolation('班级还没有学员 / the class has no members to assess', 'classId');
    const [row] = await tx
      .insert(t)
      .values({
        schoolItemCode: c.schoolItemCode,
        classId: c.id,
        scaleCode: scale.code,
        assessorCode: b.assessorCode,
        dueDate: b.dueDate,
        remark: b.remark,
        createdBy: u.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.id });
    const taskId = must(row, 'assessment task').id;
    await addMembers(
      tx,
      { id: taskId, scaleCode: scale.code, assessorName: assessor.name },
      members.map((x) => x.id),
      u.id,
      now,
    );
    await writeAudit(tx, {
      action: 'teaching.assessTask.create',
      target: String(taskId),
      detail: { classId: c.id, scaleCode: scale.code, assessorCode: b.assessorCode, members: members.length },
      userId: u.id,
      username: u.username,
    });
    return taskId;
  });
  return assessTaskInfo(deps, u, id);
}

export async function assessTaskRecord(
  deps: Deps,
  u: AuthUser,
  b: {
    taskId: number;
    studentId: number;
    version: number;
    assessedOn: string;
    answers: TAssessmentAnswer[];
    conclusion: string;
    suggestion: string;
    submit: boolean;
  },
) {
  await deps.db.transaction(async (tx) => {
    const r = await loadTask(tx, u, b.taskId);
    assertMayAct(u, r.task.assessorCode);
    assertOpen(r.task.status);
    const [m] = await tx
      .select({ assessmentId: mem.assessmentId })
      .from(mem)
      .where(and(eq(mem.taskId, b.taskId), eq(mem.studentId, b.studentId)));
    if (!m) throw notFound('任务中的学员 / member of the task');
    await recordDraft(deps, tx, u, { ...b, id: m.assessmentId });
    await writeAudit(tx, {
      action: 'teaching.assessTask.record',
      target: String(b.taskId),
      detail: { studentId: b.studentId, assessmentId: m.assessmentId, submit: b.submit },
      userId: u.id,
      username: u.username,
    });
  });
  return assessTaskInfo(deps, u, b.taskId);
}

function assertOpen(status: string) {
  if (status === 'cancelled')
    throw ruleViolation(
      '评估任务已取消，不能再记录 / the assessment task is cancelled and read-only',
      'taskId',
    );
}

/**
 * Cancels a wrong task (docs/decisions.md "Cancelling an assessment task"): the task locked and its
 * version checked, its pending assessments (drafts) withdrawn — removed with their member links,
 * the audit keeping what each held — and the recorded results kept; the task stays, read-only.
 */
export async function assessTaskCancel(
  deps: Deps,
  u: AuthUser,
  b: { id: number; version: number; reason: string },
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(t).where(eq(t.id, b.id)).for('update');
    if (!cur) throw notFound('评估任务 / assessment task', 'id');
    assertCampus(u, cur.schoolItemCode);
    if (cur.version !== b.version) throw staleVersion();
    assertOpen(cur.status);
    const pending = await tx
      .select({ studentId: mem.studentId, assessmentId: a.id, answers: a.answers, version: a.version })
      .from(mem)
      .innerJoin(a, eq(a.id, mem.assessmentId))
      .where(and(eq(mem.taskId, b.id), eq(a.status, 'draft')))
      .for('update');
    const ids = pending.map((x) => x.assessmentId);
    if (ids.length) {
      await tx.delete(mem).where(inArray(mem.assessmentId, ids));
      await tx.delete(a).where(inArray(a.id, ids));
    }
    await updateVersioned(tx, t, {
      where: eq(t.id, b.id),
      version: undefined,
      set: { status: 'cancelled', cancelReason: b.reason, cancelledAt: now, cancelledBy: u.id },
      at: now,
    });
    await writeAudit(tx, {
      action: 'teaching.assessTask.cancel',
      target: String(b.id),
      detail: { reason: b.reason, withdrawn: pending },
      userId: u.id,
      username: u.username,
    });
  });
  return assessTaskInfo(deps, u, b.id);
}

/** Students joining a class are added to its tasks not yet due (their pending assessments). */
export async function joinOpenTasks(
  deps: Deps,
  tx: DbOrTx,
  by: number,
  classId: number,
  studentIds: number[],
) {
  const open = await selectRows(tx).where(
    and(eq(t.classId, classId), eq(t.status, 'open'), sql`${t.dueDate} >= ${today(deps)}`),
  );
  for (const r of open) {
    const have = await tx
      .select({ id: mem.studentId })
      .from(mem)
      .where(and(eq(mem.taskId, r.task.id), inArray(mem.studentId, studentIds)));
    const taken = new Set(have.map((x) => x.id));
    await addMembers(
      tx,
      { id: r.task.id, scaleCode: r.task.scaleCode, assessorName: r.assessorName },
      studentIds.filter((id) => !taken.has(id)),
      by,
      deps.now(),
    );
  }
}

/**
 * A student leaving a class leaves its tasks only where nothing was recorded yet (a draft without
 * answers, not changed since it was made): that pending assessment goes; a recorded result stays.
 */
export async function leaveTasks(tx: DbOrTx, classId: number, studentId: number) {
  const untouched = await tx
    .select({ taskId: mem.taskId, assessmentId: mem.assessmentId })
    .from(mem)
    .innerJoin(t, eq(t.id, mem.taskId))
    .innerJoin(a, eq(a.id, mem.assessmentId))
    .where(
      and(
        eq(t.classId, classId),
        eq(mem.studentId, studentId),
        eq(a.status, 'draft'),
        eq(a.version, 1),
        sql`coalesce(jsonb_array_length(${a.answers}), 0) = 0`,
      ),
    );
  if (!untouched.length) return;
  const ids = untouched.map((x) => x.assessmentId);
  await tx.delete(mem).where(inArray(mem.assessmentId, ids));
  await tx.delete(a).where(inArray(a.id, ids));
}
