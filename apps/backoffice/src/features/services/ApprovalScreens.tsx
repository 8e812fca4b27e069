// /financial/approvalAskLeave, approvalAskRepair, restApproval: the service kinds on the one
// approval screen (the list opens on what the caller may decide now).
import { ApprovalScreen } from '../orders/approvalScreen';
import { absenceApprovalDef, leaveApprovalDef, makeupApprovalDef } from './approvals';

export function ApprovalAskLeave() {
  return <ApprovalScreen def={leaveApprovalDef} />;
}
export function ApprovalAskRepair() {
  return <ApprovalScreen def={makeupApprovalDef} />;
}
export function RestApproval() {
  return <ApprovalScreen def={absenceApprovalDef} />;
}
