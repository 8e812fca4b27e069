// Leads from outside: ad-platform webhooks, their lead lists and totals, and channel signs.
import { createHash, timingSafeEqual } from 'node:crypto';
import { desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { type contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { AppError, badInput, noPermission, notConfigured, notFound } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { schoolItems, users } from '../../db/schema.js';
import {
  clueChannelSigns,
  clueEvents,
  clueFollows,
  clueLeadsBaidu,
  clueLeadsDouyin,
  clueLeadsH5,
  clues,
} from './tables.js';
import { activeHolder } from './people.js';
import { and_ } from '../../db/rowHelpers.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { loadClue } from './record.js';
import { dayBound } from '../../shared/days.js';
import { enterPool, insertClue } from './creation.js';
import type { ClueState } from './states.js';
import { updateVersioned } from '../../shared/versioned.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;
type LeadQuery = z.output<(typeof contract.clues)['list4baidu']['query']>;

export type LeadSource = 'baidu' | 'douyin' | 'h5';

const LEAD_TABLES = { baidu: clueLeadsBaidu, douyin: clueLeadsDouyin, h5: clueLeadsH5 } as const;
const SECRET_KEYS = {
  baidu: 'CLUE_WEBHOOK_SECRET_BAIDU',
  douyin: 'CLUE_WEBHOOK_SECRET_DOUYIN',
  h5: 'CLUE_WEBHOOK_SECRET_H5',
} as const;

const sha = (s: string) => createHash('sha256').update(s).digest();

/** The per-source shared secret: 503 when not configured, 403 when the header does not match. */
export function checkWebhookToken(deps: AppDeps, source: LeadSource, header: string | string[] | undefined) {
  const secret = deps.config[SECRET_KEYS[source]];
  if (!secret) throw notConfigured(`线索接收接口 ${source} / the ${source} clue webhook`);
  const given = typeof header === 'string' ? header : '';
  if (!given || !timingSafeEqual(sha(given), sha(secret)))
    throw noPermission('webhook token 不正确 / wrong webhook token');
}

/** Stores a lead and creates its clue, or routes it to the clue already holding the phone. Idempotent by leadId. */
export async function ingest(deps: AppDeps, source: LeadSource, b: Body<'ingest'>) {
  try {
    return await ingestOnce(deps, source, b);
  } catch (e) {
    // The same lead (or phone) delivered twice at once: the loser's retry sees the winner's record.
    if (isUniqueViolation(e) || (e instanceof AppError && e.httpStatus === 409))
      return ingestOnce(deps, source, b);
    throw e;
  }
}

async function ingestOnce(deps: AppDeps, source: LeadSource, b: Body<'ingest'>) {
  const t = LEAD_TABLES[source];
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [seen] = await tx.select().from(t).where(eq(t.leadId, b.leadId));
    if (seen) {
      const c = await loadClue(tx, must(seen.clueId, 'lead clue'));
      return { leadId: seen.id, clueId: c.id, cluecode: c.cluecode, outcome: 'repeated' as const };
    }
    let campus = b.schoolItemCode || null;
    if (campus) {
      const [s] = await tx
        .select({ code: schoolItems.code })
        .from(schoolItems)
        .where(eq(schoolItems.code, campus));
      if (!s) campus = null;
    }
    const holder = await activeHolder(tx, b.phone);
    let clueId: number;
    let cluecode: string;
    let outcome: 'created' | 'routed';
    if (holder) {
      clueId = holder.c.id;
      cluecode = holder.c.cluecode;
      outcome = 'routed';
      await tx.insert(clueFollows).values({
        clueId,
        content: `[${source}] 再次留资 / the lead came again: ${b.campaignName || '-'} ${b.childName}`.trim(),
        userId: null,
        createdAt: now,
      });
      await tx.insert(clueEvents).values({
        clueId,
        action: 'leadRouted',
        fromState: holder.c.flowState,
        toState: holder.c.flowState,
        userId: null,
        at: now,
        detail: { source, leadId: b.leadId } as never,
      });
    } else {
      const c = await insertClue(tx, {
        childName: b.childName || '未知',
        parentName: b.parentName || '未知',
        phone: b.phone,
        schoolItemCode: campus,
        channelCode: source.toUpperCase(),
        note: [b.campaignName, b.city].filter(Boolean).join(' / '),
        flowState: 'pool',
        source,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(clueEvents).values({
        clueId: c.id,
        action: 'create',
        fromState: null,
        toState: 'pool',
        userId: null,
        at: now,
        detail: { source, leadId: b.leadId } as never,
      });
      await enterPool(tx, c, now);
      clueId = c.id;
      cluecode = c.cluecode;
      outcome = 'created';
    }
    const [row] = await tx
      .insert(t)
      .values({
        leadId: b.leadId,
        phone: b.phone,
        parentName: b.parentName,
        childName: b.childName,
        schoolItemCode: campus,
        campaignName: b.campaignName,
        adAccountName: b.adAccountName,
        city: b.city,
        payload: b as never,
        outcome,
        clueId,
        receivedAt: now,
      })
      .returning({ id: t.id });
    await writeAudit(tx, {
      action: 'clue.ingest',
      target: `clues:${cluecode}`,
      detail: { source, leadId: b.leadId, outcome },
      at: now,
    });
    return { leadId: must(row, 'lead').id, clueId, cluecode, outcome };
  });
}

function leadWhere(u: AuthUser, source: LeadSource, q: LeadQuery): SQL | undefined {
  const t = LEAD_TABLES[source];
  const parts: Array<SQL | undefined> = [];
  if (!u.allScope)
    parts.push(u.schoolItems.length ? inArray(clues.schoolItemCode, u.schoolItems) : sql`false`);
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    parts.push(eq(clues.schoolItemCode, q.schoolItemCode));
  }
  if (q.startDate) parts.push(gte(t.receivedAt, dayBound('query.startDate', q.startDate)));
  if (q.endDate) parts.push(lt(t.receivedAt, dayBound('query.endDate', q.endDate, { end: true })));
  if (q.adAccountName) parts.push(eq(t.adAccountName, q.adAccountName));
  if (q.keyword) {
    const k = `%${q.keyword}%`;
    parts.push(
      or(ilike(t.phone, k), ilike(t.parentName, k), ilike(t.childName, k), ilike(t.campaignName, k)),
    );
  }
  return and_(parts);
}

export async function leadList(deps: AppDeps, u: AuthUser, source: LeadSource, q: LeadQuery) {
  const t = LEAD_TABLES[source];
  const where = leadWhere(u, source, q);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(t)
    .leftJoin(clues, eq(clues.id, t.clueId))
    .where(where);
  const rows = await deps.db
    .select({ l: t, cluecode: clues.cluecode, flowState: clues.flowState, ownerName: users.name })
    .from(t)
    .leftJoin(clues, eq(clues.id, t.clueId))
    .leftJoin(users, eq(users.id, clues.ownerUserId))
    .where(where)
    .orderBy(desc(t.receivedAt), desc(t.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: rows.map(({ l, cluecode, flowState, ownerName }) => ({
      id: l.id,
      leadId: l.leadId,
      phone: l.phone,
      parentName: l.parentName,
      childName: l.childName,
      schoolItemCode: l.schoolItemCode,
      campaignName: l.campaignName,
      adAccountName: l.adAccountName,
      city: l.city,
      outcome: l.outcome,
      clueId: l.clueId,
      cluecode,
      flowState: (flowState as ClueState | null) ?? null,
      ownerName,
      receivedAt: l.receivedAt.toISOString(),
    })),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function leadSummary(deps: AppDeps, u: AuthUser, source: LeadSource, q: LeadQuery) {
  const t = LEAD_TABLES[source];
  const count = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::int`.mapWith(Number);
  const [r] = await deps.db
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      created: count(sql`${t.outcome} = 'created'`),
      routed: count(sql`${t.outcome} = 'routed'`),
      converted: count(sql`${clues.flowState} = 'converted'`),
      invalid: count(sql`${clues.flowState} = 'invalid'`),
    })
    .from(t)
    .leftJoin(clues, eq(clues.id, t.clueId))
    .where(leadWhere(u, source, q));
  return {
    total: r?.total ?? 0,
    created: r?.created ?? 0,
    routed: r?.routed ?? 0,
    converted: r?.converted ?? 0,
    invalid: r?.invalid ?? 0,
  };
}

export async function douyinAccounts(deps: AppDeps) {
  const rows = await deps.db
    .selectDistinct({ n: clueLeadsDouyin.adAccountName })
    .from(clueLeadsDouyin)
    .orderBy(clueLeadsDouyin.adAccountName);
  return rows.map((r) => r.n).filter((n) => n !== '');
}

const signRow = (s: typeof clueChannelSigns.$inferSelect) => ({
  id: s.id,
  name: s.name,
  channel: s.channelCode,
  schoolItemCode: s.schoolItemCode,
  remark: s.remark,
  status: s.status,
  version: s.version,
});

export async function channelSigns(
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; channel?: string | undefined; name?: string | undefined },
) {
  const scope = u.allScope
    ? undefined
    : or(
        sql`${clueChannelSigns.schoolItemCode} is null`,
        u.schoolItems.length ? inArray(clueChannelSigns.schoolItemCode, u.schoolItems) : sql`false`,
      );
  const where = and_([
    scope,
    q.channel ? eq(clueChannelSigns.channelCode, q.channel) : undefined,
    q.name ? ilike(clueChannelSigns.name, `%${q.name}%`) : undefined,
  ]);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clueChannelSigns)
    .where(where);
  const rows = await deps.db
    .select()
    .from(clueChannelSigns)
    .where(where)
    .orderBy(desc(clueChannelSigns.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(signRow), total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function saveChannelSign(deps: AppDeps, u: AuthUser, b: Body<'channelSignSave'>) {
  if (b.schoolItemCode) assertCampus(u, b.schoolItemCode);
  else if (!u.allScope)
    throw badInput('body.schoolItemCode', 'body.schoolItemCode: 请选择校区 / choose a campus');
  if (b.id) {
    const [x] = await deps.db.select().from(clueChannelSigns).where(eq(clueChannelSigns.id, b.id));
    if (!x) throw notFound('渠道标记 / channel sign');
    if (x.schoolItemCode) assertCampus(u, x.schoolItemCode);
    const r = await updateVersioned(deps.db, clueChannelSigns, {
      where: eq(clueChannelSigns.id, b.id),
      version: b.version ?? x.version,
      set: {
        name: b.name,
        channelCode: b.channel,
        schoolItemCode: b.schoolItemCode ?? null,
        remark: b.remark,
        status: b.status,
      },
    });
    return signRow(r);
  }
  const [r] = await deps.db
    .insert(clueChannelSigns)
    .values({
      name: b.name,
      channelCode: b.channel,
      schoolItemCode: b.schoolItemCode ?? null,
      remark: b.remark,
      status: b.status,
      createdAt: deps.now(),
    })
    .returning();
  return signRow(must(r, 'channel sign'));
}

export async function deleteChannelSign(deps: AppDeps, u: AuthUser, id: number) {
  const [x] = await deps.db.select().from(clueChannelSigns).where(eq(clueChannelSigns.id, id));
  if (!x) throw notFound('渠道标记 / channel sign');
  if (x.schoolItemCode) assertCampus(u, x.schoolItemCode);
  else if (!u.allScope) throw noPermission();
  await deps.db.delete(clueChannelSigns).where(eq(clueChannelSigns.id, id));
}
