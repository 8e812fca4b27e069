import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const operationRoutes: ScreenRoute[] = [
  { path: '/operation/feedback', component: lazy(() => import('./Feedback')) },
];
