import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const systemRoutes: ScreenRoute[] = [
  { path: '/setting/systemUsers', component: lazy(() => import('./SystemUsers')) },
  { path: '/setting/roleAuthorization', component: lazy(() => import('./RoleAuthorization')) },
];
