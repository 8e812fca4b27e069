// Totals of list pages that stay cheap at millions of rows: exact up to LIST_COUNT_EXACT_LIMIT,
// the planner's estimate above it (the page then says totalEstimated, the list shows "约 N"). A
// large filter's estimate is reused for LIST_ESTIMATE_TTL_MS while the user pages or comes back, so
// such a page costs one statement (the rows) instead of three.
import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../deps.js';

export interface PageTotal {
  total: number;
  totalEstimated?: true;
}

/** The first "Plan Rows" of an EXPLAIN (FORMAT JSON) answer, whatever the driver made of the json. */
function planRows(rows: Array<Record<string, unknown>>): number {
  const v = Object.values(rows[0] ?? {})[0];
  const plan: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  const top = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: number } } | undefined) : undefined;
  return Number(top?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Estimates of large filters by the filter's SQL and parameters (the app's deps.caches.listEstimates:
 * another app in the process, on another database, keeps its own), oldest first (a Map keeps
 * insertion order), at most ESTIMATES_KEPT. A filter counted exactly (at most the limit) is not kept:
 * it is counted again on every page.
 */
type Estimates = AppDeps['caches']['listEstimates'];
const ESTIMATES_KEPT = 1000;

function reusedEstimate(estimates: Estimates, key: string, now: number, ttl: number): number | undefined {
  const hit = estimates.get(key);
  if (!hit) return undefined;
  if (now - hit.at < ttl && now >= hit.at) return hit.total;
  estimates.delete(key);
  return undefined;
}

function keepEstimate(estimates: Estimates, key: string, total: number, now: number) {
  estimates.delete(key);
  estimates.set(key, { total, at: now });
  if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value as string);
}

/**
 * Counts the rows of `table` matching `where`, reading at most LIST_COUNT_EXACT_LIMIT + 1 of them;
 * beyond, the planner's estimate of the same filter (never below the exact part already seen).
 */
export async function countUpTo(deps: AppDeps, table: PgTable, where: SQL | undefined): Promise<PageTotal> {
  return countQueryUpTo(deps, () =>
    deps.db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .$dynamic(),
  );
}

/**
 * countUpTo of any select (joins, a keyword on a joined table): `matching` builds the select of the
 * matching rows, one value each (`select 1 from … join … where …`, made `$dynamic()`). It is called
 * for each statement, since a builder's `.limit()` changes the builder itself (the estimate would
 * otherwise be the plan of the capped count: the limit, never more).
 */
export async function countQueryUpTo(deps: AppDeps, matching: () => PgSelect): Promise<PageTotal> {
  const limit = deps.config.LIST_COUNT_EXACT_LIMIT;
  if (limit <= 0) {
    const [r] = await deps.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(matching().as('matching'));
    return { total: r?.n ?? 0 };
  }
  const ttl = deps.config.LIST_ESTIMATE_TTL_MS;
  let key = '';
  if (ttl > 0) {
    const q = matching().toSQL();
    key = `${q.sql}\u0000${JSON.stringify(q.params)}`;
    const reused = reusedEstimate(deps.caches.listEstimates, key, deps.now().getTime(), ttl);
    if (reused !== undefined) return { total: reused, totalEstimated: true };
  }
  const [r] = await deps.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
    matching()
      .limit(limit + 1)
      .as('capped'),
  );
  const n = r?.n ?? 0;
  if (n <= limit) return { total: n };
  const explained = (await deps.db.execute(sql`explain (format json) ${matching()}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const total = Math.max(limit + 1, Math.round(planRows(explained.rows)));
  if (ttl > 0) keepEstimate(deps.caches.listEstimates, key, total, deps.now().getTime());
  return { total, totalEstimated: true };
}
