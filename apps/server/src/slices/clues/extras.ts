// Clue extras: ad-platform ingestion and lead lists, assessments, contacts, tags, channel signs,
// the school-opening calendar, the channel of a clue and the CLI batch import.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { BirthDate, MOBILE_MESSAGE, isMobile, type contract } from '@bo/api-sdk';
import { isAfterToday } from '@bo/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import {
  AppError,
  badInput,
  noPermission,
  notConfigured,
  notFound,
  staleVersion,
} from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { publicLink, sendSms } from '../../shared/sms.js';
import { must } from '../../shared/must.js';
import { schoolItems } from '../organisation/tables.js';
import { users } from '../system/tables.js';
import {
  clueCalendarDays,
  clueCalendarSchools,
  clueChannelSigns,
  clueContacts,
  clueEvaluationSends,
  clueEvents,
  clueFollows,
  clueLeadsBaidu,
  clueLeadsDouyin,
  clueLeadsH5,
  clueMatriculations,
  clues,
  clueTags,
} from './tables.js';
import {
  activeHolder,
  and_,
  authorize,
  isUniqueViolation,
  loadClue,
  move,
  parseDay,
  touch,
} from './common.js';
import { assertSettingsCodes, enterPool, insertClue } from './service.js';
import { matriculationRow, visibleClue } from './queries.js';
import type { ClueState } from './states.js';

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
  if (q.startDate) parts.push(gte(t.receivedAt, parseDay(q.startDate)));
  if (q.endDate) parts.push(lt(t.receivedAt, new Date(parseDay(q.endDate).getTime() + 86_400_000)));
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

// ---- entrance assessment ----

export async function entranceAssessment(deps: AppDeps, u: AuthUser, clueId: number) {
  await visibleClue(deps, u, clueId);
  const results = await deps.db
    .select()
    .from(clueMatriculations)
    .where(eq(clueMatriculations.clueId, clueId))
    .orderBy(desc(clueMatriculations.id));
  const uuids = results.map((r) => r.uuid);
  const sends = uuids.length
    ? await deps.db
        .select()
        .from(clueEvaluationSends)
        .where(inArray(clueEvaluationSends.uuid, uuids))
        .orderBy(desc(clueEvaluationSends.id))
    : [];
  return { clueId, results: results.map(matriculationRow), sends: sends.map(sendRow) };
}

const sendRow = (s: typeof clueEvaluationSends.$inferSelect) => ({
  id: s.id,
  uuid: s.uuid,
  phone: s.phone,
  matriculationType: s.matriculationType,
  link: s.link,
  sentAt: s.sentAt.toISOString(),
});
const evaluationLink = (uuid: string, type: string) =>
  `/assessment/evaluate?uuid=${encodeURIComponent(uuid)}&type=${encodeURIComponent(type)}`;

export async function saveMatriculation(deps: AppDeps, u: AuthUser, b: Body<'matriculationSave'>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
    authorize(u, c, 'assess');
    const [m] = await tx
      .insert(clueMatriculations)
      .values({
        clueId: c.id,
        uuid: randomUUID(),
        matriculationType: b.matriculationType,
        conclusion: b.conclusion,
        score: b.score ?? null,
        suggestion: b.suggestion,
        assessorName: b.assessorName || u.name,
        createdBy: u.id,
        createdAt: now,
      })
      .returning();
    await move(tx, c, {
      action: 'assess',
      actor: u,
      now,
      patch: { assessedAt: now, lastFollowAt: now },
      detail: { matriculationId: must(m, 'assessment').id },
    });
    return matriculationRow(must(m, 'assessment'));
  });
}

export async function sendMatriculation(deps: AppDeps, u: AuthUser, id: number) {
  const now = deps.now();
  // The text message goes out before anything is recorded: a failed send records nothing.
  const [m0] = await deps.db.select().from(clueMatriculations).where(eq(clueMatriculations.id, id));
  if (!m0) throw notFound('评估结果 / assessment');
  const c0 = await loadClue(deps.db, m0.clueId);
  authorize(u, c0, 'follow');
  await sendSms(deps, {
    kind: 'evaluationResult',
    phone: c0.phone,
    params: [c0.childName, publicLink(deps.config, `/assessment/result?uuid=${m0.uuid}`)],
  });
  return deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(clueMatriculations).where(eq(clueMatriculations.id, id));
    if (!m) throw notFound('评估结果 / assessment');
    const c = await loadClue(tx, m.clueId);
    await tx.update(clueMatriculations).set({ sentAt: now }).where(eq(clueMatriculations.id, id));
    const [s] = await tx
      .insert(clueEvaluationSends)
      .values({
        uuid: m.uuid,
        phone: c.phone,
        matriculationType: m.matriculationType,
        link: `/assessment/result?uuid=${m.uuid}`,
        sentBy: u.id,
        sentAt: now,
      })
      .returning();
    return sendRow(must(s, 'send'));
  });
}

export async function sendEvaluate(
  deps: AppDeps,
  u: AuthUser,
  q: { uuid: string; phone: string; matriculationType: string },
) {
  const now = deps.now();
  const [h] = await deps.db
    .select()
    .from(clues)
    .where(eq(clues.phone, q.phone))
    .orderBy(desc(clues.id))
    .limit(1);
  if (h && !u.allScope && h.schoolItemCode && !u.schoolItems.includes(h.schoolItemCode))
    throw noPermission('该手机号的线索不在您的校区 / the phone’s clue is outside your campuses');
  await sendSms(deps, {
    kind: 'evaluate',
    phone: q.phone,
    params: [publicLink(deps.config, evaluationLink(q.uuid, q.matriculationType))],
  });
  const [s] = await deps.db
    .insert(clueEvaluationSends)
    .values({
      uuid: q.uuid,
      phone: q.phone,
      matriculationType: q.matriculationType,
      link: evaluationLink(q.uuid, q.matriculationType),
      sentBy: u.id,
      sentAt: now,
    })
    .returning();
  return sendRow(must(s, 'send'));
}

// ---- contacts, tags, channel ----

export async function saveContact(deps: AppDeps, u: AuthUser, b: Body<'contactSave'>) {
  const c = await loadClue(deps.db, b.clueId);
  authorize(u, c, 'follow');
  if (b.id) {
    const [x] = await deps.db
      .update(clueContacts)
      .set({ name: b.name, relation: b.relation, phone: b.phone, note: b.note })
      .where(and(eq(clueContacts.id, b.id), eq(clueContacts.clueId, b.clueId)))
      .returning();
    if (!x) throw notFound('联系人 / contact');
    return { id: x.id, clueId: x.clueId, name: x.name, relation: x.relation, phone: x.phone, note: x.note };
  }
  const [x] = await deps.db
    .insert(clueContacts)
    .values({
      clueId: b.clueId,
      name: b.name,
      relation: b.relation,
      phone: b.phone,
      note: b.note,
      createdAt: deps.now(),
    })
    .returning();
  const r = must(x, 'contact');
  return { id: r.id, clueId: r.clueId, name: r.name, relation: r.relation, phone: r.phone, note: r.note };
}

export async function deleteContact(deps: AppDeps, u: AuthUser, id: number) {
  const [x] = await deps.db.select().from(clueContacts).where(eq(clueContacts.id, id));
  if (!x) throw notFound('联系人 / contact');
  authorize(u, await loadClue(deps.db, x.clueId), 'follow');
  await deps.db.delete(clueContacts).where(eq(clueContacts.id, id));
}

export async function saveTags(deps: AppDeps, u: AuthUser, b: Body<'tagsSave'>) {
  const c = await loadClue(deps.db, b.clueId);
  authorize(u, c, 'follow');
  const tags = [...new Set(b.tags)].sort();
  await deps.db.transaction(async (tx) => {
    await tx.delete(clueTags).where(eq(clueTags.clueId, c.id));
    if (tags.length) await tx.insert(clueTags).values(tags.map((tag) => ({ clueId: c.id, tag })));
  });
  return tags;
}

export async function modifyChannel(deps: AppDeps, u: AuthUser, b: Body<'modifyClueChannel'>, ip: string) {
  const now = deps.now();
  await assertSettingsCodes(deps.db, { channel: b.channel });
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
    authorize(u, c, 'follow');
    await touch(tx, c, now, {
      channelCode: b.channel,
      ...(b.recommender !== undefined ? { recommender: b.recommender } : {}),
    });
    await tx.insert(clueEvents).values({
      clueId: c.id,
      action: 'modifyChannel',
      fromState: c.flowState,
      toState: c.flowState,
      userId: u.id,
      at: now,
      detail: { from: c.channelCode, to: b.channel } as never,
    });
    await writeAudit(tx, {
      action: 'clue.modifyChannel',
      target: `clues:${c.cluecode}`,
      detail: { from: c.channelCode, to: b.channel },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
}

// ---- channel signs ----

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
    const [r] = await deps.db
      .update(clueChannelSigns)
      .set({
        name: b.name,
        channelCode: b.channel,
        schoolItemCode: b.schoolItemCode ?? null,
        remark: b.remark,
        status: b.status,
        version: x.version + 1,
      })
      .where(and(eq(clueChannelSigns.id, b.id), eq(clueChannelSigns.version, b.version ?? x.version)))
      .returning();
    if (!r) throw staleVersion();
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

// ---- the school-opening calendar ----

function monthDays(monthStr: string): string[] {
  const [y = 0, m = 0] = monthStr.split('-').map(Number);
  if (m < 1 || m > 12) throw badInput('query.monthStr', 'query.monthStr: not a month');
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${monthStr}-${String(i + 1).padStart(2, '0')}`);
}

async function campusesInScope(db: DbOrTx, u: AuthUser) {
  const rows = await db
    .select({ code: schoolItems.code, name: schoolItems.name })
    .from(schoolItems)
    .where(eq(schoolItems.validStatus, 1))
    .orderBy(schoolItems.sort, schoolItems.code);
  return u.allScope ? rows : rows.filter((r) => u.schoolItems.includes(r.code));
}

/** Days are opening days unless set otherwise; a campus entry overrides its day. */
export async function calendarList(deps: AppDeps, u: AuthUser, monthStr: string, typeCalendar: number) {
  const days = monthDays(monthStr);
  const first = must(days[0], 'day');
  const last = must(days[days.length - 1], 'day');
  const set = await deps.db
    .select()
    .from(clueCalendarDays)
    .where(
      and(
        eq(clueCalendarDays.typeCalendar, typeCalendar),
        gte(clueCalendarDays.dateStr, first),
        sql`${clueCalendarDays.dateStr} <= ${last}`,
      ),
    );
  const overrides = await deps.db
    .select()
    .from(clueCalendarSchools)
    .where(and(gte(clueCalendarSchools.dateStr, first), sql`${clueCalendarSchools.dateStr} <= ${last}`));
  const campuses = await campusesInScope(deps.db, u);
  const byDay = new Map(set.map((d) => [d.dateStr, d]));
  return days.map((dateStr) => {
    const d = byDay.get(dateStr);
    const isOpen = d?.isOpen ?? true;
    const open = campuses.filter(
      (c) => overrides.find((o) => o.dateStr === dateStr && o.schoolItemCode === c.code)?.isOpen ?? isOpen,
    ).length;
    return { dateStr, typeCalendar, isOpen, note: d?.note ?? '', openSchoolCount: open };
  });
}

export async function calendarSchoolList(
  deps: AppDeps,
  u: AuthUser,
  monthStr: string,
  schoolItemCode?: string,
) {
  const days = monthDays(monthStr);
  if (schoolItemCode) assertCampus(u, schoolItemCode);
  const campuses = await campusesInScope(deps.db, u);
  const names = new Map(campuses.map((c) => [c.code, c.name]));
  const rows = await deps.db
    .select()
    .from(clueCalendarSchools)
    .where(
      and_([
        gte(clueCalendarSchools.dateStr, must(days[0], 'day')),
        sql`${clueCalendarSchools.dateStr} <= ${must(days[days.length - 1], 'day')}`,
        schoolItemCode ? eq(clueCalendarSchools.schoolItemCode, schoolItemCode) : undefined,
      ]),
    )
    .orderBy(clueCalendarSchools.dateStr, clueCalendarSchools.schoolItemCode);
  return rows
    .filter((r) => names.has(r.schoolItemCode))
    .map((r) => ({
      dateStr: r.dateStr,
      schoolItemCode: r.schoolItemCode,
      schoolItemName: names.get(r.schoolItemCode) ?? '',
      isOpen: r.isOpen,
      note: r.note,
    }));
}

export async function schoolsOnDate(deps: AppDeps, u: AuthUser, dateStr: string) {
  const [d] = await deps.db
    .select()
    .from(clueCalendarDays)
    .where(and(eq(clueCalendarDays.dateStr, dateStr), eq(clueCalendarDays.typeCalendar, 1)));
  const overrides = await deps.db
    .select()
    .from(clueCalendarSchools)
    .where(eq(clueCalendarSchools.dateStr, dateStr));
  const campuses = await campusesInScope(deps.db, u);
  return campuses.map((c) => {
    const o = overrides.find((x) => x.schoolItemCode === c.code);
    return {
      dateStr,
      schoolItemCode: c.code,
      schoolItemName: c.name,
      isOpen: o?.isOpen ?? d?.isOpen ?? true,
      note: o?.note ?? d?.note ?? '',
    };
  });
}

export async function updateCalendar(deps: AppDeps, u: AuthUser, b: Body<'updateCalender'>) {
  if (!u.allScope)
    throw noPermission(
      '只有全局用户可以修改全局日历 / only all-campus users change the shared calendar; use updateCalenderSchool',
    );
  await deps.db
    .insert(clueCalendarDays)
    .values({ dateStr: b.dateStr, typeCalendar: b.typeCalendar, isOpen: b.isOpen, note: b.note })
    .onConflictDoUpdate({
      target: [clueCalendarDays.dateStr, clueCalendarDays.typeCalendar],
      set: { isOpen: b.isOpen, note: b.note },
    });
}

export async function updateCalendarSchool(deps: AppDeps, u: AuthUser, b: Body<'updateCalenderSchool'>) {
  assertCampus(u, b.schoolItemCode);
  await deps.db
    .insert(clueCalendarSchools)
    .values({ dateStr: b.dateStr, schoolItemCode: b.schoolItemCode, isOpen: b.isOpen, note: b.note })
    .onConflictDoUpdate({
      target: [clueCalendarSchools.dateStr, clueCalendarSchools.schoolItemCode],
      set: { isOpen: b.isOpen, note: b.note },
    });
}

// ---- CLI batch import ----

const ImportLine = (now: Date) => ({
  check(
    r: Body<'importRows'>['rows'][number],
    i: number,
    errors: Array<{ row: number; column: string; reason: string }>,
  ) {
    const row = i + 1;
    const err = (column: string, reason: string) => errors.push({ row, column, reason });
    const phone = String(r.phone ?? '').trim();
    if (!isMobile(phone)) err('phone', MOBILE_MESSAGE);
    if (!String(r.childName ?? '').trim()) err('childName', '必填 / required');
    if (!String(r.parentName ?? '').trim()) err('parentName', '必填 / required');
    const g =
      r.gender === undefined || r.gender === ''
        ? 0
        : r.gender === '男'
          ? 1
          : r.gender === '女'
            ? 2
            : Number(r.gender);
    if (![0, 1, 2].includes(g)) err('gender', '0, 1 (男) or 2 (女)');
    const bd = r.birthDate ? String(r.birthDate).trim() : null;
    if (bd && (!BirthDate.safeParse(bd).success || isAfterToday(bd, now)))
      err('birthDate', 'YYYY-MM-DD, not in the future');
    return { phone, gender: g, birthDate: bd };
  },
});

export async function importRows(deps: AppDeps, u: AuthUser, b: Body<'importRows'>, ip: string) {
  const now = deps.now();
  const errors: Array<{ row: number; column: string; reason: string }> = [];
  const duplicates: Array<{ row: number; phone: string; owner: string }> = [];
  const campuses = new Set(
    (await deps.db.select({ code: schoolItems.code }).from(schoolItems)).map((r) => r.code),
  );
  const line = ImportLine(now);
  const checked = b.rows.map((r, i) => {
    const v = line.check(r, i, errors);
    const campus = r.schoolItemCode ? String(r.schoolItemCode).trim() : null;
    if (campus && !campuses.has(campus))
      errors.push({ row: i + 1, column: 'schoolItemCode', reason: '校区不存在 / no such campus' });
    else if (campus && !u.allScope && !u.schoolItems.includes(campus))
      errors.push({
        row: i + 1,
        column: 'schoolItemCode',
        reason: '校区不在您的范围内 / campus outside your scope',
      });
    else if (!campus && !u.allScope)
      errors.push({ row: i + 1, column: 'schoolItemCode', reason: '必填 / required' });
    return { r, ...v, campus, i };
  });
  for (const x of checked) {
    for (const [column, value] of [
      ['channel', x.r.channel],
      ['intention', x.r.intention],
    ] as const) {
      if (!value) continue;
      try {
        await assertSettingsCodes(deps.db, { [column]: value.trim() }, '');
      } catch {
        errors.push({ row: x.i + 1, column, reason: '代码不存在或已停用 / no such valid code' });
      }
    }
  }
  const seen = new Map<string, number>();
  const fresh: typeof checked = [];
  for (const [i, x] of checked.entries()) {
    if (errors.some((e) => e.row === i + 1)) continue;
    const h = await activeHolder(deps.db, x.phone);
    const earlier = seen.get(x.phone);
    if (h)
      duplicates.push({
        row: i + 1,
        phone: x.phone,
        owner: `${h.c.cluecode} ${h.ownerName ?? h.c.flowState} ${h.schoolItemName ?? ''}`.trim(),
      });
    else if (earlier) duplicates.push({ row: i + 1, phone: x.phone, owner: `row ${earlier}` });
    else {
      seen.set(x.phone, i + 1);
      fresh.push(x);
    }
  }
  const result = {
    total: b.rows.length,
    created: 0,
    skipped: b.rows.length - fresh.length,
    errors,
    duplicates,
  };
  if (errors.length) return { ...result, skipped: b.rows.length };
  // A dry run answers what the import would do: the same counts, nothing written.
  if (b.dryRun) return { ...result, created: fresh.length };
  await deps.db.transaction(async (tx) => {
    for (const x of fresh) {
      const c = await insertClue(tx, {
        childName: x.r.childName.trim(),
        gender: x.gender,
        birthDate: x.birthDate,
        parentName: x.r.parentName.trim(),
        phone: x.phone,
        relation: x.r.relation?.trim() ?? '',
        schoolItemCode: x.campus,
        channelCode: x.r.channel?.trim() || null,
        intention: x.r.intention?.trim() || null,
        note: x.r.note?.trim() ?? '',
        flowState: 'pool',
        source: 'import',
        createdBy: u.id,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(clueEvents).values({
        clueId: c.id,
        action: 'create',
        fromState: null,
        toState: 'pool',
        userId: u.id,
        at: now,
        detail: { source: 'import' } as never,
      });
      await enterPool(tx, c, now);
    }
    await writeAudit(tx, {
      action: 'clue.import',
      target: 'clues',
      detail: { created: fresh.length, duplicates: duplicates.length },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
  return { ...result, created: fresh.length };
}
