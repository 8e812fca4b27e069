// The per-clue facts every clue report aggregates: one query over the clue, follow, event, call and
// lead tables, scoped to the caller's campuses (decisions.md "Clue analysis").
import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { TAnalysisFilter, TClueFullRow } from './types.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, assertRegion, type AuthUser } from '../../http/auth.js';
import { clueChannels, clueCustomerIntentions, clues, schoolItems, users } from '../../db/schema.js';
import { dayBound } from '../../shared/days.js';

/** Where the caller's scope and the filters meet; `dates: false` leaves the creation range out. */
export function clueWhere(u: AuthUser, f: TAnalysisFilter, o: { dates?: boolean } = {}): SQL | undefined {
  const parts: Array<SQL | undefined> = [ne(clues.flowState, 'merged')];
  if (!u.allScope)
    parts.push(u.schoolItems.length ? inArray(clues.schoolItemCode, u.schoolItems) : sql`false`);
  if (f.schoolItemCode) {
    assertCampus(u, f.schoolItemCode);
    parts.push(eq(clues.schoolItemCode, f.schoolItemCode));
  }
  if (f.provinceTypeCode) {
    assertRegion(u, f.provinceTypeCode);
    parts.push(
      sql`${clues.schoolItemCode} in (select code from school_items where province_type_code = ${f.provinceTypeCode})`,
    );
  }
  if (f.channel) parts.push(eq(clues.channelCode, f.channel));
  if (f.ownerUserId) parts.push(eq(clues.ownerUserId, f.ownerUserId));
  if (o.dates !== false) {
    if (f.startDate) parts.push(gte(clues.createdAt, dayBound('query.startDate', f.startDate)));
    if (f.endDate) parts.push(lt(clues.createdAt, dayBound('query.endDate', f.endDate, { end: true })));
  }
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

const int = (q: SQL) => sql<number>`coalesce((${q}), 0)::int`.mapWith(Number);
const ts = (q: SQL) => sql<string | null>`(${q})`.mapWith((v: unknown) => isoOf(v));

export function isoOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const d = new Date(
    String(v)
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00'),
  );
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

const LEAD_CAMPAIGN = sql`coalesce(
  (select campaign_name from clue_leads_baidu l where l.clue_id = ${clues.id} and l.outcome = 'created' limit 1),
  (select campaign_name from clue_leads_douyin l where l.clue_id = ${clues.id} and l.outcome = 'created' limit 1),
  (select campaign_name from clue_leads_h5 l where l.clue_id = ${clues.id} and l.outcome = 'created' limit 1))`;

/** The facts of the clues matching `where`, newest first; `limit`/`offset` for a page. */
export async function loadFacts(
  db: DbOrTx,
  where: SQL | undefined,
  o: { limit?: number; offset?: number } = {},
): Promise<TClueFullRow[]> {
  let q = db
    .select({
      clueId: clues.id,
      cluecode: clues.cluecode,
      childName: clues.childName,
      parentName: clues.parentName,
      phone: clues.phone,
      provinceTypeCode: schoolItems.provinceTypeCode,
      schoolItemCode: clues.schoolItemCode,
      schoolItemName: schoolItems.name,
      channel: clues.channelCode,
      channelName: clueChannels.name,
      channelType: clueChannels.channelTypeCode,
      source: clues.source,
      recommender: clues.recommender,
      intention: clues.intention,
      intentionName: clueCustomerIntentions.name,
      flowState: clues.flowState,
      ownerUserId: clues.ownerUserId,
      ownerName: users.name,
      createdAt: clues.createdAt,
      assignedAt: clues.assignedAt,
      firstFollowAt: ts(sql`select min(f.created_at) from clue_follows f where f.clue_id = ${clues.id}`),
      followCount: int(sql`select count(*) from clue_follows f where f.clue_id = ${clues.id}`),
      visitedAt: clues.visitedAt,
      convertedAt: clues.convertedAt,
      studentCode: clues.studentCode,
      invalidReason: clues.invalidReason,
      highSeaVia: sql<
        string | null
      >`(select e.action from clue_events e where e.clue_id = ${clues.id} and e.to_state = 'high_sea' order by e.at, e.id limit 1)`,
      highSeaClaimed:
        sql<boolean>`exists (select 1 from clue_events e where e.clue_id = ${clues.id} and e.from_state = 'high_sea' and e.to_state = 'following')`.mapWith(
          Boolean,
        ),
      calls: int(
        sql`select count(*) from call_records c where c.clue_id = ${clues.id} and c.deleted_at is null`,
      ),
      callsConnected: int(
        sql`select count(*) from call_records c where c.clue_id = ${clues.id} and c.deleted_at is null and c.result = 'answered'`,
      ),
      callSeconds: int(
        sql`select sum(c.duration_seconds) from call_records c where c.clue_id = ${clues.id} and c.deleted_at is null`,
      ),
      leadCampaign: sql<string | null>`${LEAD_CAMPAIGN}`,
    })
    .from(clues)
    .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
    .leftJoin(clueChannels, eq(clueChannels.code, clues.channelCode))
    .leftJoin(clueCustomerIntentions, eq(clueCustomerIntentions.code, clues.intention))
    .leftJoin(users, eq(users.id, clues.ownerUserId))
    .where(where)
    .orderBy(sql`${clues.createdAt} desc, ${clues.id} desc`)
    .$dynamic();
  if (o.limit !== undefined) q = q.limit(o.limit).offset(o.offset ?? 0);
  const rows = await q;
  return rows.map((r) => {
    const created = r.createdAt;
    const first = r.firstFollowAt ? new Date(r.firstFollowAt) : null;
    return {
      ...r,
      createdAt: created.toISOString(),
      assignedAt: r.assignedAt ? r.assignedAt.toISOString() : null,
      visitedAt: r.visitedAt ? r.visitedAt.toISOString() : null,
      convertedAt: r.convertedAt ? r.convertedAt.toISOString() : null,
      firstFollowHours: first
        ? Math.round(((first.getTime() - created.getTime()) / 3600_000) * 100) / 100
        : null,
      leadSource: ['baidu', 'douyin', 'h5'].includes(r.source) ? r.source : null,
    };
  });
}

export async function countFacts(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clues)
    .where(where);
  return r?.n ?? 0;
}
