// Every feature's screens. One line per feature.
import type { ScreenRoute } from '../app/screens';
import { homeRoutes } from './home/routes';
import { operationRoutes } from './operation/routes';

export const featureRoutes: ScreenRoute[] = [
  ...homeRoutes,
  ...operationRoutes,
];
