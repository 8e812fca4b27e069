// Finding a declared endpoint by its catalogue name (`slice.endpoint`) and reading the shape of its
// schemas (is it a page? which keys do its rows have?) for the generic commands.
import { z } from 'zod';
import { catalogue, type AnyEndpoint, type Contract } from '@bo/api-sdk';
import { CliError } from './errors.js';

/** Every endpoint name of the contract, `slice.endpoint`. */
export type EndpointName = {
  [S in keyof Contract]: `${S & string}.${keyof Contract[S] & string}`;
}[keyof Contract];

export interface Found {
  name: string;
  endpoint: AnyEndpoint;
}

export function findEndpoint(name: string): Found {
  const all = catalogue();
  const hit = all.find((e) => `${e.slice}.${e.name}` === name);
  if (hit) return { name, endpoint: hit.endpoint };
  const near = all
    .map((e) => `${e.slice}.${e.name}`)
    .filter((n) => n.toLowerCase().includes(name.toLowerCase().split('.').pop() ?? name))
    .slice(0, 5);
  throw new CliError(
    `no endpoint "${name}" in the contract${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; see \`sdk-cli endpoints\``,
    2,
  );
}

/** Peels optional/nullable/default/pipe wrappers off a schema. */
export function unwrap(s: z.ZodType): z.ZodType {
  let cur: z.ZodType = s;
  for (let i = 0; i < 10; i += 1) {
    if (cur instanceof z.ZodOptional || cur instanceof z.ZodNullable || cur instanceof z.ZodDefault)
      cur = cur.unwrap() as z.ZodType;
    else if (cur instanceof z.ZodPipe) cur = cur.out as z.ZodType;
    else break;
  }
  return cur;
}

export type ListShape = { kind: 'page'; row: z.ZodType } | { kind: 'array'; row: z.ZodType };

/** Whether a response is a page { list, total } or a plain array, with the row schema; null otherwise. */
export function listShape(response: z.ZodType): ListShape | null {
  const r = unwrap(response);
  if (r instanceof z.ZodArray) return { kind: 'array', row: r.element as z.ZodType };
  if (r instanceof z.ZodObject) {
    const list = r.shape.list as z.ZodType | undefined;
    const total = r.shape.total as z.ZodType | undefined;
    if (list && total) {
      const l = unwrap(list);
      if (l instanceof z.ZodArray) return { kind: 'page', row: l.element as z.ZodType };
    }
  }
  return null;
}

/** The keys of a row schema (an object), in declaration order; empty when not an object. */
export function rowKeys(row: z.ZodType): string[] {
  const r = unwrap(row);
  return r instanceof z.ZodObject ? Object.keys(r.shape) : [];
}

/** True when the schema (an object) declares the key. */
export function hasKey(s: z.ZodType | undefined, key: string): boolean {
  if (!s) return false;
  const r = unwrap(s);
  return r instanceof z.ZodObject && key in r.shape;
}

/** Reads a dotted path (`campus.name`) of a row. */
export function pick(row: unknown, key: string): unknown {
  let cur: unknown = row;
  for (const part of key.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}
