import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getCatalogue, isMessageKey, subscribeCatalogue, type MessageKey } from './catalogue';
import { format } from './format';
import { getLocale, setLocale, subscribeLocale, type Locale } from './locale';

/** A key no feature declares fails the type check; a key built from a code must be a union of known keys. */
export type TFunction = (key: MessageKey, vars?: Record<string, string | number>) => string;

/**
 * The message of a key built from a code the server sends (an event, a state, an outcome), or
 * `fallback` (the code itself) when no feature declares one. Keys known at compile time use t().
 */
export function tCode(t: TFunction, key: string, fallback: string = key): string {
  return isMessageKey(key) ? t(key) : fallback;
}

interface I18n {
  locale: Locale;
  setLocale: (l: Locale) => void;
  t: TFunction;
}

const I18nContext = createContext<I18n | null>(null);

/** Translates outside React (SDK hooks, confirm texts built in plain modules). */
export const translate: TFunction = (key, vars) => {
  const c = getCatalogue();
  return format(c[getLocale()][key] ?? c['zh-CN'][key] ?? key, vars);
};

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  // A new `t` when a feature's messages arrive, so what already shows re-renders with them.
  const c = useSyncExternalStore(subscribeCatalogue, getCatalogue, getCatalogue);
  const t = useCallback<TFunction>(
    (key, vars) => format(c[locale][key] ?? c['zh-CN'][key] ?? key, vars),
    [locale, c],
  );
  const value = useMemo(() => ({ locale, setLocale, t }), [locale, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18n {
  const v = useContext(I18nContext);
  if (!v) throw new Error('I18nProvider missing');
  return v;
}

/** t(key, vars?) in the current language. */
export function useT(): TFunction {
  return useI18n().t;
}

export function useLocale(): [Locale, (l: Locale) => void] {
  const { locale, setLocale: set } = useI18n();
  return [locale, set];
}
