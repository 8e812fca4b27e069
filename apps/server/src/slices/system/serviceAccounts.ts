// Service accounts for server-to-server use (issue 35): an administrator creates an account that has
// no usable password, only a long-lived token answered once (stored as its hash in `sessions`,
// method 'service', no idle expiry), scoped by its roles and campuses like any account; revoking it
// ends the token at once and disables the account.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceAccountInput } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { authChanged } from '../../http/authEvents.js';
import { badInput, noPermission, notFound } from '../../http/errors.js';
import { newToken } from '../../shared/password.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { schoolItems } from '../../db/schema.js';
import { roles, sessions, userCampuses, userRoles, users } from './tables.js';
import { revokeUserSessions } from './sessions.js';
import { updateVersioned } from '../../shared/versioned.js';

/** The session method of a service account's token: never idle-expired. */
export const SERVICE_METHOD = 'service';

const adminOnly = (actor: AuthUser) => {
  if (!actor.isAdmin)
    throw noPermission('只有管理员可以管理服务账号 / only an administrator may manage service accounts');
};

export async function createServiceAccount(
  deps: AppDeps,
  actor: AuthUser,
  ip: string,
  input: z.output<typeof ServiceAccountInput>,
) {
  adminOnly(actor);
  const roleCodes = [...new Set(input.roles)];
  const campuses = [...new Set(input.campuses)];
  const found = await deps.db.select().from(roles).where(inArray(roles.code, roleCodes));
  const missing = roleCodes.filter((c) => !found.some((r) => r.code === c && r.status === 1));
  if (missing.length)
    throw badInput('body.roles', `未知或停用的角色 / unknown or disabled roles: ${missing.join(', ')}`);
  if (found.some((r) => r.isAdmin))
    throw badInput(
      'body.roles',
      '服务账号不能是管理员 / a service account cannot hold the administrator role',
    );
  if (campuses.length) {
    const known = await deps.db
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(inArray(schoolItems.code, campuses));
    const unknown = campuses.filter((c) => !known.some((k) => k.code === c));
    if (unknown.length)
      throw badInput('body.campuses', `未知的校区 / unknown campuses: ${unknown.join(', ')}`);
  } else if (!found.some((r) => r.allScope))
    throw badInput('body.campuses', '请选择校区 / choose its campuses (or a role that sees every campus)');

  // No one signs in with this password: it is random and never shown.
  const unusable = await deps.passwords.hashInLine(randomBytes(32).toString('base64url'), ip);
  const username = `svc-${randomBytes(5).toString('hex')}`;
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + input.days * 86_400_000);
  const { token, hash } = newToken();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username,
        name: input.name,
        passwordHash: unusable,
        mustChangePassword: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    const userId = must(row, 'service account').id;
    await tx.insert(userRoles).values(roleCodes.map((roleCode) => ({ userId, roleCode })));
    if (campuses.length)
      await tx.insert(userCampuses).values(campuses.map((schoolItemCode) => ({ userId, schoolItemCode })));
    await tx.insert(sessions).values({
      tokenHash: hash,
      userId,
      method: SERVICE_METHOD,
      ip,
      userAgent: null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    await writeAudit(tx, {
      action: 'serviceAccount.create',
      target: `users:${username}`,
      detail: { name: input.name, roles: roleCodes, campuses, expiresAt: expiresAt.toISOString() },
      userId: actor.id,
      username: actor.username,
      ip,
      at: now,
    });
    return userId;
  });
  return { id, username, token, expiresAt: expiresAt.toISOString() };
}

export async function revokeServiceAccount(deps: AppDeps, actor: AuthUser, ip: string, username: string) {
  adminOnly(actor);
  const now = deps.now();
  const userId = await deps.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.username, username));
    // A service account is the account of a service token: a user's name is refused here.
    const [service] = u
      ? await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, u.id), eq(sessions.method, SERVICE_METHOD)))
          .limit(1)
      : [];
    if (!u || !service) throw notFound('服务账号 / service account');
    await updateVersioned(tx, users, {
      where: eq(users.id, u.id),
      version: undefined,
      set: { status: 0 },
      at: now,
    });
    await revokeUserSessions(tx, u.id, now);
    await writeAudit(tx, {
      action: 'serviceAccount.revoke',
      target: `users:${username}`,
      detail: { before: u.status, after: 0 },
      userId: actor.id,
      username: actor.username,
      ip,
      at: now,
    });
    return u.id;
  });
  authChanged({ kind: 'user', id: userId });
}
