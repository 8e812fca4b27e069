// The one place where feature messages are merged into a catalogue per language. One import per feature.
import type { Locale } from './locale';
import type { Messages } from './types';
import { shellMessages } from '../features/shell/messages';
import { homeMessages } from '../features/home/messages';
import { operationMessages } from '../features/operation/messages';
import { settingsMessages } from '../features/settings/messages';
import { clueMessages } from '../features/clues/messages';
import { clueAnalysisMessages } from '../features/clueAnalysis/messages';
import { systemMessages } from '../features/system/messages';

const all = [
  shellMessages,
  homeMessages,
  operationMessages,
  settingsMessages,
  clueMessages,
  clueAnalysisMessages,
  systemMessages,
] as const;

type KeysOf<M> = M extends Messages<infer K> ? K : never;
/** Every message key of the app: `t()` takes only these. */
export type MessageKey = KeysOf<(typeof all)[number]>;

function merge(locale: Locale): Record<MessageKey, string> {
  const out: Partial<Record<MessageKey, string>> = {};
  for (const m of all) Object.assign(out, m[locale]);
  return out as Record<MessageKey, string>;
}

export const catalogue: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': merge('zh-CN'),
  en: merge('en'),
};

/** A key built at run time (a code from the server) that may have no message. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogue['zh-CN'], key);
}

/** Every message set, for the same-keys test. */
export const messageSets: readonly Messages[] = all;
