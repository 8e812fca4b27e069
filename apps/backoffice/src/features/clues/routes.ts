import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

// /clues/analyseClue and /clues/recommendStatic belong to the clue-analysis screens (features/clues/analysis).
export const clueRoutes: ScreenRoute[] = [
  { path: '/clues/clueList', component: lazy(() => import('./ClueList')) },
  { path: '/clues/schoolClues', component: lazy(() => import('./SchoolClues')) },
  { path: '/clues/disCluelist', component: lazy(() => import('./DisCluelist')) },
  { path: '/clues/cluePublic', component: lazy(() => import('./CluePublic')) },
  { path: '/clues/invalidClue', component: lazy(() => import('./InvalidClue')) },
  { path: '/clues/clueDetail', component: lazy(() => import('./ClueDetail')) },
  { path: '/clues/taskCenter', component: lazy(() => import('./TaskCenter')) },
];
