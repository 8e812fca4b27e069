import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

const approvals = () => import('./ApprovalScreens');
const agreements = () => import('./Agreements');

export const serviceRoutes: ScreenRoute[] = [
  { path: '/students/askLeave', component: lazy(() => import('./AskLeave')) },
  { path: '/students/askRepair', component: lazy(() => import('./AskRepair')) },
  { path: '/students/refundApply', component: lazy(() => import('./RefundApply')) },
  {
    path: '/financial/approvalAskLeave',
    component: lazy(() => approvals().then((m) => ({ default: m.ApprovalAskLeave }))),
  },
  {
    path: '/financial/approvalAskRepair',
    component: lazy(() => approvals().then((m) => ({ default: m.ApprovalAskRepair }))),
  },
  {
    path: '/financial/restApproval',
    component: lazy(() => approvals().then((m) => ({ default: m.RestApproval }))),
  },
  { path: '/financial/transferSchool', component: lazy(() => import('./TransferSchool')) },
  { path: '/financial/emergency', component: lazy(() => import('./Emergency')) },
  { path: '/financial/invoice', component: lazy(() => import('./Invoice')) },
  {
    path: '/financial/recoveredAgree',
    component: lazy(() => agreements().then((m) => ({ default: m.RecoveredAgree }))),
  },
  {
    path: '/financial/supplementAgree',
    component: lazy(() => agreements().then((m) => ({ default: m.SupplementAgree }))),
  },
  {
    path: '/financial/amountSupplement',
    component: lazy(() => agreements().then((m) => ({ default: m.AmountSupplement }))),
  },
  {
    path: '/financial/validityDate',
    component: lazy(() => agreements().then((m) => ({ default: m.ValidityDate }))),
  },
];
