// What the form kit says itself: validation messages that name the field by its label, and the
// texts of its buttons and banners, in zh-CN and English. Zod's own English defaults never reach a user.
import type { z } from 'zod';
import { issueText, validationTextsEn, validationTextsZh, type ValidationTexts } from '@bo/domain';
import type { FormLocale } from './context.js';

export type { FormLocale };

/** The kit's texts: the validation catalogue of @bo/domain (shared with the server) and its buttons. */
export interface FormTexts extends ValidationTexts {
  submit: string;
  cancel: string;
  close: string;
  ok: string;
  reload: string;
  conflict: string;
  confirmTitle: string;
}

export const formTextsZh: FormTexts = {
  ...validationTextsZh,
  submit: '提交',
  cancel: '取消',
  close: '关闭',
  ok: '确定',
  reload: '重新加载',
  conflict: '记录已被他人修改，请重新加载后再试',
  confirmTitle: '请确认',
};

export const formTextsEn: FormTexts = {
  ...validationTextsEn,
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

/**
 * The message a user sees for one schema issue (the catalogue of @bo/domain, shared with the
 * server). A message the schema author wrote in our languages is kept, in the user's half.
 * Example: issueMessage({ code: 'too_big', origin: 'string', maximum: 200, … }, '原因', 'x…', 'zh-CN')
 * → '原因 最多 200 个字'.
 */
export function issueMessage(
  issue: z.core.$ZodIssue,
  label: string,
  value: unknown,
  locale: FormLocale,
): string {
  return issueText(issue, label, value, locale);
}
