// The approval engine (docs/approvals.md): filing, deciding, cancelling and revoking requests of any
// kind, one transaction per command; the request row is locked and its version checked, so two
// approvers deciding one request at once get one success and one 409.
import { and, arrayOverlaps, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { APPROVAL_CODE, APPROVAL_OPEN } from '@bo/domain';
import { REJECT_COMMENT_REQUIRED } from '@bo/api-sdk';
import { iso } from '../../db/rowHelpers.js';
import type { AppDeps, CommandDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import {
  badInput,
  conflict,
  noPermission,
  notFound,
  ruleViolation,
  staleVersion,
} from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import {
  approvalKind,
  approvalKinds,
  type HookContext,
  type RegisteredKind,
  type RequestRecord,
} from './registry.js';
import { APPROVAL_MACHINE } from './states.js';
import { approvalDecisions, approvalRequests, type StoredStep } from './tables.js';
import { policySteps } from './policies.js';
import { awaitedSteps, awaitedText } from './awaited.js';
import { updateVersioned } from '../../shared/versioned.js';

type Decision = 'pass' | 'reject' | 'cancel' | 'revoke' | 'close';

/** The approver tokens a user carries: every role code and their own id. */
export const tokensOf = (u: AuthUser): string[] => [...u.roles.map((r) => `role:${r}`), `user:${u.id}`];
/** The approver tokens a step names. */
export const stepTokens = (s: StoredStep): string[] => [
  ...s.roles.map((r) => `role:${r}`),
  ...s.userIds.map((id) => `user:${id}`),
];

/** The steps of a flow that apply to an amount: a step with a threshold only above it. */
export function resolveSteps(steps: StoredStep[], amountCents: number | null): StoredStep[] {
  return steps.filter((s) => s.aboveCents == null || (amountCents != null && amountCents > s.aboveCents));
}

export interface NewRequest {
  kind: string;
  subjectId: number;
  subjectCode?: string | null;
  subjectName: string;
  schoolItemCode: string | null;
  /** A second campus whose approvers may decide too (a transfer's target). */
  toSchoolItemCode?: string | null;
  amountCents?: number | null;
  reason?: string;
  payload: Record<string, unknown>;
}

function kindOf(kind: string): RegisteredKind {
  const k = approvalKind(kind);
  if (!k) throw new Error(`approval kind ${kind} is not registered`);
  return k;
}

/** Files a request inside the caller's transaction, on the kind's current flow; returns its id. */
export async function fileRequest(
  tx: DbOrTx,
  requestedBy: number | null,
  r: NewRequest,
  now: Date,
): Promise<number> {
  const k = kindOf(r.kind);
  const steps = resolveSteps(await policySteps(tx, k), r.amountCents ?? null);
  const first = must(steps[0], 'first approval step');
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      kind: k.kind,
      subjectType: k.subjectType,
      subjectId: r.subjectId,
      subjectCode: r.subjectCode ?? null,
      subjectName: r.subjectName,
      status: APPROVAL_CODE.WAIT,
      schoolItemCode: r.schoolItemCode,
      toSchoolItemCode: r.toSchoolItemCode ?? null,
      requestedBy,
      requestedAt: now,
      amountCents: r.amountCents ?? null,
      reason: r.reason ?? '',
      payload: r.payload,
      steps,
      step: 0,
      awaiting: stepTokens(first),
    })
    .returning({ id: approvalRequests.id });
  return must(row, 'approval request').id;
}

/** Whether the user holds the request's campus (or its second campus); all-scope users hold every one. */
export function holdsCampus(u: AuthUser, r: Pick<RequestRecord, 'schoolItemCode' | 'toSchoolItemCode'>) {
  if (u.allScope) return true;
  return [r.schoolItemCode, r.toSchoolItemCode].some((c) => !!c && u.schoolItems.includes(c));
}

const isOpen = (r: RequestRecord) => APPROVAL_OPEN.includes(r.status);

/**
 * Why the user may not decide the request's current step now, or null when they may: the one rule
 * every decision, detail and list row asks. Not their own request, a campus they hold, an approver
 * of the step, and one person, one step — whoever passed a step of a request may not decide another
 * step of it, so a flow of two steps (finance, then finance manager) is always two people
 * (docs/approvals.md). `passedOtherStep` is what `passedOtherSteps` answers for the request.
 */
export function whyNotDecide(u: AuthUser, r: RequestRecord, passedOtherStep: boolean): string | null {
  if (!isOpen(r)) return '该申请已被处理 / the request was already decided';
  if (r.requestedBy === u.id) return '不能审批自己的申请 / you cannot decide your own request';
  if (!holdsCampus(u, r)) return '该申请不在您的校区范围内 / the request is outside your campuses';
  const mine = tokensOf(u);
  if (!r.awaiting.some((t) => mine.includes(t))) {
    const name = r.steps[r.step]?.name ?? '';
    return `您不是当前步骤「${name}」的审批人 / you are not an approver of the current step "${name}"`;
  }
  if (passedOtherStep)
    return '您已审批过该申请的前一步骤，本步骤须由他人审批 / you passed an earlier step of this request; another approver must decide this one';
  return null;
}

/**
 * The requests among `requests` of which the user passed a step other than the current one, in one
 * query (a list page asks for all its rows at once).
 */
export async function passedOtherSteps(
  db: DbOrTx,
  u: AuthUser,
  requests: ReadonlyArray<Pick<RequestRecord, 'id' | 'step'>>,
): Promise<ReadonlySet<number>> {
  if (!requests.length) return new Set();
  const rows = await db
    .select({ requestId: approvalDecisions.requestId, step: approvalDecisions.step })
    .from(approvalDecisions)
    .where(
      and(
        inArray(
          approvalDecisions.requestId,
          requests.map((r) => r.id),
        ),
        eq(approvalDecisions.userId, u.id),
        eq(approvalDecisions.decision, 'pass'),
      ),
    );
  const stepOf = new Map(requests.map((r) => [r.id, r.step]));
  return new Set(rows.filter((d) => d.step !== stepOf.get(d.requestId)).map((d) => d.requestId));
}

/** Joins two '中文 / English' messages half by half. */
function joinBilingual(a: string, b: string): string {
  const [az = a, ae = a] = a.split(' / ');
  const [bz = b, be = b] = b.split(' / ');
  return `${az}；${bz} / ${ae}; ${be}`;
}

const joinIfAwaited = (why: string, waiting: string | null) => (waiting ? joinBilingual(why, waiting) : why);

/**
 * Refuses with 403 unless the user may decide the request's current step (the request is open); the
 * refusal names who the step waits for (or that nobody at the campus may decide it).
 */
async function assertMayDecide(tx: DbOrTx, u: AuthUser, r: RequestRecord) {
  const passed = await passedOtherSteps(tx, u, [r]);
  const why = whyNotDecide(u, r, passed.has(r.id));
  if (!why) return;
  const waiting = awaitedText(await awaitedSteps(tx, r));
  throw noPermission(joinIfAwaited(why, waiting));
}

/** The decision's `id` (a body field of every decision endpoint) names the request: the 404 names it. */
async function lockRequest(tx: DbOrTx, id: number, kinds?: readonly string[]) {
  const [r] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  if (!r || (kinds && !kinds.includes(r.kind))) throw notFound('审批申请 / approval request', 'id');
  return r;
}

/**
 * Refuses a request outside the user's campuses before anything about it is answered (its version,
 * its state): the requester, administrators and holders of its campus (or second campus) see it.
 */
function assertSeesRequest(u: AuthUser, r: RequestRecord) {
  if (r.requestedBy !== u.id && !u.isAdmin && !holdsCampus(u, r))
    throw noPermission('该申请不在您的校区范围内 / the request is outside your campuses');
}

const alreadyDecided = () => conflict('该申请已被处理 / the request was already decided', 'id');

/** Writes the new state of a locked request, refusing when someone changed it meanwhile. */
async function claim(tx: DbOrTx, r: RequestRecord, set: Partial<typeof approvalRequests.$inferInsert>) {
  return updateVersioned(tx, approvalRequests, {
    where: eq(approvalRequests.id, r.id),
    version: r.version,
    set,
    stale: alreadyDecided,
  });
}

async function record(
  tx: DbOrTx,
  r: RequestRecord,
  u: AuthUser | null,
  decision: Decision,
  comment: string,
  now: Date,
) {
  await tx.insert(approvalDecisions).values({
    requestId: r.id,
    step: r.step,
    userId: u?.id ?? null,
    decision,
    comment,
    at: now,
  });
}

async function audit(
  tx: DbOrTx,
  r: RequestRecord,
  u: AuthUser,
  decision: Decision,
  comment: string,
  ip: string | null,
  now: Date,
) {
  await writeAudit(tx, {
    action: `approval.${r.kind}.${decision}`,
    target: `approval_requests:${r.id}`,
    detail: { subject: `${r.subjectType}:${r.subjectId}`, step: r.step, comment },
    userId: u.id,
    username: u.username,
    ip,
    at: now,
  });
}

export interface DecideInput {
  id: number;
  pass: boolean;
  comment: string;
  version?: number | undefined;
}
export interface Outcome {
  id: number;
  status: number;
  step: number;
}

/**
 * Passes or rejects the current step. A pass of an any-of step (or the last missing approver of an
 * all-of step) moves to the next step; passing the last step approves and runs onPass. A reject ends
 * the request at any step and runs onReject. `kinds` narrows which kinds the calling endpoint decides.
 */
export async function decide(
  deps: CommandDeps,
  u: AuthUser,
  d: DecideInput,
  ip: string | null,
  kinds?: readonly string[],
): Promise<Outcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, d.id, kinds);
    assertSeesRequest(u, r);
    if (d.version !== undefined && d.version !== r.version) throw staleVersion();
    if (!isOpen(r)) throw alreadyDecided();
    await assertMayDecide(tx, u, r);
    const k = kindOf(r.kind);
    const comment = d.comment.trim();
    if (!d.pass && !comment && !k.rejectCommentOptional) throw badInput('comment', REJECT_COMMENT_REQUIRED);
    await record(tx, r, u, d.pass ? 'pass' : 'reject', comment, now);
    await audit(tx, r, u, d.pass ? 'pass' : 'reject', comment, ip, now);
    const ctx = { tx, actor: u, now, comment, events: deps.events };
    if (!d.pass) {
      const done = await claim(tx, r, {
        status: APPROVAL_MACHINE.nextCode('reject', r.status),
        awaiting: [],
        decidedBy: u.id,
        decidedAt: now,
        comment,
      });
      await k.run('onReject', { ...ctx, request: done });
      return { id: done.id, status: done.status, step: done.step };
    }
    const step = must(r.steps[r.step], 'current step');
    const mine = tokensOf(u);
    const left = step.mode === 'all' ? r.awaiting.filter((t) => !mine.includes(t)) : [];
    if (left.length) {
      const done = await claim(tx, r, {
        status: APPROVAL_MACHINE.nextCode('passStep', r.status),
        awaiting: left,
      });
      return { id: done.id, status: done.status, step: done.step };
    }
    const next = r.steps[r.step + 1];
    if (next) {
      const done = await claim(tx, r, {
        status: APPROVAL_MACHINE.nextCode('passStep', r.status),
        step: r.step + 1,
        awaiting: stepTokens(next),
      });
      return { id: done.id, status: done.status, step: done.step };
    }
    const done = await claim(tx, r, {
      status: APPROVAL_MACHINE.nextCode('pass', r.status),
      awaiting: [],
      decidedBy: u.id,
      decidedAt: now,
      comment,
    });
    await k.run('onPass', { ...ctx, request: done });
    return { id: done.id, status: done.status, step: done.step };
  });
}

/**
 * The requester withdraws their open request (WAIT, or DEFAULT: a step passed and it went stale at a
 * later one); the steps passed so far stay in its history, nothing took effect yet; onCancel runs.
 */
export async function cancel(
  deps: AppDeps,
  u: AuthUser,
  d: { id: number; comment: string; version?: number | undefined },
  ip: string | null,
): Promise<Outcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, d.id);
    assertSeesRequest(u, r);
    if (d.version !== undefined && d.version !== r.version) throw staleVersion();
    if (r.requestedBy !== u.id)
      throw noPermission('只有申请人可以取消申请 / only the requester may cancel the request');
    if (!isOpen(r))
      throw conflict('申请已结束，不能撤回 / the request is already closed and cannot be withdrawn', 'id');
    const comment = d.comment.trim();
    await record(tx, r, u, 'cancel', comment, now);
    await audit(tx, r, u, 'cancel', comment, ip, now);
    const done = await claim(tx, r, {
      status: APPROVAL_MACHINE.nextCode('cancel', r.status),
      awaiting: [],
      decidedBy: u.id,
      decidedAt: now,
      comment,
    });
    await kindOf(r.kind).run('onCancel', {
      tx,
      actor: u,
      now,
      comment,
      events: deps.events,
      request: done,
    });
    return { id: done.id, status: done.status, step: done.step };
  });
}

/** Undoes an approved request where its kind allows it; onRevoke runs in the same transaction. */
export async function revoke(
  deps: AppDeps,
  u: AuthUser,
  d: { id: number; comment: string; version?: number | undefined },
  ip: string | null,
): Promise<Outcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, d.id);
    assertSeesRequest(u, r);
    if (d.version !== undefined && d.version !== r.version) throw staleVersion();
    const k = kindOf(r.kind);
    if (!k.revocable)
      throw ruleViolation(`该类申请不能撤销 / a request of kind ${r.kind} cannot be revoked`, 'id');
    if (r.status !== APPROVAL_CODE.PASS)
      throw conflict('只有已通过的申请可以撤销 / only an approved request can be revoked', 'id');
    const comment = d.comment.trim();
    const ctx = { tx, actor: u, now, comment, events: deps.events, request: r };
    if (!(await mayRevoke(k, u, ctx))) throw noPermission('无权撤销该申请 / you may not revoke this request');
    await record(tx, r, u, 'revoke', comment, now);
    await audit(tx, r, u, 'revoke', comment, ip, now);
    const done = await claim(tx, r, {
      status: APPROVAL_MACHINE.nextCode('revoke', r.status),
      decidedBy: u.id,
      decidedAt: now,
      comment,
    });
    await k.run('onRevoke', { ...ctx, request: done });
    return { id: done.id, status: done.status, step: done.step };
  });
}

async function mayRevoke(k: RegisteredKind, u: AuthUser, ctx: Omit<HookContext<unknown>, 'payload'>) {
  if (k.mayRevoke) return k.mayRevoke(ctx);
  const r = ctx.request;
  const last = r.steps[r.steps.length - 1];
  const mine = tokensOf(u);
  return (
    r.requestedBy !== u.id && holdsCampus(u, r) && !!last && stepTokens(last).some((t) => mine.includes(t))
  );
}

/**
 * Closes an open request without its hooks, inside the owning slice's transaction: for a slice that
 * moved the subject out of its pending state by other means (an administrator's correction).
 */
export async function closeRequest(tx: DbOrTx, id: number, u: AuthUser, now: Date, comment: string) {
  const [r] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  if (!r || !isOpen(r)) return;
  await record(tx, r, u, 'close', comment, now);
  await claim(tx, r, {
    status: APPROVAL_MACHINE.nextCode('close', r.status),
    awaiting: [],
    decidedBy: u.id,
    decidedAt: now,
    comment,
  });
}

/** SQL of "the user may decide it now": open, awaiting one of the user's tokens, in scope, not their own. */
export function decidableBy(u: AuthUser, kinds?: readonly string[]): SQL | undefined {
  const registered = approvalKinds().map((k) => k.kind);
  const wanted = kinds ? registered.filter((k) => kinds.includes(k)) : registered;
  if (!wanted.length || (!u.allScope && !u.schoolItems.length)) return sql`false`;
  return and(
    inArray(approvalRequests.status, [...APPROVAL_OPEN]),
    inArray(approvalRequests.kind, wanted),
    arrayOverlaps(approvalRequests.awaiting, tokensOf(u)),
    sql`${approvalRequests.requestedBy} is distinct from ${u.id}`,
    // One person, one step: a request the user passed a step of waits for someone else.
    sql`not exists (select 1 from approval_decisions d where d.request_id = ${approvalRequests.id} and d.user_id = ${u.id} and d.decision = 'pass' and d.step <> ${approvalRequests.step})`,
    u.allScope
      ? undefined
      : or(
          inArray(approvalRequests.schoolItemCode, u.schoolItems),
          inArray(approvalRequests.toSchoolItemCode, u.schoolItems),
        ),
  );
}

/** Requests the user may decide now, oldest first (the task centre, the workbench, the badge). */
export async function pendingDecisions(db: DbOrTx, u: AuthUser, kinds?: readonly string[]) {
  return db
    .select()
    .from(approvalRequests)
    .where(decidableBy(u, kinds))
    .orderBy(asc(approvalRequests.requestedAt), asc(approvalRequests.id));
}

export async function pendingCount(db: DbOrTx, u: AuthUser, kinds?: readonly string[]): Promise<number> {
  const [n] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(approvalRequests)
    .where(decidableBy(u, kinds));
  return n?.n ?? 0;
}

async function rows(
  db: DbOrTx,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  p: { pageIdx: number; pageSize: number },
) {
  const requester = sql<
    string | null
  >`(select name from users x where x.id = ${approvalRequests.requestedBy})`;
  const list = await db
    .select({ r: approvalRequests, requestedByName: requester })
    .from(approvalRequests)
    .where(where)
    .orderBy(
      order === 'asc' ? asc(approvalRequests.requestedAt) : desc(approvalRequests.requestedAt),
      order === 'asc' ? asc(approvalRequests.id) : desc(approvalRequests.id),
    )
    .limit(p.pageSize)
    .offset((p.pageIdx - 1) * p.pageSize);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(approvalRequests)
    .where(where);
  return {
    list: list.map(({ r, requestedByName }) => toRow(r, requestedByName)),
    total: n?.n ?? 0,
    pageIdx: p.pageIdx,
    pageSize: p.pageSize,
  };
}

export function toRow(r: RequestRecord, requestedByName: string | null) {
  return {
    id: r.id,
    kind: r.kind,
    kindLabel: approvalKind(r.kind)?.label['zh-CN'] ?? r.kind,
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    subjectCode: r.subjectCode,
    subjectName: r.subjectName,
    status: r.status,
    schoolItemCode: r.schoolItemCode,
    toSchoolItemCode: r.toSchoolItemCode,
    amountCents: r.amountCents,
    reason: r.reason,
    requestedBy: r.requestedBy,
    requestedByName,
    requestedAt: r.requestedAt.toISOString(),
    step: r.step,
    stepName: r.steps[r.step]?.name ?? null,
    stepCount: r.steps.length,
    decidedAt: iso(r.decidedAt),
    comment: r.comment,
    version: r.version,
  };
}

export const pendingPage = (
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; kind?: string | undefined },
) => rows(deps.db, decidableBy(u, q.kind ? [q.kind] : undefined), 'asc', q);

export const minePage = (
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; kind?: string | undefined; status?: number | undefined },
) =>
  rows(
    deps.db,
    and(
      eq(approvalRequests.requestedBy, u.id),
      q.kind ? eq(approvalRequests.kind, q.kind) : undefined,
      q.status !== undefined ? eq(approvalRequests.status, q.status) : undefined,
    ),
    'desc',
    q,
  );

/** A request with its steps and history: for its requester, approvers holding its campus, administrators. */
export async function requestDetail(deps: AppDeps, u: AuthUser, id: number) {
  const [r] = await deps.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!r) throw notFound('审批申请 / approval request');
  assertSeesRequest(u, r);
  const history = await deps.db
    .select({
      d: approvalDecisions,
      userName: sql<string | null>`(select name from users x where x.id = ${approvalDecisions.userId})`,
    })
    .from(approvalDecisions)
    .where(eq(approvalDecisions.requestId, id))
    .orderBy(asc(approvalDecisions.at), asc(approvalDecisions.id));
  const [who] = await deps.db
    .select({
      name: sql<string | null>`(select name from users x where x.id = ${approvalRequests.requestedBy})`,
    })
    .from(approvalRequests)
    .where(eq(approvalRequests.id, id));
  const k = approvalKind(r.kind);
  const whyNot = whyNotDecide(u, r, (await passedOtherSteps(deps.db, u, [r])).has(r.id));
  const awaited = await awaitedSteps(deps.db, r);
  const canRevoke =
    !!k?.revocable &&
    r.status === APPROVAL_CODE.PASS &&
    (await mayRevoke(k, u, {
      tx: deps.db,
      actor: u,
      now: deps.now(),
      comment: '',
      events: deps.events,
      request: r,
    }));
  return {
    ...toRow(r, who?.name ?? null),
    steps: r.steps,
    history: history.map(({ d, userName }) => ({
      step: d.step,
      stepName: r.steps[d.step]?.name ?? null,
      userId: d.userId,
      userName,
      decision: d.decision as Decision,
      comment: d.comment,
      at: d.at.toISOString(),
    })),
    canDecide: whyNot === null,
    canCancel: r.requestedBy === u.id && isOpen(r),
    canRevoke,
    awaited,
    // Why the caller cannot decide the open request now, with whom it waits for.
    whyNot: whyNot && isOpen(r) ? joinIfAwaited(whyNot, awaitedText(awaited)) : null,
  };
}
