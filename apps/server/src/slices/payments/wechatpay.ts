// WeChat Pay API v3, Native payment (扫码支付), as the provider documents it (docs/decisions.md
// "Money core", online payment): every request signed WECHATPAY2-SHA256-RSA2048 with the merchant
// private key; every answer and every notification verified with the platform public key
// (Wechatpay-Timestamp/Nonce/Signature/Serial); the notification's resource decrypted with
// AEAD_AES_256_GCM under the APIv3 key. This module only speaks the protocol; what a payment means
// for an order is service.ts.
import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../../config.js';
import { badInput, notConfigured } from '../../http/errors.js';
import { providerFailed, providerRequest, type Provider } from '../../shared/providerHttp.js';

export const WECHATPAY = '微信支付 / WeChat Pay';
/** Answers and notifications older or newer than this are refused (replay). */
export const MAX_SKEW_SECONDS = 300;

export interface WechatPayClient {
  mchId: string;
  appId: string;
  baseUrl: string;
  merchantSerialNo: string;
  merchantKey: KeyObject;
  platformSerial: string;
  platformKey: KeyObject;
  apiV3Key: Buffer;
  notifyUrl: string;
}

/** A PEM given inline, or the path of a file holding it. */
function pem(value: string, what: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch (e) {
    throw notConfigured(WECHATPAY, `${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The path of the notification route under PUBLIC_URL (the contract's payments.notify). */
export const NOTIFY_PATH = '/api/pay/notify/wechatpay';

type WechatConfig = Pick<
  Config,
  | 'WECHATPAY_BASE_URL'
  | 'WECHATPAY_MCH_ID'
  | 'WECHATPAY_APP_ID'
  | 'WECHATPAY_MCH_SERIAL_NO'
  | 'WECHATPAY_PRIVATE_KEY'
  | 'WECHATPAY_PLATFORM_SERIAL'
  | 'WECHATPAY_PLATFORM_PUBLIC_KEY'
  | 'WECHATPAY_APIV3_KEY'
  | 'PUBLIC_URL'
>;

const clients = new WeakMap<object, WechatPayClient>();

/** The configured client, or 503 naming what is missing. Keys are parsed once per configuration. */
export function wechatPay(c: WechatConfig): WechatPayClient {
  const cached = clients.get(c);
  if (cached) return cached;
  const missing = (
    [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PLATFORM_SERIAL',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_APIV3_KEY',
      'PUBLIC_URL',
    ] as const
  ).filter((k) => !c[k]);
  if (missing.length) throw notConfigured(WECHATPAY, missing.join(', '));
  let merchantKey: KeyObject;
  let platformKey: KeyObject;
  try {
    merchantKey = createPrivateKey(pem(c.WECHATPAY_PRIVATE_KEY ?? '', 'WECHATPAY_PRIVATE_KEY'));
  } catch (e) {
    throw notConfigured(WECHATPAY, `WECHATPAY_PRIVATE_KEY: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    platformKey = createPublicKey(
      pem(c.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '', 'WECHATPAY_PLATFORM_PUBLIC_KEY'),
    );
  } catch (e) {
    throw notConfigured(
      WECHATPAY,
      `WECHATPAY_PLATFORM_PUBLIC_KEY: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const client: WechatPayClient = {
    mchId: c.WECHATPAY_MCH_ID ?? '',
    appId: c.WECHATPAY_APP_ID ?? '',
    baseUrl: c.WECHATPAY_BASE_URL.replace(/\/$/, ''),
    merchantSerialNo: c.WECHATPAY_MCH_SERIAL_NO ?? '',
    merchantKey,
    platformSerial: c.WECHATPAY_PLATFORM_SERIAL ?? '',
    platformKey,
    apiV3Key: Buffer.from(c.WECHATPAY_APIV3_KEY ?? '', 'utf8'),
    notifyUrl: new URL(NOTIFY_PATH, c.PUBLIC_URL).toString(),
  };
  clients.set(c, client);
  return client;
}

/** The signed message of a request: "METHOD\nURL\ntimestamp\nnonce\nbody\n" (URL = path?query). */
export const requestMessage = (o: {
  method: string;
  pathAndQuery: string;
  body: string;
  timestamp: number | string;
  nonce: string;
}) => `${o.method}\n${o.pathAndQuery}\n${o.timestamp}\n${o.nonce}\n${o.body}\n`;

/** The signed message of an answer or a notification: "timestamp\nnonce\nbody\n". */
export const answerMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

/** SHA256 with RSA (PKCS#1 v1.5), base64: the signature of requests, answers and notifications. */
export const rsaSign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

/** Whether `signature` (base64) is the SHA256-with-RSA signature of `message` under `key`. */
export const rsaVerify = (key: KeyObject, message: string, signature: string) =>
  createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');

/** The Authorization header of one request: the signed message is method, path?query, time, nonce, body. */
export function authorization(
  cl: Pick<WechatPayClient, 'mchId' | 'merchantSerialNo' | 'merchantKey'>,
  o: { method: string; pathAndQuery: string; body: string; timestamp: number; nonce: string },
): string {
  const signature = rsaSign(cl.merchantKey, requestMessage(o));
  return `WECHATPAY2-SHA256-RSA2048 mchid="${cl.mchId}",nonce_str="${o.nonce}",signature="${signature}",timestamp="${o.timestamp}",serial_no="${cl.merchantSerialNo}"`;
}

export interface SignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

/** Reads the four Wechatpay-* headers (any letter case). */
export function signedHeaders(get: (name: string) => string | null | undefined): SignedHeaders {
  return {
    timestamp: get('wechatpay-timestamp') ?? '',
    nonce: get('wechatpay-nonce') ?? '',
    signature: get('wechatpay-signature') ?? '',
    serial: get('wechatpay-serial') ?? '',
  };
}

/**
 * Why a signed answer or notification is not to be trusted, or null when it is: the serial must be
 * the configured platform key's, the time within MAX_SKEW_SECONDS of now, and the signature over
 * "timestamp\nnonce\nbody\n" valid under the platform public key.
 */
export function signatureProblem(
  cl: Pick<WechatPayClient, 'platformSerial' | 'platformKey'>,
  h: SignedHeaders,
  body: string,
  now: Date,
): string | null {
  if (!h.signature || !h.timestamp || !h.nonce) return 'Wechatpay-* signature headers missing';
  if (h.serial !== cl.platformSerial) return `unknown Wechatpay-Serial ${h.serial}`;
  const ts = Number(h.timestamp);
  if (!Number.isInteger(ts) || Math.abs(now.getTime() / 1000 - ts) > MAX_SKEW_SECONDS)
    return 'Wechatpay-Timestamp outside the allowed window';
  const ok = rsaVerify(cl.platformKey, answerMessage(h.timestamp, h.nonce, body), h.signature);
  return ok ? null : 'Wechatpay-Signature does not verify';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/**
 * AEAD_AES_256_GCM: the base64 ciphertext carries the 16-byte tag at its end. Null when it fails.
 * The key is the APIv3 key's bytes: 32 in production (AES-256); the provider's own SDK test vectors
 * use a 16-byte key, which the same GCM construction takes as AES-128 (wechatpay.test.ts beside it).
 */
export function decryptResource(apiV3Key: Buffer, r: EncryptedResource): string | null {
  if (r.algorithm !== 'AEAD_AES_256_GCM') return null;
  if (![16, 24, 32].includes(apiV3Key.length)) return null;
  try {
    const data = Buffer.from(r.ciphertext, 'base64');
    if (data.length < 17) return null;
    const cipher = `aes-${apiV3Key.length * 8}-gcm` as 'aes-256-gcm';
    const decipher = createDecipheriv(cipher, apiV3Key, Buffer.from(r.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/**
 * WeChat Pay as a provider: every request signed (Authorization over the request line and body, at
 * `now`), every answer verified with the platform key before it is read; errors carry
 * { code, message }, reported and not trusted for anything else; a 204 has no body.
 */
export function wechatPayProvider(cl: WechatPayClient, now: () => Date): Provider {
  return {
    what: WECHATPAY,
    baseUrl: cl.baseUrl,
    headers: { accept: 'application/json', 'user-agent': 'bo-server' },
    emptyOk: true,
    sign: (r) => ({
      authorization: authorization(cl, {
        method: r.method,
        pathAndQuery: r.pathAndQuery,
        body: r.body,
        timestamp: Math.floor(now().getTime() / 1000),
        nonce: randomBytes(16).toString('hex').toUpperCase(),
      }),
    }),
    reason: (a) =>
      a.json && typeof a.json.code === 'string'
        ? `${a.json.code}: ${String(a.json.message ?? '')}`
        : `HTTP ${a.status}`,
    verifyAnswer: (a) => signatureProblem(cl, signedHeaders(a.header), a.text, now()),
  };
}

/** One signed call; answers the verified JSON body (null for 204). Any failure → 503 with its reason. */
async function call(
  cl: WechatPayClient,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  payload: unknown,
  now: () => Date,
): Promise<Record<string, unknown> | null> {
  const a = await providerRequest(wechatPayProvider(cl, now), {
    method,
    path: pathAndQuery,
    ...(payload === undefined ? {} : { body: { json: payload }, contentType: 'application/json' }),
  });
  return a.json;
}

/** RFC 3339 in Beijing time, as the provider's examples write time_expire. */
export function beijingTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
  return `${t}+08:00`;
}

export interface NativeOrder {
  outTradeNo: string;
  description: string;
  amountCents: number;
  expiresAt: Date;
  attach?: string;
}

/** POST /v3/pay/transactions/native → the code_url to show as a QR code. */
export async function createNative(cl: WechatPayClient, o: NativeOrder, now: () => Date): Promise<string> {
  if (!Number.isInteger(o.amountCents) || o.amountCents <= 0)
    throw badInput('amount', '金额必须为正整数分 / amount must be a positive number of cents');
  const r = await call(
    cl,
    'POST',
    '/v3/pay/transactions/native',
    {
      appid: cl.appId,
      mchid: cl.mchId,
      // The provider counts description in characters up to 127.
      description: [...o.description].slice(0, 127).join(''),
      out_trade_no: o.outTradeNo,
      time_expire: beijingTime(o.expiresAt),
      ...(o.attach ? { attach: o.attach } : {}),
      notify_url: cl.notifyUrl,
      amount: { total: o.amountCents, currency: 'CNY' },
    },
    now,
  );
  const codeUrl = r?.code_url;
  if (typeof codeUrl !== 'string' || !codeUrl) throw providerFailed(WECHATPAY, 'no code_url in the answer');
  return codeUrl;
}

/** The transaction as the query answer and the decrypted notification both carry it. */
export interface Transaction {
  mchid: string;
  appid: string;
  outTradeNo: string;
  transactionId: string | null;
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR. */
  tradeState: string;
  tradeStateDesc: string;
  successTime: string | null;
  totalCents: number | null;
  currency: string | null;
}

/** Reads a transaction object of the provider; null when it is not one. */
export function parseTransaction(v: unknown): Transaction | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const amount = (typeof o.amount === 'object' && o.amount !== null ? o.amount : {}) as Record<
    string,
    unknown
  >;
  if (typeof o.out_trade_no !== 'string' || typeof o.trade_state !== 'string') return null;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  return {
    mchid: str(o.mchid) ?? '',
    appid: str(o.appid) ?? '',
    outTradeNo: o.out_trade_no,
    transactionId: str(o.transaction_id),
    tradeState: o.trade_state,
    tradeStateDesc: str(o.trade_state_desc) ?? '',
    successTime: str(o.success_time),
    totalCents: typeof amount.total === 'number' && Number.isInteger(amount.total) ? amount.total : null,
    currency: str(amount.currency),
  };
}

/** GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid= */
export async function queryByOutTradeNo(
  cl: WechatPayClient,
  outTradeNo: string,
  now: () => Date,
): Promise<Transaction> {
  const r = await call(
    cl,
    'GET',
    `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(cl.mchId)}`,
    undefined,
    now,
  );
  const t = parseTransaction(r);
  if (!t) throw providerFailed(WECHATPAY, 'the query answer is not a transaction');
  return t;
}
