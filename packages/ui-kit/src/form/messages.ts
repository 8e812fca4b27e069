// What the form kit says itself: validation messages that name the field by its label, and the
// texts of its buttons and banners, in zh-CN and English. Zod's own English defaults never reach a user.
import type { z } from 'zod';
import type { FormLocale } from './context.js';

export type { FormLocale };

export interface FormTexts {
  required: (label: string) => string;
  choose: (label: string) => string;
  minChars: (label: string, n: number) => string;
  maxChars: (label: string, n: number) => string;
  minNumber: (label: string, n: number) => string;
  maxNumber: (label: string, n: number) => string;
  minItems: (label: string, n: number) => string;
  maxItems: (label: string, n: number) => string;
  notNumber: (label: string) => string;
  notInteger: (label: string) => string;
  badFormat: (label: string) => string;
  invalid: (label: string) => string;
  submit: string;
  cancel: string;
  close: string;
  ok: string;
  reload: string;
  conflict: string;
  confirmTitle: string;
}

export const formTextsZh: FormTexts = {
  required: (l) => `请填写 ${l}`,
  choose: (l) => `请选择 ${l}`,
  minChars: (l, n) => `${l} 至少 ${n} 个字`,
  maxChars: (l, n) => `${l} 最多 ${n} 个字`,
  minNumber: (l, n) => `${l} 不能小于 ${n}`,
  maxNumber: (l, n) => `${l} 不能大于 ${n}`,
  minItems: (l, n) => `${l} 至少选择 ${n} 项`,
  maxItems: (l, n) => `${l} 最多选择 ${n} 项`,
  notNumber: (l) => `${l} 须为数字`,
  notInteger: (l) => `${l} 须为整数`,
  badFormat: (l) => `${l} 格式不正确`,
  invalid: (l) => `${l} 不正确`,
  submit: '提交',
  cancel: '取消',
  close: '关闭',
  ok: '确定',
  reload: '重新加载',
  conflict: '记录已被他人修改，请重新加载后再试',
  confirmTitle: '请确认',
};

export const formTextsEn: FormTexts = {
  required: (l) => `${l} is required`,
  choose: (l) => `choose ${l}`,
  minChars: (l, n) => `${l}: at least ${n} characters`,
  maxChars: (l, n) => `${l}: at most ${n} characters`,
  minNumber: (l, n) => `${l} must be at least ${n}`,
  maxNumber: (l, n) => `${l} must be at most ${n}`,
  minItems: (l, n) => `${l}: choose at least ${n}`,
  maxItems: (l, n) => `${l}: choose at most ${n}`,
  notNumber: (l) => `${l} must be a number`,
  notInteger: (l) => `${l} must be a whole number`,
  badFormat: (l) => `${l} has an invalid format`,
  invalid: (l) => `${l} is not valid`,
  submit: 'Submit',
  cancel: 'Cancel',
  close: 'Close',
  ok: 'OK',
  reload: 'Reload',
  conflict: 'The record was changed by someone else; reload it and try again',
  confirmTitle: 'Please confirm',
};

export const formTexts = (locale: FormLocale): FormTexts => (locale === 'en' ? formTextsEn : formTextsZh);

const CJK = /[\u3400-\u9fff]/;

/**
 * '中文 / English' → the half in the user's language; anything else unchanged.
 * Example: pickHalf('请填写原因 / the reason is required', 'en') → 'the reason is required'.
 */
export function pickHalf(message: string, locale: FormLocale): string {
  const parts = message.split(' / ');
  if (parts.length !== 2) return message;
  const [zh = '', en = ''] = parts;
  if (!CJK.test(zh) || CJK.test(en) || !en.trim()) return message;
  return locale === 'en' ? en.trim() : zh.trim();
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * The message a user sees for one schema issue. A message the schema author wrote in our languages
 * ('中文 / English' or Chinese) is kept; zod's English defaults are replaced by one naming the label.
 * Example: issueMessage({ code: 'too_big', origin: 'string', maximum: 200, … }, '原因', 'x…', 'zh-CN')
 * → '原因 最多 200 个字'.
 */
export function issueMessage(
  issue: z.core.$ZodIssue,
  label: string,
  value: unknown,
  locale: FormLocale,
): string {
  const own = issue.message;
  if (own && CJK.test(own)) return pickHalf(own, locale);
  const T = formTexts(locale);
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return issue.expected === 'string' ? T.required(label) : T.choose(label);
      if (issue.expected === 'number' || issue.expected === 'int') return T.notNumber(label);
      return T.invalid(label);
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return isEmpty(value) ? T.required(label) : T.minChars(label, n);
      if (issue.origin === 'array' || issue.origin === 'set')
        return isEmpty(value) ? T.choose(label) : T.minItems(label, n);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return T.minNumber(label, n);
      return T.invalid(label);
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return T.maxChars(label, n);
      if (issue.origin === 'array' || issue.origin === 'set') return T.maxItems(label, n);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return T.maxNumber(label, n);
      return T.invalid(label);
    }
    case 'invalid_format':
      return isEmpty(value) ? T.required(label) : T.badFormat(label);
    case 'invalid_value':
      return isEmpty(value) ? T.choose(label) : T.invalid(label);
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? T.notInteger(label) : T.invalid(label);
    case 'custom':
      // A refinement's own text, when it has one, says more than a generic line.
      return own && !own.startsWith('Invalid') ? own : T.invalid(label);
    default:
      return isEmpty(value) ? T.required(label) : T.invalid(label);
  }
}
