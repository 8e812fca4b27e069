import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const workbenchRoutes: ScreenRoute[] = [
  { path: '/workSurface/index', component: lazy(() => import('./WorkSurface')) },
];
