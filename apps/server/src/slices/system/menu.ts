// The user's menu (spec §3 menu entry) and the routes they may not open (the /noauth list).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { privileges } from './tables.js';

const holds = (u: AuthUser, code: string) => u.isAdmin || u.privileges.has(code);

/** Groups in their order, each with the enabled menu screens the user holds; empty groups are left out. */
export async function menuOf(db: DbOrTx, user: AuthUser) {
  const rows = await db
    .select()
    .from(privileges)
    .where(and(eq(privileges.status, 1), inArray(privileges.type, ['group', 'menu'])))
    .orderBy(asc(privileges.sort), asc(privileges.code));
  const groups = rows.filter((r) => r.type === 'group');
  return groups
    .map((g) => ({
      code: g.code,
      name: g.name,
      nameEn: g.nameEn,
      cssname: g.cssName ?? '',
      path: g.navigateUrl ?? g.code,
      privileges: rows
        .filter((p) => p.type === 'menu' && p.groupCode === g.groupCode && holds(user, p.code))
        .map((p) => ({ code: p.code, name: p.name, nameEn: p.nameEn, navigateurl: p.navigateUrl ?? p.code })),
    }))
    .filter((g) => g.privileges.length > 0);
}

/**
 * Route privileges (screens) the user does not hold, or that are disabled, then the action
 * privileges (`plans.edit`, …) they do not hold, so a screen hides a button the server would refuse
 * (an action code never matches a path); none for administrators.
 */
export async function forbiddenRoutesOf(db: DbOrTx, user: AuthUser): Promise<string[]> {
  if (user.isAdmin) return [];
  const rows = await db
    .select({ code: privileges.code, type: privileges.type })
    .from(privileges)
    .where(inArray(privileges.type, ['menu', 'page', 'action']))
    .orderBy(asc(privileges.sort), asc(privileges.code));
  const lacks = (c: string) => !user.privileges.has(c);
  return [
    ...rows.filter((r) => r.type !== 'action' && r.code.startsWith('/') && lacks(r.code)),
    ...rows.filter((r) => r.type === 'action' && lacks(r.code)),
  ].map((r) => r.code);
}
