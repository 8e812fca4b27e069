// Field primitives every slice uses for the same kind of input, so a phone, a birth date or an
// amount is checked the same way on every screen. Messages are '中文 / English'; the server names
// the field (the path of the issue) beside them.
import { z } from 'zod';
import { fromCents, toCents } from '@bo/domain';

const MOBILE_RE = /^1\d{10}$/;
// A mainland landline: area code 0 + 2–3 digits, 7–8 digit number, optional extension; or a
// 400/800 service number. Dashes and spaces people type between the groups are accepted.
const LANDLINE_RE = /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/;
const normalisePhone = (v: string) =>
  v
    .trim()
    .replace(/\s+/g, '')
    .replace(/^\+86-?/, '');

/** The message of a malformed mobile number (import checks reuse it). */
export const MOBILE_MESSAGE = '手机号须为1开头的11位数字 / a mobile number of 11 digits starting with 1';
/** A mainland mobile number: 11 digits starting with 1 (a leading +86 and spaces are dropped). */
export const Mobile = z.string().transform(normalisePhone).pipe(z.string().regex(MOBILE_RE, MOBILE_MESSAGE));
/** Whether a text is a mobile number as `Mobile` reads it (for rows checked outside a schema, e.g. imports). */
export const isMobile = (v: string) => Mobile.safeParse(v).success;

/** A mobile or a landline (0XX-XXXXXXXX with an optional extension, 400/800 numbers). */
export const Phone = z
  .string()
  .transform(normalisePhone)
  .pipe(
    z
      .string()
      .refine(
        (v) => MOBILE_RE.test(v) || LANDLINE_RE.test(v),
        '电话号码格式不正确，请填写手机号或带区号的座机号 / not a phone number: a mobile or a landline with its area code',
      ),
  );

/** An optional phone-shaped field: '' and null become null, anything else must be a `Phone`/`Mobile`. */
export const optionalPhone = (shape: typeof Phone | typeof Mobile = Phone) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v))
    .pipe(shape.nullable());

/**
 * A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30), from 1900 on. Whether it lies in the
 * future is the server's rule (it knows today): `BirthDate` alone only checks the shape.
 */
export const BirthDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '出生日期须为YYYY-MM-DD / the birth date must look like YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, '出生日期不是有效日期 / the birth date is not a valid date');

/** Why a text is not a plain decimal (null: it is one), in '中文 / English'. */
function decimalProblem(
  v: string,
  o: { decimals: number; maxIntDigits: number; signed: boolean; what: string; whatZh: string },
): string | null {
  if (/[\s\u3000]/.test(v)) return `${o.whatZh}不能含空格 / the ${o.what} must not contain spaces`;
  if (/[,，'_]/.test(v))
    return `${o.whatZh}不能含千位分隔符或逗号，小数点用"." / the ${o.what} must not contain thousands separators or commas; use "." for decimals`;
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)e/i.test(v))
    return `${o.whatZh}不能用科学计数法 / the ${o.what} must not be written with an exponent`;
  if (!/^-?\d+(\.\d+)?$/.test(v)) return `${o.whatZh}须为数字 / the ${o.what} must be a number`;
  if (v.startsWith('-') && !o.signed) return `${o.whatZh}不能为负数 / the ${o.what} must not be negative`;
  const [int = '', frac = ''] = v.replace(/^-/, '').split('.');
  if (frac.length > o.decimals)
    return o.decimals === 0
      ? `${o.whatZh}须为整数 / the ${o.what} must be a whole number`
      : `${o.whatZh}最多${o.decimals}位小数，请勿输入更多小数 / at most ${o.decimals} decimals: the ${o.what} is not rounded for you`;
  if (int.replace(/^0+(?=\d)/, '').length > o.maxIntDigits)
    return `${o.whatZh}最多${o.maxIntDigits}位整数 / at most ${o.maxIntDigits} integer digits`;
  return null;
}

/**
 * The text of a strict decimal input: a JSON number (finite, written without an exponent) or a
 * string of digits with at most one '.', an optional leading '-' where allowed. Thousands
 * separators, commas, spaces, exponents, NaN and Infinity are refused, never guessed at.
 */
const strictDecimal = (o: {
  decimals: number;
  maxIntDigits: number;
  signed: boolean;
  what: string;
  whatZh: string;
}) =>
  z
    .union([z.string(), z.number()], {
      error: `${o.whatZh}须为数字 / the ${o.what} must be a number`,
    })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : v;
      const problem = decimalProblem(text, o);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return text;
    });

/** Options of `money`. */
export interface MoneyOptions {
  /** Decimals allowed (2 for yuan). */
  readonly decimals?: 2;
  /** Integer digits allowed. */
  readonly maxIntDigits?: number;
  /** Whether a negative amount is accepted (adjustments). */
  readonly signed?: boolean;
}

/**
 * The one amount input: an exact amount in yuan, carried as a decimal string with 2 decimals
 * ("12.5" → "12.50"). Read strictly (`strictDecimal`): "10,5", "1,000", "1 000", "1e3" are refused
 * with a message, and so are more than 2 decimals (never rounded or cut) and negatives unless signed.
 */
export const money = ({ maxIntDigits = 12, signed = false }: MoneyOptions = {}) =>
  strictDecimal({ decimals: 2, maxIntDigits, signed, what: 'amount', whatZh: '金额' }).transform((v) =>
    fromCents(toCents(v) ?? 0n),
  );

/** The usual amount: up to 12 integer digits and 2 decimals. */
export const Money = money();

/** Options of `quantity`. */
export interface QuantityOptions {
  /** Decimals allowed: 2 for hours and days (the ledger keeps hundredths), 0 for whole counts. */
  readonly decimals?: 0 | 1 | 2;
  /** Largest value accepted. */
  readonly max?: number;
  /** Whether negative values are accepted (adjustments). */
  readonly signed?: boolean;
  /** Whether 0 is refused (a purchase, a lesson). */
  readonly positive?: boolean;
  /** What is counted, for messages: ['课时', 'hours'] by default. */
  readonly what?: readonly [zh: string, en: string];
}

/**
 * The one quantity input (hours, days, counts): read as strictly as `money`, answered as a number.
 * Hours carry at most 2 decimals (the ledger's hundredths); whether a course's unit takes fractions at
 * all (days do not) is the pricing engine's rule, which knows the course.
 */
export const quantity = ({
  decimals = 2,
  max = 99999.99,
  signed = false,
  positive = false,
  what = ['课时', 'hours'],
}: QuantityOptions = {}) =>
  strictDecimal({
    decimals,
    maxIntDigits: String(Math.trunc(max)).length,
    signed,
    what: what[1],
    whatZh: what[0],
  })
    .transform(Number)
    .superRefine((v, ctx) => {
      if (positive && v <= 0)
        ctx.addIssue({ code: 'custom', message: `${what[0]}须大于0 / the ${what[1]} must be above 0` });
      else if (Math.abs(v) > max)
        ctx.addIssue({ code: 'custom', message: `${what[0]}最多${max} / the ${what[1]} is at most ${max}` });
    });

/** Hours of an order line, a refund, a transfer: 0 to 99999.99, at most 2 decimals. */
export const Hours = quantity();
