import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const settingsRoutes: ScreenRoute[] = [
  { path: '/setting/campus', component: lazy(() => import('./Campus')) },
  { path: '/setting/course', component: lazy(() => import('./Course')) },
  { path: '/setting/finance', component: lazy(() => import('./Finance')) },
  { path: '/setting/clues', component: lazy(() => import('./Clues')) },
  { path: '/setting/operate', component: lazy(() => import('./Operate')) },
  { path: '/setting/operateManager', component: lazy(() => import('./OperateManager')) },
];
