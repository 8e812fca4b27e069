// One language per message. Texts meant for a user are written in both languages, either as a pair
// (`say('没有权限', 'no permission')`) or, as most server messages are, in the convention
// '中文 / English': the Chinese half, then ' / ' once, then the English half. Whoever answers a
// person (the server per request, the UI, the CLI) picks the half of that person's language here.
import { type Locale } from './routes.js';

/** A text in both languages. */
export interface Bilingual {
  readonly 'zh-CN': string;
  readonly en: string;
}

/** The separator of the '中文 / English' convention: the first one splits the halves. */
export const HALVES_SEPARATOR = ' / ';

/** A text in both languages. Example: say('没有权限', 'no permission'). */
export const say = (zh: string, en: string): Bilingual => ({ 'zh-CN': zh, en });

export const isBilingual = (v: unknown): v is Bilingual =>
  typeof v === 'object' && v !== null && typeof (v as Bilingual)['zh-CN'] === 'string';

/**
 * The halves of a '中文 / English' text, split on the FIRST ' / ' (Chinese comes first, so what an
 * English half says after a slash stays in it). A text without the separator is the same in both.
 * Example: halves('没有权限 / no permission') → { 'zh-CN': '没有权限', en: 'no permission' }.
 */
export function halves(text: string | Bilingual): Bilingual {
  if (isBilingual(text)) return text;
  const at = text.indexOf(HALVES_SEPARATOR);
  if (at < 0) return say(text, text);
  return say(text.slice(0, at).trim(), text.slice(at + HALVES_SEPARATOR.length).trim());
}

/** A pair written back in the convention (logs, callers that show both). */
export const bothHalves = (t: string | Bilingual): string =>
  isBilingual(t) ? (t['zh-CN'] === t.en ? t.en : `${t['zh-CN']}${HALVES_SEPARATOR}${t.en}`) : t;

/**
 * The text in one language; with no language (a caller that named none) the text as written.
 * Example: inLanguage('没有权限 / no permission', 'en') → 'no permission'.
 */
export function inLanguage(text: string | Bilingual, locale: Locale | null | undefined): string {
  if (!locale) return bothHalves(text);
  return halves(text)[locale];
}

/**
 * The language an `Accept-Language` header asks for, as this product speaks them: a first tag
 * starting with 'en' is English, one starting with 'zh' is zh-CN; none (or another) is null.
 * Example: languageOfHeader('en-US,en;q=0.9') → 'en'.
 */
export function languageOfHeader(header: string | string[] | undefined): Locale | null {
  const h = Array.isArray(header) ? header[0] : header;
  if (!h) return null;
  for (const part of h.split(',')) {
    const tag = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return null;
}
