// Sign-in rules: password check, audit, session creation.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { ErrorCode } from '@bo/api-sdk';
import { must } from '../../shared/must.js';
import { verifyPassword } from '../../shared/password.js';
import { writeAudit } from '../../shared/audit.js';
import { users } from './tables.js';
import { createSession, loadAccount, revokeSession, tokenObject } from './sessions.js';

const WRONG_CREDENTIALS = '用户名或密码错误 / wrong username or password';

export async function login(deps: AppDeps, username: string, password: string, ip: string, userAgent: string | null) {
  const { db } = deps;
  const now = deps.now();
  const [u] = await db.select().from(users).where(eq(users.username, username));
  const ok = u ? await verifyPassword(password, u.passwordHash) : false;
  if (!u || !ok || u.status !== 1) {
    await writeAudit(db, { action: 'auth.loginFailed', target: `users:${username}`, username, userId: u?.id ?? null, ip, at: now, detail: { reason: !u ? 'unknown user' : !ok ? 'wrong password' : 'disabled' } });
    throw new AppError(ErrorCode.validation, WRONG_CREDENTIALS, 400, 'password');
  }
  return db.transaction(async (tx) => {
    const token = await createSession(tx, deps.config, now, u.id, 'password', ip, userAgent);
    await writeAudit(tx, { action: 'auth.login', target: `users:${u.username}`, userId: u.id, username: u.username, ip, at: now });
    const a = await loadAccount(tx, u.id);
    return tokenObject(must(a, 'account'), token);
  });
}

export async function logout(deps: AppDeps, user: { id: number; username: string; sessionId: number }, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId, now);
    await writeAudit(tx, { action: 'auth.logout', target: `users:${user.username}`, userId: user.id, username: user.username, ip, at: now });
  });
}
