import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

const plans = () => import('./InstallmentPlans');
const repayments = () => import('./Repayments');

export const billingRoutes: ScreenRoute[] = [
  { path: '/financial/account', component: lazy(() => import('./Account')) },
  { path: '/students/transfer', component: lazy(() => import('./Transfer')) },
  {
    path: '/newDiscount/installment',
    component: lazy(() => plans().then((m) => ({ default: m.InstallmentPlanList }))),
  },
  {
    path: '/newDiscount/addInstallment',
    component: lazy(() => plans().then((m) => ({ default: m.AddInstallmentPlan }))),
  },
  {
    path: '/newDiscount/detailInstallment',
    component: lazy(() => plans().then((m) => ({ default: m.InstallmentPlanDetail }))),
  },
  {
    path: '/financial/approvalRepayment',
    component: lazy(() => repayments().then((m) => ({ default: m.RepaymentApprovals }))),
  },
  {
    path: '/financial/approvalRepaymentDetail/:id',
    component: lazy(() => repayments().then((m) => ({ default: m.RepaymentApprovalDetail }))),
  },
  {
    path: '/financial/installmentDetails/:id',
    component: lazy(() => repayments().then((m) => ({ default: m.InstallmentDetails }))),
  },
];
