import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const billingRoutes: ScreenRoute[] = [
  { path: '/financial/account', component: lazy(() => import('./Account')) },
  { path: '/students/transfer', component: lazy(() => import('./Transfer')) },
];
