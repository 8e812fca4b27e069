// The UI locale: zh-CN by default, persisted in localStorage; the SDK reads it on every call.
import type { Locale } from '@bo/domain';

export type { Locale };
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
const KEY = 'locale';

let current: Locale = readStored();
const listeners = new Set<() => void>();

function readStored(): Locale {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return v === 'en' || v === 'zh-CN' ? v : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

export function getLocale(): Locale {
  return current;
}

export function setLocale(l: Locale): void {
  current = l;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    /* storage may be unavailable */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = l;
  listeners.forEach((f) => f());
}

export function subscribeLocale(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
