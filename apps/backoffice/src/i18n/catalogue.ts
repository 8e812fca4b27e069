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

const all: Messages[] = [
  shellMessages,
  homeMessages,
  operationMessages,
  settingsMessages,
  clueMessages,
  clueAnalysisMessages,
  systemMessages,
];

function merge(locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of all) Object.assign(out, m[locale]);
  return out;
}

export const catalogue: Record<Locale, Record<string, string>> = { 'zh-CN': merge('zh-CN'), en: merge('en') };

/** Every message set, for the same-keys test. */
export const messageSets: readonly Messages[] = all;
