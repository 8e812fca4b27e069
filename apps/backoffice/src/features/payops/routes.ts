import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const payopsRoutes: ScreenRoute[] = [
  { path: '/staffsalary/snapshot', component: lazy(() => import('./Snapshot')) },
  { path: '/staffsalary/snapshotDetail', component: lazy(() => import('./SnapshotDetail')) },
  { path: '/staffsalary/dataSealing', component: lazy(() => import('./DataSealing')) },
  { path: '/financial/classConfirm', component: lazy(() => import('./ClassConfirm')) },
  { path: '/financial/dataExport', component: lazy(() => import('./DataExport')) },
];
