// A framework-agnostic client built from the contract. UI effects (popups, navigation, clearing
// the login) are hooks the app injects, so the same client runs in a browser, in Node and in the CLI.
import { FetchError, ofetch, type $Fetch, type FetchResponse } from 'ofetch';
import type { z } from 'zod';
import {
  type AnyEndpoint,
  type CallInput,
  type CallOutput,
  type Service,
  type Slice,
} from './contract/define.js';
import { fillPath } from './contract/path.js';
import {
  ApiError,
  TOKEN_FAILED_MESSAGE,
  clientMessages,
  isConnectionFinished,
  type Locale,
  ErrorCode,
} from './errors.js';

export interface ClientHooks {
  /** Show an error popup (not called for code 99). */
  onError?: (message: string, error: ApiError) => void;
  /** The token failed: clear the login and go to /login. */
  onTokenInvalid?: () => void;
  /**
   * A method of the typed client was called ('slice.name'), told synchronously at the call, before
   * any request: the UI learns which slices a query reads and a command changes.
   */
  onCall?: (endpoint: string) => void;
  /**
   * A report read was answered by a read replica (the server's `x-data-as-of` header): the time its
   * data is from when the replica lags, to show beside the figures; null when it is current.
   */
  onDataAsOf?: (endpoint: string, asOf: Date | null) => void;
}

export interface ClientOptions {
  /** Default origin for every service, e.g. 'http://127.0.0.1:3000/api' or '/api'. */
  baseURL: string;
  /** Per-service base URL overrides (spec §7's many backends); all default to baseURL. */
  serviceURLs?: Partial<Record<Service, string>>;
  /** Reads the current token (sent in the `token` header). */
  getToken?: () => string | null | undefined;
  hooks?: ClientHooks;
  /**
   * The caller's language (default zh-CN): sent as `Accept-Language` on every request, so the server
   * answers its messages in it, and used for the texts the client says itself.
   */
  locale?: Locale | (() => Locale);
  /**
   * false: send no `Accept-Language`, so the server answers its messages as written ('中文 / English');
   * for tests and tools that read both halves. Default true.
   */
  sendLanguage?: boolean;
  /** A fetch implementation under ofetch (Node 20 and browsers have one). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds a call may take, retries included, before it fails with code -1 (default: none). */
  timeout?: number;
  /** Times a GET is tried again when no answer came (a dropped connection); default 1. Commands never are. */
  retry?: number;
  /** Validate responses against the contract (default true). */
  validateResponses?: boolean;
}

/** The request version marker appended to every query (spec §7/§9). */
export const VERSION_MARKER = '1.1';

const isEmptyObject = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return '';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Serialises a query object: arrays repeat the key, undefined/null/'' are left out. */
export function toQuery(query: Record<string, unknown> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  out.v = VERSION_MARKER;
  return out;
}

/**
 * One request through ofetch (browsers, Node 20): a JSON body for anything but a form, the answer
 * read whatever its HTTP status (envelope errors come with 4xx/5xx: `ignoreResponseError`), as a
 * blob for files and otherwise parsed as JSON when it is JSON. `_data` holds what was read.
 * Only a GET is tried again, and only when no answer came (a dropped connection): a command is
 * never sent twice. `timeout` bounds the whole call, retries included.
 */
async function send(
  $fetch: $Fetch,
  url: string,
  o: {
    method: 'GET' | 'POST';
    query: Record<string, string | string[]>;
    body: unknown;
    headers: Record<string, string>;
    blob: boolean;
    signal?: AbortSignal;
    timeout?: number;
    retry: number;
  },
): Promise<FetchResponse<unknown>> {
  // One signal for the caller's cancel and the time limit (ofetch's own timeout ignores a signal).
  const ctl = new AbortController();
  const cancel = () => ctl.abort(o.signal?.reason);
  if (o.signal?.aborted) cancel();
  else o.signal?.addEventListener('abort', cancel, { once: true });
  const timer =
    o.timeout && o.timeout > 0
      ? setTimeout(() => ctl.abort(new TimeoutError(o.timeout ?? 0)), o.timeout)
      : undefined;
  try {
    return await $fetch.raw(url, {
      method: o.method,
      query: o.query,
      body: o.body as Record<string, unknown> | FormData | undefined,
      headers: { accept: 'application/json', ...o.headers },
      responseType: o.blob ? 'blob' : 'json',
      parseResponse: o.blob ? undefined : parseJson,
      ignoreResponseError: true,
      retry: o.method === 'GET' ? o.retry : 0,
      retryDelay: 200,
      signal: ctl.signal,
    });
  } finally {
    if (timer) clearTimeout(timer);
    o.signal?.removeEventListener('abort', cancel);
  }
}

/** JSON when the text is JSON, the text otherwise, nothing for an empty answer. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The call ran past the client's `timeout`. */
class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(ms: number) {
    super(`timeout after ${ms} ms`);
  }
}

/** The transport's own text of a failure: the innermost cause (ofetch wraps what fetch threw). */
function transportMessage(cause: unknown): string {
  let e: unknown = cause;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

export interface Caller {
  call<E extends AnyEndpoint>(name: string, e: E, input?: CallInput<E>): Promise<CallOutput<E>>;
}

/** Creates the low-level caller: one function that performs any declared endpoint. */
export function createCaller(options: ClientOptions): Caller {
  const hooks = options.hooks ?? {};
  const locale = (): Locale =>
    typeof options.locale === 'function' ? options.locale() : (options.locale ?? 'zh-CN');
  const text = (k: keyof typeof clientMessages) => clientMessages[k][locale()];
  const $fetch: $Fetch = options.fetch ? ofetch.create({}, { fetch: options.fetch }) : ofetch;
  const validate = options.validateResponses ?? true;

  const fail = (err: ApiError, popup = true): never => {
    if (popup) hooks.onError?.(err.message, err);
    throw err;
  };

  async function call<E extends AnyEndpoint>(
    name: string,
    e: E,
    input?: CallInput<E>,
  ): Promise<CallOutput<E>> {
    const i = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      file?: Blob;
      filename?: string;
      fields?: Record<string, string>;
      signal?: AbortSignal;
    };
    const base = options.serviceURLs?.[e.service] ?? options.baseURL;
    const url = base.replace(/\/$/, '') + fillPath(e.path, i.params);
    const token = options.getToken?.();
    const headers: Record<string, string> = {};
    if (token) headers.token = token;
    if (options.sendLanguage !== false) headers['accept-language'] = locale();

    let body: unknown = i.body;
    if (e.kind === 'upload') {
      const form = new FormData();
      if (i.file) form.append('file', i.file, i.filename ?? 'upload');
      for (const [k, v] of Object.entries(i.fields ?? {})) form.append(k, v);
      if (i.body !== undefined) form.append('payload', JSON.stringify(i.body));
      body = form;
    }

    let res: FetchResponse<unknown>;
    try {
      res = await send($fetch, url, {
        method: e.method,
        query: toQuery(i.query),
        body: e.method === 'GET' ? undefined : body,
        headers,
        blob: e.kind === 'download' || e.returnsFile === true,
        signal: i.signal,
        timeout: options.timeout,
        retry: options.retry ?? 1,
      });
    } catch (cause) {
      // The caller cancelled the request: nothing went wrong that a user should be told about.
      if (i.signal?.aborted) throw i.signal.reason ?? cause;
      const msg = transportMessage(cause);
      const timedOut =
        cause instanceof TimeoutError || (cause instanceof FetchError && cause.cause instanceof TimeoutError);
      const shown = timedOut
        ? text('timedOut')
        : isConnectionFinished(msg)
          ? text('deploying')
          : text('unreachable');
      if (e.kind === 'upload')
        return fail(new ApiError(-1, text('uploadFailed') + shown, name, undefined, 'upload'));
      return fail(new ApiError(-1, shown, name, undefined, 'transport'));
    }

    // A replica's answer says when its data is from ('current' when it has caught up).
    const asOf = res.headers.get('x-data-as-of');
    if (asOf && hooks.onDataAsOf) {
      const at = asOf === 'current' ? null : new Date(asOf);
      hooks.onDataAsOf(name, at && !Number.isNaN(at.getTime()) ? at : null);
    }

    if (e.returnsFile) {
      const ct = res.headers.get('content-type') ?? '';
      const blob = res._data instanceof Blob ? res._data : new Blob([]);
      if (res.ok && !ct.includes('application/json')) {
        const cd = res.headers.get('content-disposition') ?? '';
        const m = /filename\*=UTF-8''([^;]+)/.exec(cd);
        return { result: 1, file: blob, filename: m?.[1] ? decodeURIComponent(m[1]) : null } as CallOutput<E>;
      }
      let env: { code?: number; message?: string } = {};
      try {
        env = JSON.parse(await blob.text()) as typeof env;
      } catch {
        env = { code: res.status, message: text('uploadFailed') + `HTTP ${res.status}` };
      }
      if (env.message === TOKEN_FAILED_MESSAGE) {
        hooks.onTokenInvalid?.();
        throw new ApiError(ErrorCode.tokenInvalid, TOKEN_FAILED_MESSAGE, name);
      }
      const code = typeof env.code === 'number' ? env.code : res.status;
      const message = env.message || (code === 0 ? '' : text('unknownServerError'));
      if (code !== 0)
        hooks.onError?.(
          text('uploadFailed') + message,
          new ApiError(code, message, name, undefined, 'upload'),
        );
      return { result: 2, file: null, code, message } as CallOutput<E>;
    }

    if (e.kind === 'download') {
      const ct = res.headers.get('content-type') ?? '';
      if (res.status >= 500 || !res.ok || ct.includes('application/json')) {
        // A JSON answer to a download is an envelope error (spec §5 import rule: read its message).
        let message: string = text('downloadFailed');
        let code: number = res.status >= 500 ? ErrorCode.internal : -1;
        if (ct.includes('application/json') && res._data instanceof Blob) {
          try {
            const env = JSON.parse(await res._data.text()) as { code?: number; message?: string };
            if (typeof env.code === 'number' && env.code === 0 && res.ok) {
              // A download endpoint may answer a JSON success (e.g. an import with nothing to report).
              return res._data as CallOutput<E>;
            }
            if (env.message && res.status < 500) message = env.message;
            if (typeof env.code === 'number') code = env.code;
            if (env.message === TOKEN_FAILED_MESSAGE) {
              hooks.onTokenInvalid?.();
              throw new ApiError(ErrorCode.tokenInvalid, TOKEN_FAILED_MESSAGE, name);
            }
          } catch (err) {
            if (err instanceof ApiError) throw err;
          }
        }
        return fail(new ApiError(code, message, name, undefined, 'download'));
      }
      return res._data as CallOutput<E>;
    }

    const env = res._data as
      { code?: unknown; message?: unknown; data?: unknown; field?: unknown } | undefined;
    if (!env || typeof env !== 'object' || typeof env.code !== 'number') {
      const msg =
        res.status >= 500
          ? text('unknownServerError')
          : `${text('badResponse')} (${name}, HTTP ${res.status})`;
      if (e.kind === 'upload')
        return fail(new ApiError(-1, text('uploadFailed') + msg, name, undefined, 'upload'));
      return fail(
        new ApiError(res.status >= 500 ? ErrorCode.internal : -1, msg, name, undefined, 'response'),
      );
    }
    const code = env.code;
    const message = typeof env.message === 'string' ? env.message : '';
    if (message === TOKEN_FAILED_MESSAGE) {
      hooks.onTokenInvalid?.();
      throw new ApiError(ErrorCode.tokenInvalid, message, name);
    }
    if (code === ErrorCode.soft && e.envelope === 'standard') {
      return { errorMessage: message } as CallOutput<E>;
    }
    if (code !== 0) {
      const field = typeof env.field === 'string' ? env.field : undefined;
      const shown = message || text('unknownServerError');
      if (e.kind === 'upload')
        return fail(new ApiError(code, text('uploadFailed') + shown, name, field, 'upload'));
      return fail(new ApiError(code, shown, name, field));
    }

    let data: unknown = env.data;
    // null on the wire is both "done, nothing to say" and a nullable answer's "none": it stays null
    // only where the endpoint's schema says null is an answer.
    if (
      e.envelope === 'standard' &&
      isEmptyObject(data) &&
      !(data === null && e.response.safeParse(null).success)
    )
      data = true;
    if (validate) {
      const parsed = e.response.safeParse(data);
      if (!parsed.success) {
        const detail = describeIssue(parsed.error.issues[0]);
        return fail(
          new ApiError(
            -1,
            `${text('badResponse')}: ${name} ${detail}`,
            name,
            parsed.error.issues[0]?.path.map(String).join('.'),
            'response',
          ),
        );
      }
      data = parsed.data;
    }
    if (e.envelope === 'common') return { code, message, data } as CallOutput<E>;
    if (e.envelope === 'commonMerged') return { code, message, ...(data as object) } as CallOutput<E>;
    return data as CallOutput<E>;
  }

  return { call };
}

/** Typed methods per slice: sdk.<slice>.<name>(input). */
export type SliceClient<S extends Slice> = {
  [K in keyof S]: Record<never, never> extends CallInput<S[K]>
    ? (input?: CallInput<S[K]>) => Promise<CallOutput<S[K]>>
    : (input: CallInput<S[K]>) => Promise<CallOutput<S[K]>>;
};
export type ContractClient<C extends Record<string, Slice>> = { [S in keyof C]: SliceClient<C[S]> };

/** Builds a typed client for a contract (a record of slices). */
export function createClient<C extends Record<string, Slice>>(
  contract: C,
  options: ClientOptions,
): ContractClient<C> & { caller: Caller } {
  const caller = createCaller(options);
  const out: Record<string, Record<string, unknown>> = {};
  for (const [sliceName, slice] of Object.entries(contract)) {
    const methods: Record<string, unknown> = {};
    for (const [name, e] of Object.entries(slice)) {
      const full = `${sliceName}.${name}`;
      methods[name] = (input?: unknown) => {
        options.hooks?.onCall?.(full);
        return caller.call(full, e, input as never);
      };
    }
    out[sliceName] = methods;
  }
  return Object.assign(out as ContractClient<C>, { caller });
}
