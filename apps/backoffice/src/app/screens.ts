// How a feature declares its screens: a path of spec §2 and a lazily loaded component.
// Titles, menu groups and caching come from the route table in @bo/domain (routes.ts).
import type { ComponentType, LazyExoticComponent } from 'react';
import type { MessagesLoader } from '../i18n';

export interface ScreenRoute {
  /** Exactly a path of spec §2, with :param for parameters (e.g. '/financial/approvalRepaymentDetail/:id'). */
  path: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
}

/** A feature (features/index.ts): its screens and the message sets they show. */
export interface Feature {
  /** The folder under src/features. */
  name: string;
  routes: ScreenRoute[];
  /** Its own messages.ts and those of other features its screens show texts of. */
  messages: MessagesLoader[];
}
