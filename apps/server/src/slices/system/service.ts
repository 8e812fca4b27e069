// Sign-in rules: password check with throttling, provider sign-in, password changes, audit, sessions.
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badInput, noPermission, notConfigured } from '../../http/errors.js';
import { must } from '../../shared/must.js';
import { writeAudit } from '../../shared/audit.js';
import {
  DASHBOARD_SSO,
  DING_QR,
  WXCP,
  dashboardSettings,
  dingAuthorizeUrl,
  dingSettings,
  dingUserByCode,
  wxcpSettings,
  wxcpUserIdByCode,
} from '../../shared/providers.js';
import { users } from './tables.js';
import { createSession, loadAccount, revokeSession, revokeUserSessions, tokenObject } from './sessions.js';
import {
  assertMayTry,
  failureDelay,
  ipLocked,
  pairLocked,
  recordFailure,
  recordSuccess,
  sleep,
  type SeenFailures,
} from './throttle.js';
import { updateVersioned } from '../../shared/versioned.js';

const WRONG_CREDENTIALS = '用户名或密码错误 / wrong username or password';
/** The home-intervention (居家干预) role of /auth/isJujiganyu. */
export const HOME_INTERVENTION_ROLE = 60;

type UserRow = typeof users.$inferSelect;

/** What a sign-in attempt found: the user (and a new hash for it when its stored one is outdated), or a refusal. */
type Attempt =
  { ok: true; u: UserRow; rehashed: string | null } | { ok: false; error: AppError; delayMs: number };

/**
 * Checks a username and password with throttling, in the client address's line of the password pool
 * (shared/passwordPool.ts): 429 at once when that line is full. Throws 429 while locked (without checking
 * the password), 400 on a wrong password (after the failure delay, outside the line), 429 when this
 * failure locked. With `rehash`, a stored hash of the scrypt era or of other parameters comes back
 * replaced by one at the configured cost (for the caller to store with its other writes).
 */
async function checkCredentials(
  deps: AppDeps,
  username: string,
  password: string,
  ip: string,
  action: string,
  rehash = false,
): Promise<{ u: UserRow; rehashed: string | null }> {
  const r = await deps.passwords.inLine(ip, () => attempt(deps, username, password, ip, action, rehash));
  if (r.ok) return r;
  await sleep(r.delayMs);
  throw r.error;
}

async function attempt(
  deps: AppDeps,
  username: string,
  password: string,
  ip: string,
  action: string,
  rehash: boolean,
): Promise<Attempt> {
  const { db } = deps;
  const now = deps.now();
  let seen: SeenFailures;
  try {
    seen = await assertMayTry(db, username, ip, now);
  } catch (e) {
    await writeAudit(db, {
      action: 'auth.loginFailed',
      target: `users:${username}`,
      username,
      ip,
      at: now,
      detail: { reason: 'locked', via: action },
    });
    throw e;
  }
  const [u] = await db.select().from(users).where(eq(users.username, username));
  // One code path for known and unknown names: the same verification work either way (an unknown
  // name against a hash of no one's password at the configured cost).
  const hash = u?.passwordHash ?? (await deps.passwords.dummy());
  const verified = await deps.passwords.verify(password, hash);
  const ok = u !== undefined && verified;
  if (u && ok && u.status === 1) {
    const rehashed =
      rehash && deps.passwords.needsRehash(u.passwordHash) ? await deps.passwords.hash(password) : null;
    return { ok: true, u, rehashed };
  }
  const reason = !u ? 'unknown user' : !ok ? 'wrong password' : 'disabled';
  // This attempt runs alone for its address (the pool's line): what assertMayTry read is still all.
  const outcome = await recordFailure(db, username, ip, now, seen);
  await writeAudit(db, {
    action: 'auth.loginFailed',
    target: `users:${username}`,
    username,
    userId: u?.id ?? null,
    ip,
    at: now,
    detail: { reason, via: action, failures: outcome.pairFailures },
  });
  if (outcome.locked) {
    await writeAudit(db, {
      action: 'auth.lockout',
      target: outcome.locked === 'pair' ? `users:${username}` : `ip:${ip}`,
      username,
      userId: u?.id ?? null,
      ip,
      at: now,
      detail: { minutes: outcome.lockMinutes },
    });
  }
  const error =
    outcome.locked === 'pair'
      ? pairLocked(outcome.lockMinutes)
      : outcome.locked === 'ip'
        ? ipLocked(outcome.lockMinutes)
        : new AppError(ErrorCode.validation, WRONG_CREDENTIALS, 400, 'password');
  return {
    ok: false,
    error,
    delayMs: failureDelay(deps.config.LOGIN_FAILURE_DELAY_MS, outcome.pairFailures),
  };
}

/** Opens a session and answers the token object. */
async function openSession(
  tx: DbOrTx,
  deps: AppDeps,
  u: UserRow,
  method: string,
  ip: string,
  userAgent: string | null,
) {
  const now = deps.now();
  const token = await createSession(tx, deps.config, now, u.id, method, ip, userAgent);
  await writeAudit(tx, {
    action: 'auth.login',
    target: `users:${u.username}`,
    userId: u.id,
    username: u.username,
    ip,
    at: now,
    detail: { method },
  });
  const a = await loadAccount(tx, u.id);
  return tokenObject(must(a, 'account'), token);
}

export async function login(
  deps: AppDeps,
  username: string,
  password: string,
  ip: string,
  userAgent: string | null,
) {
  // A hash of the scrypt era or of other parameters is replaced by one at the configured cost (computed
  // in the attempt, stored with the sign-in's other writes unless the password changed meanwhile).
  const { u, rehashed } = await checkCredentials(deps, username, password, ip, 'login', true);
  return deps.db.transaction(async (tx) => {
    if (rehashed)
      await tx
        .update(users)
        .set({ passwordHash: rehashed })
        .where(and(eq(users.id, u.id), eq(users.passwordHash, u.passwordHash)));
    await recordSuccess(tx, username, ip, deps.now());
    return openSession(tx, deps, u, 'password', ip, userAgent);
  });
}

export async function logout(
  deps: AppDeps,
  user: { id: number; username: string; sessionId: number },
  ip: string,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId, now);
    await writeAudit(tx, {
      action: 'auth.logout',
      target: `users:${user.username}`,
      userId: user.id,
      username: user.username,
      ip,
      at: now,
    });
  });
}

async function setPassword(
  deps: AppDeps,
  u: UserRow,
  newPassword: string,
  keepSessionId: number | undefined,
  ip: string,
  via: string,
  actor: { id: number; username: string },
) {
  if (await deps.passwords.verifyInLine(newPassword, u.passwordHash, ip)) {
    throw badInput(
      'body.newPassword',
      '新密码不能与原密码相同 / the new password must differ from the current one',
    );
  }
  const hash = await deps.passwords.hashInLine(newPassword, ip);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await updateVersioned(tx, users, {
      where: eq(users.id, u.id),
      version: undefined,
      set: { passwordHash: hash, mustChangePassword: false },
      at: now,
    });
    await revokeUserSessions(tx, u.id, now, keepSessionId);
    await writeAudit(tx, {
      action: 'auth.passwordChanged',
      target: `users:${u.username}`,
      userId: actor.id,
      username: actor.username,
      ip,
      at: now,
      detail: { via },
    });
  });
}

/** /auth/chgpwd: the signed-in user changes their own password; other sessions are revoked. */
export async function changeOwnPassword(
  deps: AppDeps,
  user: AuthUser,
  oldPassword: string,
  newPassword: string,
  ip: string,
) {
  const { u } = await checkCredentials(deps, user.username, oldPassword, ip, 'chgpwd').catch((e: unknown) => {
    // A wrong current password names the field of this form.
    if (e instanceof AppError && e.code === ErrorCode.validation)
      throw badInput('body.oldPassword', '原密码错误 / the current password is wrong');
    throw e;
  });
  await recordSuccess(deps.db, user.username, ip, deps.now());
  await setPassword(deps, u, newPassword, user.sessionId, ip, 'chgpwd', user);
}

/** /auth/chgpass: by username and current password (no session needed); revokes the other sessions. */
export async function changePasswordByName(
  deps: AppDeps,
  username: string,
  oldPassword: string,
  newPassword: string,
  ip: string,
  caller: AuthUser | null,
) {
  const { u } = await checkCredentials(deps, username, oldPassword, ip, 'chgpass').catch((e: unknown) => {
    if (e instanceof AppError && e.code === ErrorCode.validation)
      throw badInput('body.oldpassword', WRONG_CREDENTIALS);
    throw e;
  });
  await recordSuccess(deps.db, username, ip, deps.now());
  const keep = caller && caller.id === u.id ? caller.sessionId : undefined;
  await setPassword(deps, u, newPassword, keep, ip, 'chgpass', { id: u.id, username: u.username });
}

async function providerSignIn(
  deps: AppDeps,
  what: string,
  method: string,
  u: UserRow | undefined,
  identity: string,
  ip: string,
  userAgent: string | null,
) {
  const now = deps.now();
  if (!u || u.status !== 1) {
    await writeAudit(deps.db, {
      action: 'auth.loginFailed',
      target: `${method}:${identity}`,
      userId: u?.id ?? null,
      username: u?.username ?? null,
      ip,
      at: now,
      detail: { reason: u ? 'disabled' : 'no linked account', via: method },
    });
    throw u
      ? noPermission(`账号已停用 / the account is disabled`)
      : noPermission(`${what}：该身份未绑定系统账号 / ${what}: this identity is not linked to any account`);
  }
  return deps.db.transaction((tx) => openSession(tx, deps, u, method, ip, userAgent));
}

/** Corporate messenger QR sign-in: code → unionId (or mobile) → account. */
export async function dingQrLogin(deps: AppDeps, code: string, ip: string, userAgent: string | null) {
  const s = dingSettings(deps.config);
  if (!s) throw notConfigured(DING_QR);
  const who = await dingUserByCode(s, code, DING_QR);
  return providerSignIn(
    deps,
    DING_QR,
    'dingqr',
    await userByDing(deps.db, who.unionId, who.mobile),
    who.unionId,
    ip,
    userAgent,
  );
}

/** Income-dashboard single sign-on: the same exchange with its own (or the messenger's) settings. */
export async function dashboardLogin(deps: AppDeps, code: string, ip: string, userAgent: string | null) {
  const s = dashboardSettings(deps.config);
  if (!s) throw notConfigured(DASHBOARD_SSO);
  const who = await dingUserByCode(s, code, DASHBOARD_SSO);
  return providerSignIn(
    deps,
    DASHBOARD_SSO,
    'dashboard',
    await userByDing(deps.db, who.unionId, who.mobile),
    who.unionId,
    ip,
    userAgent,
  );
}

/** Enterprise messaging sign-in for one configured app: code → userid → account. */
export async function wxcpLogin(
  deps: AppDeps,
  appId: string,
  code: string,
  ip: string,
  userAgent: string | null,
) {
  const s = wxcpSettings(deps.config);
  if (!s) throw notConfigured(WXCP);
  const userId = await wxcpUserIdByCode(s, appId, code, deps.tokens, deps.now().getTime());
  const [u] = await deps.db.select().from(users).where(eq(users.wxcpUserId, userId));
  return providerSignIn(deps, WXCP, 'wxcp', u, userId, ip, userAgent);
}

/**
 * The account linked to a messenger identity, else the one account with that mobile number, which
 * is then linked to the identity (so a later change of mobile number keeps working).
 */
async function userByDing(db: DbOrTx, unionId: string, mobile: string | null): Promise<UserRow | undefined> {
  const [byId] = await db.select().from(users).where(eq(users.dingUserId, unionId));
  if (byId) return byId;
  if (!mobile) return undefined;
  const byMobile = await db.select().from(users).where(eq(users.mobile, mobile));
  // Two accounts on one mobile number are ambiguous: refuse rather than guess.
  const u = byMobile.length === 1 ? byMobile[0] : undefined;
  if (u && !u.dingUserId && u.status === 1) {
    await db.update(users).set({ dingUserId: unionId }).where(eq(users.id, u.id));
    await writeAudit(db, {
      action: 'account.linkMessenger',
      target: `users:${u.username}`,
      userId: u.id,
      username: u.username,
      detail: { unionId },
    });
    return { ...u, dingUserId: unionId };
  }
  return u;
}

export function loginOptions(deps: AppDeps) {
  const ding = dingSettings(deps.config);
  const wx = wxcpSettings(deps.config);
  return {
    password: true as const,
    dingQr: {
      enabled: !!ding,
      authorizeUrl: dingAuthorizeUrl(deps.config),
      clientId: ding?.clientId ?? null,
    },
    wxcp: { enabled: !!wx, appIds: wx ? [...wx.apps.keys()] : [] },
    dashboardSso: { enabled: !!dashboardSettings(deps.config) },
  };
}

export const isHomeIntervention = (user: AuthUser) => user.roles.includes(HOME_INTERVENTION_ROLE);
