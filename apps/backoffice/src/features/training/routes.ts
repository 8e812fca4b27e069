import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const trainingRoutes: ScreenRoute[] = [
  { path: '/staffsalary/trainingManagement', component: lazy(() => import('./TrainingManagement')) },
];
