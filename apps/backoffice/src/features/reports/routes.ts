import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const reportRoutes: ScreenRoute[] = [
  { path: '/dataStatistics/courseRate', component: lazy(() => import('./CourseRate')) },
  { path: '/dataStatistics/caseConsumption', component: lazy(() => import('./CaseConsumption')) },
  {
    path: '/settlement/financeClassHour',
    component: lazy(() => import('./Settlement').then((m) => ({ default: m.FinanceClassHour }))),
  },
  {
    path: '/settlement/attendanceClassHour',
    component: lazy(() => import('./Settlement').then((m) => ({ default: m.AttendanceClassHour }))),
  },
  {
    path: '/settlement/projectClassHour',
    component: lazy(() => import('./Settlement').then((m) => ({ default: m.ProjectClassHour }))),
  },
  { path: '/dataRecovery/orderRecovery', component: lazy(() => import('./OrderRecovery')) },
];
