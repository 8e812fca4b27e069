// Outbound-call service adapters. Tencent Cloud Contact Center (TCCC): JSON POST to {TCCC_BASE_URL}/
// signed with TC3-HMAC-SHA256 exactly as Tencent Cloud API 3.0 specifies (service 'ccc', version
// 2020-02-10, signed headers content-type;host). Zhichi (Sobot) V6 call centre: a company token from
// POST /tokens/company (sign = md5(appId + currentTime + responseType + app key)), then the
// callservice/v6 agent endpoints with that token in Authorization. Decisions: "Resources and calls".
import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import {
  providerFailed,
  providerJson,
  providerRequest,
  requireSettings,
  type Provider,
  type TokenCache,
} from '../../shared/providerHttp.js';
import { tc3Authorization, tencentCloudCall } from '../../shared/tencentCloud.js';

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
  requireSettings(TCCC, c, ['TCCC_BASE_URL', 'TCCC_SDK_APP_ID', 'TCCC_SECRET_ID', 'TCCC_SECRET_KEY']);
  return {
    baseUrl: c.TCCC_BASE_URL ?? '',
    sdkAppId: Number(c.TCCC_SDK_APP_ID),
    secretId: c.TCCC_SECRET_ID ?? '',
    secretKey: c.TCCC_SECRET_KEY ?? '',
  };
}

export interface ZhichiSettings {
  baseUrl: string;
  appId: string;
  appKey: string;
  /** The app instance's token cache (AppDeps.tokens) the company token is held in. */
  tokens: TokenCache;
}
export function zhichiSettings(c: Config, tokens: TokenCache): ZhichiSettings {
  requireSettings(ZHICHI, c, ['ZHICHI_BASE_URL', 'ZHICHI_APP_ID', 'ZHICHI_APP_KEY']);
  return {
    baseUrl: c.ZHICHI_BASE_URL ?? '',
    appId: c.ZHICHI_APP_ID ?? '',
    appKey: c.ZHICHI_APP_KEY ?? '',
    tokens,
  };
}

/** The call centre as a provider: it puts its errors in the body, whatever the HTTP status. */
const zhichi = (s: ZhichiSettings): Provider => ({ what: ZHICHI, baseUrl: s.baseUrl, errors: 'body' });
const ZHICHI_JSON = 'application/json;charset=utf-8';

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

/** The V6 company token, per app: reused until half its lifetime has passed, as Sobot asks. */
/** Sobot answers no lifetime in some variants; its tokens live 24 h, we assume 2 h to stay safe. */
const ZHICHI_DEFAULT_TTL_S = 7200;
export const ZHICHI_RESPONSE_TYPE = 'token';

/** sign = md5(appId + currentTime + responseType + app secret) of Sobot's V6 unified authentication. */
export const zhichiSign = (appId: string, currentTime: string, appKey: string) =>
  md5hex(appId + currentTime + ZHICHI_RESPONSE_TYPE + appKey);

const zhichiKey = (s: ZhichiSettings) => `zhichi|${s.baseUrl}|${s.appId}|${s.appKey}`;

/**
 * The company token of the V6 call centre: `POST /tokens/company` with appId, currentTime (ms),
 * responseType 'token' and the sign; answers `access_token` (or `accessToken`) and its lifetime.
 */
export async function zhichiToken(s: ZhichiSettings, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const held = await s.tokens.get(zhichiKey(s), now.getTime(), async () => {
    const currentTime = String(now.getTime());
    const r = await providerJson(zhichi(s), {
      path: '/tokens/company',
      body: {
        json: {
          responseType: ZHICHI_RESPONSE_TYPE,
          appId: s.appId,
          currentTime,
          sign: zhichiSign(s.appId, currentTime, s.appKey),
        },
      },
      contentType: ZHICHI_JSON,
    });
    const token = r.access_token ?? r.accessToken;
    if (typeof token !== 'string' || !token) throw providerFailed(ZHICHI, zhichiReason(r, 'no access_token'));
    const seconds = Number(r.expires_in ?? r.expiresIn ?? ZHICHI_DEFAULT_TTL_S) || ZHICHI_DEFAULT_TTL_S;
    return {
      token,
      renewAt: now.getTime() + (seconds * 1000) / 2,
      expiresAt: now.getTime() + seconds * 1000,
    };
  });
  return { token: held.token, expiresAt: new Date(held.expiresAt) };
}

/**
 * The agent token (`POST /tokens/agent`, agentNo = job number) for the browser's JS/UI SDK: the
 * company token never leaves the server.
 */
export async function zhichiAgentToken(
  s: ZhichiSettings,
  jobNumber: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const currentTime = String(now.getTime());
  const r = await providerJson(zhichi(s), {
    path: '/tokens/agent',
    body: {
      json: {
        responseType: ZHICHI_RESPONSE_TYPE,
        appId: s.appId,
        currentTime,
        sign: zhichiSign(s.appId, currentTime, s.appKey),
        agentNo: jobNumber,
      },
    },
    contentType: ZHICHI_JSON,
  });
  const token = r.access_token ?? r.accessToken;
  if (typeof token !== 'string' || !token) throw providerFailed(ZHICHI, zhichiReason(r, 'no access_token'));
  const seconds = Number(r.expires_in ?? r.expiresIn ?? ZHICHI_DEFAULT_TTL_S) || ZHICHI_DEFAULT_TTL_S;
  return { token, expiresAt: new Date(now.getTime() + seconds * 1000) };
}

function zhichiReason(r: Record<string, unknown>, fallback: string): string {
  const code = r.code ?? r.status;
  const text = [r.message, r.reason, r.error_description, r.error].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  return code !== undefined || text ? `${String(code ?? 'error')}: ${text ?? fallback}` : fallback;
}

/**
 * One call of the V6 call-capability API (`/callservice/v6/...`) with the company token in
 * `Authorization`. Success is `code` 200 with `status` 'Success'; an expired token (401) is fetched
 * anew once.
 */
export async function zhichiV6(
  s: ZhichiSettings,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown> | null,
  now: Date,
): Promise<{ data: Record<string, unknown>; token: string; expiresAt: Date }> {
  for (let attempt = 0; ; attempt += 1) {
    const { token, expiresAt } = await zhichiToken(s, now);
    const a = await providerRequest(zhichi(s), {
      method,
      path,
      ...(body ? { body: { json: body }, contentType: ZHICHI_JSON } : {}),
      headers: { authorization: token },
    });
    const r = a.json ?? {};
    const expired = a.status === 401 || Number(r.code) === 401;
    if (expired && attempt === 0) {
      s.tokens.drop(zhichiKey(s));
      continue;
    }
    if (Number(r.code) !== 200 || r.status !== 'Success') {
      if (expired) s.tokens.drop(zhichiKey(s));
      throw providerFailed(ZHICHI, zhichiReason(r, 'refused'));
    }
    const data = typeof r.data === 'object' && r.data !== null ? (r.data as Record<string, unknown>) : {};
    return { data, token, expiresAt };
  }
}

/** Query Agent Setting (Basic Management API): the agent's bound extension and phone. */
export const zhichiAgentSettingPath = (jobNumber: string) =>
  `/callservice/v6/cc-config/api/agents?agentType=0&agent=${encodeURIComponent(jobNumber)}`;
export const ZHICHI_AGENT_LOGIN = '/callservice/v6/webmsg/agent/_login';
export const ZHICHI_AGENT_LOGOUT = '/callservice/v6/webmsg/agent/_logout';
export const ZHICHI_MAKE_CALL = '/callservice/v6/webmsg/agent/_makeCall';
