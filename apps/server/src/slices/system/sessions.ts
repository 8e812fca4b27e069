// Sessions: random opaque tokens stored only as hashes, with idle and absolute expiry; the AuthResolver.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Config } from '../../config.js';
import type { AuthResolver, AuthUser } from '../../http/auth.js';
import { newToken, tokenHash } from '../../shared/password.js';
import { authChanged, onAuthChange } from '../../http/authEvents.js';
import { provinceTypes, schoolItems } from '../../db/schema.js';
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
  // Immediate on this server; the trigger's notification tells the others at commit.
  authChanged({ kind: 'session', id: sessionId });
}

/** Revokes every open session of a user, optionally keeping one. */
export async function revokeUserSessions(db: DbOrTx, userId: number, now: Date, keepSessionId?: number) {
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const ids = open.map((s) => s.id).filter((id) => id !== keepSessionId);
  if (ids.length) await db.update(sessions).set({ revokedAt: now }).where(inArray(sessions.id, ids));
  // The account itself changed too (disabled, new password): its kept session reloads as well.
  authChanged({ kind: 'user', id: userId });
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

/** One row of the principal query: the session and everything the access checks need. */
interface PrincipalRow {
  session_id: number;
  user_id: number;
  revoked: boolean;
  expires_ms: number;
  last_seen_ms: number;
  /** A service account's token (serviceAccounts.ts): long-lived, never idle-expired. */
  service: boolean;
  username: string;
  name: string;
  status: number;
  employee_code: string | null;
  must_change_password: boolean;
  is_admin: boolean;
  all_scope: boolean;
  roles: number[];
  privileges: string[] | null;
  regions: string[] | null;
  campuses: string[] | null;
}

/**
 * The session, account, roles, privileges, regions and campuses of a token hash in one round trip
 * (it was six). An all-scope role sees every valid region and campus, in the screens' order.
 */
async function loadPrincipal(db: Db, hash: string): Promise<PrincipalRow | undefined> {
  const r = (await db.execute(sql`
    select s.id as session_id, s.user_id, s.revoked_at is not null as revoked,
      (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
      (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
      s.method = 'service' as service,
      u.username, u.name, u.status, u.employee_code, u.must_change_password,
      rl.is_admin, rl.all_scope, to_json(rl.codes) as roles,
      (select json_agg(distinct rp.privilege_code) from role_privileges rp
         join privileges p on p.code = rp.privilege_code and p.status = 1
        where rp.role_code = any(rl.codes)) as privileges,
      case when rl.all_scope
        then (select json_agg(pt.code order by pt.sort, pt.code) from province_types pt where pt.valid_status = 1)
        else (select json_agg(pt.code order by pt.sort, pt.code) from user_regions ur
                join province_types pt on pt.code = ur.province_type_code where ur.user_id = u.id)
      end as regions,
      case when rl.all_scope
        then (select json_agg(si.code order by si.sort, si.code) from school_items si where si.valid_status = 1)
        else (select json_agg(si.code order by si.sort, si.code) from user_campuses uc
                join school_items si on si.code = uc.school_item_code where uc.user_id = u.id)
      end as campuses
    from sessions s
    join users u on u.id = s.user_id
    cross join lateral (
      select coalesce(array_agg(ro.code order by ro.code), '{}'::int[]) as codes,
        coalesce(bool_or(ro.is_admin), false) as is_admin,
        coalesce(bool_or(ro.is_admin or ro.all_scope), false) as all_scope
      from user_roles ur join roles ro on ro.code = ur.role_code and ro.status = 1
      where ur.user_id = u.id
    ) rl
    where s.token_hash = ${hash}`)) as unknown as { rows: PrincipalRow[] };
  return r.rows[0];
}

interface CacheEntry {
  user: AuthUser;
  expiresMs: number;
  /** Last request time as the database knows it (touched at most once a minute). */
  lastSeenMs: number;
  /** A service token: only its absolute expiry applies. */
  service: boolean;
  /** When it was loaded (monotonic clock: the cache window is real time, not business time). */
  loadedAt: number;
}

/** Sessions kept in one server's cache at most; the oldest go first. */
const CACHE_MAX = 10_000;
/** lastSeenAt is written at most this often per session (idle expiry has minute precision). */
const TOUCH_EVERY_MS = 60_000;

export interface SessionResolver extends AuthResolver {
  /** Stops listening for invalidations (server close). */
  close(): void;
}

/**
 * Resolves tokens to users, enforcing revocation, idle and absolute expiry. A resolved principal is
 * cached for AUTH_CACHE_SECONDS and dropped at once when its session, its account or any role,
 * grant, region or campus changes (authEvents: the write paths and the database's notifications).
 */
export function sessionResolver(db: Db, config: Config, now: () => Date): SessionResolver {
  const ttlMs = config.AUTH_CACHE_SECONDS * 1000;
  const cache = new Map<string, CacheEntry>();
  // A load that started before an invalidation must not put its (possibly stale) result back.
  let generation = 0;
  const stop = onAuthChange((c) => {
    generation += 1;
    if (c.kind === 'all') return cache.clear();
    for (const [k, e] of cache)
      if (c.kind === 'session' ? e.user.sessionId === c.id : e.user.id === c.id) cache.delete(k);
  });

  const alive = (e: CacheEntry, t: number) =>
    e.expiresMs > t && (e.service || t - e.lastSeenMs <= config.SESSION_IDLE_MINUTES * 60_000);

  const touch = async (e: CacheEntry, t: Date) => {
    if (t.getTime() - e.lastSeenMs <= TOUCH_EVERY_MS) return;
    e.lastSeenMs = t.getTime();
    await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, e.user.sessionId));
  };

  return {
    close: stop,
    async resolve(token: string): Promise<AuthUser | null> {
      const hash = tokenHash(token);
      const t = now();
      const hit = cache.get(hash);
      if (hit && performance.now() - hit.loadedAt < ttlMs) {
        if (!alive(hit, t.getTime())) {
          cache.delete(hash);
          return null;
        }
        await touch(hit, t);
        return hit.user;
      }
      const gen = generation;
      const row = await loadPrincipal(db, hash);
      if (!row || row.revoked || row.status !== 1) return null;
      const e: CacheEntry = {
        user: {
          id: row.user_id,
          username: row.username,
          name: row.name,
          roles: row.roles,
          privileges: new Set(row.privileges ?? []),
          isAdmin: row.is_admin,
          allScope: row.all_scope,
          provinceTypes: row.regions ?? [],
          schoolItems: row.campuses ?? [],
          employeeCode: row.employee_code,
          sessionId: row.session_id,
          mustChangePassword: row.must_change_password,
        },
        expiresMs: row.expires_ms,
        lastSeenMs: row.last_seen_ms,
        service: row.service,
        loadedAt: performance.now(),
      };
      if (!alive(e, t.getTime())) return null;
      await touch(e, t);
      if (ttlMs > 0 && gen === generation) {
        cache.delete(hash);
        if (cache.size >= CACHE_MAX) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(hash, e);
      }
      return e.user;
    },
  };
}
