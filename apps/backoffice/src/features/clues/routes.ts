import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

// /clues/analyseClue and /clues/recommendStatic belong to the clue-analysis screens (features/clues/analysis).
export const clueRoutes: ScreenRoute[] = [
  { path: '/clues/clueList', component: lazy(() => import('./ClueList')) },
  { path: '/clues/schoolClues', component: lazy(() => import('./SchoolClues')) },
  { path: '/clues/disCluelist', component: lazy(() => import('./DisCluelist')) },
  { path: '/clues/cluePublic', component: lazy(() => import('./CluePublic')) },
  { path: '/clues/invalidClue', component: lazy(() => import('./InvalidClue')) },
  { path: '/clues/primaryScreen', component: lazy(() => import('./PrimaryScreen')) },
  { path: '/clues/baiduClue', component: lazy(() => import('./BaiduClue')) },
  { path: '/clues/h5activity', component: lazy(() => import('./H5activity')) },
  { path: '/clues/channelSign', component: lazy(() => import('./ChannelSign')) },
  { path: '/clues/admissionAssessment', component: lazy(() => import('./AdmissionAssessment')) },
  { path: '/clues/assessmentInner', component: lazy(() => import('./AssessmentInner')) },
  { path: '/clues/assessScale', component: lazy(() => import('./AssessScale')) },
  { path: '/clues/speechScreening', component: lazy(() => import('./SpeechScreening')) },
  { path: '/clues/taskCenter', component: lazy(() => import('./TaskCenter')) },
  { path: '/clues/qualityControl', component: lazy(() => import('./QualityControl')) },
  { path: '/clues/clueResources', component: lazy(() => import('./ClueResources')) },
  { path: '/clues/resourceDetail', component: lazy(() => import('./ResourceDetail')) },
  { path: '/clues/clueDetail', component: lazy(() => import('./ClueDetail')) },
];
