// Bounds every input of the contract to what PostgreSQL stores, at the one place every endpoint is
// declared (define.ts), so no value a client can send reaches the database only to be refused
// there as an internal error (issue 11 §2). Explicit primitives for fields that need other bounds.
import { z } from 'zod';

/** The longest text an input field takes unless its schema declares its own maximum. */
// 500 characters of 4-byte UTF-8 stay below PostgreSQL's b-tree entry limit (about 2700 bytes), so
// a text in an indexed column is refused here, not by the index; longer texts declare their maximum.
export const TEXT_MAX = 500;
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
/** numeric(14,2) holds 12 integer digits: the bound of a number that is not declared an integer. */
export const NUMBER_ABS_MAX = 999_999_999_999;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored (NUL, a lone surrogate, a date-shaped text that is no date), or null. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return '不能包含空字符 / must not contain a NUL character';
  if (LONE_SURROGATE.test(s)) return '包含无效字符 / contains an invalid character (lone surrogate)';
  return dateShapeProblem(s);
}

const DATE_SHAPE = /^[+-]?\d{4,}-\d{1,2}-\d{1,2}/;
const MONTH_SHAPE = /^\d{4,}-\d{1,2}$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const OUT_OF_RANGE = '日期无效或超出范围 / not a valid date between 0001-01-01 and 9999-12-31';

/**
 * A text shaped like a date (or a month) must be a real one within years 1..9999: PostgreSQL refuses
 * 0000-00-00, 2024-02-30 and 99999-01-01, and a service that builds a Date from it gets Invalid Date.
 */
function dateShapeProblem(s: string): string | null {
  const month = MONTH_SHAPE.exec(s);
  if (month) {
    const [y, m] = s.split('-').map(Number);
    return y !== undefined && m !== undefined && y >= 1 && y <= 9999 && m >= 1 && m <= 12
      ? null
      : OUT_OF_RANGE;
  }
  if (!DATE_SHAPE.test(s)) return null;
  const m = DATE_TIME.exec(s);
  if (!m) return OUT_OF_RANGE;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
  if (y === undefined || mo === undefined || d === undefined) return OUT_OF_RANGE;
  if (y < 1 || y > 9999 || mo < 1 || mo > 12 || d < 1) return OUT_OF_RANGE;
  if (d > new Date(Date.UTC(2000 + (y % 400), mo, 0)).getUTCDate()) return OUT_OF_RANGE;
  if (h > 23 || mi > 59 || sec > 59) return OUT_OF_RANGE;
  return null;
}

/** The check of textProblem, as a zod check (kind 'custom'). */
const storable = () =>
  z.core._check<string>((ctx) => {
    if (typeof ctx.value !== 'string') return;
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** A text input: no NUL, no lone surrogate, date-shaped only when a real date, at most `max` characters. */
export const SafeText = (max = TEXT_MAX) =>
  z.string().max(max, `最多${max}个字符 / at most ${max} characters`).check(storable());
/** An integer stored in a PostgreSQL integer (int4) column. */
export const Int4 = z.coerce
  .number()
  .int()
  .min(INT32_MIN, `不能小于${INT32_MIN} / at least ${INT32_MIN}`)
  .max(INT32_MAX, `不能大于${INT32_MAX} / at most ${INT32_MAX}`);
/** A record id (serial): 1..2147483647. */
export const Int4Id = z.coerce
  .number()
  .int()
  .min(1, 'id须为正整数 / a positive id')
  .max(INT32_MAX, `不能大于${INT32_MAX} / at most ${INT32_MAX}`);

/** A timestamp as text (ISO 8601, or 'YYYY-MM-DD HH:mm:ss'), a real one within years 1..9999. */
export const TimestampText = z
  .string()
  .trim()
  .max(40)
  .check(
    z.core._check<string>((ctx) => {
      const v = ctx.value;
      if (!DATE_SHAPE.test(v) || dateShapeProblem(v) || Number.isNaN(Date.parse(v.replace(' ', 'T'))))
        ctx.issues.push({ code: 'custom', message: '不是有效的时间 / not a valid timestamp', input: v });
    }),
  );

// ---- the bounding walk ----

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: { check: string; value?: unknown; maximum?: unknown; format?: string } } };

const checksOf = (def: Def): Check[] => (Array.isArray(def.checks) ? (def.checks as Check[]) : []);
const hasCheck = (def: Def, kind: string) => checksOf(def).some((c) => c._zod.def.check === kind);
const isInt = (def: Def) =>
  checksOf(def).some(
    (c) => c._zod.def.check === 'number_format' && /int/.test(String(c._zod.def.format ?? '')),
  );

const done = new WeakMap<z.ZodType, z.ZodType>();
const inProgress = new WeakSet<z.ZodType>();

/**
 * The schema with every text, number and date inside bounded as above, keeping declared bounds:
 * a text without a maximum gets TEXT_MAX, an integer without both bounds gets int4's, another number
 * ±NUMBER_ABS_MAX, a Date years 1..9999; every text is checked by textProblem. Structure, messages,
 * defaults and transforms are kept (each node is cloned with a changed definition).
 */
export function bounded<S extends z.ZodType | undefined>(schema: S): S {
  if (!schema) return schema;
  return boundNode(schema) as S;
}

function boundNode(s: z.ZodType): z.ZodType {
  const cached = done.get(s);
  if (cached) return cached;
  // A recursive schema refers to itself; its inner reference keeps the unbounded original.
  if (inProgress.has(s)) return s;
  inProgress.add(s);
  try {
    const out = rebuild(s);
    if (out !== s) {
      const meta = z.globalRegistry.get(s);
      if (meta && !z.globalRegistry.has(out)) z.globalRegistry.add(out, meta);
    }
    done.set(s, out);
    return out;
  } finally {
    inProgress.delete(s);
  }
}

function rebuild(s: z.ZodType): z.ZodType {
  const def = s._zod.def as Def;
  const clone = (patch: Record<string, unknown>) => s.clone({ ...def, ...patch } as z.core.$ZodTypeDef);
  switch (def.type) {
    case 'string': {
      const checks: unknown[] = [...checksOf(def)];
      if (!hasCheck(def, 'max_length') && !hasCheck(def, 'length_equals')) {
        checks.push(
          z.core._maxLength(TEXT_MAX, { message: `最多${TEXT_MAX}个字符 / at most ${TEXT_MAX} characters` }),
        );
      }
      checks.push(storable());
      return clone({ checks });
    }
    case 'number': {
      const checks: unknown[] = [...checksOf(def)];
      const hasMin = hasCheck(def, 'greater_than');
      const hasMax = hasCheck(def, 'less_than');
      if (!(hasMin && hasMax)) {
        const lo = isInt(def) ? INT32_MIN : -NUMBER_ABS_MAX;
        const hi = isInt(def) ? INT32_MAX : NUMBER_ABS_MAX;
        if (!hasMin) checks.push(z.core._gte(lo, { message: `不能小于${lo} / at least ${lo}` }));
        if (!hasMax) checks.push(z.core._lte(hi, { message: `不能大于${hi} / at most ${hi}` }));
      }
      return clone({ checks });
    }
    case 'date': {
      const checks: unknown[] = [...checksOf(def)];
      if (!hasCheck(def, 'greater_than'))
        checks.push(z.core._gte(new Date('0001-01-01T00:00:00Z'), { message: OUT_OF_RANGE }));
      if (!hasCheck(def, 'less_than'))
        checks.push(z.core._lte(new Date('9999-12-31T23:59:59.999Z'), { message: OUT_OF_RANGE }));
      return clone({ checks });
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const next: Record<string, z.ZodType> = {};
      let changed = false;
      for (const [k, v] of Object.entries(shape)) {
        next[k] = boundNode(v);
        if (next[k] !== v) changed = true;
      }
      const catchall = def.catchall as z.ZodType | undefined;
      const nextCatchall = catchall ? boundNode(catchall) : undefined;
      return changed || nextCatchall !== catchall ? clone({ shape: next, catchall: nextCatchall }) : s;
    }
    case 'array':
      return clone({ element: boundNode(def.element as z.ZodType) });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return clone({ innerType: boundNode(def.innerType as z.ZodType) });
    case 'pipe':
      return clone({ in: boundNode(def.in as z.ZodType), out: boundNode(def.out as z.ZodType) });
    case 'union':
      return clone({ options: (def.options as z.ZodType[]).map(boundNode) });
    case 'intersection':
      return clone({ left: boundNode(def.left as z.ZodType), right: boundNode(def.right as z.ZodType) });
    case 'record':
      return clone({
        keyType: boundNode(def.keyType as z.ZodType),
        valueType: boundNode(def.valueType as z.ZodType),
      });
    case 'tuple':
      return clone({
        items: (def.items as z.ZodType[]).map(boundNode),
        rest: def.rest ? boundNode(def.rest as z.ZodType) : def.rest,
      });
    default:
      return s;
  }
}

/** What in an input schema is left unbounded (paths); the contract test expects none. */
export function unboundedParts(s: z.ZodType | undefined, path = '$'): string[] {
  if (!s) return [];
  const seen = new WeakSet<z.ZodType>();
  const out: string[] = [];
  const walk = (n: z.ZodType, p: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    const def = n._zod.def as Def;
    switch (def.type) {
      case 'string':
        if (!hasCheck(def, 'max_length') && !hasCheck(def, 'length_equals'))
          out.push(`${p}: text without a maximum`);
        if (!hasCheck(def, 'custom')) out.push(`${p}: text without the storable check`);
        return;
      case 'number':
        if (!hasCheck(def, 'greater_than') || !hasCheck(def, 'less_than'))
          out.push(`${p}: number without bounds`);
        return;
      case 'date':
        if (!hasCheck(def, 'greater_than') || !hasCheck(def, 'less_than'))
          out.push(`${p}: date without bounds`);
        return;
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(v, `${p}.${k}`);
        if (def.catchall) walk(def.catchall as z.ZodType, `${p}.*`);
        return;
      case 'array':
        return walk(def.element as z.ZodType, `${p}[]`);
      case 'pipe':
        walk(def.in as z.ZodType, p);
        return walk(def.out as z.ZodType, p);
      case 'union':
        return (def.options as z.ZodType[]).forEach((o) => walk(o, p));
      case 'intersection':
        walk(def.left as z.ZodType, p);
        return walk(def.right as z.ZodType, p);
      case 'record':
        walk(def.keyType as z.ZodType, `${p}{key}`);
        return walk(def.valueType as z.ZodType, `${p}{}`);
      case 'tuple':
        (def.items as z.ZodType[]).forEach((it, i) => walk(it, `${p}[${i}]`));
        if (def.rest) walk(def.rest as z.ZodType, `${p}[]`);
        return;
      default:
        if ('innerType' in def) walk(def.innerType as z.ZodType, p);
    }
  };
  walk(s, path);
  return out;
}
