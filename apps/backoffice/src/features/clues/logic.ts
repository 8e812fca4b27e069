// Pure rules of the clue screens: state colours, which buttons the detail shows for the server's
// allowed actions, relative times and the follow-up draft kept in localStorage.
import type { TClueState } from './types';
import type { Tone } from '@bo/ui-kit';

/** Badge colour of each clue state: working blue/green, waiting amber, closed grey/red. */
export const STATE_TONE: Record<TClueState, Tone> = {
  pool: 'info',
  following: 'blue',
  visit_scheduled: 'brand',
  visited: 'green',
  assessed: 'green',
  converted: 'success',
  transfer_pending: 'warning',
  abandon_pending: 'warning',
  invalid_pending: 'warning',
  high_sea: 'orange',
  invalid: 'danger',
  merged: 'grey',
};

/** The buttons of the clue detail, in display order. */
export type DetailAction =
  | 'follow'
  | 'transfer'
  | 'toDirector'
  | 'scheduleVisit'
  | 'confirmVisit'
  | 'assess'
  | 'convert'
  | 'abandon'
  | 'invalid'
  | 'highSeaReject'
  | 'channel';

/** Which server action (states.ts TRANSITIONS key, from the detail's `actions`) enables each button. */
const NEEDS: Record<DetailAction, readonly string[]> = {
  follow: ['follow'],
  transfer: ['transferRequest', 'transferDirect'],
  toDirector: ['submitToDirector'],
  scheduleVisit: ['scheduleVisit'],
  confirmVisit: ['confirmVisit'],
  assess: ['assess'],
  convert: ['convert'],
  abandon: ['abandonRequest'],
  invalid: ['invalidRequest'],
  highSeaReject: ['highSeaReject'],
  // Channel and contacts are editable while the clue is worked (the follow right stands for it).
  channel: ['follow'],
};

const ORDER: readonly DetailAction[] = [
  'follow',
  'scheduleVisit',
  'confirmVisit',
  'assess',
  'convert',
  'transfer',
  'toDirector',
  'channel',
  'abandon',
  'invalid',
  'highSeaReject',
];

/**
 * The detail buttons the caller may use, from the server's allowed actions (never guessed from the state).
 * @example detailActions(['follow', 'transferRequest']) // ['follow', 'transfer', 'channel']
 */
export function detailActions(allowed: readonly string[]): DetailAction[] {
  const set = new Set(allowed);
  return ORDER.filter((a) => NEEDS[a].some((n) => set.has(n)));
}

/** Units of relativeTime, largest first: seconds per unit, zh-CN word, English singular and plural. */
const RELATIVE_UNITS: readonly (readonly [number, string, string, string])[] = [
  [86400 * 365, '年', 'year', 'years'],
  [86400 * 30, '个月', 'month', 'months'],
  [86400, '天', 'day', 'days'],
  [3600, '小时', 'h', 'h'],
  [60, '分钟', 'min', 'min'],
];

/**
 * A short relative time, always relative (a column or feed never mixes "5天前" with a date):
 * 'just now', '5 min ago', 'in 2 h', '3 days ago', '2 months ago', '1 year ago'.
 * @example relativeTime('2026-01-01T00:00:00Z', new Date('2026-01-01T00:05:00Z'), 'en') // '5 min ago'
 */
export function relativeTime(iso: string | null | undefined, now: Date, locale: 'zh-CN' | 'en'): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const diff = at.getTime() - now.getTime();
  const past = diff <= 0;
  const s = Math.abs(diff) / 1000;
  const zh = locale === 'zh-CN';
  for (const [secs, zhUnit, one, many] of RELATIVE_UNITS) {
    if (s < secs) continue;
    const n = Math.floor(s / secs);
    if (zh) return `${n}${zhUnit}${past ? '前' : '后'}`;
    const unit = n === 1 ? one : many;
    return past ? `${n} ${unit} ago` : `in ${n} ${unit}`;
  }
  return zh ? '刚刚' : 'just now';
}

/** 'YYYY-MM-DD HH:mm' in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A datetime-local input value ('YYYY-MM-DDTHH:mm') as ISO, or null when empty or invalid. */
export function localInputToIso(v: string): string | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The unsaved follow-up of a clue. */
export interface FollowDraft {
  content: string;
  nextVisitAt: string;
  intentionLevel: string;
}

export const EMPTY_DRAFT: FollowDraft = { content: '', nextVisitAt: '', intentionLevel: '' };

/** Reads a draft (a broken or missing entry gives the empty draft). */
export function readDraft(storage: Pick<Storage, 'getItem'>, key: string): FollowDraft {
  try {
    const raw = storage.getItem(key);
    if (!raw) return EMPTY_DRAFT;
    const v = JSON.parse(raw) as Partial<FollowDraft>;
    return {
      content: typeof v.content === 'string' ? v.content : '',
      nextVisitAt: typeof v.nextVisitAt === 'string' ? v.nextVisitAt : '',
      intentionLevel: typeof v.intentionLevel === 'string' ? v.intentionLevel : '',
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps a draft; an empty one removes the entry (nothing to restore). */
export function writeDraft(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  key: string,
  d: FollowDraft,
): void {
  try {
    if (!d.content && !d.nextVisitAt && !d.intentionLevel) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(d));
  } catch {
    /* storage full or blocked: the draft is only a convenience */
  }
}

/**
 * The quality total of a call: the rounded mean of its item scores (as the server computes it).
 * @example qualityTotal([80, 90, 75]) // 82
 */
export function qualityTotal(scores: readonly number[]): number {
  if (scores.length === 0) return 0;
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

/**
 * Where "add order" of a clue leads: a clue pays before it is a student (the order screen creates
 * both); a converted one renews on its student. The detail's link and the list's row action share it.
 */
export function clueOrderPath(c: { clueId: number; studentCode: string | null }): string {
  return c.studentCode
    ? `/students/order?studentCode=${encodeURIComponent(c.studentCode)}`
    : `/students/order?clueId=${c.clueId}`;
}
