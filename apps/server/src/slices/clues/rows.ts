// A clue as the lists and the detail show it: columns, joins, masks and the row mapping.
import { eq, sql } from 'drizzle-orm';
import { ageInMonths } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { iso } from '../../db/rowHelpers.js';
import { notFound } from '../../http/errors.js';
import { schoolItems, users } from '../../db/schema.js';
import type { ClueRecord, TClueRow } from './common.js';
import { STATE_NAMES, type ClueState } from './states.js';
import { clues } from './tables.js';

/** Masks a name for callers outside its scope: 张三丰 → 张**. */
export const maskName = (s: string | null | undefined) =>
  s ? s.slice(0, 1) + '*'.repeat(Math.max(1, s.length - 1)) : '';
/** Masks a phone: 13812345678 → 138****5678. */
export const maskPhone = (s: string) => (s.length === 11 ? `${s.slice(0, 3)}****${s.slice(7)}` : '****');

/** Age in whole months on today's Shanghai day, by the domain's rule (null for a future birth date). */
export const ageMonths = (birthDate: string | null, now: Date) => ageInMonths(birthDate, now);

/** Columns of a clue row plus campus name, owner name, follow count and tags. */
export const rowColumns = {
  c: clues,
  schoolItemName: schoolItems.name,
  ownerName: users.name,
  followCount: sql<number>`(select count(*)::int from clue_follows f where f.clue_id = ${clues.id})`.mapWith(
    Number,
  ),
  // The tag records' current names: a rename shows on every clue at once. Text, parsed in toRow, so
  // both drivers answer alike.
  tags: sql<string | null>`(select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)
    order by g.sort, g.id)::text from clue_tags t join tags g on g.id = t.tag_id where t.clue_id = ${clues.id})`,
};

export function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(clues)
    .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
    .leftJoin(users, eq(users.id, clues.ownerUserId));
}
type Joined = {
  c: ClueRecord;
  schoolItemName: string | null;
  ownerName: string | null;
  followCount: number;
  tags: string | null;
};

export function toRow(r: Joined, now: Date): TClueRow {
  const c = r.c;
  return {
    clueId: c.id,
    cluecode: c.cluecode,
    childName: c.childName,
    gender: c.gender,
    birthDate: c.birthDate,
    ageMonths: ageMonths(c.birthDate, now),
    parentName: c.parentName,
    phone: c.phone,
    relation: c.relation,
    schoolItemCode: c.schoolItemCode,
    schoolItemName: r.schoolItemName,
    channel: c.channelCode,
    recommender: c.recommender,
    intention: c.intention,
    intentionLevel: (c.intentionLevel as 'A' | 'B' | 'C' | 'D' | null) ?? null,
    flowState: c.flowState as ClueState,
    flowStateName: STATE_NAMES[c.flowState as ClueState] ?? c.flowState,
    ownerUserId: c.ownerUserId,
    ownerName: r.ownerName,
    source: c.source as TClueRow['source'],
    note: c.note,
    tags: r.tags ? (JSON.parse(r.tags) as TClueRow['tags']) : [],
    insurance: c.insurance,
    followCount: r.followCount,
    lastFollowAt: iso(c.lastFollowAt),
    nextVisitAt: iso(c.nextVisitAt),
    visitAt: iso(c.visitAt),
    visitedAt: iso(c.visitedAt),
    createdAt: c.createdAt.toISOString(),
    invalidReason: c.invalidReason,
    pendingApprovalId: c.pendingApprovalId,
    transferId: c.flowState === 'transfer_pending' ? c.pendingApprovalId : null,
    abandonId: c.flowState === 'abandon_pending' ? c.pendingApprovalId : null,
    invalidId: c.flowState === 'invalid_pending' ? c.pendingApprovalId : null,
    studentCode: c.studentCode,
    version: c.version,
  };
}

export async function loadRow(db: DbOrTx, id: number, now: Date): Promise<TClueRow> {
  const [r] = await selectRows(db).where(eq(clues.id, id));
  if (!r) throw notFound('线索 / clue');
  return toRow(r, now);
}
