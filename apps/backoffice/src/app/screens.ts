// How a feature declares its screens: a path of spec §2 and a lazily loaded component.
// Titles, menu groups and caching come from the route table in @bo/domain (routes.ts).
import type { ComponentType, LazyExoticComponent } from 'react';

export interface ScreenRoute {
  /** Exactly a path of spec §2, with :param for parameters (e.g. '/financial/approvalRepaymentDetail/:id'). */
  path: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
}
