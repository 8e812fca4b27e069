import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

const area = (
  name: 'Frontline' | 'Emergency' | 'Expert' | 'Execsupervision' | 'Consult' | 'Growth' | 'Center',
) => lazy(() => import('./Area').then((m) => ({ default: m[name] })));

export const payrollRoutes: ScreenRoute[] = [
  { path: '/staffsalary/frontline', component: area('Frontline') },
  { path: '/staffsalary/emergency', component: area('Emergency') },
  { path: '/staffsalary/expert', component: area('Expert') },
  { path: '/staffsalary/execsupervision', component: area('Execsupervision') },
  { path: '/staffsalary/consult', component: area('Consult') },
  { path: '/staffsalary/growth', component: area('Growth') },
  { path: '/staffsalary/center', component: area('Center') },
  { path: '/staffsalary/manage', component: lazy(() => import('./Manage')) },
  { path: '/staffsalary/kjbonus', component: lazy(() => import('./Kjbonus')) },
  { path: '/staffsalary/courseimport', component: lazy(() => import('./CourseImport')) },
  { path: '/staffsalary/courseexport', component: lazy(() => import('./CourseExport')) },
  { path: '/staff/payStatistics', component: lazy(() => import('./PayStatistics')) },
];
