import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const homeRoutes: ScreenRoute[] = [{ path: '/home', component: lazy(() => import('./Home')) }];
