// An S3-compatible object store over presigned URLs, signed with AWS Signature Version 4
// (query-string authentication) using node:crypto only. Path-style addressing: {endpoint}/{bucket}/{key}.
import { createHash, createHmac } from 'node:crypto';
import { ErrorCode } from '@bo/api-sdk';
import { AppError } from '../http/errors.js';
import type { FileStorage, StoredObject } from './storage.js';

/** The bucket refused or could not be reached: 503 with the reason (never a bare 500). */
const storageFailed = (reason: string) =>
  new AppError(ErrorCode.notConfigured, `对象存储失败：${reason} / object storage failed: ${reason}`, 503);

async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch (e) {
    throw storageFailed(e instanceof Error ? e.message : String(e));
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

const sha256hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
export function uriEncode(s: string, keepSlash = false): string {
  const e = encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? e.replace(/%2F/g, '/') : e;
}

/** YYYYMMDDTHHMMSSZ */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface PresignInput {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  /** Scheme and host, e.g. https://examplebucket.s3.amazonaws.com */
  origin: string;
  /** The path, unencoded, starting with '/'. */
  path: string;
  accessKey: string;
  secretKey: string;
  region: string;
  service?: string;
  now: Date;
  expiresSeconds: number;
  /** Extra signed query parameters. */
  query?: Record<string, string>;
}

/** A presigned URL (SigV4, UNSIGNED-PAYLOAD, only the host header signed). */
export function presignUrl(i: PresignInput): string {
  const service = i.service ?? 's3';
  const url = new URL(i.origin);
  const date = amzDate(i.now);
  const day = date.slice(0, 8);
  const scope = `${day}/${i.region}/${service}/aws4_request`;
  const params: Record<string, string> = {
    ...(i.query ?? {}),
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${i.accessKey}/${scope}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(i.expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(params)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(params[k] ?? '')}`)
    .join('&');
  const canonicalPath = uriEncode(i.path, true);
  const canonicalRequest = [
    i.method,
    canonicalPath,
    canonicalQuery,
    `host:${url.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${i.secretKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, i.region), service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return `${url.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

export function s3Storage(s: S3Settings, now: () => Date): FileStorage {
  const origin = s.endpoint.replace(/\/$/, '');
  const sign = (method: 'GET' | 'PUT', key: string, expiresSeconds: number) =>
    presignUrl({
      method,
      origin,
      path: `/${s.bucket}/${key}`,
      accessKey: s.accessKey,
      secretKey: s.secretKey,
      region: s.region,
      now: now(),
      expiresSeconds,
    });
  return {
    kind: 's3',
    presignPut: (key, expiresSeconds) => sign('PUT', key, expiresSeconds),
    async put(key, data, contentType) {
      const res = await send(sign('PUT', key, 300), {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: { 'content-type': contentType },
      });
      if (!res.ok) throw storageFailed(`PUT HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async get(key): Promise<StoredObject | null> {
      const res = await send(sign('GET', key, 300));
      if (res.status === 404) return null;
      if (!res.ok) throw storageFailed(`GET HTTP ${res.status}`);
      return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') };
    },
  };
}
