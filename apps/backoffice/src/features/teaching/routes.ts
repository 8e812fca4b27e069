import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const teachingRoutes: ScreenRoute[] = [
  { path: '/education/classTable', component: lazy(() => import('./ClassTable')) },
  { path: '/financial/studentClass', component: lazy(() => import('./StudentClass')) },
];
