import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const settingsRoutes: ScreenRoute[] = [
  { path: '/setting/campus', component: lazy(() => import('./Campus')) },
  { path: '/setting/course', component: lazy(() => import('./Course')) },
  { path: '/setting/employees', component: lazy(() => import('./Employees')) },
  { path: '/setting/salary', component: lazy(() => import('./Salary')) },
  { path: '/setting/finance', component: lazy(() => import('./Finance')) },
  { path: '/setting/clues', component: lazy(() => import('./Clues')) },
  { path: '/setting/operate', component: lazy(() => import('./Operate')) },
  { path: '/setting/operateManager', component: lazy(() => import('./OperateManager')) },
  { path: '/setting/courseAuthorization', component: lazy(() => import('./CourseAuthorization')) },
  { path: '/setting/revenueCost', component: lazy(() => import('./RevenueCost')) },
  { path: '/setting/dayOfreset', component: lazy(() => import('./DayOfreset')) },
];
