// Resource reads: the scoped list and its summary, the detail with history, phone checks, levels.
import { and, count, desc, eq, gte, ilike, isNull, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { countUpTo } from '../../db/paging.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, assertRegion, type AuthUser } from '../../http/auth.js';
import { users } from '../../db/schema.js';
import { dayBound } from '../../shared/days.js';
import { activeHolder, isManager, maskName } from '../clues/index.js';
import { and_ } from '../../db/rowHelpers.js';
import { resourceFlows, resources } from './tables.js';
import {
  activeResource,
  allowedActions,
  assertCanSee,
  iso,
  loadResource,
  scopeWhere,
  selectRows,
  toRow,
} from './common.js';
import { POOL_RES, RES_STATUS_NAMES, type ResourceStatus } from './states.js';

type ListQuery = z.output<(typeof contract.resources)['queryResourceList']['query']>;

/** The meanings of the levels (getResLevel). */
export const RES_LEVELS = [
  {
    code: 'A' as const,
    name: 'A类 高意向',
    description: '意向明确，近期（7天内）可安排到访 / clear intention, a visit can be booked within 7 days',
  },
  {
    code: 'B' as const,
    name: 'B类 有意向',
    description: '有需求，需持续跟进（30天内） / has a need, keep following up within 30 days',
  },
  {
    code: 'C' as const,
    name: 'C类 待培育',
    description: '意向一般或时机未到，定期回访 / mild interest or not the right time, revisit periodically',
  },
  {
    code: 'D' as const,
    name: 'D类 低意向',
    description:
      '暂无意向或信息不全，可放入资源池 / no intention yet or incomplete details, may go to the pool',
  },
];

function listWhere(u: AuthUser, q: ListQuery, withStatus = true): SQL | undefined {
  const parts: Array<SQL | undefined> = [scopeWhere(u)];
  if (q.scope === 'mine') parts.push(eq(resources.ownerUserId, u.id));
  if (q.scope === 'pool')
    parts.push(and(isNull(resources.ownerUserId), inArray(resources.status, [...POOL_RES])));
  if (withStatus && q.status) parts.push(eq(resources.status, q.status));
  if (q.level) parts.push(eq(resources.level, q.level));
  if (q.ownerUserId) parts.push(eq(resources.ownerUserId, q.ownerUserId));
  if (q.channel) parts.push(eq(resources.channelCode, q.channel));
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    parts.push(eq(resources.schoolItemCode, q.schoolItemCode));
  }
  if (q.provinceTypeCode) {
    assertRegion(u, q.provinceTypeCode);
    parts.push(eq(resources.provinceTypeCode, q.provinceTypeCode));
  }
  if (q.startDate) parts.push(gte(resources.createdAt, dayBound('query.startDate', q.startDate)));
  if (q.endDate) parts.push(lt(resources.createdAt, dayBound('query.endDate', q.endDate, { end: true })));
  if (q.keyword) {
    const k = `%${q.keyword}%`;
    parts.push(
      or(
        ilike(resources.phone, k),
        ilike(resources.name, k),
        ilike(resources.childName, k),
        ilike(resources.rescode, k),
      ),
    );
  }
  return and_(parts);
}

export async function list(deps: AppDeps, u: AuthUser, q: ListQuery) {
  const where = listWhere(u, q);
  const t = await countUpTo(deps, resources, where);
  const rows = await selectRows(deps.db)
    .where(where)
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: rows.map((j) => {
      const { flows: _f, actions: _a, ...row } = toRow(j);
      return row;
    }),
    ...t,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function summary(deps: AppDeps, u: AuthUser, q: ListQuery) {
  const where = listWhere(u, q, false);
  const byStatus = await deps.db
    .select({ status: resources.status, n: count() })
    .from(resources)
    .where(where)
    .groupBy(resources.status);
  const whereLevel = listWhere(u, q, true);
  const byLevel = await deps.db
    .select({ level: resources.level, n: count() })
    .from(resources)
    .where(whereLevel)
    .groupBy(resources.level);
  const statuses = Object.keys(RES_STATUS_NAMES) as ResourceStatus[];
  return {
    total: byStatus.reduce((s, r) => s + r.n, 0),
    byStatus: statuses.map((s) => ({
      status: s,
      name: RES_STATUS_NAMES[s],
      count: byStatus.find((r) => r.status === s)?.n ?? 0,
    })),
    byLevel: ['A', 'B', 'C', 'D', ''].map((l) => ({
      level: l,
      count: byLevel.find((r) => (r.level ?? '') === l)?.n ?? 0,
    })),
  };
}

export async function flowRows(db: DbOrTx, resourceId: number) {
  const rows = await db
    .select({ f: resourceFlows, userName: users.name })
    .from(resourceFlows)
    .leftJoin(users, eq(users.id, resourceFlows.userId))
    .where(eq(resourceFlows.resourceId, resourceId))
    .orderBy(desc(resourceFlows.createdAt), desc(resourceFlows.id));
  return rows.map(({ f, userName }) => ({
    id: f.id,
    resourceId: f.resourceId,
    action: f.action,
    fromStatus: f.fromStatus,
    toStatus: f.toStatus,
    content: f.content,
    level: (f.level as 'A' | 'B' | 'C' | 'D' | null) ?? null,
    nextFollowAt: iso(f.nextFollowAt),
    userId: f.userId,
    userName,
    createdAt: f.createdAt.toISOString(),
  }));
}

export async function detail(deps: AppDeps, u: AuthUser, id: number) {
  const r = await loadResource(deps.db, id);
  assertCanSee(u, r);
  const [j] = await selectRows(deps.db).where(eq(resources.id, id));
  const row = toRow({
    ...(j ?? { schoolItemName: null, ownerName: null, cluecode: null, followCount: 0 }),
    r,
  });
  return { ...row, flows: await flowRows(deps.db, id), actions: allowedActions(u, r) };
}

/** Who holds a phone among active clues and resources; names masked outside the caller's scope. */
export async function clueExists(deps: AppDeps, u: AuthUser, phone: string, excludeId?: number) {
  const h = await activeHolder(deps.db, phone);
  const res = await activeResource(deps.db, phone, excludeId);
  const clueVisible =
    !!h &&
    (u.allScope ||
      h.c.ownerUserId === u.id ||
      (!!h.c.schoolItemCode && u.schoolItems.includes(h.c.schoolItemCode) && isManager(u)));
  const resVisible = !!res && (u.allScope || res.r.ownerUserId === u.id || isManager(u));
  const clue = h
    ? {
        clueId: h.c.id,
        cluecode: h.c.cluecode,
        flowState: h.c.flowState,
        schoolItemCode: h.c.schoolItemCode,
        schoolItemName: h.schoolItemName,
        ownerName: clueVisible ? h.ownerName : h.ownerName ? maskName(h.ownerName) : null,
      }
    : null;
  const resource = res
    ? {
        id: res.r.id,
        rescode: res.r.rescode,
        status: res.r.status as ResourceStatus,
        ownerName: resVisible ? res.ownerName : res.ownerName ? maskName(res.ownerName) : null,
      }
    : null;
  const parts: string[] = [];
  if (clue)
    parts.push(
      `线索 ${clue.cluecode}（${clue.schoolItemName ?? '品牌中心'}，${clue.ownerName ?? '未分配'}） / clue ${clue.cluecode}`,
    );
  if (resource)
    parts.push(
      `资源 ${resource.rescode}（${RES_STATUS_NAMES[resource.status]}，${resource.ownerName ?? '资源池'}） / resource ${resource.rescode}`,
    );
  return {
    exists: !!clue || !!resource,
    clue,
    resource,
    message: parts.length ? `该号码已存在：${parts.join('；')}` : '该号码可用 / the phone is free',
  };
}
