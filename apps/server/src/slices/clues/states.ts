// The clue state machine (docs/clue-states.md): every command asks `transition()` before it writes.
import { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import { defineStateMachine, type StateRule } from '../../shared/stateMachine.js';

const ClueStateSchema = contract.clues.detail.response.shape.flowState;
/** The clue states, as the contract declares them. */
export type ClueState = z.infer<typeof ClueStateSchema>;
export const CLUE_STATES: readonly ClueState[] = ClueStateSchema.options;

/** Who may fire an action: the clue's owner, a campus manager, an approver, the system, a super admin. */
export type Actor = 'owner' | 'manager' | 'approver' | 'anyone' | 'system' | 'admin';

/** A row of the transition table ('previous' returns to pendingFrom). */
export type TransitionRule = StateRule<ClueState, Actor>;

/** States in which a consultant works the clue (owned, not waiting for a decision). */
export const WORKING: readonly ClueState[] = ['following', 'visit_scheduled', 'visited', 'assessed'];
/** States that hold the phone number: a new clue with the same phone is refused. */
export const ACTIVE: readonly ClueState[] = CLUE_STATES.filter((s) => s !== 'invalid' && s !== 'merged');
/** Pending a decision. */
export const PENDING: readonly ClueState[] = ['transfer_pending', 'abandon_pending', 'invalid_pending'];

/** The transition table. Every command of the clues slice goes through it. */
export const TRANSITIONS = {
  distribute: { from: ['pool', 'high_sea', ...WORKING], to: 'following', who: ['manager'], approval: false },
  claim: { from: ['high_sea'], to: 'following', who: ['anyone'], approval: false },
  highSeaReject: { from: ['following'], to: 'high_sea', who: ['owner', 'manager'], approval: false },
  follow: { from: WORKING, to: 'same', who: ['owner', 'manager'], approval: false },
  transferDirect: { from: WORKING, to: 'same', who: ['manager'], approval: false },
  transferRequest: { from: WORKING, to: 'transfer_pending', who: ['owner', 'manager'], approval: true },
  submitToDirector: { from: WORKING, to: 'transfer_pending', who: ['owner', 'manager'], approval: true },
  transferApprove: { from: ['transfer_pending'], to: 'previous', who: ['approver'], approval: false },
  transferReject: { from: ['transfer_pending'], to: 'previous', who: ['approver'], approval: false },
  abandonRequest: { from: WORKING, to: 'abandon_pending', who: ['owner', 'manager'], approval: true },
  abandonApprove: { from: ['abandon_pending'], to: 'high_sea', who: ['approver'], approval: false },
  abandonReject: { from: ['abandon_pending'], to: 'previous', who: ['approver'], approval: false },
  invalidRequest: {
    from: ['pool', ...WORKING],
    to: 'invalid_pending',
    who: ['owner', 'manager'],
    approval: true,
  },
  invalidApprove: { from: ['invalid_pending'], to: 'invalid', who: ['approver'], approval: false },
  invalidReject: { from: ['invalid_pending'], to: 'previous', who: ['approver'], approval: false },
  /** The requester withdrew a pending request (POST /approval/cancel). */
  cancelRequest: { from: PENDING, to: 'previous', who: ['owner', 'manager'], approval: false },
  scheduleVisit: {
    from: ['following', 'visit_scheduled'],
    to: 'visit_scheduled',
    who: ['owner', 'manager'],
    approval: false,
  },
  confirmVisit: { from: ['visit_scheduled'], to: 'visited', who: ['owner', 'manager'], approval: false },
  assess: { from: ['visited', 'assessed'], to: 'assessed', who: ['owner', 'manager'], approval: false },
  convert: { from: ['visited', 'assessed'], to: 'converted', who: ['owner', 'manager'], approval: false },
  /** A clue payment (/incomeOrder/clue/create): paying makes the clue a student, whatever its working state. */
  payConvert: { from: WORKING, to: 'converted', who: ['owner', 'manager'], approval: false },
  recycle: { from: WORKING, to: 'high_sea', who: ['system'], approval: false },
  merge: {
    from: ACTIVE.filter((s) => s !== 'converted' && !PENDING.includes(s)),
    to: 'merged',
    who: ['manager'],
    approval: false,
  },
  correct: { from: CLUE_STATES, to: 'same', who: ['admin'], approval: false },
} satisfies Record<string, TransitionRule>;
export type ClueAction = keyof typeof TRANSITIONS;

export const STATE_NAMES: Record<ClueState, string> = {
  pool: '待分配',
  following: '跟进中',
  visit_scheduled: '已预约到访',
  visited: '已到访',
  assessed: '已评估',
  converted: '已转化',
  transfer_pending: '转移待审批',
  abandon_pending: '放弃待审批',
  invalid_pending: '无效待审批',
  high_sea: '公海',
  invalid: '无效',
  merged: '已合并',
};

/** The clue machine, declared on the shared helper (src/shared/stateMachine.ts). */
export const CLUE_MACHINE = defineStateMachine<ClueState, ClueAction, Actor>({
  subject: { 'zh-CN': '线索', en: 'clue' },
  field: 'flowState',
  names: STATE_NAMES,
  rules: TRANSITIONS,
});

/**
 * The state after `action` on a clue in `from`, or a 422 naming the action and the state.
 * @example transition('confirmVisit', 'visit_scheduled') // 'visited'
 */
export const transition = (action: ClueAction, from: ClueState, pendingFrom?: ClueState | null): ClueState =>
  CLUE_MACHINE.next(action, from, pendingFrom ?? 'following');

/** True when the action is allowed from the state (no throw). */
export const canTransition = (action: ClueAction, from: ClueState) => CLUE_MACHINE.can(action, from);
