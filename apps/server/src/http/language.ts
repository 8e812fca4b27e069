// The language of the request being answered. The envelope writer (register.ts `send`) answers
// messages in it; a text the server puts into data (a total row's name, a chart series, an export
// header, a price line) is said in it with `spoken('合计 / Total')`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { inLanguage, type Bilingual, type Locale } from '@bo/domain';

const requestLanguage = new AsyncLocalStorage<Locale | null>();

/** Runs one request's work in the caller's language (null: the caller named none). */
export const inCallersLanguage = <T>(locale: Locale | null, fn: () => T): T =>
  requestLanguage.run(locale, fn);

/** The caller's language, or null outside a request or when it named none. */
export const callersLanguage = (): Locale | null => requestLanguage.getStore() ?? null;

/**
 * A text of the server's ('中文 / English' or a pair) in the caller's language; as written when the
 * caller named none (a raw API call, the tests). Example, for an English caller:
 * spoken('合计 / Total') → 'Total'.
 */
export const spoken = (text: string | Bilingual): string => inLanguage(text, callersLanguage());
