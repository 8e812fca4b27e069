// Todos and the task centre. A task is an approval the user may decide, a follow-up of an own clue
// due by the end of today (overdue included), or an own open todo due by the end of today.
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound, ruleViolation } from '../../http/errors.js';
import { must } from '../../shared/must.js';
import { assertCanSee, clues, loadClue, touch, WORKING } from '../clues/index.js';
import { shanghaiDayEnd as dayEnd } from '@bo/domain';
import { shanghaiDayStart as dayStart } from '@bo/domain';
import { iso } from '../../db/rowHelpers.js';
import { approvalKindLabel, pendingDecisions } from '../approvals/index.js';
import { todos } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

/** A todo's stored status (the contract's 0 | 1 | 2). */
export const TODO = { open: 0, done: 1, deleted: 2 } as const;

const todoRow = (t: typeof todos.$inferSelect, now: Date) => ({
  id: t.id,
  title: t.title,
  content: t.content,
  dueAt: iso(t.dueAt),
  clueId: t.clueId,
  status: t.status,
  overdue: t.status === TODO.open && !!t.dueAt && t.dueAt < now,
  createdAt: t.createdAt.toISOString(),
  completedAt: iso(t.completedAt),
});

export async function todoList(
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; status?: 0 | 1 | 2 | undefined },
) {
  const where = and(eq(todos.userId, u.id), eq(todos.status, q.status ?? TODO.open));
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(todos)
    .where(where);
  const rows = await deps.db
    .select()
    .from(todos)
    .where(where)
    .orderBy(sql`${todos.dueAt} asc nulls last`, desc(todos.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const now = deps.now();
  return {
    list: rows.map((t) => todoRow(t, now)),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function todoSummary(deps: AppDeps, u: AuthUser) {
  const now = deps.now();
  const c = (cond: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${cond})::int`.mapWith(Number);
  const [r] = await deps.db
    .select({
      open: c(sql`${todos.status} = ${TODO.open}`),
      dueToday: c(
        sql`${todos.status} = ${TODO.open} and ${todos.dueAt} >= ${dayStart(now)} and ${todos.dueAt} < ${dayEnd(now)}`,
      ),
      overdue: c(sql`${todos.status} = ${TODO.open} and ${todos.dueAt} < ${now}`),
      completed: c(sql`${todos.status} = ${TODO.done}`),
    })
    .from(todos)
    .where(eq(todos.userId, u.id));
  return {
    open: r?.open ?? 0,
    dueToday: r?.dueToday ?? 0,
    overdue: r?.overdue ?? 0,
    completed: r?.completed ?? 0,
  };
}

export async function addTodo(
  deps: AppDeps,
  u: AuthUser,
  b: {
    title: string;
    content: string;
    dueAt?: string | null | undefined;
    clueId?: number | null | undefined;
  },
) {
  const now = deps.now();
  // A todo names only a clue that exists (404) and that the user may see (403, its campus).
  if (b.clueId != null) assertCanSee(u, await loadClue(deps.db, b.clueId, false, 'clueId'));
  const [t] = await deps.db
    .insert(todos)
    .values({
      userId: u.id,
      title: b.title,
      content: b.content,
      dueAt: b.dueAt ? new Date(b.dueAt) : null,
      clueId: b.clueId ?? null,
      createdAt: now,
    })
    .returning();
  return todoRow(must(t, 'todo'), now);
}

/** Completes (1) or deletes (2) an own open todo; someone else's todo is "not found". */
export async function markTodo(deps: AppDeps, u: AuthUser, id: number, status: 1 | 2, field?: string) {
  const now = deps.now();
  const [t] = await deps.db
    .select()
    .from(todos)
    .where(and(eq(todos.id, id), eq(todos.userId, u.id)));
  if (!t || t.status === TODO.deleted) throw notFound('待办 / todo', field);
  if (status === TODO.done && t.status === TODO.done)
    throw ruleViolation('待办已完成 / the todo is already completed', 'id');
  await updateVersioned(deps.db, todos, {
    where: eq(todos.id, id),
    version: t.version,
    set: { status, completedAt: status === TODO.done ? now : t.completedAt },
  });
}

export interface Task {
  id: string;
  kind: 'approval' | 'follow' | 'todo';
  title: string;
  clueId: number | null;
  dueAt: string | null;
  overdue: boolean;
  createdAt: string;
}

/** Every open task of the user, oldest due first. */
export async function openTasks(deps: AppDeps, u: AuthUser): Promise<Task[]> {
  const now = deps.now();
  const end = dayEnd(now);
  // Every kind's requests awaiting the user, from the engine (narrowed in SQL).
  const approvals = await pendingDecisions(deps.db, u);
  const follows = await deps.db
    .select({
      id: clues.id,
      name: clues.childName,
      code: clues.cluecode,
      next: clues.nextVisitAt,
      createdAt: clues.createdAt,
    })
    .from(clues)
    .where(
      and(
        eq(clues.ownerUserId, u.id),
        inArray(clues.flowState, [...WORKING]),
        isNotNull(clues.nextVisitAt),
        lt(clues.nextVisitAt, end),
      ),
    )
    .orderBy(asc(clues.nextVisitAt));
  const due = await deps.db
    .select()
    .from(todos)
    .where(
      and(eq(todos.userId, u.id), eq(todos.status, TODO.open), isNotNull(todos.dueAt), lt(todos.dueAt, end)),
    )
    .orderBy(asc(todos.dueAt));
  const tasks: Task[] = [
    ...approvals.map((a) => ({
      id: `approval:${a.id}`,
      kind: 'approval' as const,
      title: `${approvalKindLabel(a.kind)}：${a.subjectName} ${a.subjectCode ?? ''}`.trim(),
      clueId: a.subjectType === 'clue' ? a.subjectId : null,
      dueAt: null,
      overdue: false,
      createdAt: a.requestedAt.toISOString(),
    })),
    ...follows.map((f) => ({
      id: `follow:${f.id}`,
      kind: 'follow' as const,
      title: `跟进：${f.name} ${f.code}`,
      clueId: f.id,
      dueAt: iso(f.next),
      overdue: !!f.next && f.next < dayStart(now),
      createdAt: f.createdAt.toISOString(),
    })),
    ...due.map((t) => ({
      id: `todo:${t.id}`,
      kind: 'todo' as const,
      title: t.title,
      clueId: t.clueId,
      dueAt: iso(t.dueAt),
      overdue: !!t.dueAt && t.dueAt < now,
      createdAt: t.createdAt.toISOString(),
    })),
  ];
  return tasks;
}

export async function taskList(
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; kind?: 'approval' | 'follow' | 'todo' | undefined },
) {
  const all = (await openTasks(deps, u)).filter((t) => !q.kind || t.kind === q.kind);
  return {
    list: all.slice((q.pageIdx - 1) * q.pageSize, q.pageIdx * q.pageSize),
    total: all.length,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function menuCount(deps: AppDeps, u: AuthUser) {
  return { count: (await openTasks(deps, u)).length };
}

/** Closes a task: a todo is completed; a follow-up reminder is dismissed (the clue's next visit cleared). */
export async function closeTask(deps: AppDeps, u: AuthUser, id: string) {
  const [kind, raw] = id.split(':');
  const n = Number(raw);
  if (kind === 'todo') return markTodo(deps, u, n, 1);
  if (kind === 'approval')
    throw ruleViolation('审批任务请在审批页处理 / approval tasks are closed by deciding them', 'id');
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, n, true);
    if (c.ownerUserId !== u.id || !c.nextVisitAt) throw notFound('任务 / task');
    await touch(tx, c, deps.now(), { nextVisitAt: null });
  });
}
