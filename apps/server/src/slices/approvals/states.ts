// The approval request's state machine (docs/approvals.md): the engine's decide, cancel, revoke and
// close ask `APPROVAL_MACHINE.nextCode` for the status they write. The codes are @bo/domain's
// APPROVAL_CODE (the legacy pass code 15 is read as passed).
import { APPROVAL_CODE } from '@bo/domain';
import { defineCodedStateMachine } from '../../shared/stateMachine.js';

export const APPROVAL_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '审批申请', en: 'approval request' },
  field: 'status',
  codes: {
    waiting: APPROVAL_CODE.WAIT,
    inApproval: APPROVAL_CODE.DEFAULT,
    passed: APPROVAL_CODE.PASS,
    rejected: APPROVAL_CODE.REJECT,
    revoked: APPROVAL_CODE.REVOKE,
    cancelled: APPROVAL_CODE.CANCEL,
  },
  aliases: { 15: 'passed' },
  names: {
    waiting: '待审批',
    inApproval: '审批中',
    passed: '已通过',
    rejected: '已驳回',
    revoked: '已撤销',
    cancelled: '已取消',
  },
  rules: {
    /** A step passed (or one approver of an all-of step) and another step or approver remains. */
    passStep: { from: ['waiting', 'inApproval'], to: 'inApproval', who: ['approver'] },
    /** The last step passed: the kind's onPass runs. */
    pass: { from: ['waiting', 'inApproval'], to: 'passed', who: ['approver'] },
    reject: { from: ['waiting', 'inApproval'], to: 'rejected', who: ['approver'] },
    /** The requester withdraws an open request. */
    cancel: { from: ['waiting', 'inApproval'], to: 'cancelled', who: ['requester'] },
    /** An approved request undone where its kind allows it. */
    revoke: { from: ['passed'], to: 'revoked', who: ['approver'] },
    /** The owning slice closes an open request without its hooks (an administrator's correction). */
    close: { from: ['waiting', 'inApproval'], to: 'rejected', who: ['system'] },
  },
});
