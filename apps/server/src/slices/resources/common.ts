// Shared pieces of the resources slice: scope, actors, row mapping, the state move with version check.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, noPermission, notFound } from '../../http/errors.js';
import { clues, schoolItems, users } from '../../db/schema.js';
import { isManager } from '../clues/index.js';
import { resourceFlows, resources } from './tables.js';
import { checkVersion as checkRowVersion, lockOne } from '../../shared/stateMachine.js';
import {
  POOL_RES,
  RES_STATUS_NAMES,
  RES_TRANSITIONS,
  resTransition,
  type ResAction,
  type ResourceStatus,
  type ResRule,
} from './states.js';
import { updateVersioned } from '../../shared/versioned.js';

export type ResourceRecord = typeof resources.$inferSelect;
export type ResourceInsert = typeof resources.$inferInsert;
export type TResourceRow = z.input<typeof contract.resources.queryResourceDetail.response>;
export { isManager };

import { iso } from '../../db/rowHelpers.js';
export { iso };
export const ctxAudit = (u: AuthUser, ip: string | null) => ({ userId: u.id, username: u.username, ip });

/**
 * True when the resource is within the user's scope, as clues are scoped: a resource of a campus by
 * that campus only (a region grants no other campus of it); one placed only in a region by the region.
 */
export function inScope(
  u: AuthUser,
  r: Pick<ResourceRecord, 'schoolItemCode' | 'provinceTypeCode'>,
): boolean {
  if (u.allScope) return true;
  if (r.schoolItemCode) return u.schoolItems.includes(r.schoolItemCode);
  return !!r.provinceTypeCode && u.provinceTypes.includes(r.provinceTypeCode);
}

const isPool = (r: ResourceRecord) => r.ownerUserId === null && POOL_RES.includes(r.status as ResourceStatus);

/** Whether the user may open the resource: refuses with 403, never filters silently. */
export function assertCanSee(u: AuthUser, r: ResourceRecord): void {
  if (u.allScope || r.ownerUserId === u.id) return;
  if (!inScope(u, r))
    throw noPermission(`该资源不在您的范围内 / resource ${r.rescode} is outside your campuses and regions`);
  if (isManager(u) || isPool(r)) return;
  throw noPermission('该资源属于其他电销专员 / the resource belongs to another e-sales specialist');
}

/** The list filter matching assertCanSee. */
export function scopeWhere(u: AuthUser): SQL | undefined {
  if (u.allScope) return undefined;
  const area = or(
    u.schoolItems.length ? inArray(resources.schoolItemCode, u.schoolItems) : sql`false`,
    u.provinceTypes.length
      ? and(isNull(resources.schoolItemCode), inArray(resources.provinceTypeCode, u.provinceTypes))
      : sql`false`,
  );
  if (isManager(u)) return or(eq(resources.ownerUserId, u.id), area);
  return or(
    eq(resources.ownerUserId, u.id),
    and(isNull(resources.ownerUserId), inArray(resources.status, [...POOL_RES]), area),
  );
}

function plays(u: AuthUser, r: ResourceRecord, who: readonly string[]): boolean {
  return who.some((w) => {
    if (w === 'owner') return r.ownerUserId === u.id;
    if (w === 'supervisor') return isManager(u) && inScope(u, r);
    if (w === 'specialist') return inScope(u, r);
    return false;
  });
}

/** Checks scope, state and role for an action; answers the target state. 403 / 422 otherwise. */
export function authorize(u: AuthUser, r: ResourceRecord, action: ResAction): ResourceStatus {
  assertCanSee(u, r);
  const to = resTransition(action, r.status as ResourceStatus);
  const rule: ResRule = RES_TRANSITIONS[action];
  if (!plays(u, r, rule.who))
    throw noPermission(`无权执行此操作 / only ${rule.who.join(' or ')} may ${action} this resource`);
  return to;
}

/** Actions the user may take now (the detail's buttons). */
export function allowedActions(u: AuthUser, r: ResourceRecord): string[] {
  return (Object.keys(RES_TRANSITIONS) as ResAction[]).filter((a) => {
    const rule: ResRule = RES_TRANSITIONS[a];
    return rule.from.includes(r.status as ResourceStatus) && plays(u, r, rule.who);
  });
}

export const checkVersion = (r: ResourceRecord, version: number | undefined) =>
  checkRowVersion(r.version, version);

/**
 * Loads a resource; inside a transaction on PostgreSQL the row is locked until commit.
 * `field`: the body/query field that sent the id, named by the 404.
 */
export async function loadResource(
  db: DbOrTx,
  id: number,
  lock = false,
  field?: string,
): Promise<ResourceRecord> {
  const q = db.select().from(resources).where(eq(resources.id, id));
  if (lock) return lockOne(q, '资源 / resource', field);
  const [r] = await q;
  if (!r) throw notFound('资源 / resource', field);
  return r;
}

export interface MoveOptions {
  action: string;
  actor: AuthUser;
  now: Date;
  to: ResourceStatus;
  patch?: Partial<ResourceInsert>;
  content?: string;
  level?: string | null;
  nextFollowAt?: Date | null;
}

/**
 * Applies a change: a conditional update on the version the command read and a history entry.
 * Two commands that read the same version cannot both win: the loser gets 409.
 */
export async function move(tx: DbOrTx, r: ResourceRecord, o: MoveOptions): Promise<number> {
  await updateVersioned(tx, resources, {
    where: eq(resources.id, r.id),
    version: r.version,
    set: { ...o.patch, status: o.to },
    at: o.now,
  });
  const [f] = await tx
    .insert(resourceFlows)
    .values({
      resourceId: r.id,
      action: o.action,
      fromStatus: r.status,
      toStatus: o.to,
      content: o.content ?? '',
      level: o.level ?? null,
      nextFollowAt: o.nextFollowAt ?? null,
      userId: o.actor.id,
      createdAt: o.now,
    })
    .returning({ id: resourceFlows.id });
  return f?.id ?? 0;
}

/** Columns of a resource row plus campus, owner and clue code and the follow count. */
export const rowColumns = {
  r: resources,
  schoolItemName: schoolItems.name,
  ownerName: users.name,
  cluecode: clues.cluecode,
  followCount:
    sql<number>`(select count(*)::int from resource_flows f where f.resource_id = ${resources.id} and f.action = 'follow')`.mapWith(
      Number,
    ),
};

export function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(resources)
    .leftJoin(schoolItems, eq(schoolItems.code, resources.schoolItemCode))
    .leftJoin(users, eq(users.id, resources.ownerUserId))
    .leftJoin(clues, eq(clues.id, resources.clueId));
}
type Joined = {
  r: ResourceRecord;
  schoolItemName: string | null;
  ownerName: string | null;
  cluecode: string | null;
  followCount: number;
};

export function toRow(j: Joined): TResourceRow {
  const r = j.r;
  return {
    id: r.id,
    rescode: r.rescode,
    name: r.name,
    childName: r.childName,
    gender: r.gender,
    birthDate: r.birthDate,
    phone: r.phone,
    provinceTypeCode: r.provinceTypeCode,
    schoolItemCode: r.schoolItemCode,
    schoolItemName: j.schoolItemName,
    channel: r.channelCode,
    level: (r.level as 'A' | 'B' | 'C' | 'D' | null) ?? null,
    status: r.status as ResourceStatus,
    statusName: RES_STATUS_NAMES[r.status as ResourceStatus] ?? r.status,
    ownerUserId: r.ownerUserId,
    ownerName: j.ownerName,
    assignedAt: iso(r.assignedAt),
    lastFollowAt: iso(r.lastFollowAt),
    nextFollowAt: iso(r.nextFollowAt),
    followCount: j.followCount,
    invalidReason: r.invalidReason,
    abandonReason: r.abandonReason,
    clueId: r.clueId,
    cluecode: j.cluecode,
    sentAt: iso(r.sentAt),
    sendOutcome: (r.sendOutcome as 'created' | 'routed' | null) ?? null,
    source: r.source as 'manual' | 'import',
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
    flows: [],
    actions: [],
  };
}

export async function loadRow(db: DbOrTx, id: number) {
  const [j] = await selectRows(db).where(eq(resources.id, id));
  if (!j) throw notFound('资源 / resource');
  const { flows: _f, actions: _a, ...row } = toRow(j);
  return row;
}

/** The active resource holding a phone, with its owner's name. */
export async function activeResource(db: DbOrTx, phone: string, excludeId?: number) {
  const rows = await db
    .select({ r: resources, ownerName: users.name })
    .from(resources)
    .leftJoin(users, eq(users.id, resources.ownerUserId))
    .where(
      and(
        eq(resources.phone, phone),
        inArray(resources.status, ['new', 'assigned', 'following', 'abandoned']),
      ),
    );
  return rows.find((x) => x.r.id !== excludeId) ?? null;
}

/** The 409 for a phone an active resource holds. */
export function resourcePhoneTaken(h: { r: ResourceRecord; ownerName: string | null }) {
  const owner = h.ownerName ?? '资源池 / resource pool';
  return conflict(
    `手机号已存在有效资源 ${h.r.rescode}（${RES_STATUS_NAMES[h.r.status as ResourceStatus]}），归属：${owner} / the phone is already held by resource ${h.r.rescode} (${h.r.status}), owner ${owner}`,
    'phone',
  );
}
