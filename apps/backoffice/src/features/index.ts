// Every feature's screens. One line per feature.
import type { ScreenRoute } from '../app/screens';
import { clueRoutes } from './clues/routes';
import { clueAnalysisRoutes } from './clueAnalysis/routes';
import { homeRoutes } from './home/routes';
import { operationRoutes } from './operation/routes';
import { settingsRoutes } from './settings/routes';
import { staffRoutes } from './staff/routes';
import { systemRoutes } from './system/routes';
import { workbenchRoutes } from './workbench/routes';

export const featureRoutes: ScreenRoute[] = [
  ...homeRoutes,
  ...operationRoutes,
  ...settingsRoutes,
  ...staffRoutes,
  ...clueRoutes,
  ...clueAnalysisRoutes,
  ...workbenchRoutes,
  ...systemRoutes,
];
