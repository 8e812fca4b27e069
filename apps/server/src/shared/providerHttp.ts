// Talking to external providers: ONE request helper every adapter uses (sign-in, call centres, text
// messages, e-signature, tax invoices, WeChat Pay, the HR system). A provider is described once
// (`Provider`: its bilingual name, base URL, timeout, and its hooks) and called with `providerRequest`:
// - the body is JSON, a form or XML (`ProviderBody`), written once so the signer and the wire see
//   the same bytes;
// - `sign` adds the headers the provider's signature scheme wants, computed from the request line
//   (method, path?query, host) and the exact body;
// - `verifyAnswer` refuses an answer that is not the provider's (signature, clock window) before
//   anything in it is read; a notification the provider sends us is checked by the same adapter
//   function the hook calls (WeChat Pay's `signatureProblem`, e-sign's `callbackProblem`);
// - every failure is one AppError: 503 'provider' naming the provider and the reason in both
//   languages (`providerFailed`); a provider that is not configured is 503 naming the missing
//   settings (`missingSettings` + `notConfigured`).
// Access tokens a provider sells (client credentials, company tokens) are kept in a `TokenCache`
// held per app instance (`AppDeps.tokens`), never in module state. docs/providers.md.
import { ErrorCode } from '@bo/api-sdk';
import { halves } from '@bo/domain';
import { AppError, notConfigured, say, type Message } from '../http/errors.js';

const TIMEOUT_MS = 10_000;

/**
 * The provider answered with an error or could not be reached: 503 naming it and the reason, each
 * language with its own half of the provider's name and of the reason ('无法连接 / unreachable').
 */
export const providerFailed = (what: Message, reason: Message) => {
  const w = halves(what);
  const r = halves(reason);
  return new AppError(
    ErrorCode.notConfigured,
    say(`${w['zh-CN']}失败：${r['zh-CN']}`, `${w.en} failed: ${r.en}`),
    503,
  );
};

/** The settings among `keys` that are empty (the adapter is disabled while any is). */
export function missingSettings<C extends object, K extends keyof C & string>(c: C, keys: readonly K[]): K[] {
  return keys.filter((k) => !c[k]);
}

/** 503 naming the provider and what is missing when any of `keys` is empty. */
export function requireSettings<C extends object, K extends keyof C & string>(
  what: string,
  c: C,
  keys: readonly K[],
): void {
  const missing = missingSettings(c, keys);
  if (missing.length) throw notConfigured(what, missing.join(', '));
}

export type ProviderBody = { json: unknown } | { form: Record<string, string> } | { xml: string };

/** What a signer sees: the request exactly as it goes on the wire. */
export interface OutgoingRequest {
  method: string;
  url: URL;
  /** The path and query as sent ('/v3/pay/transactions/native', '/x?a=1'). */
  pathAndQuery: string;
  /** The body as sent ('' without one). */
  body: string;
  /** The body's content type ('' without one). */
  contentType: string;
}

/** An answer, or a notification, as the verification hooks and the adapters see it. */
export interface ProviderAnswer {
  status: number;
  ok: boolean;
  header: (name: string) => string | null;
  /** The raw body text (empty for a `bytes` read). */
  text: string;
  /** The body's JSON object; null when the body is empty. */
  json: Record<string, unknown> | null;
  /** The body's bytes (`read: 'bytes'` only). */
  bytes: Buffer | null;
}

export interface Provider {
  /** '中文 / English' name every message carries. */
  what: string;
  /** Requests name a path under it (an absolute URL is taken as it is). */
  baseUrl: string;
  timeoutMs?: number;
  /** Headers every request carries. */
  headers?: Record<string, string>;
  /** The signature headers of one request. */
  sign?: (r: OutgoingRequest) => Record<string, string>;
  /** Why an answer is not to be trusted (null when it is); checked on every answer that is read. */
  verifyAnswer?: (a: ProviderAnswer) => string | null;
  /**
   * 'status' (default): an HTTP error status is a failure with `reason`; 'body': the provider puts
   * its errors in the body whatever the status, and the adapter reads them.
   */
  errors?: 'status' | 'body';
  /** The reason of an error answer (default: message, code, else the HTTP status). */
  reason?: (a: ProviderAnswer) => string;
  /** An empty body is an answer (null json) rather than a failure. */
  emptyOk?: boolean;
}

export interface ProviderCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under the provider's base URL, or an absolute URL (a download address it gave). */
  path: string;
  query?: Record<string, string>;
  body?: ProviderBody;
  /** The body's content type when the provider wants it spelt its own way. */
  contentType?: string;
  headers?: Record<string, string>;
  /** 'bytes' answers the raw body (downloads); 'json' (default) its JSON object. */
  read?: 'json' | 'bytes';
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A flat XML document `<xml><k>v</k>…</xml>` (the older payment and invoice gateways' format). */
export const flatXml = (fields: Record<string, string>, root = 'xml') =>
  `<${root}>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('')}</${root}>`;

function encode(b: ProviderBody | undefined): { body: string; contentType: string } {
  if (!b) return { body: '', contentType: '' };
  if ('json' in b) return { body: JSON.stringify(b.json), contentType: 'application/json; charset=utf-8' };
  if ('form' in b)
    return {
      body: new URLSearchParams(b.form).toString(),
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
    };
  return { body: b.xml, contentType: 'application/xml; charset=utf-8' };
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The default reason of an error answer: its message, its code, else the HTTP status. */
export function defaultReason(a: ProviderAnswer): string {
  const j = a.json ?? {};
  return typeof j.message === 'string' ? j.message : typeof j.code === 'string' ? j.code : `HTTP ${a.status}`;
}

function urlOf(p: Provider, c: ProviderCall): URL {
  const u = /^https?:\/\//.test(c.path)
    ? new URL(c.path)
    : new URL(p.baseUrl.replace(/\/$/, '') + (c.path.startsWith('/') ? c.path : `/${c.path}`));
  for (const [k, v] of Object.entries(c.query ?? {})) u.searchParams.set(k, v);
  return u;
}

/**
 * One call to a provider: builds the body, signs, sends with the timeout, reads the answer, checks
 * its status and its signature. Unreachable, unreadable, refused or unverified → providerFailed.
 */
export async function providerRequest(p: Provider, c: ProviderCall): Promise<ProviderAnswer> {
  const method = c.method ?? (c.body ? 'POST' : 'GET');
  const url = urlOf(p, c);
  const { body, contentType: natural } = encode(c.body);
  const contentType = c.body ? (c.contentType ?? natural) : '';
  const out: OutgoingRequest = { method, url, pathAndQuery: url.pathname + url.search, body, contentType };
  const headers: Record<string, string> = {
    ...p.headers,
    ...(contentType ? { 'content-type': contentType } : {}),
    ...c.headers,
    ...p.sign?.(out),
  };
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      ...(c.body ? { body } : {}),
      signal: AbortSignal.timeout(p.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (e) {
    const m = messageOf(e);
    throw providerFailed(p.what, say(`无法连接 (${m})`, `unreachable (${m})`));
  }
  const answer: ProviderAnswer = {
    status: res.status,
    ok: res.ok,
    header: (n) => res.headers.get(n),
    text: '',
    json: null,
    bytes: null,
  };
  if (c.read === 'bytes') {
    answer.bytes = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw providerFailed(p.what, `HTTP ${res.status}`);
    return answer;
  }
  answer.text = await res.text().catch(() => '');
  if (answer.text || !p.emptyOk) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw providerFailed(p.what, `HTTP ${res.status}`);
    }
    if (typeof parsed !== 'object' || parsed === null) throw providerFailed(p.what, `HTTP ${res.status}`);
    answer.json = parsed as Record<string, unknown>;
  }
  if (!res.ok && (p.errors ?? 'status') === 'status')
    throw providerFailed(p.what, (p.reason ?? defaultReason)(answer));
  const problem = p.verifyAnswer?.(answer);
  if (problem) throw providerFailed(p.what, `应答验签失败 / answer refused: ${problem}`);
  return answer;
}

/** `providerRequest` answering the JSON object (an empty body is {}). */
export async function providerJson(p: Provider, c: ProviderCall): Promise<Record<string, unknown>> {
  return (await providerRequest(p, c)).json ?? {};
}

interface Held {
  token: string;
  /** Bought again from this instant (ms). */
  renewAt: number;
  expiresAt: number;
}

/**
 * Access tokens bought from providers, per app instance (AppDeps.tokens): one entry per provider
 * account (the key names base URL and credentials), reused until its renewal time.
 */
export class TokenCache {
  private readonly held = new Map<string, Held>();

  /** The held token of `key`, or one bought with `buy` (and held) when none is valid at `now`. */
  async get(key: string, now: number, buy: () => Promise<Held>): Promise<Held> {
    const h = this.held.get(key);
    if (h && h.renewAt > now) return h;
    const fresh = await buy();
    this.held.set(key, fresh);
    return fresh;
  }

  /** Forgets a token the provider refused (it is bought again on the next call). */
  drop(key: string): void {
    this.held.delete(key);
  }

  get size(): number {
    return this.held.size;
  }
}
