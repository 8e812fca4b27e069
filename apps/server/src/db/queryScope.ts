// Ties the database work of one HTTP request to that request, so a request the client abandoned
// stops its running query instead of finishing it for nobody (register.ts opens the scope).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface QueryScope {
  aborted: boolean;
  /** Cancels what this request is running on the database right now (PostgreSQL backends). */
  cancellers: Set<() => void>;
}

export const queryScope = new AsyncLocalStorage<QueryScope>();

export const newQueryScope = (): QueryScope => ({ aborted: false, cancellers: new Set() });

/** Marks the scope abandoned and cancels its running queries. */
export function abandon(scope: QueryScope): void {
  if (scope.aborted) return;
  scope.aborted = true;
  for (const c of scope.cancellers) c();
  scope.cancellers.clear();
}
