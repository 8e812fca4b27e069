import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const clueAnalysisRoutes: ScreenRoute[] = [
  { path: '/clues/analyseClue', component: lazy(() => import('./AnalyseClue')) },
  { path: '/clues/recommendStatic', component: lazy(() => import('./RecommendStatic')) },
];
