// Group-class assessment tasks (spec §7 "groupclass assess tasks"): an assessor assesses every
// member of a group class on one scale by a day. Creating the task makes one pending assessment per
// member (a draft of the one assessment record kind, `clue_matriculations`, the assessor named);
// recording a member's result fills and submits that draft, version checked. A member who joins the
// class while a task is open gets a pending assessment too; one who leaves loses only an untouched
// pending one, a recorded result stays (docs/teaching.md "Group-class assessment tasks").
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TAssessTaskDetail, TAssessTaskRow, TAssessmentAnswer } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, hasPrivilege, type AuthUser } from '../../http/auth.js';
import { badInput, noPermission, notFound, ruleViolation } from '../../http/errors.js';
import { assessScales, clueMatriculations, employees } from '../../db/schema.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { students } from '../students/index.js';
import { createPendingAssessment, recordDraft } from './assessments.js';
import { today, type Deps } from './common.js';
import { assessTaskMembers, assessTasks, groupClassStudents, groupClasses } from './tables.js';

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

const rowColumns = {
  task: t,
  className: groupClasses.name,
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
    .leftJoin(employees, eq(employees.code, t.assessorCode));
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const toRow = (r: Selected): TAssessTaskRow => ({
  id: r.task.id,
  schoolItemCode: r.task.schoolItemCode,
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
  createdAt: r.task.createdAt.toISOString(),
});

export async function assessTaskList(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; classId?: number | undefined; pageIdx: number; pageSize: number },
) {
  assertCampus(u, q.schoolItemCode);
  const w = and(
    eq(t.schoolItemCode, q.schoolItemCode),
    q.classId ? eq(t.classId, q.classId) : undefined,
    hasPrivilege(u, TASK_MANAGERS) ? undefined : eq(t.assessorCode, u.employeeCode ?? ''),
  );
  const [total] = await deps.db.select({ n: count() }).from(t).where(w);
  const rows = await selectRows(deps.db)
    .where(w)
    .orderBy(desc(t.dueDate), desc(t.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(toRow), total: Number(total?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
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
    if (c.status !== 1) throw ruleViolation('班级已结班 / the class is closed', 'classId');
    const [scale] = await tx.select().from(assessScales).where(eq(assessScales.code, b.scaleCode));
    if (!scale) throw badInput('scaleCode', '评估量表不存在 / no such assessment scale');
    if (scale.validStatus !== 1)
      throw ruleViolation('该量表已停用 / this assessment scale is disabled', 'scaleCode');
    const [assessor] = await tx
      .select({ name: employees.name, status: employees.status })
      .from(employees)
      .where(eq(employees.code, b.assessorCode));
    if (!assessor || assessor.status !== 1)
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

/** Students joining a class are added to its tasks not yet due (their pending assessments). */
export async function joinOpenTasks(
  deps: Deps,
  tx: DbOrTx,
  by: number,
  classId: number,
  studentIds: number[],
) {
  const open = await selectRows(tx).where(and(eq(t.classId, classId), sql`${t.dueDate} >= ${today(deps)}`));
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
