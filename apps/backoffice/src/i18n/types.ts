import type { Locale } from './locale';

/** A feature's messages: the same keys in both languages. Values may hold {name} placeholders. */
export type Messages<K extends string = string> = Record<Locale, Record<K, string>>;

/**
 * Declares a feature's messages. The keys stay literal, so `t()` refuses a key no feature declares,
 * and the English half must carry exactly the Chinese half's keys (a missing or extra key fails the
 * type check, not a blank label).
 */
export function defineMessages<Z extends Record<string, string>>(m: {
  'zh-CN': Z;
  en: NoInfer<Record<keyof Z, string>>;
}): Messages<Extract<keyof Z, string>> {
  return m;
}
