// Shared pieces of the clues slice: roles, scope checks, row mapping, the state move with version check.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  APPROVER_ROLES,
  MANAGER_ROLES,
  ROLE,
  ageInMonths,
  shanghaiDate,
  shanghaiDayEnd,
  shanghaiDayOf,
  shanghaiDayStart,
} from '@bo/domain';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, noPermission, notFound } from '../../http/errors.js';
import { schoolItems, userCampuses, userRoles, users } from '../../db/schema.js';
import { clueEvents, clues } from './tables.js';
import { assertMoved, checkVersion as checkRowVersion, lockOne } from '../../shared/stateMachine.js';
import {
  ACTIVE,
  STATE_NAMES,
  TRANSITIONS,
  transition,
  type Actor,
  type ClueAction,
  type ClueState,
  type TransitionRule,
} from './states.js';

export type ClueRecord = typeof clues.$inferSelect;
export type ClueInsert = typeof clues.$inferInsert;
export type TClueRow = z.input<typeof contract.clues.mylist.response>['list'][number];

export { ROLE };
const isRole = (u: AuthUser, codes: readonly number[]) => u.roles.some((r) => codes.includes(r));
export const isManager = (u: AuthUser) => u.isAdmin || isRole(u, MANAGER_ROLES);
export const isApprover = (u: AuthUser) => u.isAdmin || isRole(u, APPROVER_ROLES);

// The Asia/Shanghai business day lives in @bo/domain; these names stay for the slice's callers.
export const dayStart = shanghaiDayStart;
export const dayEnd = shanghaiDayEnd;
export const dayStr = shanghaiDate;
/** Start of a YYYY-MM-DD Shanghai day (an impossible date such as 02-30 gives an invalid Date). */
export const parseDay = (s: string) => shanghaiDayOf(s) ?? new Date(Number.NaN);
/** End of a YYYY-MM-DD Shanghai day: the next day's start, so `from <= t < end` covers the day. */
export const parseDayEnd = (s: string) => shanghaiDayOf(s, { end: true }) ?? new Date(Number.NaN);
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

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

/** Loads a clue; inside a command's transaction on PostgreSQL the row is locked until commit. */
export async function loadClue(db: DbOrTx, id: number, lock = false): Promise<ClueRecord> {
  const q = db.select().from(clues).where(eq(clues.id, id));
  if (lock) return lockOne(q, '线索 / clue');
  const [c] = await q;
  if (!c) throw notFound('线索 / clue');
  return c;
}

/** Whether the user may open the clue at all (spec §6 scope): refuses with 403, never filters silently. */
export function assertCanSee(u: AuthUser, c: ClueRecord): void {
  if (u.allScope) return;
  if (c.ownerUserId === u.id) return;
  if (!c.schoolItemCode) {
    if (c.flowState === 'high_sea') return;
    throw noPermission('该线索属于品牌中心 / the clue belongs to the brand centre');
  }
  if (!u.schoolItems.includes(c.schoolItemCode))
    throw noPermission(`无权访问该校区的线索 / the clue's campus ${c.schoolItemCode} is outside your scope`);
  if (isManager(u)) return;
  if (c.flowState === 'pool' || c.flowState === 'high_sea') return;
  throw noPermission('该线索属于其他顾问 / the clue belongs to another consultant');
}

/** True when the user plays one of the rule's roles on this clue. */
function plays(u: AuthUser | null, c: ClueRecord, who: readonly Actor[]): boolean {
  if (!u) return who.includes('system');
  return who.some((w) => {
    switch (w) {
      case 'anyone':
        return true;
      case 'owner':
        return c.ownerUserId === u.id;
      case 'manager':
        return (
          isManager(u) && (u.allScope || (!!c.schoolItemCode && u.schoolItems.includes(c.schoolItemCode)))
        );
      case 'approver':
        return isApprover(u);
      case 'admin':
        return u.isAdmin;
      case 'system':
        return false;
    }
    return false;
  });
}

/** Checks scope, state and role for an action; answers the target state. 403 / 422 otherwise. */
export function authorize(u: AuthUser | null, c: ClueRecord, action: ClueAction): ClueState {
  if (u) assertCanSee(u, c);
  const to = transition(action, c.flowState as ClueState, c.pendingFrom as ClueState | null);
  const rule: TransitionRule = TRANSITIONS[action];
  if (!plays(u, c, rule.who))
    throw noPermission(`无权执行此操作 / only ${rule.who.join(' or ')} may ${action} this clue`);
  return to;
}

/** Actions the user may take on the clue now (for the detail's buttons). */
export function allowedActions(u: AuthUser, c: ClueRecord): string[] {
  return (Object.keys(TRANSITIONS) as ClueAction[]).filter((a) => {
    const rule: TransitionRule = TRANSITIONS[a];
    return rule.from.includes(c.flowState as ClueState) && plays(u, c, rule.who);
  });
}

export interface MoveOptions {
  action: ClueAction;
  actor: AuthUser | null;
  now: Date;
  /** Columns to change besides state and version. */
  patch?: Partial<ClueInsert>;
  /** Overrides the table's target (admin correction). */
  to?: ClueState;
  detail?: unknown;
}

/**
 * Applies a transition: the state check, a conditional update on the version the command read,
 * and a history event. Two commands that read the same version cannot both win: the loser gets 409.
 */
export async function move(tx: DbOrTx, c: ClueRecord, o: MoveOptions): Promise<ClueState> {
  const to = o.to ?? transition(o.action, c.flowState as ClueState, c.pendingFrom as ClueState | null);
  const done = await tx
    .update(clues)
    .set({ ...o.patch, flowState: to, updatedAt: o.now, version: sql`${clues.version} + 1` })
    .where(and(eq(clues.id, c.id), eq(clues.version, c.version)))
    .returning({ id: clues.id });
  assertMoved(done);
  await tx.insert(clueEvents).values({
    clueId: c.id,
    action: o.action,
    fromState: c.flowState,
    toState: to,
    userId: o.actor?.id ?? null,
    detail: (o.detail ?? null) as never,
    at: o.now,
  });
  return to;
}

/** Bumps the version of a clue for a change that keeps its state (refuses a stale version). */
export async function touch(tx: DbOrTx, c: ClueRecord, now: Date, patch: Partial<ClueInsert>): Promise<void> {
  const done = await tx
    .update(clues)
    .set({ ...patch, updatedAt: now, version: sql`${clues.version} + 1` })
    .where(and(eq(clues.id, c.id), eq(clues.version, c.version)))
    .returning({ id: clues.id });
  assertMoved(done);
}

export const checkVersion = (c: ClueRecord, version: number | undefined) =>
  checkRowVersion(c.version, version);

/** The active clue holding a phone, with owner and campus names. */
export async function activeHolder(db: DbOrTx, phone: string) {
  const [r] = await db
    .select({ c: clues, ownerName: users.name, schoolItemName: schoolItems.name })
    .from(clues)
    .leftJoin(users, eq(users.id, clues.ownerUserId))
    .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
    .where(and(eq(clues.phone, phone), inArray(clues.flowState, [...ACTIVE])));
  return r ?? null;
}

/** The 409 for a phone already held: who owns it and where. */
export function phoneTaken(h: { c: ClueRecord; ownerName: string | null; schoolItemName: string | null }) {
  const owner =
    h.ownerName ?? (h.c.flowState === 'high_sea' ? '公海 / high sea' : '待分配 / distribution pool');
  const campus = h.schoolItemName ?? '品牌中心 / brand centre';
  return conflict(
    `手机号已存在有效线索 ${h.c.cluecode}（${STATE_NAMES[h.c.flowState as ClueState]}），归属：${owner}，校区：${campus} / the phone is already held by clue ${h.c.cluecode} (${h.c.flowState}), owner ${owner}, campus ${campus}`,
    'phone',
  );
}

/** True for the unique violation of PostgreSQL (also when wrapped by drizzle). */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; i++) {
    if (typeof x === 'object' && x !== null && 'code' in x && (x as { code: unknown }).code === '23505')
      return true;
    x = typeof x === 'object' && x !== null && 'cause' in x ? (x as { cause: unknown }).cause : null;
  }
  return false;
}

/** Active users with role 34 (consultants) at a campus, with their working load. */
export async function campusConsultants(db: DbOrTx, schoolItemCode: string) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      load: sql<number>`(select count(*)::int from clues c where c.owner_user_id = ${users.id} and c.flow_state in ('following','visit_scheduled','visited','assessed','transfer_pending','abandon_pending','invalid_pending'))`.mapWith(
        Number,
      ),
    })
    .from(users)
    .innerJoin(userCampuses, eq(userCampuses.userId, users.id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(userCampuses.schoolItemCode, schoolItemCode),
        eq(userRoles.roleCode, ROLE.consultant),
        eq(users.status, 1),
      ),
    )
    .orderBy(users.id);
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}

/** Users holding one of the roles with the campus in scope (all-scope roles included). */
export async function usersWithRolesAt(db: DbOrTx, roleCodes: number[], schoolItemCode: string | null) {
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, roleCode: userRoles.roleCode })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(inArray(userRoles.roleCode, roleCodes), eq(users.status, 1)))
    .orderBy(users.id);
  const campusOf = schoolItemCode
    ? new Set(
        (
          await db
            .select({ userId: userCampuses.userId })
            .from(userCampuses)
            .where(eq(userCampuses.schoolItemCode, schoolItemCode))
        ).map((r) => r.userId),
      )
    : new Set<number>();
  const out = new Map<number, { id: number; username: string; name: string }>();
  for (const r of rows)
    if (r.roleCode === ROLE.admin || campusOf.has(r.id))
      out.set(r.id, { id: r.id, username: r.username, name: r.name });
  return [...out.values()];
}

export const and_ = (parts: Array<SQL | undefined>) => and(...parts.filter((p): p is SQL => !!p));
