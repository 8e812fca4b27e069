// Sign-in provider adapters: the corporate messenger's QR login (DingTalk-style OAuth code exchange),
// enterprise messaging (WeCom-style code → user id) and the dashboard's mobile-chat SSO code.
import type { Config } from '../config.js';
import { providerFailed, providerJson, type Provider, type TokenCache } from './providerHttp.js';
import { notConfigured } from '../http/errors.js';

export const DING_QR = '钉钉扫码登录 / messenger QR sign-in';
export const WXCP = '企业微信登录 / enterprise messaging sign-in';
export const DASHBOARD_SSO = '看板单点登录 / dashboard single sign-on';

export { providerFailed };

export interface DingSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export function dingSettings(c: Config): DingSettings | null {
  if (!c.DINGTALK_BASE_URL || !c.DINGTALK_CLIENT_ID || !c.DINGTALK_CLIENT_SECRET) return null;
  return {
    baseUrl: c.DINGTALK_BASE_URL,
    clientId: c.DINGTALK_CLIENT_ID,
    clientSecret: c.DINGTALK_CLIENT_SECRET,
  };
}

/** Dashboard SSO: its own settings, or the DingTalk ones. */
export function dashboardSettings(c: Config): DingSettings | null {
  const base = c.DASHBOARD_SSO_BASE_URL ?? c.DINGTALK_BASE_URL;
  const id = c.DASHBOARD_SSO_CLIENT_ID ?? c.DINGTALK_CLIENT_ID;
  const secret = c.DASHBOARD_SSO_CLIENT_SECRET ?? c.DINGTALK_CLIENT_SECRET;
  return base && id && secret ? { baseUrl: base, clientId: id, clientSecret: secret } : null;
}

/** The QR authorize URL the login page sends the browser to (null without a redirect URL). */
export function dingAuthorizeUrl(c: Config): string | null {
  const s = dingSettings(c);
  if (!s || !c.DINGTALK_REDIRECT_URL) return null;
  const u = new URL(c.DINGTALK_LOGIN_URL);
  u.searchParams.set('redirect_uri', c.DINGTALK_REDIRECT_URL);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('client_id', s.clientId);
  u.searchParams.set('scope', 'openid');
  u.searchParams.set('prompt', 'consent');
  return u.toString();
}

export interface WxcpSettings {
  baseUrl: string;
  corpId: string;
  apps: Map<string, string>;
}

export function wxcpSettings(c: Config): WxcpSettings | null {
  if (!c.WXCP_BASE_URL || !c.WXCP_CORP_ID || !c.WXCP_APPS) return null;
  const apps = new Map<string, string>();
  for (const pair of c.WXCP_APPS.split(',')) {
    const [id, secret] = pair.split(':');
    if (id && secret) apps.set(id.trim(), secret.trim());
  }
  return { baseUrl: c.WXCP_BASE_URL, corpId: c.WXCP_CORP_ID, apps };
}

export interface DingUser {
  unionId: string;
  nick: string;
  mobile: string | null;
}

/** Exchanges an authorization code: userAccessToken, then contact/users/me. */
export async function dingUserByCode(s: DingSettings, code: string, what = DING_QR): Promise<DingUser> {
  const ding: Provider = { what, baseUrl: s.baseUrl };
  const tok = await providerJson(ding, {
    path: '/v1.0/oauth2/userAccessToken',
    body: {
      json: { clientId: s.clientId, clientSecret: s.clientSecret, code, grantType: 'authorization_code' },
    },
    contentType: 'application/json',
  });
  const accessToken = tok.accessToken;
  if (typeof accessToken !== 'string' || !accessToken) throw providerFailed(what, 'no accessToken');
  const me = await providerJson(ding, {
    path: '/v1.0/contact/users/me',
    headers: { 'x-acs-dingtalk-access-token': accessToken },
  });
  if (typeof me.unionId !== 'string' || !me.unionId) throw providerFailed(what, 'no unionId');
  return {
    unionId: me.unionId,
    nick: typeof me.nick === 'string' ? me.nick : '',
    mobile: typeof me.mobile === 'string' && me.mobile ? me.mobile : null,
  };
}

/** Access tokens of enterprise messaging live 7200 s; held per app until shortly before expiry. */
const wxcpKey = (s: WxcpSettings, secret: string) => `wxcp|${s.baseUrl}|${s.corpId}|${secret}`;

async function wxcpAccessToken(
  s: WxcpSettings,
  secret: string,
  tokens: TokenCache,
  now: number,
): Promise<string> {
  const held = await tokens.get(wxcpKey(s, secret), now, async () => {
    const r = await providerJson(
      { what: WXCP, baseUrl: s.baseUrl },
      { path: '/cgi-bin/gettoken', query: { corpid: s.corpId, corpsecret: secret } },
    );
    if (r.errcode !== undefined && r.errcode !== 0) throw providerFailed(WXCP, String(r.errmsg ?? r.errcode));
    if (typeof r.access_token !== 'string' || !r.access_token) throw providerFailed(WXCP, 'no access_token');
    const expires = typeof r.expires_in === 'number' ? r.expires_in : 7200;
    const until = now + (expires - 300) * 1000;
    return { token: r.access_token, renewAt: until, expiresAt: now + expires * 1000 };
  });
  return held.token;
}

/** The enterprise-messaging user id behind an OAuth code of app `appId`. */
export async function wxcpUserIdByCode(
  s: WxcpSettings,
  appId: string,
  code: string,
  tokens: TokenCache,
  now: number,
): Promise<string> {
  const secret = s.apps.get(appId);
  if (!secret) throw notConfigured(WXCP, `app ${appId}`);
  const token = await wxcpAccessToken(s, secret, tokens, now);
  const r = await providerJson(
    { what: WXCP, baseUrl: s.baseUrl },
    { path: '/cgi-bin/auth/getuserinfo', query: { access_token: token, code } },
  );
  if (r.errcode !== undefined && r.errcode !== 0) {
    // 40014/42001: the held token went stale; the next call buys a new one.
    if (r.errcode === 40014 || r.errcode === 42001) tokens.drop(wxcpKey(s, secret));
    throw providerFailed(WXCP, String(r.errmsg ?? r.errcode));
  }
  const id = typeof r.userid === 'string' ? r.userid : typeof r.UserId === 'string' ? r.UserId : null;
  if (!id) throw providerFailed(WXCP, '不是企业成员 / not a member of the enterprise');
  return id;
}
