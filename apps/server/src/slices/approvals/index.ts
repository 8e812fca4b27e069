// The approval engine's public face: other slices register kinds, file and close requests, and read
// "my pending decisions" through these names only (docs/approvals.md).
export {
  approvalKindLabel,
  registerApprovalKind,
  type ApprovalKindDef,
  type HookContext,
  type RequestRecord,
} from './registry.js';
export {
  closeRequest,
  decidableBy,
  requestDetail,
  decide,
  cancel as cancelRequest,
  revoke as revokeRequest,
  fileRequest,
  holdsCampus,
  pendingCount,
  passedOtherSteps,
  pendingDecisions,
  whyNotDecide,
  type NewRequest,
} from './engine.js';
export { eligibleApprovers, type Approver } from './approvers.js';
/** The flows' command (a demo seed saves one as an administrator would on /setting/operate). */
export { savePolicy } from './policies.js';
export {
  approvalRequester,
  kindApprovalList,
  kindApprovalRow,
  kindApprovalWhere,
  withRequestFlow,
  type KindApprovalFilter,
  type KindApprovalListDef,
  type KindListQuery,
} from './lists.js';
export { approvalRequests, type StoredStep } from './tables.js';
export { approvalsHandlers } from './handlers.js';
export { APPROVAL_MACHINE } from './states.js';
