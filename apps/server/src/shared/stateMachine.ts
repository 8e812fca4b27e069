// One way to declare a record's state machine (clues, resources, orders, lessons, term bills,
// approval requests, salary periods …): a transition table as data, the 422 that names the action and the state, and the row rules
// every move follows — lock the row, check the version the command read, update on that version.
import { ruleViolation, notFound, staleVersion } from '../http/errors.js';

export interface StateRule<S extends string, W extends string> {
  from: readonly S[];
  /** The target; 'same' keeps the state, 'previous' returns to the state saved when a request was filed. */
  to: S | 'same' | 'previous';
  /** Who may fire the action (the slice decides what each name means for a user and a record). */
  who: readonly W[];
  /** True when the action only files a request that an approver decides. */
  approval?: boolean;
}

export interface StateMachine<S extends string, A extends string, W extends string> {
  readonly rules: Readonly<Record<A, StateRule<S, W>>>;
  readonly names: Readonly<Record<S, string>>;
  /** The state after `action` from `from`, or a 422 naming both (and where the action is allowed from). */
  next: (action: A, from: S, previous?: S | null) => S;
  /** Whether the action is allowed from the state (no throw). */
  can: (action: A, from: S) => boolean;
  /** The actions allowed from the state whose `who` the caller plays. */
  allowed: (from: S, plays: (who: readonly W[]) => boolean) => A[];
}

/**
 * Declares a machine.
 * @example
 * const m = defineStateMachine({ subject: { 'zh-CN': '资源', en: 'resource' }, field: 'status',
 *   names: { new: '新资源', sent: '已下发' }, rules: { send: { from: ['new'], to: 'sent', who: ['owner'] } } });
 * m.next('send', 'new') // 'sent'; m.next('send', 'sent') throws 422 naming "send" and "sent"
 */
export function defineStateMachine<S extends string, A extends string, W extends string>(o: {
  subject: { 'zh-CN': string; en: string };
  /** The field a refusal names (e.g. 'flowState'). */
  field: string;
  names: Record<S, string>;
  rules: Record<A, StateRule<S, W>>;
}): StateMachine<S, A, W> {
  const rule = (a: A): StateRule<S, W> => o.rules[a];
  return {
    rules: o.rules,
    names: o.names,
    next: (action, from, previous) => {
      const r = rule(action);
      if (!r.from.includes(from))
        throw ruleViolation(
          `${o.subject['zh-CN']}当前状态「${o.names[from]}」不允许此操作 / action "${action}" is not allowed on a ${o.subject.en} in state "${from}" (allowed from: ${r.from.join(', ')})`,
          o.field,
        );
      if (r.to === 'same') return from;
      if (r.to === 'previous') return previous ?? from;
      return r.to;
    },
    can: (action, from) => rule(action).from.includes(from),
    allowed: (from, plays) =>
      (Object.keys(o.rules) as A[]).filter((a) => rule(a).from.includes(from) && plays(rule(a).who)),
  };
}

export interface CodedStateMachine<S extends string, A extends string, W extends string> extends StateMachine<
  S,
  A,
  W
> {
  /** The stored code of each state. */
  readonly code: Readonly<Record<S, number>>;
  /** The state of a stored code (an unknown code is a bug, not a user error). */
  stateOf: (code: number) => S;
  /** The stored code after `action` from a stored code, or the machine's 422 naming both. */
  nextCode: (action: A, from: number, previous?: number | null) => number;
  /** Whether the action is allowed from the stored code (no throw). */
  canCode: (action: A, from: number) => boolean;
}

/**
 * Declares a machine over a status column that stores numeric codes (the spec's 10 / 90 …): the same
 * table as `defineStateMachine`, plus the code of each state (`aliases`: further codes read as a state,
 * e.g. an approval's legacy 15 read as passed).
 * @example
 * const m = defineCodedStateMachine({ subject: { 'zh-CN': '课程', en: 'lesson' }, field: 'status',
 *   codes: { scheduled: 10, cancelled: 90 }, names: { scheduled: '正常', cancelled: '已取消' },
 *   rules: { cancel: { from: ['scheduled'], to: 'cancelled', who: ['staff'] } } });
 * m.nextCode('cancel', 10) // 90; m.nextCode('cancel', 90) throws 422 naming "cancel" and "cancelled"
 */
export function defineCodedStateMachine<S extends string, A extends string, W extends string>(o: {
  subject: { 'zh-CN': string; en: string };
  field: string;
  codes: Record<S, number>;
  aliases?: Readonly<Record<number, S>>;
  names: Record<S, string>;
  rules: Record<A, StateRule<S, W>>;
}): CodedStateMachine<S, A, W> {
  const m = defineStateMachine<S, A, W>(o);
  const byCode = new Map<number, S>(Object.entries(o.aliases ?? {}).map(([c, s]) => [Number(c), s as S]));
  for (const [s, c] of Object.entries(o.codes) as [S, number][]) byCode.set(c, s);
  const stateOf = (code: number): S => {
    const s = byCode.get(code);
    if (s === undefined) throw new Error(`unknown ${o.subject.en} ${o.field} ${code}`);
    return s;
  };
  return {
    ...m,
    code: o.codes,
    stateOf,
    nextCode: (action, from, previous) =>
      o.codes[
        m.next(action, stateOf(from), previous === null || previous === undefined ? null : stateOf(previous))
      ],
    canCode: (action, from) => byCode.has(from) && m.can(action, stateOf(from)),
  };
}

/**
 * Loads one row for a move, locked until the transaction ends (`select … for update`); 404 naming
 * `what` (and `field`, the body/query field that sent the key) when there is none. Pass the select
 * without awaiting it.
 */
export async function lockOne<T>(
  q: { for: (strength: 'update') => PromiseLike<T[]> },
  what: string,
  field?: string,
): Promise<T> {
  const [row] = await q.for('update');
  if (!row) throw notFound(what, field);
  return row;
}

/** The version a command sent must still be the row's (409 otherwise). */
export function checkVersion(current: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== current) throw staleVersion();
}
