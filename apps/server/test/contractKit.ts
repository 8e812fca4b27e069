// Requests generated from the contract for the suites that cover every endpoint (fuzz, access
// matrix, campus scope): a plausible input per endpoint, its leaf fields, and a raw HTTP call
// that reports the status instead of throwing.
import { z } from 'zod';
import { catalogue, type AnyEndpoint, type CatalogueEntry } from '@bo/api-sdk';

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (s: z.ZodType) => s._zod.def as Def;

/** A seeded generator (mulberry32): the same run every time. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T };
}

// Texts tried in order until one passes the field's own schema (formats, patterns, lengths).
const TEXT_CANDIDATES = [
  'a',
  '1',
  'SH01',
  '2024-01-15',
  '2024-01-15T08:00:00+08:00',
  '2024-01-15 08:00:00',
  '2024-01',
  '13800138000',
  '110000',
  '110100',
  'todo:1',
  '#aabbcc',
  'abc_def',
  'a@example.com',
  'Passw0rd123',
  '91310000MA1FL0000X',
  '12345678901',
  'abcdefabcdefabcdefabcdefabcdefab',
];

/** A value the schema accepts when one is easy to find (else a best guess): the baseline of a request. */
export function sample(s: z.ZodType, depth = 0, minimal = false): unknown {
  if (depth > 8) return undefined;
  // Minimal: optional fields and fields with a default are left out (only what is required).
  const sample_ = (inner: z.ZodType, d: number) => sample(inner, d, minimal);
  const def = defOf(s);
  const ok = (v: unknown) => s.safeParse(v).success;
  switch (def.type) {
    case 'string':
      return TEXT_CANDIDATES.find(ok) ?? 'a';
    case 'number':
      return [2, 1, 0, 10].find(ok) ?? 1;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'null':
      return null;
    case 'array': {
      const one = [sample_(def.element as z.ZodType, depth + 1)];
      return ok([]) ? [] : one;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const x = sample_(v, depth + 1);
        if (x !== undefined) out[k] = x;
      }
      return out;
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return minimal && depth > 0 ? undefined : sample_(def.innerType as z.ZodType, depth + 1);
    case 'nullable':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample_(def.innerType as z.ZodType, depth + 1);
    case 'pipe': {
      const a = sample_(def.in as z.ZodType, depth + 1);
      if (a !== undefined && ok(a)) return a;
      return sample_(def.out as z.ZodType, depth + 1);
    }
    case 'union':
      for (const o of def.options as z.ZodType[]) {
        const v = sample_(o, depth + 1);
        if (ok(v)) return v;
      }
      return sample_((def.options as z.ZodType[])[0] ?? z.string(), depth + 1);
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** The kind of a leaf, for choosing hostile values. */
export type LeafKind = 'text' | 'number' | 'boolean' | 'other';
export interface Leaf {
  path: (string | number)[];
  kind: LeafKind;
}

/** The leaf fields of a schema (through objects, arrays, wrappers), up to a few levels deep. */
export function leaves(s: z.ZodType | undefined, path: (string | number)[] = [], depth = 0): Leaf[] {
  if (!s || depth > 6) return [];
  const def = defOf(s);
  switch (def.type) {
    case 'string':
      return [{ path, kind: 'text' }];
    case 'number':
      return [{ path, kind: 'number' }];
    case 'boolean':
      return [{ path, kind: 'boolean' }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
        leaves(v, [...path, k], depth + 1),
      );
    case 'array':
      return leaves(def.element as z.ZodType, [...path, 0], depth + 1);
    case 'pipe': {
      const inner = leaves(def.in as z.ZodType, path, depth + 1);
      return inner.length ? inner : leaves(def.out as z.ZodType, path, depth + 1);
    }
    case 'union':
      return leaves((def.options as z.ZodType[])[0], path, depth + 1);
    default:
      if ('innerType' in def) return leaves(def.innerType as z.ZodType, path, depth + 1);
      return path.length ? [{ path, kind: 'other' }] : [];
  }
}

/** A copy of `base` with the value at `path` replaced (arrays and objects created on the way). */
export function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const arr = Array.isArray(base) ? [...(base as unknown[])] : [];
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  (obj as Record<string, unknown>)[head] = setAt((obj as Record<string, unknown>)[head], rest, value);
  return obj;
}

export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Raw body bytes with their content type (multipart tests). */
  raw?: { contentType: string; data: Uint8Array | string };
}

// encodeURIComponent throws on a lone surrogate: such a code unit goes out as its (invalid) UTF-8
// bytes, exactly what a hostile client can put on the wire.
function encode(v: string): string {
  let out = '';
  for (const ch of v) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

const scalar = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

function queryString(q: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) parts.push(`${encode(k)}=${encode(scalar(x))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function urlOf(baseURL: string, e: AnyEndpoint, i: CallInput): string {
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(scalar(i.params?.[name] ?? '1')));
  return `${baseURL}${path}${queryString(i.query)}`;
}

export interface CallResult {
  status: number;
  code: number | undefined;
  text: string;
  headers: Headers;
}

/** Calls an endpoint with a token (or none) and reports the HTTP status and envelope code. */
export async function call(
  baseURL: string,
  e: AnyEndpoint,
  i: CallInput,
  token?: string,
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.token = token;
  let body: RequestInit['body'];
  if (i.raw) {
    headers['content-type'] = i.raw.contentType;
    body = typeof i.raw.data === 'string' ? i.raw.data : Buffer.from(i.raw.data);
  } else if (e.kind === 'upload') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.xlsx');
    if (i.body !== undefined) form.append('payload', JSON.stringify(i.body));
    body = form;
  } else if (e.method === 'POST' && i.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(i.body);
  }
  const res = await fetch(urlOf(baseURL, e, i), { method: e.method, headers, body });
  const text = await res.text();
  let code: number | undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      code = (JSON.parse(text) as { code?: number }).code;
    } catch {
      code = undefined;
    }
  }
  return { status: res.status, code, text: text.slice(0, 300), headers: res.headers };
}

/** The plausible input of an endpoint: every declared part sampled. */
export function baseline(e: AnyEndpoint, minimal = false): CallInput {
  const part = (s: z.ZodType | undefined) => (s ? sample(s, 0, minimal) : undefined);
  return {
    params: part(e.params) as Record<string, unknown> | undefined,
    query: part(e.query) as Record<string, unknown> | undefined,
    body: part(e.body),
  };
}

/** Runs tasks with at most `n` at once. */
export async function pool<T>(
  items: readonly T[],
  n: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

export const endpoints = (): CatalogueEntry[] => catalogue();
export const label = (c: CatalogueEntry) => `${c.slice}.${c.name} ${c.endpoint.method} ${c.endpoint.path}`;
