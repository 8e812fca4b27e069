// The income order state machine (docs/order-states.md): every command asks the machine before it writes.
import { defineStateMachine } from '../../shared/stateMachine.js';

export type OrderState =
  'awaitingGiveaway' | 'unpaid' | 'partPaid' | 'awaitingApproval' | 'effective' | 'closed' | 'revoked';
export type OrderAction =
  | 'edit'
  | 'pay'
  | 'payInFull'
  | 'updatePay'
  | 'approve'
  | 'reject'
  | 'revoke'
  | 'revokeApproval'
  | 'close'
  | 'reopen'
  | 'askGiveaway'
  | 'giveawayPass'
  | 'giveawayEffective'
  | 'giveawayReject';
/** Who fires an action: the campus's order staff, finance (records, approvals), the ledger (system). */
export type OrderActor = 'staff' | 'finance' | 'approver' | 'system';

export const ORDER_STATUS_CODE: Record<OrderState, number> = {
  awaitingGiveaway: 5,
  unpaid: 10,
  partPaid: 20,
  awaitingApproval: 30,
  effective: 40,
  closed: 50,
  revoked: 90,
};
const BY_CODE = new Map(Object.entries(ORDER_STATUS_CODE).map(([s, c]) => [c, s as OrderState]));
/** The state of a stored status code (an unknown code is a bug, not a user error). */
export function stateOf(code: number): OrderState {
  const s = BY_CODE.get(code);
  if (!s) throw new Error(`unknown order status ${code}`);
  return s;
}

export const ORDER_STATE_NAMES: Record<OrderState, string> = {
  awaitingGiveaway: '待赠送审批',
  unpaid: '待付款',
  partPaid: '部分付款',
  awaitingApproval: '待审批',
  effective: '已生效',
  closed: '已结清',
  revoked: '已撤销',
};
export const statusName = (code: number) => ORDER_STATE_NAMES[stateOf(code)];

export const ORDER_MACHINE = defineStateMachine<OrderState, OrderAction, OrderActor>({
  subject: { 'zh-CN': '订单', en: 'order' },
  field: 'status',
  names: ORDER_STATE_NAMES,
  rules: {
    edit: { from: ['unpaid'], to: 'same', who: ['staff'] },
    /** A pay record that leaves part of the payable open. */
    pay: { from: ['unpaid', 'partPaid'], to: 'partPaid', who: ['staff', 'finance'] },
    /** A pay record that makes the records cover the payable exactly: the payment approval is filed. */
    payInFull: {
      from: ['unpaid', 'partPaid'],
      to: 'awaitingApproval',
      who: ['staff', 'finance'],
      approval: true,
    },
    /** A pending record corrected before the approval is filed. */
    updatePay: { from: ['unpaid', 'partPaid'], to: 'same', who: ['staff', 'finance'] },
    approve: { from: ['awaitingApproval'], to: 'effective', who: ['approver'] },
    /** Back to unpaid or part paid by what is still confirmed ('previous' is computed by the caller). */
    reject: { from: ['awaitingApproval'], to: 'previous', who: ['approver'] },
    revoke: {
      from: ['awaitingGiveaway', 'unpaid', 'partPaid', 'awaitingApproval'],
      to: 'revoked',
      who: ['staff'],
    },
    /** An edit put gift hours or a manual discount above the caller's limit: the campus head decides. */
    askGiveaway: { from: ['unpaid'], to: 'awaitingGiveaway', who: ['staff'], approval: true },
    /** The campus head approved the give-away: the order can be paid. */
    giveawayPass: { from: ['awaitingGiveaway'], to: 'unpaid', who: ['approver'] },
    /** A scholarship (payable 0) approved: effective without a payment, its hours posted. */
    giveawayEffective: { from: ['awaitingGiveaway'], to: 'effective', who: ['approver'] },
    /** The give-away refused (or withdrawn by the consultant): the order is revoked. */
    giveawayReject: { from: ['awaitingGiveaway'], to: 'revoked', who: ['approver', 'staff'] },
    /** The engine's revoke of the payment approval, while nothing was consumed or refunded. */
    revokeApproval: { from: ['effective'], to: 'revoked', who: ['approver'] },
    /** The ledger balance of every item reached zero (consumed or refunded). */
    close: { from: ['effective'], to: 'closed', who: ['system'] },
    /** A reversal brought hours back to a closed order. */
    reopen: { from: ['closed'], to: 'effective', who: ['system'] },
  },
});

/** The status code after `action` from the stored code (422 naming both when not allowed). */
export function nextStatus(action: OrderAction, code: number, previous?: OrderState): number {
  return ORDER_STATUS_CODE[ORDER_MACHINE.next(action, stateOf(code), previous ?? null)];
}
