import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const staffRoutes: ScreenRoute[] = [{ path: '/staff/list', component: lazy(() => import('./List')) }];
