// Resource commands: creation, assignment, follow-up, transfer, abandon/receive, invalid and the send to
// a campus (a clue through the clues slice's own creation and duplicate rules). One transaction each.
import { and, eq, inArray } from 'drizzle-orm';
import { FUTURE_BIRTH_DATE_MESSAGE, isAfterToday } from '@bo/domain';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { nextNumbered } from '../../db/numbering.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import {
  clueChannels,
  clueEvents,
  clueFollows,
  provinceTypes,
  schoolItems,
  userCampuses,
  userRegions,
  userRoles,
  users,
} from '../../db/schema.js';
import { activeHolder, campusConsultants, enterPool, insertClue, phoneTaken } from '../clues/index.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { resourceFlows, resources } from './tables.js';
import {
  activeResource,
  authorize,
  checkVersion,
  ctxAudit,
  inScope,
  isManager,
  loadResource,
  loadRow,
  move,
  resourcePhoneTaken,
  type ResourceInsert,
  type ResourceRecord,
} from './common.js';

type Body<K extends keyof typeof contract.resources> = z.output<
  NonNullable<(typeof contract.resources)[K]['body']>
>;
type Query<K extends keyof typeof contract.resources> = z.output<
  NonNullable<(typeof contract.resources)[K]['query']>
>;

/** Role code of e-sales specialists (spec §6 task-badge roles; meaning in docs/decisions.md). */
export const ESALES_ROLE = 5;

/** Refuses a phone held by an active resource (other than `excludeId`) or an active clue (the clues slice's rule). */
export async function assertPhoneFree(db: DbOrTx, phone: string, excludeId?: number) {
  const res = await activeResource(db, phone, excludeId);
  if (res) throw resourcePhoneTaken(res);
  const clue = await activeHolder(db, phone);
  if (clue) throw phoneTaken(clue);
}

/** Inserts a resource with its code ('ZY' + 8 digits); a phone taken under a race is a 409. */
export async function insertResource(
  tx: DbOrTx,
  values: Omit<ResourceInsert, 'rescode'>,
): Promise<ResourceRecord> {
  try {
    const { id, code } = await nextNumbered(tx, resources, { prefix: 'ZY', digits: 8 });
    const [row] = await tx
      .insert(resources)
      .values({ ...values, id, rescode: code })
      .returning();
    return must(row, 'new resource');
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict('手机号已存在有效资源 / the phone is already held by an active resource', 'phone');
    throw e;
  }
}

/** Campus and region of a resource: the campus must exist (and be in scope); its region wins. */
async function placement(
  db: DbOrTx,
  u: AuthUser,
  campus: string | null | undefined,
  region: string | null | undefined,
  field = 'body',
) {
  let provinceTypeCode = region || null;
  const schoolItemCode = campus || null;
  if (schoolItemCode) {
    const [s] = await db
      .select({ code: schoolItems.code, region: schoolItems.provinceTypeCode })
      .from(schoolItems)
      .where(eq(schoolItems.code, schoolItemCode));
    if (!s) throw badInput(`${field}.schoolItemCode`, `${field}.schoolItemCode: 校区不存在 / no such campus`);
    if (provinceTypeCode && provinceTypeCode !== s.region)
      throw badInput(
        `${field}.provinceTypeCode`,
        `${field}.provinceTypeCode: 与校区所在区域不符 / does not match the campus's region ${s.region}`,
      );
    provinceTypeCode = s.region;
  } else if (provinceTypeCode) {
    const [p] = await db
      .select({ code: provinceTypes.code })
      .from(provinceTypes)
      .where(eq(provinceTypes.code, provinceTypeCode));
    if (!p)
      throw badInput(`${field}.provinceTypeCode`, `${field}.provinceTypeCode: 区域不存在 / no such region`);
  }
  if (!inScope(u, { schoolItemCode, provinceTypeCode }) && !u.allScope) {
    if (schoolItemCode || provinceTypeCode)
      throw noPermission('校区或区域不在您的范围内 / the campus or region is outside your scope');
  }
  return { schoolItemCode, provinceTypeCode };
}

/** Channel codes are checked against the clue settings once any channel exists there. */
async function assertChannel(db: DbOrTx, code: string | null | undefined, field: string) {
  if (!code) return;
  const all = await db.select({ code: clueChannels.code }).from(clueChannels);
  if (all.length && !all.some((c) => c.code === code))
    throw badInput(field, `${field}: 渠道不存在 / no such channel`);
}

/** The user must be an enabled e-sales specialist (or a supervisor) whose campuses or regions cover the resource. */
async function assertAssignee(
  db: DbOrTx,
  userId: number,
  r: Pick<ResourceRecord, 'schoolItemCode' | 'provinceTypeCode'>,
  field: string,
) {
  const [u] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId));
  if (!u || u.status !== 1) throw badInput(field, `${field}: 该用户不存在或已停用 / no such active user`);
  const roles = (
    await db.select({ code: userRoles.roleCode }).from(userRoles).where(eq(userRoles.userId, userId))
  ).map((x) => x.code);
  if (!roles.some((c) => [ESALES_ROLE, 1, 76, 72, 58].includes(c)))
    throw badInput(field, `${field}: 该用户不是电销专员 / the user is not an e-sales specialist`);
  return { id: u.id, roles };
}

export async function createResource(deps: AppDeps, u: AuthUser, b: Body<'save'>, ip: string) {
  const now = deps.now();
  if (isAfterToday(b.birthDate, now)) throw badInput('body.birthDate', FUTURE_BIRTH_DATE_MESSAGE);
  const id = await deps.db.transaction(async (tx) => {
    const place = await placement(tx, u, b.schoolItemCode, b.provinceTypeCode);
    if (!u.allScope && !place.schoolItemCode && !place.provinceTypeCode)
      throw badInput(
        'body.schoolItemCode',
        'body.schoolItemCode: 请选择校区或区域 / choose a campus or a region',
      );
    await assertChannel(tx, b.channel, 'body.channel');
    await assertPhoneFree(tx, b.phone);
    let owner: number | null = b.ownerUserId ?? null;
    if (owner === null && !isManager(u)) owner = u.id;
    if (owner !== null && owner !== u.id) {
      if (!isManager(u))
        throw noPermission('只能为自己创建资源 / specialists create resources for themselves');
      await assertAssignee(tx, owner, place, 'body.ownerUserId');
    }
    const status = owner === null ? 'new' : 'assigned';
    const r = await insertResource(tx, {
      name: b.name,
      childName: b.childName,
      gender: b.gender,
      birthDate: b.birthDate ?? null,
      phone: b.phone,
      ...place,
      channelCode: b.channel ?? null,
      level: b.level ?? null,
      note: b.note,
      status,
      ownerUserId: owner,
      assignedAt: owner === null ? null : now,
      source: 'manual',
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(resourceFlows).values({
      resourceId: r.id,
      action: 'create',
      fromStatus: null,
      toStatus: status,
      userId: u.id,
      createdAt: now,
    });
    await writeAudit(tx, {
      action: 'resource.create',
      target: `resources:${r.rescode}`,
      ...ctxAudit(u, ip),
      at: now,
    });
    return r.id;
  });
  return loadRow(deps.db, id);
}

export async function modifyBaseInfo(deps: AppDeps, u: AuthUser, b: Body<'modifyBaseInfo'>, ip: string) {
  const now = deps.now();
  if (isAfterToday(b.birthDate, now)) throw badInput('body.birthDate', FUTURE_BIRTH_DATE_MESSAGE);
  await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    const to = authorize(u, r, 'modify');
    const place = await placement(tx, u, b.schoolItemCode, b.provinceTypeCode);
    const phone = b.phone ?? r.phone;
    if (phone !== r.phone) await assertPhoneFree(tx, phone, r.id);
    const patch: Partial<ResourceInsert> = {
      name: b.name,
      childName: b.childName,
      gender: b.gender,
      birthDate: b.birthDate ?? null,
      phone,
      ...place,
      level: b.level ?? null,
      note: b.note,
    };
    const changed = Object.entries(patch)
      .filter(([k, v]) => (r as Record<string, unknown>)[k] !== v)
      .map(([k]) => k);
    try {
      await move(tx, r, { action: 'modify', actor: u, now, to, patch, content: changed.join(', ') });
    } catch (e) {
      if (isUniqueViolation(e))
        throw conflict('手机号已存在有效资源 / the phone is already held by an active resource', 'phone');
      throw e;
    }
    await writeAudit(tx, {
      action: 'resource.modify',
      target: `resources:${r.rescode}`,
      detail: { changed },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
  return loadRow(deps.db, b.id);
}

export async function saveFlow(deps: AppDeps, u: AuthUser, b: Body<'saveFlow'>) {
  const now = deps.now();
  const flowId = await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    const to = authorize(u, r, 'follow');
    const next = b.nextFollowAt ? new Date(b.nextFollowAt) : null;
    return move(tx, r, {
      action: 'follow',
      actor: u,
      now,
      to,
      patch: { lastFollowAt: now, nextFollowAt: next, ...(b.level ? { level: b.level } : {}) },
      content: b.content,
      level: b.level ?? null,
      nextFollowAt: next,
    });
  });
  const { flowRows } = await import('./queries.js');
  return must(
    (await flowRows(deps.db, b.id)).find((f) => f.id === flowId),
    'follow',
  );
}

export async function transfer(deps: AppDeps, u: AuthUser, b: Body<'transfer'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    const to = authorize(u, r, 'transfer');
    if (b.toUserId === r.ownerUserId)
      throw badInput('body.toUserId', 'body.toUserId: 已是该资源的负责人 / already the owner');
    await assertAssignee(tx, b.toUserId, r, 'body.toUserId');
    await move(tx, r, {
      action: 'transfer',
      actor: u,
      now,
      to,
      patch: { ownerUserId: b.toUserId, assignedAt: now },
      content: b.reason,
    });
    await writeAudit(tx, {
      action: 'resource.transfer',
      target: `resources:${r.rescode}`,
      detail: { from: r.ownerUserId, to: b.toUserId, reason: b.reason },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}

export async function modifyChannel(deps: AppDeps, u: AuthUser, b: Body<'modifyChannel'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    const to = authorize(u, r, 'modify');
    await assertChannel(tx, b.channel, 'body.channel');
    await move(tx, r, {
      action: 'modifyChannel',
      actor: u,
      now,
      to,
      patch: { channelCode: b.channel },
      content: `${r.channelCode ?? '-'} → ${b.channel}`,
    });
    await writeAudit(tx, {
      action: 'resource.modifyChannel',
      target: `resources:${r.rescode}`,
      detail: { from: r.channelCode, to: b.channel },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}

export async function abandon(deps: AppDeps, u: AuthUser, b: Body<'abandonSave'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    const to = authorize(u, r, 'abandon');
    await move(tx, r, {
      action: 'abandon',
      actor: u,
      now,
      to,
      patch: { ownerUserId: null, assignedAt: null, nextFollowAt: null, abandonReason: b.reason },
      content: b.reason,
    });
    await writeAudit(tx, {
      action: 'resource.abandon',
      target: `resources:${r.rescode}`,
      detail: { reason: b.reason },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}

export async function markInvalid(deps: AppDeps, u: AuthUser, b: Body<'invalid'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    const to = authorize(u, r, 'invalid');
    await move(tx, r, {
      action: 'invalid',
      actor: u,
      now,
      to,
      patch: { invalidReason: b.reason, nextFollowAt: null },
      content: b.reason,
    });
    await writeAudit(tx, {
      action: 'resource.invalid',
      target: `resources:${r.rescode}`,
      detail: { reason: b.reason },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}

export async function receive(deps: AppDeps, u: AuthUser, b: Body<'receive'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, b.id, true, 'id');
    checkVersion(r, b.version);
    if (r.ownerUserId !== null && r.ownerUserId !== u.id)
      throw conflict('该资源已被他人领取 / someone else has taken the resource', 'id');
    const to = authorize(u, r, 'receive');
    await move(tx, r, {
      action: 'receive',
      actor: u,
      now,
      to,
      patch: { ownerUserId: u.id, assignedAt: now },
    });
    await writeAudit(tx, {
      action: 'resource.receive',
      target: `resources:${r.rescode}`,
      ...ctxAudit(u, ip),
      at: now,
    });
  });
  return loadRow(deps.db, b.id);
}

export async function distribute(deps: AppDeps, u: AuthUser, b: Body<'dist'>, ip: string) {
  const now = deps.now();
  if (!isManager(u)) throw noPermission('只有主管可以分配资源 / only supervisors assign resources');
  const ids = [...new Set(b.ids)].sort((x, y) => x - y);
  const userIds = [...new Set(b.userIds)];
  return deps.db.transaction(async (tx) => {
    const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
    for (const [i, id] of ids.entries()) {
      const r = await loadResource(tx, id, true);
      const to = authorize(u, r, 'dist');
      const owner = must(userIds[i % userIds.length], 'assignee');
      await assertAssignee(tx, owner, r, 'body.userIds');
      await move(tx, r, {
        action: 'dist',
        actor: u,
        now,
        to,
        patch: { ownerUserId: owner, assignedAt: now, abandonReason: null },
        content: `→ ${owner}`,
      });
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    await writeAudit(tx, {
      action: 'resource.dist',
      target: 'resources',
      detail: { ids, userIds },
      ...ctxAudit(u, ip),
      at: now,
    });
    return { count: ids.length, byUser: [...counts].map(([userId, count]) => ({ userId, count })) };
  });
}

/**
 * Sends a resource to a campus as a clue. The clue is created by the clues slice (insertClue: one active
 * clue per phone, enterPool: the campus's distribution rule). A phone already held is refused with the
 * clue slice's 409, or with route=1 handed to the holder: a follow note on that clue for its owner.
 */
export async function send(deps: AppDeps, u: AuthUser, q: Query<'send'>, ip: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const r = await loadResource(tx, q.id, true, 'id');
    checkVersion(r, q.version);
    const to = authorize(u, r, 'send');
    const campus = q.schoolItemCode || r.schoolItemCode;
    if (!campus)
      throw badInput(
        'query.schoolItemCode',
        'query.schoolItemCode: 请选择下发校区 / choose the campus to send to',
      );
    assertCampus(u, campus);
    const [s] = await tx
      .select({ code: schoolItems.code, name: schoolItems.name })
      .from(schoolItems)
      .where(eq(schoolItems.code, campus));
    if (!s) throw badInput('query.schoolItemCode', 'query.schoolItemCode: 校区不存在 / no such campus');
    let ownerName: string | null = null;
    if (q.ownerUserId) {
      const c = (await campusConsultants(tx, campus)).find((x) => x.id === q.ownerUserId);
      if (!c)
        throw badInput(
          'query.ownerUserId',
          `query.ownerUserId: 该用户不是校区 ${campus} 的课程顾问 / not a consultant of campus ${campus}`,
        );
      ownerName = c.name;
    }
    const holder = await activeHolder(tx, r.phone);
    let clueId: number;
    let cluecode: string;
    let outcome: 'created' | 'routed';
    if (holder) {
      if (!q.route) throw phoneTaken(holder);
      clueId = holder.c.id;
      cluecode = holder.c.cluecode;
      outcome = 'routed';
      ownerName = holder.ownerName;
      await tx.insert(clueFollows).values({
        clueId,
        content:
          `[电销资源 ${r.rescode}] 该号码再次被电销跟进，请联系客户 / e-sales worked this phone again (resource ${r.rescode}): ${r.name} ${r.childName}`.trim(),
        userId: u.id,
        createdAt: now,
      });
      await tx.insert(clueEvents).values({
        clueId,
        action: 'resourceRouted',
        fromState: holder.c.flowState,
        toState: holder.c.flowState,
        userId: u.id,
        at: now,
        detail: { resourceId: r.id, rescode: r.rescode } as never,
      });
    } else {
      const owner = q.ownerUserId ?? null;
      const c = await insertClue(tx, {
        childName: r.childName || '未知',
        gender: r.gender,
        birthDate: r.birthDate,
        parentName: r.name,
        phone: r.phone,
        schoolItemCode: campus,
        channelCode: r.channelCode,
        intentionLevel: r.level,
        note: [`电销资源 ${r.rescode}`, r.note].filter(Boolean).join(' / '),
        flowState: owner ? 'following' : 'pool',
        ownerUserId: owner,
        assignedAt: owner ? now : null,
        // The clue sources of the clues contract have no 'resource' yet; the event detail records it.
        source: 'manual',
        createdBy: u.id,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(clueEvents).values({
        clueId: c.id,
        action: 'create',
        fromState: null,
        toState: c.flowState,
        userId: u.id,
        at: now,
        detail: { source: 'resource', resourceId: r.id, rescode: r.rescode } as never,
      });
      const placed = await enterPool(tx, c, now);
      if (placed.ownerUserId && !ownerName) {
        const [o] = await tx.select({ name: users.name }).from(users).where(eq(users.id, placed.ownerUserId));
        ownerName = o?.name ?? null;
      }
      clueId = c.id;
      cluecode = c.cluecode;
      outcome = 'created';
    }
    await move(tx, r, {
      action: 'send',
      actor: u,
      now,
      to,
      patch: { clueId, sentAt: now, sendOutcome: outcome, schoolItemCode: campus, nextFollowAt: null },
      content: `${campus} ${cluecode} ${outcome}`,
    });
    await writeAudit(tx, {
      action: 'resource.send',
      target: `resources:${r.rescode}`,
      detail: { campus, clueId, cluecode, outcome },
      ...ctxAudit(u, ip),
      at: now,
    });
    return { resourceId: r.id, clueId, cluecode, outcome, schoolItemCode: campus, ownerName };
  });
}

/** Enabled users with any of the roles, sharing a campus or region with the caller (everyone for all-scope callers). */
export async function usersByRoles(deps: AppDeps, u: AuthUser, b: Body<'getUserListByRoles'>) {
  assertCampus(u, b.schoolItemCode);
  const rows = await deps.db
    .select({ id: users.id, username: users.username, name: users.name, role: userRoles.roleCode })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(inArray(userRoles.roleCode, b.roleCodes), eq(users.status, 1)))
    .orderBy(users.id);
  const ids = [...new Set(rows.map((r) => r.id))];
  if (!ids.length) return [];
  const camp = await deps.db.select().from(userCampuses).where(inArray(userCampuses.userId, ids));
  const reg = await deps.db.select().from(userRegions).where(inArray(userRegions.userId, ids));
  const campusesOf = (id: number) => camp.filter((c) => c.userId === id).map((c) => c.schoolItemCode);
  const regionsOf = (id: number) => reg.filter((c) => c.userId === id).map((c) => c.provinceTypeCode);
  const out = new Map<number, { id: number; username: string; name: string; roles: number[] }>();
  for (const r of rows) {
    const cs = campusesOf(r.id);
    if (b.schoolItemCode && !cs.includes(b.schoolItemCode)) continue;
    const shares =
      u.allScope ||
      r.id === u.id ||
      cs.some((c) => u.schoolItems.includes(c)) ||
      // A region shares only users placed in the region without a campus (as resources are scoped).
      (!cs.length && regionsOf(r.id).some((p) => u.provinceTypes.includes(p)));
    if (!shares) continue;
    const e = out.get(r.id) ?? { id: r.id, username: r.username, name: r.name, roles: [] };
    e.roles.push(r.role);
    out.set(r.id, e);
  }
  return [...out.values()];
}
