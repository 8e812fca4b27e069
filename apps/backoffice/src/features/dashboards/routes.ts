import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const dashboardRoutes: ScreenRoute[] = [
  { path: '/dataStatistics/index', component: lazy(() => import('./AdvanceOverview')) },
  { path: '/dataStatistics/revenueGM', component: lazy(() => import('./RevenueOverview')) },
  { path: '/dataStatistics/incomeGM', component: lazy(() => import('./IncomeGM')) },
  { path: '/dataStatistics/grossProfit', component: lazy(() => import('./GrossProfit')) },
  { path: '/dataStatistics/operationEffect', component: lazy(() => import('./OperationEffect')) },
  { path: '/dataStatistics/orderPeriod', component: lazy(() => import('./OrderPeriod')) },
  { path: '/dataStatistics/centerData', component: lazy(() => import('./CenterData')) },
  { path: '/dataStatistics/studentsGM', component: lazy(() => import('./StudentsOverview')) },
  { path: '/dataStatistics/class', component: lazy(() => import('./ClassStatistics')) },
  { path: '/dataStatistics/usedClassRate', component: lazy(() => import('./UsedClassRate')) },
  { path: '/dataStatistics/arrivalRate', component: lazy(() => import('./ArrivalRate')) },
  { path: '/dataStatistics/saturationRate', component: lazy(() => import('./SaturationRate')) },
  { path: '/dataStatistics/effectiveness', component: lazy(() => import('./Effectiveness')) },
  { path: '/dataStatistics/personal', component: lazy(() => import('./Personal')) },
];
