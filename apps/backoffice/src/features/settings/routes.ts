import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const settingsRoutes: ScreenRoute[] = [
  { path: '/setting/campus', component: lazy(() => import('./Campus')) },
];
