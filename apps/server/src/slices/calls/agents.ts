// The agent's seat at the call-centre providers: sign-in (call token), keep-alive, sign-out, phone binding
// and the screen-pop. The seat user id at Tencent is the account's username.
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { noPermission, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { providerFailed } from '../../shared/providerHttp.js';
import { activeHolder, isManager } from '../clues/index.js';
import { activeResource } from '../resources/index.js';
import { callAgentSessions } from './tables.js';
import {
  ZHICHI_AGENT_LOGIN,
  ZHICHI_AGENT_LOGOUT,
  ZHICHI,
  ZHICHI_MAKE_CALL,
  tcccCall,
  tcccLoginToken,
  tcccSettings,
  zhichiAgentSettingPath,
  zhichiAgentToken,
  zhichiSettings,
  zhichiV6,
} from './providers.js';
import { lastCallTo } from './service.js';

const RENEW_MS = 5 * 60_000;

async function upsertSession(
  deps: AppDeps,
  u: AuthUser,
  provider: 'tencent' | 'zhichi',
  agentId: string,
  phone: string | null,
  expiresAt: Date,
) {
  const now = deps.now();
  const values = { agentId, phone, loggedInAt: now, lastSeenAt: now, expiresAt, endedAt: null };
  await deps.db
    .insert(callAgentSessions)
    .values({ userId: u.id, provider, ...values })
    .onConflictDoUpdate({ target: [callAgentSessions.userId, callAgentSessions.provider], set: values });
}

/** The configured call centre: Tencent first when both are set up. */
export function centre(deps: AppDeps): { provider: 'tencent' | 'zhichi' | null } {
  const configured = (f: () => unknown) => {
    try {
      f();
      return true;
    } catch {
      return false;
    }
  };
  if (configured(() => tcccSettings(deps.config))) return { provider: 'tencent' };
  if (configured(() => zhichiSettings(deps.config, deps.tokens))) return { provider: 'zhichi' };
  return { provider: null };
}

export async function tencentLogin(deps: AppDeps, u: AuthUser, phone: string | undefined, ip: string) {
  const s = tcccSettings(deps.config);
  const now = deps.now();
  const l = await tcccLoginToken(s, u.username, now);
  await upsertSession(deps, u, 'tencent', u.username, phone ?? null, l.expiresAt);
  await writeAudit(deps.db, {
    action: 'call.agentLogin',
    target: `tencent:${u.username}`,
    userId: u.id,
    username: u.username,
    ip,
    at: now,
  });
  return {
    provider: 'tencent' as const,
    agentId: u.username,
    token: l.token,
    sdkUrl: l.sdkUrl,
    expiresAt: l.expiresAt.toISOString(),
  };
}

export async function tencentKeepAlive(deps: AppDeps, u: AuthUser, email: string | undefined) {
  const s = tcccSettings(deps.config);
  const now = deps.now();
  const seat = email ?? u.username;
  if (seat !== u.username && !isManager(u))
    throw noPermission('只能保持自己的坐席在线 / you may keep only your own seat alive');
  const [sess] = await deps.db
    .select()
    .from(callAgentSessions)
    .where(
      and(
        eq(callAgentSessions.provider, 'tencent'),
        eq(callAgentSessions.agentId, seat),
        isNull(callAgentSessions.endedAt),
      ),
    );
  if (!sess)
    throw ruleViolation(
      '坐席未登录，请先登录呼叫中心 / the seat is not signed in: sign in to the call centre first',
      'email',
    );
  let expiresAt = sess.expiresAt;
  let renewed = null;
  if (expiresAt.getTime() - now.getTime() < RENEW_MS) {
    const l = await tcccLoginToken(s, seat, now);
    expiresAt = l.expiresAt;
    renewed = {
      provider: 'tencent' as const,
      agentId: seat,
      token: l.token,
      sdkUrl: l.sdkUrl,
      expiresAt: l.expiresAt.toISOString(),
    };
  }
  await deps.db
    .update(callAgentSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(callAgentSessions.userId, sess.userId), eq(callAgentSessions.provider, 'tencent')));
  return { online: true, expiresAt: expiresAt.toISOString(), renewed };
}

/** Ends the caller's Tencent seat session (local; TCCC SDK tokens simply expire). Works without configuration. */
export async function tencentLogout(deps: AppDeps, u: AuthUser, ip: string) {
  const now = deps.now();
  const done = await deps.db
    .update(callAgentSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(callAgentSessions.userId, u.id),
        eq(callAgentSessions.provider, 'tencent'),
        isNull(callAgentSessions.endedAt),
      ),
    )
    .returning({ userId: callAgentSessions.userId });
  if (done.length)
    await writeAudit(deps.db, {
      action: 'call.agentLogout',
      target: `tencent:${u.username}`,
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
}

/** Binds the agent's phone to the seat (TCCC ModifyStaff with the seat's email id). */
export async function tencentBinding(deps: AppDeps, u: AuthUser, phone: string, ip: string) {
  const s = tcccSettings(deps.config);
  const now = deps.now();
  await tcccCall(s, 'ModifyStaff', { SdkAppId: s.sdkAppId, Email: u.username, Phone: phone }, now);
  await deps.db
    .update(callAgentSessions)
    .set({ phone })
    .where(and(eq(callAgentSessions.userId, u.id), eq(callAgentSessions.provider, 'tencent')));
  await writeAudit(deps.db, {
    action: 'call.agentBinding',
    target: `tencent:${u.username}`,
    detail: { phone },
    userId: u.id,
    username: u.username,
    ip,
    at: now,
  });
}

/** The screen-pop for a call from zj (the agent's line) to bj (the customer). */
export async function flashMsg(deps: AppDeps, u: AuthUser, bj: string, zj: string) {
  tcccSettings(deps.config);
  const h = await activeHolder(deps.db, bj);
  const clueVisible =
    !!h &&
    (u.allScope ||
      h.c.ownerUserId === u.id ||
      (!!h.c.schoolItemCode && u.schoolItems.includes(h.c.schoolItemCode)));
  const r = await activeResource(deps.db, bj);
  const resVisible =
    !!r && (u.allScope || r.r.ownerUserId === u.id || isManager(u) || r.r.ownerUserId === null);
  const clue =
    h && clueVisible
      ? {
          clueId: h.c.id,
          cluecode: h.c.cluecode,
          childName: h.c.childName,
          parentName: h.c.parentName,
          flowState: h.c.flowState,
          ownerName: h.ownerName,
        }
      : null;
  const resource =
    r && resVisible
      ? { id: r.r.id, rescode: r.r.rescode, name: r.r.name, status: r.r.status, ownerName: r.ownerName }
      : null;
  const lastCall = await lastCallTo(deps, u, bj);
  const who = clue
    ? `${clue.parentName}（${clue.childName}，线索 ${clue.cluecode}）`
    : resource
      ? `${resource.name}（资源 ${resource.rescode}）`
      : h || r
        ? '已登记客户（不在您的范围内）'
        : '新号码';
  const message = `${zj} → ${bj}：${who}${lastCall ? `，上次通话 ${lastCall.startAt.slice(0, 16).replace('T', ' ')} ${lastCall.userName ?? ''}` : ''}`;
  return { callee: bj, caller: zj, clue, resource, lastCall, message };
}

export async function zhichiLogin(deps: AppDeps, u: AuthUser, jobNumber: string, phone: string, ip: string) {
  const s = zhichiSettings(deps.config, deps.tokens);
  const now = deps.now();
  // The agent answers on the given phone (pstn); the extension the call centre bound to the agent is
  // sent as bindExt, which the login requires.
  const setting = await zhichiV6(s, 'GET', zhichiAgentSettingPath(jobNumber), null, now);
  const ext = typeof setting.data.ext === 'string' ? setting.data.ext : '';
  await zhichiV6(
    s,
    'POST',
    ZHICHI_AGENT_LOGIN,
    {
      agentID: jobNumber,
      agentType: '0',
      bindExt: ext,
      phoneType: 'pstn',
      bindMobile: phone,
      agentState: '1',
      edgeOut: '1',
    },
    now,
  );
  const { token, expiresAt } = await zhichiAgentToken(s, jobNumber, now);
  await upsertSession(deps, u, 'zhichi', jobNumber, phone, expiresAt);
  await writeAudit(deps.db, {
    action: 'call.agentLogin',
    target: `zhichi:${jobNumber}`,
    userId: u.id,
    username: u.username,
    ip,
    at: now,
  });
  return {
    provider: 'zhichi' as const,
    agentId: jobNumber,
    token,
    sdkUrl: null,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function zhichiLogout(deps: AppDeps, u: AuthUser, jobNumber: string, ip: string) {
  const s = zhichiSettings(deps.config, deps.tokens);
  const now = deps.now();
  const [sess] = await deps.db
    .select()
    .from(callAgentSessions)
    .where(and(eq(callAgentSessions.provider, 'zhichi'), eq(callAgentSessions.agentId, jobNumber)));
  if (sess && sess.userId !== u.id && !isManager(u))
    throw noPermission('只能签出自己的坐席 / you may sign out only your own seat');
  await zhichiV6(s, 'POST', ZHICHI_AGENT_LOGOUT, { agentID: jobNumber, agentType: '0' }, now);
  await deps.db
    .update(callAgentSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(callAgentSessions.provider, 'zhichi'),
        eq(callAgentSessions.agentId, jobNumber),
        isNull(callAgentSessions.endedAt),
      ),
    );
  await writeAudit(deps.db, {
    action: 'call.agentLogout',
    target: `zhichi:${jobNumber}`,
    userId: u.id,
    username: u.username,
    ip,
    at: now,
  });
}

/**
 * Dials through the agent's own live Zhichi seat: the centre calls the agent's answering phone
 * (bound at sign-in), then the customer, and answers its call id. Another user's seat, or a seat
 * signed out or expired, is refused before the provider is asked.
 */
export async function zhichiMakeCall(
  deps: AppDeps,
  u: AuthUser,
  jobNumber: string,
  phone: string,
  ip: string,
) {
  const s = zhichiSettings(deps.config, deps.tokens);
  const now = deps.now();
  const [sess] = await deps.db
    .select()
    .from(callAgentSessions)
    .where(
      and(
        eq(callAgentSessions.userId, u.id),
        eq(callAgentSessions.provider, 'zhichi'),
        eq(callAgentSessions.agentId, jobNumber),
        isNull(callAgentSessions.endedAt),
      ),
    );
  if (!sess || sess.expiresAt.getTime() <= now.getTime())
    throw ruleViolation('请先登录智齿坐席 / sign in to your Zhichi seat first');
  const r = await zhichiV6(
    s,
    'POST',
    ZHICHI_MAKE_CALL,
    { agentID: jobNumber, agentType: '0', destinationNumber: phone },
    now,
  );
  const id = [r.data.callID, r.data.callId, r.data.sessionId].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  if (!id) throw providerFailed(ZHICHI, '未返回通话编号 / no call id in the answer');
  await deps.db
    .update(callAgentSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(callAgentSessions.userId, u.id), eq(callAgentSessions.provider, 'zhichi')));
  await writeAudit(deps.db, {
    action: 'call.dial',
    target: `zhichi:${jobNumber}:${id}`,
    userId: u.id,
    username: u.username,
    ip,
    at: now,
  });
  return { sessionId: id, callerPhone: sess.phone };
}
