// Screens of this build: the route table (titles, groups, caching) joined with the features' components.
import { ROUTES, routeByPath, type RouteDef } from '@bo/domain';
import { featureRoutes } from '../features';
import type { ScreenRoute } from './screens';

export interface Screen {
  def: RouteDef;
  component: ScreenRoute['component'];
}

const byPattern = new Map<string, Screen>();
for (const r of featureRoutes) {
  const def = ROUTES.find((d) => d.path === r.path);
  if (!def) {
    // A feature declared a path outside spec §2: a programming error worth seeing in dev.
    console.warn(`[routes] ${r.path} is not in the route table of @bo/domain`);
    continue;
  }
  byPattern.set(def.path, { def, component: r.component });
}

/** The screen for a concrete pathname, if its route has a component in this build. */
export function screenFor(pathname: string): Screen | undefined {
  const def = routeByPath(pathname);
  return def ? byPattern.get(def.path) : undefined;
}

/** Whether a path (pattern or concrete) has a component. */
export function hasScreen(path: string): boolean {
  return screenFor(path) !== undefined || byPattern.has(path);
}
