// Tells every principal cache in this process that an account's access may have changed.
// Sources: the write paths themselves (immediate on the server that made the change) and the
// database's `bo_auth` notifications (triggers on the account tables, migration 0001), which reach
// every server on the same PostgreSQL through LISTEN, and PGlite's listeners in-process.

/** What changed: one session, one account, or anything (roles, grants, campuses, regions). */
export type AuthChange = { kind: 'session'; id: number } | { kind: 'user'; id: number } | { kind: 'all' };

/** The channel the triggers notify on. */
export const AUTH_CHANNEL = 'bo_auth';

type Listener = (c: AuthChange) => void;
const listeners = new Set<Listener>();

export function onAuthChange(l: Listener): () => void {
  listeners.add(l);
  return () => void listeners.delete(l);
}

export function authChanged(c: AuthChange): void {
  for (const l of listeners) l(c);
}

/** Parses a trigger's payload ('session:12', 'user:3', 'all'); anything unknown clears everything. */
export function parseAuthChange(payload: string): AuthChange {
  const [kind, id] = payload.split(':');
  const n = Number(id);
  if ((kind === 'session' || kind === 'user') && Number.isInteger(n)) return { kind, id: n };
  return { kind: 'all' };
}
