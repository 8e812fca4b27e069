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

/** Options of `money`. */
export interface MoneyOptions {
  /** Decimals allowed (2 for yuan). */
  readonly decimals?: 2;
  /** Integer digits allowed. */
  readonly maxIntDigits?: number;
}

/**
 * An exact non-negative amount in yuan, carried as a decimal string with 2 decimals ("12.5" → "12.50").
 * Numbers are read by their decimal text, thousands separators are dropped. An amount with more
 * decimals than allowed is refused with a message, never rounded or cut.
 */
export const money = ({ maxIntDigits = 12 }: MoneyOptions = {}) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().replace(/,/g, ''))
    .superRefine((v, ctx) => {
      if (!/^-?\d*(\.\d*)?$/.test(v) || !/\d/.test(v))
        ctx.addIssue({ code: 'custom', message: '金额须为数字 / the amount must be a number' });
      else if (v.startsWith('-'))
        ctx.addIssue({ code: 'custom', message: '金额不能为负数 / a non-negative amount is required' });
      else if ((v.split('.')[1] ?? '').length > 2)
        ctx.addIssue({
          code: 'custom',
          message:
            '金额最多2位小数，请勿输入更多小数 / at most 2 decimals: the amount is not rounded for you',
        });
      else if ((v.split('.')[0] ?? '').replace(/^0+(?=\d)/, '').length > maxIntDigits)
        ctx.addIssue({
          code: 'custom',
          message: `金额最多${maxIntDigits}位整数 / at most ${maxIntDigits} integer digits`,
        });
    })
    .transform((v) => fromCents(toCents(v.startsWith('.') ? `0${v}` : v) ?? 0n));

/** The usual amount: up to 12 integer digits and 2 decimals. */
export const Money = money();
