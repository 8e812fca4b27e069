// Every feature's screens. One line per feature.
import type { ScreenRoute } from '../app/screens';
import { homeRoutes } from './home/routes';
import { operationRoutes } from './operation/routes';
import { settingsRoutes } from './settings/routes';
import { staffRoutes } from './staff/routes';

export const featureRoutes: ScreenRoute[] = [
  ...homeRoutes,
  ...operationRoutes,
  ...settingsRoutes,
  ...staffRoutes,
];
