// Screens of this build: the route table (titles, groups, caching) joined with the features' components.
import { ROUTES, routeByPath, type RouteDef } from '@bo/domain';
import { createElement, lazy, type ComponentType } from 'react';
import { features } from '../features';
import { loadMessages } from '../i18n';
import type { ScreenRoute } from './screens';

export interface Screen {
  def: RouteDef;
  component: ScreenRoute['component'];
}

/** The screen, rendered once its feature's messages are in the catalogue (no key shows as text). */
function withMessages(feature: (typeof features)[number], component: ComponentType): ComponentType {
  return lazy(async () => {
    await loadMessages(feature.messages);
    // React refuses a lazy component resolving to another lazy one: render it from a plain one.
    return { default: () => createElement(component) };
  });
}

const byPattern = new Map<string, Screen>();
for (const f of features)
  for (const r of f.routes) {
    const def = ROUTES.find((d) => d.path === r.path);
    if (!def) {
      // A feature declared a path outside spec §2: a programming error worth seeing in dev.
      console.warn(`[routes] ${r.path} is not in the route table of @bo/domain`);
      continue;
    }
    byPattern.set(def.path, { def, component: withMessages(f, r.component) });
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
