// After a command, refresh the queries it may have changed, not every open query.
//
// The rule: a command changes the slices whose endpoints it called; a query reads the slices whose
// endpoints its function called. Both are learnt from the SDK (its onCall hook, told synchronously
// at each call), so no screen declares them by hand:
// - any query of the app's client (NarrowQueryClient) reads the slices its function was seen calling;
// - list screens' queries (['list', key, …]) read the slices their list function was seen calling;
// - selectors' queries (['master', slice, …]) name their slice second;
// - any other query whose key starts with a slice name reads that slice.
// Whatever cannot be told — a query of another shape, a list not yet fetched, a command whose calls
// came after an await — is refreshed, as before: narrower where known, never stale.
import { sliceLoaders } from '@bo/api-sdk';
import {
  QueryClient,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type Query,
  type QueryClientConfig,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

// The slice names, from the lazy SDK's loaders: the contract itself stays unloaded.
const SLICES: ReadonlySet<string> = new Set(Object.keys(sliceLoaders));

const collectors: Array<Set<string>> = [];

/** The SDK's onCall hook: notes the slice of each call for whoever is watching. */
export function noteCall(endpoint: string): void {
  const slice = endpoint.split('.')[0] ?? '';
  for (const c of collectors) c.add(slice);
}

/** Runs `fn` and returns its result with the slices of the SDK calls it made before its first await. */
export function watchCalls<T>(fn: () => T): { result: T; slices: ReadonlySet<string> } {
  const seen = new Set<string>();
  collectors.push(seen);
  try {
    return { result: fn(), slices: seen };
  } finally {
    collectors.splice(collectors.indexOf(seen), 1);
  }
}

/** Slices each list screen's query was seen reading, by list key. */
const listReads = new Map<string, ReadonlySet<string>>();

/** Runs a list screen's list function, noting the slices it reads. */
export function fetchList<T>(listKey: string, fn: () => Promise<T>): Promise<T> {
  const { result, slices } = watchCalls(fn);
  if (slices.size > 0) listReads.set(listKey, slices);
  return result;
}

/** The slices a list screen reads, when known. */
export function listSlices(listKey: string): ReadonlySet<string> | undefined {
  return listReads.get(listKey);
}

/** Slices each query was seen reading, by query hash (forgotten when the cache drops the query). */
const queryReads = new Map<string, ReadonlySet<string>>();
const learning = new WeakSet<object>();

/**
 * The app's React Query client: every query function runs watched, so the query knows the slices it
 * reads whatever its key, and a command refreshes only those that read what it changed.
 */
export class NarrowQueryClient extends QueryClient {
  constructor(config?: QueryClientConfig) {
    super(config);
    this.getQueryCache().subscribe((e) => {
      if (e.type === 'removed') queryReads.delete(e.query.queryHash);
    });
  }

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const o = super.defaultQueryOptions(options);
    const fn = o.queryFn;
    const hash = o.queryHash;
    if (typeof fn === 'function' && hash !== undefined && !learning.has(fn)) {
      const watched: typeof fn = (ctx) => {
        const run = watchCalls(() => fn(ctx));
        if (run.slices.size > 0) queryReads.set(hash, run.slices);
        return run.result;
      };
      learning.add(watched);
      o.queryFn = watched;
    }
    return o;
  }
}

/** Whether a query may have changed after commands on `slices`. */
export function isAffected(key: QueryKey, slices: ReadonlySet<string>, queryHash?: string): boolean {
  const reads = queryHash === undefined ? undefined : queryReads.get(queryHash);
  if (reads) return [...reads].some((s) => slices.has(s));
  const [head, second] = key;
  if (head === 'list') {
    const reads = typeof second === 'string' ? listReads.get(second) : undefined;
    return reads === undefined || [...reads].some((s) => slices.has(s));
  }
  if (head === 'master') return typeof second !== 'string' || !SLICES.has(second) || slices.has(second);
  if (typeof head === 'string' && SLICES.has(head)) return slices.has(head);
  return true;
}

/**
 * Refreshes what a command on `slices` may have changed, and always the list it came from.
 * Without any known slice (the command's calls were not seen), refreshes every query.
 */
export function invalidateAfter(
  qc: QueryClient,
  slices: ReadonlySet<string>,
  listKey?: string,
): Promise<void> {
  if (slices.size === 0) return qc.invalidateQueries();
  return qc.invalidateQueries({
    predicate: (q: Query) =>
      (listKey !== undefined && q.queryKey[0] === 'list' && q.queryKey[1] === listKey) ||
      isAffected(q.queryKey, slices, q.queryHash),
  });
}

/** Runs a command, then refreshes what it may have changed (see invalidateAfter). */
export async function runCommand<T>(
  qc: QueryClient,
  command: () => Promise<T>,
  listKey?: string,
): Promise<T> {
  const { result, slices } = watchCalls(command);
  const value = await result;
  await invalidateAfter(qc, slices, listKey);
  return value;
}
