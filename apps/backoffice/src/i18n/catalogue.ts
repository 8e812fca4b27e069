// The catalogue per language: the shell's messages (what /login and the frame show) from the start,
// each feature's merged in when one of its screens first opens (features/index.ts declares which
// sets a feature needs; app/registry.ts loads them before the screen renders). The first page then
// carries only the shell's texts, not every feature's. The sets below are imported as types only:
// they make the key union `t()` checks, and cost the first page nothing.
import type { Locale } from './locale';
import type { Messages } from './types';
import { shellMessages } from '../features/shell/messages';
import type { listMessages } from '../app/list/messages';
import type { masterMessages } from '../app/masterMessages';
import type { homeMessages } from '../features/home/messages';
import type { operationMessages } from '../features/operation/messages';
import type { settingsMessages } from '../features/settings/messages';
import type { clueMessages } from '../features/clues/messages';
import type { clueAnalysisMessages } from '../features/clueAnalysis/messages';
import type { dashboardMessages } from '../features/dashboards/messages';
import type { reportMessages } from '../features/reports/messages';
import type { systemMessages } from '../features/system/messages';
import type { payMessages } from '../features/orders/payMessages';
import type { callsMessages } from '../features/calls/messages';
import type { studentMessages } from '../features/students/messages';
import type { orderMessages } from '../features/orders/messages';
import type { teachingMessages } from '../features/teaching/messages';
import type { billingMessages } from '../features/billing/messages';
import type { serviceMessages } from '../features/services/messages';
import type { productMessages } from '../features/products/messages';
import type { promotionMessages } from '../features/promotions/messages';
import type { payrollMessages } from '../features/payroll/messages';
import type { trainingMessages } from '../features/training/messages';
import type { payopsMessages } from '../features/payops/messages';

type AllSets =
  | typeof shellMessages
  | typeof listMessages
  | typeof masterMessages
  | typeof homeMessages
  | typeof operationMessages
  | typeof settingsMessages
  | typeof clueMessages
  | typeof clueAnalysisMessages
  | typeof dashboardMessages
  | typeof reportMessages
  | typeof systemMessages
  | typeof payMessages
  | typeof callsMessages
  | typeof studentMessages
  | typeof orderMessages
  | typeof billingMessages
  | typeof teachingMessages
  | typeof serviceMessages
  | typeof productMessages
  | typeof promotionMessages
  | typeof payrollMessages
  | typeof trainingMessages
  | typeof payopsMessages;

type KeysOf<M> = M extends Messages<infer K> ? K : never;
/** Every message key of the app: `t()` takes only these. */
export type MessageKey = KeysOf<AllSets>;

export type Catalogue = Readonly<Record<Locale, Readonly<Partial<Record<MessageKey, string>>>>>;

let current: Catalogue = { 'zh-CN': {}, en: {} };
const listeners = new Set<() => void>();

/** Merges message sets into the catalogue (a set added twice changes nothing). */
export function addMessages(...sets: readonly Messages[]): void {
  let zh = current['zh-CN'];
  let en = current.en;
  for (const m of sets) {
    zh = { ...zh, ...m['zh-CN'] };
    en = { ...en, ...m.en };
  }
  // A new object each time: the provider's `t` changes with it, so what already shows re-renders.
  current = { 'zh-CN': zh, en };
  listeners.forEach((f) => f());
}

/** The catalogue as it is now. */
export const getCatalogue = (): Catalogue => current;

export function subscribeCatalogue(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** A key built at run time (a code from the server) that may have no message (in the loaded sets). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(current['zh-CN'], key);
}

/** Loads a message set once (loaders are the features' `() => import('./messages')`). */
export type MessagesLoader = () => Promise<Messages>;
const loading = new Map<MessagesLoader, Promise<void>>();

export function loadMessages(loaders: readonly MessagesLoader[]): Promise<void> {
  return Promise.all(
    loaders.map((load) => {
      let p = loading.get(load);
      if (!p) {
        // A failed download (a new deployment, a dropped connection) is tried again next time.
        p = load().then(addMessages, (e: unknown) => {
          loading.delete(load);
          throw e;
        });
        loading.set(load, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

addMessages(shellMessages);
