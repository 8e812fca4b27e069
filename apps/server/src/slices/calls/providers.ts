// Outbound-call service adapters. Tencent Cloud Contact Center (TCCC): JSON POST to {TCCC_BASE_URL}/
// signed with TC3-HMAC-SHA256 exactly as Tencent Cloud API 3.0 specifies (service 'ccc', version
// 2020-02-10, signed headers content-type;host). Zhichi (Sobot): GET /api/get_token with
// appid, create_time and sign = md5(appid + create_time + app_key), then agent commands with header token.
import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import { notConfigured } from '../../http/errors.js';
import { providerFailed, providerJson as sharedProviderJson } from '../../shared/providerHttp.js';
import { tc3Authorization, tencentCloudCall } from '../../shared/tencentCloud.js';

/** Call centres put their errors in the body, whatever the HTTP status. */
const providerJson = (what: string, url: string, init: RequestInit) =>
  sharedProviderJson(what, url, init, { httpErrors: 'body' });

export const TCCC = '腾讯云联络中心 / Tencent Cloud Contact Center';
export const ZHICHI = '智齿呼叫中心 / Zhichi call centre';
export const TCCC_VERSION = '2020-02-10';
export const TCCC_SERVICE = 'ccc';

/** The provider refused or could not be reached: 503 with its reason. */
export { providerFailed };

export interface TcccSettings {
  baseUrl: string;
  sdkAppId: number;
  secretId: string;
  secretKey: string;
}
export function tcccSettings(c: Config): TcccSettings {
  if (!c.TCCC_BASE_URL || !c.TCCC_SDK_APP_ID || !c.TCCC_SECRET_ID || !c.TCCC_SECRET_KEY)
    throw notConfigured(TCCC);
  return {
    baseUrl: c.TCCC_BASE_URL,
    sdkAppId: Number(c.TCCC_SDK_APP_ID),
    secretId: c.TCCC_SECRET_ID,
    secretKey: c.TCCC_SECRET_KEY,
  };
}

export interface ZhichiSettings {
  baseUrl: string;
  appId: string;
  appKey: string;
}
export function zhichiSettings(c: Config): ZhichiSettings {
  if (!c.ZHICHI_BASE_URL || !c.ZHICHI_APP_ID || !c.ZHICHI_APP_KEY) throw notConfigured(ZHICHI);
  return { baseUrl: c.ZHICHI_BASE_URL, appId: c.ZHICHI_APP_ID, appKey: c.ZHICHI_APP_KEY };
}

export const md5hex = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
export { tc3Authorization };

/** Calls a TCCC action; answers the Response object or throws the provider's error code and message. */
export async function tcccCall(
  s: TcccSettings,
  action: string,
  params: Record<string, unknown>,
  now: Date,
): Promise<Record<string, unknown>> {
  return tencentCloudCall(
    {
      what: TCCC,
      baseUrl: s.baseUrl,
      secretId: s.secretId,
      secretKey: s.secretKey,
      service: TCCC_SERVICE,
      version: TCCC_VERSION,
    },
    action,
    params,
    now,
  );
}

export interface TcccLogin {
  token: string;
  sdkUrl: string;
  expiresAt: Date;
}
/** CreateSDKLoginToken: the SDK URL and the call token of a seat. */
export async function tcccLoginToken(s: TcccSettings, seatUserId: string, now: Date): Promise<TcccLogin> {
  const r = await tcccCall(s, 'CreateSDKLoginToken', { SdkAppId: s.sdkAppId, SeatUserId: seatUserId }, now);
  if (typeof r.Token !== 'string' || typeof r.SdkURL !== 'string')
    throw providerFailed(TCCC, 'no Token/SdkURL in the answer');
  const exp =
    typeof r.ExpiredTime === 'number' ? new Date(r.ExpiredTime * 1000) : new Date(now.getTime() + 3600_000);
  return { token: r.Token, sdkUrl: r.SdkURL, expiresAt: exp };
}

/** Zhichi access tokens are cached per app until 5 minutes before they expire. */
const zhichiTokens = new Map<string, { token: string; until: number }>();

export async function zhichiToken(s: ZhichiSettings, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const key = `${s.baseUrl}|${s.appId}|${s.appKey}`;
  const cached = zhichiTokens.get(key);
  if (cached && cached.until > now.getTime())
    return { token: cached.token, expiresAt: new Date(cached.until + 300_000) };
  const createTime = String(Math.floor(now.getTime() / 1000));
  const u = new URL(s.baseUrl.replace(/\/$/, '') + '/api/get_token');
  u.searchParams.set('appid', s.appId);
  u.searchParams.set('create_time', createTime);
  u.searchParams.set('sign', md5hex(s.appId + createTime + s.appKey));
  const r = await providerJson(ZHICHI, u.toString(), { method: 'GET' });
  checkZhichi(r);
  const item = (r.item ?? {}) as { token?: unknown; expires_in?: unknown };
  if (typeof item.token !== 'string' || !item.token) throw providerFailed(ZHICHI, 'no token in the answer');
  const seconds = Number(item.expires_in ?? 86_400) || 86_400;
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  zhichiTokens.set(key, { token: item.token, until: expiresAt.getTime() - 300_000 });
  return { token: item.token, expiresAt };
}

function checkZhichi(r: Record<string, unknown>) {
  if (r.ret_code !== '000000') {
    zhichiTokens.clear();
    throw providerFailed(ZHICHI, `${String(r.ret_code ?? 'error')}: ${String(r.ret_msg ?? '')}`);
  }
}

/** An agent command of the Zhichi call centre (login / logout), authenticated with the access token. */
export async function zhichiAgent(
  s: ZhichiSettings,
  command: 'login' | 'logout',
  body: Record<string, unknown>,
  now: Date,
) {
  const { token, expiresAt } = await zhichiToken(s, now);
  const r = await providerJson(ZHICHI, `${s.baseUrl.replace(/\/$/, '')}/api/callcenter/agent/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  checkZhichi(r);
  return { token, expiresAt };
}
