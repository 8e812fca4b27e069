// Talking to external providers (messenger sign-in, call centres): one JSON call with a timeout,
// and one error shape — 503 naming the provider and its reason — for every failure.
import { ErrorCode } from '@bo/api-sdk';
import { AppError } from '../http/errors.js';

const TIMEOUT_MS = 10_000;

/** The provider answered with an error or could not be reached: 503 with its reason. */
export const providerFailed = (what: string, reason: string) =>
  new AppError(ErrorCode.notConfigured, `${what}失败：${reason} / ${what} failed: ${reason}`, 503);

/**
 * Calls a provider and answers its JSON object. Unreachable, not JSON, or (unless the provider puts its
 * errors in the body, `httpErrors: 'body'`) an HTTP error status → providerFailed.
 */
export async function providerJson(
  what: string,
  url: string,
  init: RequestInit,
  o: { httpErrors?: 'status' | 'body'; onStatus?: (status: number) => void } = {},
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw providerFailed(what, `无法连接 / unreachable (${e instanceof Error ? e.message : String(e)})`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw providerFailed(what, `HTTP ${res.status}`);
  }
  if (typeof body !== 'object' || body === null) throw providerFailed(what, `HTTP ${res.status}`);
  const obj = body as Record<string, unknown>;
  o.onStatus?.(res.status);
  if (!res.ok && (o.httpErrors ?? 'status') === 'status') {
    const reason =
      typeof obj.message === 'string'
        ? obj.message
        : typeof obj.code === 'string'
          ? obj.code
          : `HTTP ${res.status}`;
    throw providerFailed(what, reason);
  }
  return obj;
}
