// Call records: save (idempotent per provider session), scoped lists and counts, transcript/notes,
// soft delete and quality scoring (one current score per call, every re-scoring kept and audited).
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { countUpTo } from '../../db/paging.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
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
import { clues, resources, users } from '../../db/schema.js';
import { and_, iso } from '../../db/rowHelpers.js';
import { assertCanSee as assertCanSeeClue, isManager, loadClue } from '../clues/index.js';
import { dayBound, shanghaiDaySql } from '../../shared/days.js';
import { shanghaiDate as dayStr } from '@bo/domain';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { assertCanSee as assertCanSeeResource, loadResource } from '../resources/index.js';
import { callQualityScores, callRecords } from './tables.js';

type Body<K extends keyof typeof contract.calls> = z.output<NonNullable<(typeof contract.calls)[K]['body']>>;
type CallQuery = z.output<(typeof contract.calls)['list']['query']>;
type CallFilter = Omit<CallQuery, 'pageIdx' | 'pageSize'>;
export type CallRecord = typeof callRecords.$inferSelect;
type CallRowOut = z.input<typeof contract.calls.list.response>['list'][number];

const audit = (u: AuthUser, ip: string | null) => ({ userId: u.id, username: u.username, ip });
/** Quality managers: campus managers and administrators (the /clues/qualityControl screen). */
const isQualityManager = (u: AuthUser) => isManager(u);

/** Own calls; managers also the calls of their campuses; all-scope users all. */
function scopeWhere(u: AuthUser): SQL | undefined {
  if (u.allScope) return undefined;
  if (isManager(u) && u.schoolItems.length)
    return or(eq(callRecords.userId, u.id), inArray(callRecords.schoolItemCode, u.schoolItems));
  return eq(callRecords.userId, u.id);
}

function assertCanSee(u: AuthUser, c: CallRecord) {
  if (u.allScope || c.userId === u.id) return;
  if (isManager(u) && c.schoolItemCode && u.schoolItems.includes(c.schoolItemCode)) return;
  throw noPermission('无权查看该通话记录 / the call is outside your scope');
}

/** A time bound: an ISO timestamp, or a YYYY-MM-DD Asia/Shanghai day (start, or the next day's start for `end`). */
function bound(v: string, field: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return dayBound(`query.${field}`, v, { end });
  const d = new Date(v);
  if (Number.isNaN(d.getTime()))
    throw badInput(`query.${field}`, `query.${field}: 不是有效时间 / not a date or timestamp`);
  return d;
}

function filterWhere(u: AuthUser, q: CallFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [isNull(callRecords.deletedAt), scopeWhere(u)];
  if (q.userId) parts.push(eq(callRecords.userId, q.userId));
  if (q.phone) parts.push(ilike(callRecords.phone, `%${q.phone}%`));
  if (q.clueId) parts.push(eq(callRecords.clueId, q.clueId));
  if (q.resourceId) parts.push(eq(callRecords.resourceId, q.resourceId));
  if (q.startTime) parts.push(gte(callRecords.startAt, bound(q.startTime, 'startTime', false)));
  if (q.endTime) {
    const e = bound(q.endTime, 'endTime', true);
    parts.push(
      /^\d{4}-\d{2}-\d{2}$/.test(q.endTime) ? lt(callRecords.startAt, e) : lte(callRecords.startAt, e),
    );
  }
  if (q.minDuration !== undefined) parts.push(gte(callRecords.durationSeconds, q.minDuration));
  if (q.maxDuration !== undefined) parts.push(lte(callRecords.durationSeconds, q.maxDuration));
  if (q.direction) parts.push(eq(callRecords.direction, q.direction));
  if (q.callType) parts.push(eq(callRecords.callType, q.callType));
  if (q.result) parts.push(eq(callRecords.result, q.result));
  if (q.qualityState === 'scored') parts.push(sql`${callRecords.qualityTotal} is not null`);
  if (q.qualityState === 'unscored') parts.push(isNull(callRecords.qualityTotal));
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    parts.push(eq(callRecords.schoolItemCode, q.schoolItemCode));
  }
  return and_(parts);
}

const rowColumns = {
  c: callRecords,
  userName: users.name,
  cluecode: clues.cluecode,
  clueName: clues.parentName,
  rescode: resources.rescode,
  resName: resources.name,
};
const selectRows = (db: DbOrTx) =>
  db
    .select(rowColumns)
    .from(callRecords)
    .leftJoin(users, eq(users.id, callRecords.userId))
    .leftJoin(clues, eq(clues.id, callRecords.clueId))
    .leftJoin(resources, eq(resources.id, callRecords.resourceId));
type Joined = {
  c: CallRecord;
  userName: string | null;
  cluecode: string | null;
  clueName: string | null;
  rescode: string | null;
  resName: string | null;
};

function toRow(j: Joined): CallRowOut {
  const c = j.c;
  return {
    id: c.id,
    sessionId: c.sessionId,
    userId: c.userId,
    userName: j.userName,
    clueId: c.clueId,
    cluecode: j.cluecode,
    resourceId: c.resourceId,
    rescode: j.rescode,
    schoolItemCode: c.schoolItemCode,
    customerName: j.clueName ?? j.resName ?? null,
    phone: c.phone,
    callerPhone: c.callerPhone,
    direction: c.direction as 'out' | 'in',
    callType: (c.callType as CallRowOut['callType']) ?? null,
    result: c.result as CallRowOut['result'],
    provider: c.provider as CallRowOut['provider'],
    startAt: c.startAt.toISOString(),
    endAt: iso(c.endAt),
    durationSeconds: c.durationSeconds,
    recordingUrl: c.recordingUrl,
    qualityState: c.qualityTotal === null ? 'unscored' : 'scored',
    qualityTotal: c.qualityTotal,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function list(deps: AppDeps, u: AuthUser, q: CallQuery) {
  const where = filterWhere(u, q);
  const t = await countUpTo(deps, callRecords, where);
  const rows = await selectRows(deps.db)
    .where(where)
    .orderBy(desc(callRecords.startAt), desc(callRecords.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(toRow), ...t, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export const LIST_ALL_CAP = 5000;
export async function listAll(deps: AppDeps, u: AuthUser, q: CallFilter) {
  const rows = await selectRows(deps.db)
    .where(filterWhere(u, q))
    .orderBy(desc(callRecords.startAt), desc(callRecords.id))
    .limit(LIST_ALL_CAP);
  return rows.map(toRow);
}

async function loadCall(db: DbOrTx, where: SQL, lock = false): Promise<CallRecord> {
  const q = db
    .select()
    .from(callRecords)
    .where(and(where, isNull(callRecords.deletedAt)));
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw notFound('通话记录 / call');
  return c;
}

async function qualityRows(db: DbOrTx, callId: number) {
  const rows = await db
    .select({ s: callQualityScores, reviewerName: users.name })
    .from(callQualityScores)
    .leftJoin(users, eq(users.id, callQualityScores.reviewerId))
    .where(eq(callQualityScores.callId, callId))
    .orderBy(desc(callQualityScores.version));
  return rows.map(({ s, reviewerName }) => ({
    id: s.id,
    callId: s.callId,
    version: s.version,
    current: s.current,
    items: s.items as Array<{ code: string; name: string; score: number }>,
    total: s.total,
    comment: s.comment,
    reviewerId: s.reviewerId,
    reviewerName,
    reviewedAt: s.reviewedAt.toISOString(),
  }));
}

async function detailOf(deps: AppDeps, u: AuthUser, where: SQL) {
  const c = await loadCall(deps.db, where);
  assertCanSee(u, c);
  const [j] = await selectRows(deps.db).where(eq(callRecords.id, c.id));
  const row = toRow(must(j, 'call row'));
  return {
    ...row,
    content: c.content,
    contentUpdatedAt: iso(c.contentUpdatedAt),
    quality: await qualityRows(deps.db, c.id),
  };
}
export const getById = (deps: AppDeps, u: AuthUser, id: number) => detailOf(deps, u, eq(callRecords.id, id));
export const getBySessionId = (deps: AppDeps, u: AuthUser, sessionId: string) =>
  detailOf(deps, u, eq(callRecords.sessionId, sessionId));

/**
 * Saves a call. The same agent saving the same session again completes the record (end, duration,
 * recording, result); another agent's session id is a 409. The clue or resource must be visible to the agent.
 */
export async function save(deps: AppDeps, u: AuthUser, b: Body<'save'>, ip: string) {
  const now = deps.now();
  const start = new Date(b.startAt);
  const end = b.endAt ? new Date(b.endAt) : null;
  if (end && end.getTime() < start.getTime())
    throw badInput('body.endAt', 'body.endAt: 结束时间早于开始时间 / the end is before the start');
  const duration = b.durationSeconds ?? (end ? Math.round((end.getTime() - start.getTime()) / 1000) : 0);
  const result = b.result ?? (duration > 0 ? 'answered' : 'no_answer');
  const id = await deps.db.transaction(async (tx) => {
    let campus: string | null = null;
    if (b.clueId) {
      const c = await loadClue(tx, b.clueId, false, 'clueId');
      assertCanSeeClue(u, c);
      campus = c.schoolItemCode;
    }
    if (b.resourceId) {
      const r = await loadResource(tx, b.resourceId, false, 'resourceId');
      assertCanSeeResource(u, r);
      campus ??= r.schoolItemCode;
    }
    const values = {
      clueId: b.clueId ?? null,
      resourceId: b.resourceId ?? null,
      schoolItemCode: campus,
      phone: b.phone,
      callerPhone: b.callerPhone ?? null,
      direction: b.direction,
      callType: b.callType ?? null,
      result,
      provider: b.provider,
      startAt: start,
      endAt: end,
      durationSeconds: duration,
      recordingUrl: b.recordingUrl ?? null,
      updatedAt: now,
    };
    const [existing] = await tx
      .select()
      .from(callRecords)
      .where(eq(callRecords.sessionId, b.sessionId))
      .for('update');
    if (existing) {
      if (existing.userId !== u.id || existing.deletedAt)
        throw conflict('该通话会话已存在 / the call session is already recorded', 'sessionId');
      await tx.update(callRecords).set(values).where(eq(callRecords.id, existing.id));
      return existing.id;
    }
    try {
      const [row] = await tx
        .insert(callRecords)
        .values({ ...values, sessionId: b.sessionId, userId: u.id, createdAt: now })
        .returning({ id: callRecords.id });
      const newId = must(row, 'call').id;
      await writeAudit(tx, {
        action: 'call.save',
        target: `call_records:${newId}`,
        detail: { sessionId: b.sessionId },
        ...audit(u, ip),
        at: now,
      });
      return newId;
    } catch (e) {
      if (isUniqueViolation(e))
        throw conflict('该通话会话已存在 / the call session is already recorded', 'sessionId');
      throw e;
    }
  });
  const [j] = await selectRows(deps.db).where(eq(callRecords.id, id));
  return toRow(must(j, 'call row'));
}

export async function remove(deps: AppDeps, u: AuthUser, id: number, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const c = await loadCall(tx, eq(callRecords.id, id), true);
    assertCanSee(u, c);
    const own = c.userId === u.id && c.qualityTotal === null;
    if (!own && !isQualityManager(u))
      throw noPermission('只能删除自己未质检的通话 / agents delete only their own unscored calls');
    await tx
      .update(callRecords)
      .set({ deletedAt: now, deletedBy: u.id, updatedAt: now })
      .where(eq(callRecords.id, id));
    await writeAudit(tx, {
      action: 'call.delete',
      target: `call_records:${id}`,
      detail: { sessionId: c.sessionId },
      ...audit(u, ip),
      at: now,
    });
  });
}

export async function content(deps: AppDeps, u: AuthUser, id: number, body: Body<'content'>, ip: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadCall(tx, eq(callRecords.id, id), !!body);
    assertCanSee(u, c);
    if (!body) return { id: c.id, content: c.content, contentUpdatedAt: iso(c.contentUpdatedAt) };
    if (c.userId !== u.id && !isQualityManager(u))
      throw noPermission(
        '只有通话人或质检主管可以修改 / only the agent or a quality manager may edit the notes',
      );
    await tx
      .update(callRecords)
      .set({ content: body.content, contentUpdatedAt: now, updatedAt: now })
      .where(eq(callRecords.id, id));
    await writeAudit(tx, {
      action: 'call.content',
      target: `call_records:${id}`,
      detail: { length: body.content.length },
      ...audit(u, ip),
      at: now,
    });
    return { id: c.id, content: body.content, contentUpdatedAt: now.toISOString() };
  });
}

/** Scores a call: total = rounded mean of the items. The first scoring needs no version; a re-scoring needs the current one's. */
export async function qualitySave(deps: AppDeps, u: AuthUser, b: Body<'qualitySave'>, ip: string) {
  const now = deps.now();
  const total = Math.round(b.items.reduce((s, i) => s + i.score, 0) / b.items.length);
  if (b.total !== undefined && b.total !== total)
    throw badInput(
      'body.total',
      `body.total: 总分应为各项平均分 ${total} / the total must be the rounded mean of the items, ${total}`,
    );
  const codes = b.items.map((i) => i.code);
  if (new Set(codes).size !== codes.length)
    throw badInput('body.items', 'body.items: 评分项重复 / an item appears twice');
  const id = await deps.db.transaction(async (tx) => {
    const c = await loadCall(tx, eq(callRecords.id, b.callId), true);
    assertCanSee(u, c);
    if (c.userId === u.id)
      throw ruleViolation('不能为自己的通话质检 / you cannot score your own call', 'callId');
    const [cur] = await tx
      .select()
      .from(callQualityScores)
      .where(and(eq(callQualityScores.callId, c.id), eq(callQualityScores.current, true)));
    if (cur) {
      if (b.version === undefined)
        throw conflict(
          '该通话已有质检评分，重新评分请带上当前版本 / the call is already scored: send the current version to re-score',
          'version',
        );
      if (b.version !== cur.version) throw staleVersion();
      await tx.update(callQualityScores).set({ current: false }).where(eq(callQualityScores.id, cur.id));
    } else if (b.version !== undefined && b.version !== 0) throw staleVersion();
    const version = (cur?.version ?? 0) + 1;
    const [row] = await tx
      .insert(callQualityScores)
      .values({
        callId: c.id,
        version,
        current: true,
        items: b.items as never,
        total,
        comment: b.comment,
        reviewerId: u.id,
        reviewedAt: now,
      })
      .returning({ id: callQualityScores.id });
    await tx.update(callRecords).set({ qualityTotal: total, updatedAt: now }).where(eq(callRecords.id, c.id));
    await writeAudit(tx, {
      action: cur ? 'call.qualityRescore' : 'call.qualityScore',
      target: `call_records:${c.id}`,
      detail: { version, total, previousTotal: cur?.total ?? null, items: b.items, comment: b.comment },
      ...audit(u, ip),
      at: now,
    });
    return must(row, 'score').id;
  });
  return must(
    (await qualityRows(deps.db, b.callId)).find((s) => s.id === id),
    'score',
  );
}

/** Calls per user and Asia/Shanghai day: own ones, or (managers) everyone's in scope, optionally one user. */
export async function countCalls(
  deps: AppDeps,
  u: AuthUser,
  q: { startDate?: string | undefined; endDate?: string | undefined; userId?: number | undefined },
) {
  const today = dayStr(deps.now());
  const from = dayBound('query.startDate', q.startDate ?? today);
  const to = dayBound('query.endDate', q.endDate ?? q.startDate ?? today, { end: true });
  if (to.getTime() <= from.getTime())
    throw badInput(
      'query.endDate',
      'query.endDate: 结束日期早于开始日期 / the end date is before the start date',
    );
  const parts: Array<SQL | undefined> = [
    isNull(callRecords.deletedAt),
    scopeWhere(u),
    gte(callRecords.startAt, from),
    lt(callRecords.startAt, to),
  ];
  if (q.userId) parts.push(eq(callRecords.userId, q.userId));
  else if (!isManager(u) && !u.allScope) parts.push(eq(callRecords.userId, u.id));
  const day = shanghaiDaySql(callRecords.startAt);
  const rows = await deps.db
    .select({
      userId: callRecords.userId,
      userName: users.name,
      date: day,
      total: sql<number>`count(*)::int`.mapWith(Number),
      answered: sql<number>`count(*) filter (where ${callRecords.result} = 'answered')::int`.mapWith(Number),
      outgoing: sql<number>`count(*) filter (where ${callRecords.direction} = 'out')::int`.mapWith(Number),
      durationSeconds: sql<number>`coalesce(sum(${callRecords.durationSeconds}), 0)::int`.mapWith(Number),
    })
    .from(callRecords)
    .leftJoin(users, eq(users.id, callRecords.userId))
    .where(and_(parts))
    .groupBy(callRecords.userId, users.name, day)
    .orderBy(desc(day), asc(callRecords.userId));
  return {
    total: rows.reduce((s, r) => s + r.total, 0),
    answered: rows.reduce((s, r) => s + r.answered, 0),
    durationSeconds: rows.reduce((s, r) => s + r.durationSeconds, 0),
    rows,
  };
}

export async function callUsers(deps: AppDeps, u: AuthUser) {
  return deps.db
    .selectDistinct({ id: users.id, username: users.username, name: users.name })
    .from(callRecords)
    .innerJoin(users, eq(users.id, callRecords.userId))
    .where(and_([isNull(callRecords.deletedAt), scopeWhere(u)]))
    .orderBy(users.id);
}

/** The newest visible call with a phone (the screen-pop). */
export async function lastCallTo(deps: AppDeps, u: AuthUser, phone: string) {
  const [j] = await selectRows(deps.db)
    .where(and_([isNull(callRecords.deletedAt), scopeWhere(u), eq(callRecords.phone, phone)]))
    .orderBy(desc(callRecords.startAt))
    .limit(1);
  return j
    ? {
        id: j.c.id,
        startAt: j.c.startAt.toISOString(),
        userName: j.userName,
        durationSeconds: j.c.durationSeconds,
      }
    : null;
}
