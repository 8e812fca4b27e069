import type { Locale } from './locale';

const CJK = /[\u3400-\u9fff]/;
const LATIN = /[A-Za-z]{2,}/;

/**
 * Server messages come as '中文 / English'; show the half of the UI's language.
 * Example: pickLanguage('用户名或密码错误 / wrong username or password', 'en') → 'wrong username or password'.
 * Anything else is returned as it is.
 */
export function pickLanguage(message: string, locale: Locale): string {
  const parts = message.split(' / ');
  if (parts.length !== 2) return message;
  const [zh = '', en = ''] = parts;
  // The English half may name people, steps or courses in Chinese; it is English by its words.
  if (!CJK.test(zh) || !LATIN.test(en)) return message;
  return locale === 'en' ? en.trim() : zh.trim();
}
