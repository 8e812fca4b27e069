// Sessions: random opaque tokens stored only as hashes, with idle and absolute expiry; the AuthResolver.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Config } from '../../config.js';
import type { AuthResolver, AuthUser } from '../../http/auth.js';
import { newToken, tokenHash } from '../../shared/password.js';
import { provinceTypes, schoolItems } from '../organisation/tables.js';
import {
  privileges,
  rolePrivileges,
  roles,
  sessions,
  userCampuses,
  userRegions,
  userRoles,
  users,
} from './tables.js';

export async function createSession(
  db: DbOrTx,
  config: Config,
  now: Date,
  userId: number,
  method: string,
  ip: string | null,
  userAgent: string | null,
) {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + config.SESSION_MAX_HOURS * 3600_000);
  await db
    .insert(sessions)
    .values({ tokenHash: hash, userId, method, ip, userAgent, createdAt: now, lastSeenAt: now, expiresAt });
  return token;
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every open session of a user, optionally keeping one. */
export async function revokeUserSessions(db: DbOrTx, userId: number, now: Date, keepSessionId?: number) {
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const ids = open.map((s) => s.id).filter((id) => id !== keepSessionId);
  if (ids.length) await db.update(sessions).set({ revokedAt: now }).where(inArray(sessions.id, ids));
}

/** Loads everything the token object and the access checks need about an account. */
export async function loadAccount(db: DbOrTx, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) return null;
  const roleRows = await db
    .select({ code: roles.code, name: roles.name, isAdmin: roles.isAdmin, allScope: roles.allScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.code, userRoles.roleCode))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1)));
  const roleCodes = roleRows.map((r) => r.code);
  const privRows = roleCodes.length
    ? await db
        .selectDistinct({ code: rolePrivileges.privilegeCode })
        .from(rolePrivileges)
        .innerJoin(privileges, eq(privileges.code, rolePrivileges.privilegeCode))
        .where(and(inArray(rolePrivileges.roleCode, roleCodes), eq(privileges.status, 1)))
    : [];
  const isAdmin = roleRows.some((r) => r.isAdmin);
  const allScope = isAdmin || roleRows.some((r) => r.allScope);
  const regionRows = allScope
    ? await db
        .select({ code: provinceTypes.code, name: provinceTypes.name })
        .from(provinceTypes)
        .where(eq(provinceTypes.validStatus, 1))
        .orderBy(provinceTypes.sort, provinceTypes.code)
    : await db
        .select({ code: provinceTypes.code, name: provinceTypes.name })
        .from(userRegions)
        .innerJoin(provinceTypes, eq(provinceTypes.code, userRegions.provinceTypeCode))
        .where(eq(userRegions.userId, userId))
        .orderBy(provinceTypes.sort, provinceTypes.code);
  const campusRows = allScope
    ? await db
        .select({
          code: schoolItems.code,
          name: schoolItems.name,
          provincetypecode: schoolItems.provinceTypeCode,
        })
        .from(schoolItems)
        .where(eq(schoolItems.validStatus, 1))
        .orderBy(schoolItems.sort, schoolItems.code)
    : await db
        .select({
          code: schoolItems.code,
          name: schoolItems.name,
          provincetypecode: schoolItems.provinceTypeCode,
        })
        .from(userCampuses)
        .innerJoin(schoolItems, eq(schoolItems.code, userCampuses.schoolItemCode))
        .where(eq(userCampuses.userId, userId))
        .orderBy(schoolItems.sort, schoolItems.code);
  return {
    user: u,
    roles: roleRows.map((r) => ({ code: r.code, name: r.name })),
    privileges: new Set(privRows.map((p) => p.code)),
    isAdmin,
    allScope,
    provinceTypes: regionRows,
    schoolItems: campusRows,
  };
}

export type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

export function tokenObject(a: Account, token: string) {
  return {
    token,
    username: a.user.username,
    name: a.user.name,
    avatar: a.user.avatar,
    roles: a.roles,
    provinceTypes: a.provinceTypes,
    schoolItems: a.schoolItems,
    mustChangePassword: a.user.mustChangePassword,
  };
}

/** Resolves tokens to users, enforcing revocation, idle and absolute expiry; touches lastSeenAt. */
export function sessionResolver(db: Db, config: Config, now: () => Date): AuthResolver {
  return {
    async resolve(token: string): Promise<AuthUser | null> {
      const [s] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash(token)));
      const t = now();
      if (!s || s.revokedAt || s.expiresAt <= t) return null;
      if (t.getTime() - s.lastSeenAt.getTime() > config.SESSION_IDLE_MINUTES * 60_000) return null;
      const a = await loadAccount(db, s.userId);
      if (!a || a.user.status !== 1) return null;
      // Touch at most once a minute to keep reads cheap.
      if (t.getTime() - s.lastSeenAt.getTime() > 60_000)
        await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, s.id));
      return {
        id: a.user.id,
        username: a.user.username,
        name: a.user.name,
        roles: a.roles.map((r) => r.code),
        privileges: a.privileges,
        isAdmin: a.isAdmin,
        allScope: a.allScope,
        provinceTypes: a.provinceTypes.map((p) => p.code),
        schoolItems: a.schoolItems.map((c) => c.code),
        employeeCode: a.user.employeeCode,
        sessionId: s.id,
        mustChangePassword: a.user.mustChangePassword,
      };
    },
  };
}
