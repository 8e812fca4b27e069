// Who holds a phone, and who works at a campus: the lookups the clue commands route by.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import { schoolItems, userCampuses, userRoles, users } from '../../db/schema.js';
import type { ClueRecord } from './common.js';
import { ACTIVE, STATE_NAMES, type ClueState } from './states.js';
import { clues } from './tables.js';

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
