// Tencent Cloud API 3.0: one signed JSON POST (TC3-HMAC-SHA256, signed headers content-type;host),
// shared by the contact-centre adapter (service ccc) and the text-message adapter (service sms).
import { createHash, createHmac } from 'node:crypto';
import { providerFailed, providerJson, type Provider } from './providerHttp.js';

const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * The Authorization header of Tencent Cloud API 3.0 (TC3-HMAC-SHA256) for a JSON POST to '/'.
 * Checked against Tencent's published worked example (test/tc3Signer.test.ts).
 */
export function tc3Authorization(o: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
  contentType?: string;
}): string {
  const contentType = o.contentType ?? 'application/json; charset=utf-8';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${o.host}\n`,
    'content-type;host',
    sha256hex(o.payload),
  ].join('\n');
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${o.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256hex(canonicalRequest)].join(
    '\n',
  );
  const kDate = hmac(`TC3${o.secretKey}`, date);
  const kService = hmac(kDate, o.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

export interface TencentCloudTarget {
  /** What the errors name ('腾讯云短信 / Tencent Cloud SMS'). */
  what: string;
  baseUrl: string;
  secretId: string;
  secretKey: string;
  service: string;
  version: string;
  region?: string | undefined;
}

/**
 * One action of a Tencent Cloud service as a provider: every request signed with TC3 at `now` (the
 * caller's clock); errors are in the body.
 */
export function tencentCloud(t: TencentCloudTarget, action: string, now: Date): Provider {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    what: t.what,
    baseUrl: t.baseUrl,
    errors: 'body',
    sign: (r) => ({
      authorization: tc3Authorization({
        secretId: t.secretId,
        secretKey: t.secretKey,
        service: t.service,
        host: r.url.host,
        timestamp,
        payload: r.body,
        contentType: r.contentType,
      }),
      'x-tc-action': action,
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': t.version,
      ...(t.region ? { 'x-tc-region': t.region } : {}),
    }),
  };
}

/** Calls an action; answers its Response object or throws 503 with the provider's error code and message. */
export async function tencentCloudCall(
  t: TencentCloudTarget,
  action: string,
  params: Record<string, unknown>,
  now: Date,
): Promise<Record<string, unknown>> {
  const body = await providerJson(tencentCloud(t, action, now), {
    path: '/',
    body: { json: params },
  });
  const r = (typeof body.Response === 'object' && body.Response !== null ? body.Response : {}) as Record<
    string,
    unknown
  >;
  const err = r.Error as { Code?: unknown; Message?: unknown } | undefined;
  if (err) throw providerFailed(t.what, `${String(err.Code ?? 'Error')}: ${String(err.Message ?? '')}`);
  return r;
}
