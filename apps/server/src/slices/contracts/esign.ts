// The e-signature provider's OpenAPI v3 (e签宝-style), as its documentation describes it: every
// request carries the app id and an HMAC-SHA256 signature (X-Tsign-Open-Ca-Signature, base64) over
// "method\naccept\ncontent-md5\ncontent-type\ndate\n" + path?query, keyed by the app secret, with the
// body's MD5 in Content-MD5; answers are { code, message, data } with code 0 on success. Callbacks
// carry X-Tsign-Open-SIGNATURE = hex HMAC-SHA256(secret, timestamp + raw body). This module only
// speaks the protocol; what a signed contract means is econtracts.ts.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import {
  missingSettings,
  providerFailed,
  providerRequest,
  requireSettings,
  type Provider,
} from '../../shared/providerHttp.js';

export const ESIGN = '电子签约 / e-signature';
/** Callbacks whose timestamp is further than this from now are refused (replay). */
export const CALLBACK_MAX_SKEW_MS = 5 * 60_000;
const ACCEPT = '*/*';
const JSON_TYPE = 'application/json; charset=UTF-8';

/** The path of the callback route under PUBLIC_URL (the contract's contracts.esignNotify). */
export const ESIGN_NOTIFY_PATH = '/api/contract/contract/esignNotify';

export interface EsignClient {
  baseUrl: string;
  appId: string;
  secret: string;
  templateId: string;
  notifyUrl: string;
}

type EsignConfig = Pick<
  Config,
  'ESIGN_BASE_URL' | 'ESIGN_APP_ID' | 'ESIGN_APP_SECRET' | 'ESIGN_TEMPLATE_ID' | 'PUBLIC_URL'
>;

/** What of the configuration is missing (empty when e-signing is configured). */
const SETTINGS = ['ESIGN_APP_ID', 'ESIGN_APP_SECRET', 'ESIGN_TEMPLATE_ID', 'PUBLIC_URL'] as const;
export function esignMissing(c: EsignConfig): string[] {
  return missingSettings(c, SETTINGS);
}

/** The configured client, or 503 naming what is missing. */
export function esign(c: EsignConfig): EsignClient {
  requireSettings(ESIGN, c, SETTINGS);
  return {
    baseUrl: c.ESIGN_BASE_URL.replace(/\/$/, ''),
    appId: c.ESIGN_APP_ID ?? '',
    secret: c.ESIGN_APP_SECRET ?? '',
    templateId: c.ESIGN_TEMPLATE_ID ?? '',
    notifyUrl: new URL(ESIGN_NOTIFY_PATH, c.PUBLIC_URL).toString(),
  };
}

export const contentMd5 = (body: string) => createHash('md5').update(body, 'utf8').digest('base64');

/** The request signature: base64 HMAC-SHA256 of the canonical string (no Date, no signed headers). */
export function requestSignature(
  secret: string,
  o: { method: string; contentMd5: string; contentType: string; pathAndQuery: string },
): string {
  const toSign = `${o.method}\n${ACCEPT}\n${o.contentMd5}\n${o.contentType}\n\n${o.pathAndQuery}`;
  return createHmac('sha256', secret).update(toSign, 'utf8').digest('base64');
}

/** The callback signature: hex HMAC-SHA256 of timestamp + raw body. */
export const callbackSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret)
    .update(timestamp + body, 'utf8')
    .digest('hex');

/** Why a callback is not to be trusted, or null when it is. */
export function callbackProblem(
  cl: Pick<EsignClient, 'appId' | 'secret'>,
  h: { appId: string; timestamp: string; signature: string },
  body: string,
  now: Date,
): string | null {
  if (!h.signature || !h.timestamp) return 'X-Tsign-Open-SIGNATURE / TIMESTAMP missing';
  if (h.appId && h.appId !== cl.appId) return `unknown X-Tsign-Open-App-Id ${h.appId}`;
  const ts = Number(h.timestamp);
  if (!Number.isFinite(ts) || Math.abs(now.getTime() - ts) > CALLBACK_MAX_SKEW_MS)
    return 'X-Tsign-Open-TIMESTAMP outside the allowed window';
  const want = Buffer.from(callbackSignature(cl.secret, h.timestamp, body), 'utf8');
  const got = Buffer.from(h.signature.toLowerCase(), 'utf8');
  return want.length === got.length && timingSafeEqual(want, got)
    ? null
    : 'X-Tsign-Open-SIGNATURE does not verify';
}

/**
 * The e-signature provider: every request carries the app id and the HMAC signature of its request
 * line (Content-MD5 of the body, content type, path?query) at `now`; an answer is an error unless its
 * HTTP status is a success and its code is 0.
 */
export function esignProvider(cl: EsignClient, now: () => Date): Provider {
  return {
    what: ESIGN,
    baseUrl: cl.baseUrl,
    headers: { accept: ACCEPT },
    errors: 'body',
    sign: (r) => {
      const md5 = r.body ? contentMd5(r.body) : '';
      return {
        'x-tsign-open-app-id': cl.appId,
        'x-tsign-open-auth-mode': 'Signature',
        'x-tsign-open-ca-timestamp': String(now().getTime()),
        'x-tsign-open-ca-signature': requestSignature(cl.secret, {
          method: r.method,
          contentMd5: md5,
          contentType: r.contentType,
          pathAndQuery: r.pathAndQuery,
        }),
        ...(md5 ? { 'content-md5': md5 } : {}),
      };
    },
  };
}

/** One signed call; answers `data` of a code-0 answer, else 503 with the provider's code and message. */
async function call(
  cl: EsignClient,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  payload: unknown,
  now: () => Date,
): Promise<Record<string, unknown>> {
  const a = await providerRequest(esignProvider(cl, now), {
    method,
    path: pathAndQuery,
    ...(method === 'POST' ? { body: { json: payload ?? {} }, contentType: JSON_TYPE } : {}),
  });
  const json = a.json ?? {};
  if (!a.ok || json.code !== 0)
    throw providerFailed(ESIGN, `${String(json.code ?? a.status)}: ${String(json.message ?? '')}`);
  const data = json.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

const str = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v) throw providerFailed(ESIGN, `no ${what} in the answer`);
  return v;
};

export interface FlowRequest {
  /** Shown to the signer as the flow's title and used as the file name. */
  title: string;
  /** The template's fields by component key. */
  fields: Record<string, string>;
  signer: { name: string; phone: string };
  /** Ours: comes back in callbacks (the e-contract's code). */
  reference: string;
}

/**
 * Fills the contract template into a file (POST /v3/files/create-by-doc-template), then starts a
 * signing flow on it with the guardian as the one personal signer, finished automatically when they
 * sign (POST /v3/sign-flow/create-by-file). Answers the flow id.
 */
export async function createFlow(cl: EsignClient, f: FlowRequest, now: () => Date): Promise<string> {
  const file = await call(
    cl,
    'POST',
    '/v3/files/create-by-doc-template',
    {
      docTemplateId: cl.templateId,
      fileName: `${f.title}.pdf`,
      components: Object.entries(f.fields).map(([componentKey, componentValue]) => ({
        componentKey,
        componentValue,
      })),
    },
    now,
  );
  const fileId = str(file.fileId, 'fileId');
  const flow = await call(
    cl,
    'POST',
    '/v3/sign-flow/create-by-file',
    {
      docs: [{ fileId, fileName: `${f.title}.pdf` }],
      signFlowConfig: {
        signFlowTitle: f.title,
        autoStart: true,
        autoFinish: true,
        notifyUrl: cl.notifyUrl,
        // We send the link ourselves through our one text-message adapter.
        noticeConfig: { noticeTypes: '' },
        redirectConfig: {},
      },
      signers: [
        {
          signerType: 0,
          psnSignerInfo: { psnAccount: f.signer.phone, psnInfo: { psnName: f.signer.name } },
          signFields: [{ fileId, normalSignFieldConfig: { freeMode: true } }],
        },
      ],
      clientBizId: f.reference,
    },
    now,
  );
  return str(flow.signFlowId, 'signFlowId');
}

/** The signer's link (POST /v3/sign-flow/{id}/sign-url): the short one when the provider gives it. */
export async function signUrl(cl: EsignClient, flowId: string, phone: string, now: () => Date) {
  const r = await call(
    cl,
    'POST',
    `/v3/sign-flow/${encodeURIComponent(flowId)}/sign-url`,
    { operator: { psnAccount: phone }, urlType: 2, clientType: 'ALL' },
    now,
  );
  return typeof r.shortUrl === 'string' && r.shortUrl ? r.shortUrl : str(r.url, 'url');
}

/** Flow states of the provider: 1 signing, 2 finished, 3 revoked, 5 expired, 7 refused. */
export type FlowStatus = 1 | 2 | 3 | 5 | 7;
const FLOW_STATUSES: readonly number[] = [1, 2, 3, 5, 7];
export const isFlowStatus = (v: unknown): v is FlowStatus =>
  typeof v === 'number' && FLOW_STATUSES.includes(v);

/** GET /v3/sign-flow/{id}/detail → the flow's status. */
export async function flowStatus(cl: EsignClient, flowId: string, now: () => Date): Promise<FlowStatus> {
  const r = await call(cl, 'GET', `/v3/sign-flow/${encodeURIComponent(flowId)}/detail`, undefined, now);
  if (!isFlowStatus(r.signFlowStatus))
    throw providerFailed(ESIGN, `unknown signFlowStatus ${String(r.signFlowStatus)}`);
  return r.signFlowStatus;
}

/** The signed PDF of a finished flow: its download address (GET …/file-download-url), then the bytes. */
export async function signedFile(cl: EsignClient, flowId: string, now: () => Date): Promise<Buffer> {
  const r = await call(
    cl,
    'GET',
    `/v3/sign-flow/${encodeURIComponent(flowId)}/file-download-url`,
    undefined,
    now,
  );
  const files = Array.isArray(r.files) ? (r.files as unknown[]) : [];
  const first = files[0];
  const url =
    typeof first === 'object' && first !== null ? (first as Record<string, unknown>).downloadUrl : undefined;
  // The download address is the provider's own, signed in its query: fetched as it is, unsigned.
  const a = await providerRequest(
    { what: ESIGN, baseUrl: cl.baseUrl },
    { path: str(url, 'downloadUrl'), read: 'bytes' },
  );
  const bytes = a.bytes ?? Buffer.alloc(0);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw providerFailed(ESIGN, 'the signed file is not a PDF');
  return bytes;
}
