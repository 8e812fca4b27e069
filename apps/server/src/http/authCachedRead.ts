// Reads of the access data — the tables whose triggers announce every change on the bo_auth channel
// (roles, role grants, privileges, the account–role links, campuses, regions: migration 0001) —
// cached in process like the principals: dropped at once on any access change (this server's write
// paths call authChanged; every server hears the database's notifications, PGlite's in process), and
// in any case after AUTH_CACHE_SECONDS. A small signed-in read such as the role list then costs no
// statement at all while nothing changes (docs/decisions.md "Cached access reads").
import type { DbOrTx } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import { onAuthChange } from './authEvents.js';

/** Keys kept per read and database at most; the oldest go first. */
const MAX_KEYS = 200;

interface Entry<R> {
  value: R;
  /** The change count the value was read under: any later change makes it stale. */
  generation: number;
  loadedAt: number;
}

/** Counts access changes in this process; an entry read under an older count is stale. */
let generation = 0;
onAuthChange(() => {
  generation += 1;
});

/**
 * Wraps a read of access data (`load`, over nothing but the tables named above) in the cache; `key`
 * names its arguments. A read that started before a change is never kept: its generation is stale.
 */
export function authCachedRead<A, R>(
  load: (db: DbOrTx, args: A) => Promise<R>,
  key: (args: A) => string,
): (deps: Pick<AppDeps, 'db' | 'config'>, args: A) => Promise<R> {
  const byDb = new WeakMap<DbOrTx, Map<string, Entry<R>>>();
  return async (deps, args) => {
    const ttlMs = deps.config.AUTH_CACHE_SECONDS * 1000;
    if (ttlMs <= 0) return load(deps.db, args);
    let entries = byDb.get(deps.db);
    if (!entries) {
      entries = new Map();
      byDb.set(deps.db, entries);
    }
    const k = key(args);
    const hit = entries.get(k);
    if (hit && hit.generation === generation && performance.now() - hit.loadedAt < ttlMs) return hit.value;
    const gen = generation;
    const value = await load(deps.db, args);
    if (gen === generation) {
      entries.delete(k);
      if (entries.size >= MAX_KEYS) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(k, { value, generation: gen, loadedAt: performance.now() });
    }
    return value;
  };
}
