// What a user is told when an input breaks the contract's schema: one catalogue for the server's
// answer and the UI's forms, in zh-CN and English, naming the field in words. Zod's own English
// defaults never reach a user. The issue is read by its shape (zod 4's issue fields), so this
// package needs no zod.
import { halves, say, type Bilingual } from './language.js';
import { type Locale } from './routes.js';

export interface ValidationTexts {
  required: (label: string) => string;
  choose: (label: string) => string;
  minChars: (label: string, n: number) => string;
  maxChars: (label: string, n: number) => string;
  minNumber: (label: string, n: number) => string;
  moreThan: (label: string, n: number) => string;
  maxNumber: (label: string, n: number) => string;
  lessThan: (label: string, n: number) => string;
  minItems: (label: string, n: number) => string;
  maxItems: (label: string, n: number) => string;
  notNumber: (label: string) => string;
  notInteger: (label: string) => string;
  notDate: (label: string) => string;
  notEmail: (label: string) => string;
  badFormat: (label: string) => string;
  notAllowed: (label: string) => string;
  unknownFields: (keys: string) => string;
  invalid: (label: string) => string;
}

export const validationTextsZh: ValidationTexts = {
  required: (l) => `请填写 ${l}`,
  choose: (l) => `请选择 ${l}`,
  minChars: (l, n) => `${l} 至少 ${n} 个字`,
  maxChars: (l, n) => `${l} 最多 ${n} 个字`,
  minNumber: (l, n) => `${l} 不能小于 ${n}`,
  moreThan: (l, n) => `${l} 须大于 ${n}`,
  maxNumber: (l, n) => `${l} 不能大于 ${n}`,
  lessThan: (l, n) => `${l} 须小于 ${n}`,
  minItems: (l, n) => `${l} 至少选择 ${n} 项`,
  maxItems: (l, n) => `${l} 最多选择 ${n} 项`,
  notNumber: (l) => `${l} 须为数字`,
  notInteger: (l) => `${l} 须为整数`,
  notDate: (l) => `${l} 不是有效的日期或时间`,
  notEmail: (l) => `${l} 须为电子邮箱地址`,
  badFormat: (l) => `${l} 格式不正确`,
  notAllowed: (l) => `${l} 不在可选范围内`,
  unknownFields: (k) => `无法识别的字段：${k}`,
  invalid: (l) => `${l} 不正确`,
};

export const validationTextsEn: ValidationTexts = {
  required: (l) => `${l} is required`,
  choose: (l) => `choose ${l}`,
  minChars: (l, n) => `${l}: at least ${n} characters`,
  maxChars: (l, n) => `${l}: at most ${n} characters`,
  minNumber: (l, n) => `${l} must be at least ${n}`,
  moreThan: (l, n) => `${l} must be more than ${n}`,
  maxNumber: (l, n) => `${l} must be at most ${n}`,
  lessThan: (l, n) => `${l} must be less than ${n}`,
  minItems: (l, n) => `${l}: choose at least ${n}`,
  maxItems: (l, n) => `${l}: choose at most ${n}`,
  notNumber: (l) => `${l} must be a number`,
  notInteger: (l) => `${l} must be a whole number`,
  notDate: (l) => `${l} is not a valid date or time`,
  notEmail: (l) => `${l} must be an email address`,
  badFormat: (l) => `${l} has an invalid format`,
  notAllowed: (l) => `${l} is not one of the allowed values`,
  unknownFields: (k) => `unknown fields: ${k}`,
  invalid: (l) => `${l} is not valid`,
};

export const validationTexts = (locale: Locale): ValidationTexts =>
  locale === 'en' ? validationTextsEn : validationTextsZh;

/** A schema issue as zod 4 reports it (only the fields read here). */
export interface IssueLike {
  readonly code: string;
  readonly message?: string;
  readonly origin?: string;
  readonly expected?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly divisor?: number | bigint;
  readonly keys?: readonly string[];
}

const CJK = /[\u3400-\u9fff]/;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const NUMERIC = new Set(['number', 'int', 'bigint']);
const DATES = new Set(['date', 'datetime', 'time', 'iso_date', 'iso_datetime']);

/**
 * The message a user sees for one schema issue, naming the field by `label`. A message the schema's
 * author wrote in our languages ('中文 / English', or Chinese) is kept, in the locale's half.
 * Example: issueText({ code: 'too_big', origin: 'string', maximum: 200 }, '原因', 'x…', 'zh-CN')
 * → '原因 最多 200 个字'.
 */
export function issueText(issue: IssueLike, label: string, value: unknown, locale: Locale): string {
  const own = issue.message;
  if (own && CJK.test(own)) return halves(own)[locale];
  const T = validationTexts(locale);
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return issue.expected === 'string' ? T.required(label) : T.choose(label);
      if (issue.expected && NUMERIC.has(issue.expected)) return T.notNumber(label);
      if (issue.expected === 'date') return T.notDate(label);
      return T.invalid(label);
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return isEmpty(value) ? T.required(label) : T.minChars(label, n);
      if (issue.origin === 'array' || issue.origin === 'set')
        return isEmpty(value) ? T.choose(label) : T.minItems(label, n);
      if (issue.origin && NUMERIC.has(issue.origin))
        return issue.inclusive === false ? T.moreThan(label, n) : T.minNumber(label, n);
      return T.invalid(label);
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return T.maxChars(label, n);
      if (issue.origin === 'array' || issue.origin === 'set') return T.maxItems(label, n);
      if (issue.origin && NUMERIC.has(issue.origin))
        return issue.inclusive === false ? T.lessThan(label, n) : T.maxNumber(label, n);
      return T.invalid(label);
    }
    case 'invalid_format':
      if (isEmpty(value)) return T.required(label);
      if (issue.format && DATES.has(issue.format)) return T.notDate(label);
      if (issue.format === 'email') return T.notEmail(label);
      return T.badFormat(label);
    case 'invalid_value':
      return isEmpty(value) ? T.choose(label) : T.notAllowed(label);
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? T.notInteger(label) : T.invalid(label);
    case 'custom':
      // A refinement's own English text (not zod's default) says more than a generic line.
      if (locale === 'en' && own && !own.startsWith('Invalid')) return own;
      return isEmpty(value) ? T.required(label) : T.invalid(label);
    case 'unrecognized_keys':
      return T.unknownFields((issue.keys ?? []).join(', '));
    default:
      return isEmpty(value) ? T.required(label) : T.invalid(label);
  }
}

/** `issueText` in both languages, the field named by the field-label catalogue. */
export const issueTexts = (issue: IssueLike, label: Bilingual, value: unknown): Bilingual =>
  say(issueText(issue, label['zh-CN'], value, 'zh-CN'), issueText(issue, label.en, value, 'en'));
