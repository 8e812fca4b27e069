import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

const Caselife = lazy(() => import('./Caselife'));

export const studentRoutes: ScreenRoute[] = [
  { path: '/students/createStudent', component: lazy(() => import('./CreateStudent')) },
  { path: '/students/editStudent', component: lazy(() => import('./EditStudent')) },
  { path: '/students/studentDetail', component: lazy(() => import('./StudentDetail')) },
  { path: '/students/list', component: lazy(() => import('./StudentList')) },
  { path: '/students/studentManagersOperate', component: lazy(() => import('./StudentManagersOperate')) },
  { path: '/students/followUp', component: lazy(() => import('./FollowUp')) },
  { path: '/students/renewal', component: lazy(() => import('./Renewal')) },
  { path: '/students/caselife', component: Caselife },
  // The same screen under the finance menu (spec §2 lists caselife in both groups).
  { path: '/financial/caselife', component: Caselife },
];
