// The term bill's state machine (docs/decisions.md "Term bills"): filed pending, then its approval's
// pass, reject or withdrawal moves it; every move asks `TERM_BILL_MACHINE.nextCode`.
import { defineCodedStateMachine } from '../../shared/stateMachine.js';

export const TERM_BILL_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '分期', en: 'term bill' },
  field: 'status',
  codes: { pending: 10, active: 20, rejected: 30, cancelled: 40 },
  names: { pending: '待审批', active: '已生效', rejected: '已驳回', cancelled: '已撤回' },
  rules: {
    /** The instalment application's approval passed. */
    approve: { from: ['pending'], to: 'active', who: ['approver'] },
    reject: { from: ['pending'], to: 'rejected', who: ['approver'] },
    /** The requester withdrew the application. */
    cancel: { from: ['pending'], to: 'cancelled', who: ['requester'] },
  },
});
/** Bill status codes: 10 pending, 20 active, 30 rejected, 40 cancelled. */
export const TB = TERM_BILL_MACHINE.code;

/** Term statuses (read from the pay record, not stored): 10 unpaid, 15 paid awaiting confirmation, 20 paid. */
export const TERM_UNPAID = 10;
export const TERM_PAYING = 15;
export const TERM_PAID = 20;

/** Installment plan status codes: 1 enabled (offered on applications), 0 disabled. */
export const PLAN_ENABLED = 1;
