// The contract as plain JSON (paths, methods, access, schemas as JSON Schema) and the comparison of
// two such shapes that says which semantic version a change needs: major where a caller written
// against the old shape may break, minor where it only gains, patch where only words changed.
// The last released version's shape is kept in contract-snapshots/<version>.json.
import { z } from 'zod';
import type { AnyEndpoint, Slice } from '../contract/define.js';

export type JsonSchema = Record<string, unknown>;

export interface EndpointShape {
  method: string;
  path: string;
  service: string;
  kind: string;
  envelope: string;
  /** 'public', 'signedIn' or the privilege codes, sorted. */
  access: string | string[];
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  response: JsonSchema;
}

export interface ContractShape {
  version: string;
  /** 'slice.name' → its shape, sorted by key. */
  endpoints: Record<string, EndpointShape>;
}

export type Level = 'major' | 'minor' | 'patch';
export interface Change {
  level: Level;
  endpoint: string;
  /** Where in the endpoint: 'body.items[].amount', 'response.total', 'access', ... */
  at: string;
  what: string;
}
export interface Comparison {
  /** The version step the change needs; 'none' when the shapes are the same. */
  level: Level | 'none';
  changes: Change[];
}

const jsonSchema = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const js = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete js.$schema;
  return js;
};

function endpointShape(e: AnyEndpoint): EndpointShape {
  const out: EndpointShape = {
    method: e.method,
    path: e.path,
    service: e.service,
    kind: e.kind,
    envelope: e.envelope,
    access: e.access.kind === 'privilege' ? [...e.access.anyOf].sort() : e.access.kind,
    response: jsonSchema(e.response, 'output'),
  };
  if (e.params) out.params = jsonSchema(e.params, 'input');
  if (e.query) out.query = jsonSchema(e.query, 'input');
  if (e.body) out.body = jsonSchema(e.body, 'input');
  return out;
}

/** The shape of a contract (a record of slices), for a snapshot or a comparison. */
export function contractShape(contract: Record<string, Slice>, version: string): ContractShape {
  const entries: [string, EndpointShape][] = [];
  for (const [slice, endpoints] of Object.entries(contract))
    for (const [name, e] of Object.entries(endpoints)) entries.push([`${slice}.${name}`, endpointShape(e)]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { version, endpoints: Object.fromEntries(entries) };
}

const RANK: Record<Level, number> = { patch: 1, minor: 2, major: 3 };

/** Compares a new shape with the last released one. */
export function compareContracts(before: ContractShape, after: ContractShape): Comparison {
  const changes: Change[] = [];
  for (const [name, old] of Object.entries(before.endpoints)) {
    const now = after.endpoints[name];
    if (!now) changes.push({ level: 'major', endpoint: name, at: '', what: 'endpoint removed' });
    else compareEndpoint(name, old, now, changes);
  }
  for (const name of Object.keys(after.endpoints))
    if (!before.endpoints[name])
      changes.push({ level: 'minor', endpoint: name, at: '', what: 'endpoint added' });
  let level: Comparison['level'] = 'none';
  for (const c of changes) if (level === 'none' || RANK[c.level] > RANK[level]) level = c.level;
  return { level, changes };
}

function compareEndpoint(name: string, old: EndpointShape, now: EndpointShape, changes: Change[]) {
  const add = (level: Level, at: string, what: string) => changes.push({ level, endpoint: name, at, what });
  for (const k of ['method', 'path', 'service', 'kind', 'envelope'] as const)
    if (old[k] !== now[k]) add('major', k, `${k} ${old[k]} → ${now[k]}`);
  compareAccess(old.access, now.access, add);
  for (const part of ['params', 'query', 'body'] as const) {
    const o = old[part];
    const n = now[part];
    if (o && n) compareSchema(o, n, part, 'in', add);
    else if (o && !n) add('major', part, `${part} no longer accepted`);
    else if (!o && n) {
      const required = (n.required as string[] | undefined) ?? [];
      add(
        required.length ? 'major' : 'minor',
        part,
        required.length ? `new required input ${required.join(', ')}` : `optional ${part} added`,
      );
    }
  }
  compareSchema(old.response, now.response, 'response', 'out', add);
}

const accessRank = (a: string | string[]) => (a === 'public' ? 0 : a === 'signedIn' ? 1 : 2);

function compareAccess(
  o: string | string[],
  n: string | string[],
  add: (l: Level, at: string, w: string) => void,
) {
  if (JSON.stringify(o) === JSON.stringify(n)) return;
  const show = (a: string | string[]) => (Array.isArray(a) ? a.join(' | ') : a);
  const what = `access ${show(o)} → ${show(n)}`;
  if (Array.isArray(o) && Array.isArray(n)) {
    // Holders of any old privilege still get in: widened.
    add(o.every((p) => n.includes(p)) ? 'minor' : 'major', 'access', what);
  } else add(accessRank(n) < accessRank(o) ? 'minor' : 'major', 'access', what);
}

/** Keywords that only describe: a change of them alone is a patch. */
const WORDS = new Set(['description', 'title', 'examples', '$comment']);
/** Upper bounds (a lower value narrows) and lower bounds (a higher value narrows). */
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A schema with its null alternative taken apart: zod writes a nullable as anyOf [x, { type: 'null' }]
 * or, for a primitive, as type ['string', 'null'].
 */
function splitNull(s: JsonSchema): { nullable: boolean; inner: JsonSchema } {
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const rest = (s.type as string[]).filter((t) => t !== 'null');
    return { nullable: true, inner: { ...s, type: rest.length === 1 ? rest[0] : rest } };
  }
  const any = s.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(any) && any.some((x) => x.type === 'null')) {
    const rest = any.filter((x) => x.type !== 'null');
    const { anyOf: _drop, ...outer } = s;
    void _drop;
    const inner = rest.length === 1 ? { ...outer, ...rest[0] } : { ...outer, anyOf: rest };
    return { nullable: true, inner };
  }
  return { nullable: false, inner: s };
}

/**
 * Compares two JSON Schemas of one place. Inputs (`in`, what a caller sends) break when they narrow:
 * a new required field, a removed field, fewer accepted values, a tighter bound. Outputs (`out`, what
 * a caller reads) break when they widen or lose: a removed field, a field no longer always there,
 * null or values a caller has not met. The opposite directions are minor; words alone are a patch.
 */
export function compareSchema(
  o: JsonSchema,
  n: JsonSchema,
  at: string,
  dir: 'in' | 'out',
  add: (level: Level, at: string, what: string) => void,
): void {
  if (same(o, n)) return;
  const narrowed = (what: string) => add(dir === 'in' ? 'major' : 'minor', at, what);
  const widened = (what: string) => add(dir === 'in' ? 'minor' : 'major', at, what);

  const on = splitNull(o);
  const nn = splitNull(n);
  if (on.nullable !== nn.nullable) {
    if (nn.nullable) widened('null now allowed');
    else narrowed('null no longer allowed');
  }
  const a = on.inner;
  const b = nn.inner;

  if (!same(a.type, b.type)) {
    add('major', at, `type ${JSON.stringify(a.type ?? 'any')} → ${JSON.stringify(b.type ?? 'any')}`);
    return;
  }
  // Values: enum / const.
  const values = (s: JsonSchema): unknown[] | undefined =>
    Array.isArray(s.enum) ? (s.enum as unknown[]) : 'const' in s ? [s.const] : undefined;
  const va = values(a);
  const vb = values(b);
  if (va || vb) {
    if (!va) narrowed('values now limited');
    else if (!vb) widened('any value now');
    else {
      const gone = va.filter((v) => !vb.some((w) => same(v, w)));
      const added = vb.filter((v) => !va.some((w) => same(v, w)));
      if (gone.length) narrowed(`values removed: ${gone.map((v) => JSON.stringify(v)).join(', ')}`);
      if (added.length) widened(`values added: ${added.map((v) => JSON.stringify(v)).join(', ')}`);
    }
  }
  for (const k of UPPER) {
    const x = a[k] as number | undefined;
    const y = b[k] as number | undefined;
    if (x === y) continue;
    if (y !== undefined && (x === undefined || y < x)) narrowed(`${k} ${x ?? 'none'} → ${y}`);
    else widened(`${k} ${x} → ${y ?? 'none'}`);
  }
  for (const k of LOWER) {
    const x = a[k] as number | undefined;
    const y = b[k] as number | undefined;
    if (x === y) continue;
    if (y !== undefined && (x === undefined || y > x)) narrowed(`${k} ${x ?? 'none'} → ${y}`);
    else widened(`${k} ${x} → ${y ?? 'none'}`);
  }
  for (const k of ['pattern', 'format']) {
    if (same(a[k], b[k])) continue;
    if (b[k] === undefined) widened(`${k} dropped`);
    else narrowed(`${k} ${JSON.stringify(b[k])}`);
  }
  // Objects: fields.
  const pa = a.properties as Record<string, JsonSchema> | undefined;
  const pb = b.properties as Record<string, JsonSchema> | undefined;
  if (pa || pb) {
    const ra = new Set((a.required as string[] | undefined) ?? []);
    const rb = new Set((b.required as string[] | undefined) ?? []);
    for (const [k, s] of Object.entries(pa ?? {})) {
      const t = pb?.[k];
      const where = `${at}.${k}`;
      if (!t) {
        add('major', where, 'field removed');
        continue;
      }
      if (ra.has(k) && !rb.has(k))
        add(
          dir === 'in' ? 'minor' : 'major',
          where,
          dir === 'in' ? 'now optional' : 'no longer always present',
        );
      if (!ra.has(k) && rb.has(k))
        add(dir === 'in' ? 'major' : 'minor', where, dir === 'in' ? 'now required' : 'now always present');
      compareSchema(s, t, where, dir, add);
    }
    for (const k of Object.keys(pb ?? {})) {
      if (pa?.[k]) continue;
      const where = `${at}.${k}`;
      if (dir === 'in' && rb.has(k)) add('major', where, 'new required input');
      else add('minor', where, dir === 'in' ? 'optional input added' : 'field added');
    }
  }
  // Arrays, records, unions.
  if (a.items || b.items) {
    if (a.items && b.items) compareSchema(a.items as JsonSchema, b.items as JsonSchema, `${at}[]`, dir, add);
    else add('major', at, 'items changed');
  }
  if (typeof a.additionalProperties === 'object' && typeof b.additionalProperties === 'object')
    compareSchema(
      a.additionalProperties as JsonSchema,
      b.additionalProperties as JsonSchema,
      `${at}{}`,
      dir,
      add,
    );
  for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (same(a[k], b[k])) continue;
    const xa = (a[k] as JsonSchema[] | undefined) ?? [];
    const xb = (b[k] as JsonSchema[] | undefined) ?? [];
    const gone = xa.filter((s) => !xb.some((t) => same(s, t))).length;
    const added = xb.filter((s) => !xa.some((t) => same(s, t))).length;
    if (k === 'anyOf' || k === 'oneOf') {
      if (gone) narrowed(`${gone} alternative(s) removed or changed`);
      if (added) widened(`${added} alternative(s) added or changed`);
    } else add('major', at, `${k} changed`);
  }
  // What is left: words (a patch) or a keyword this comparison does not read (conservatively major).
  const known = new Set([
    'type',
    'enum',
    'const',
    'properties',
    'required',
    'items',
    'additionalProperties',
    'anyOf',
    'oneOf',
    'allOf',
    'prefixItems',
    'pattern',
    'format',
    'default',
    ...UPPER,
    ...LOWER,
  ]);
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (known.has(k) || same(a[k], b[k])) continue;
    if (WORDS.has(k)) add('patch', at, `${k} changed`);
    else add('major', at, `${k} changed`);
  }
  if (!same(a.default, b.default)) add(dir === 'in' ? 'major' : 'patch', at, 'default changed');
}
