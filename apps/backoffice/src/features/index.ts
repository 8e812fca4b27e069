// Every feature's screens. One line per feature.
import type { ScreenRoute } from '../app/screens';

export const featureRoutes: ScreenRoute[] = [];
