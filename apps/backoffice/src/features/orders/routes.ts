import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

const AddOrder = lazy(() => import('./AddOrder'));

export const orderRoutes: ScreenRoute[] = [
  { path: '/students/order', component: AddOrder },
  { path: '/students/payInstallment', component: AddOrder },
  { path: '/students/createPay', component: lazy(() => import('./CreatePay')) },
  { path: '/students/editPay', component: lazy(() => import('./EditPay')) },
  { path: '/students/reconciliationOrder', component: lazy(() => import('./ReconciliationOrder')) },
  { path: '/financial/payApproval', component: lazy(() => import('./PayApproval')) },
  { path: '/financial/orderDetails', component: lazy(() => import('./OrderDetails')) },
  { path: '/financial/funderReceivable', component: lazy(() => import('./FunderReceivable')) },
  { path: '/students/payDetail', component: lazy(() => import('./PayDetail')) },
  { path: '/students/returnPremium', component: lazy(() => import('./ReturnPremium')) },
  {
    path: '/financial/refundApproval',
    component: lazy(() => import('./RefundApprovals').then((m) => ({ default: m.RefundApproval }))),
  },
  {
    path: '/financial/adjustApproval',
    component: lazy(() => import('./RefundApprovals').then((m) => ({ default: m.AdjustApproval }))),
  },
];
