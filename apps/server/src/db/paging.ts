// Totals of list pages that stay cheap at millions of rows: exact up to LIST_COUNT_EXACT_LIMIT,
// the planner's estimate above it (the page then says totalEstimated, the list shows "约 N").
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
 * Counts the rows of `table` matching `where`, reading at most LIST_COUNT_EXACT_LIMIT + 1 of them;
 * beyond, the planner's estimate of the same filter (never below the exact part already seen).
 */
export async function countUpTo(deps: AppDeps, table: PgTable, where: SQL | undefined): Promise<PageTotal> {
  const limit = deps.config.LIST_COUNT_EXACT_LIMIT;
  const matching = deps.db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
  if (limit <= 0) {
    const [r] = await deps.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(table)
      .where(where);
    return { total: r?.n ?? 0 };
  }
  const [r] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(matching.limit(limit + 1).as('capped'));
  const n = r?.n ?? 0;
  if (n <= limit) return { total: n };
  const explained = (await deps.db.execute(sql`explain (format json) ${matching}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return { total: Math.max(limit + 1, Math.round(planRows(explained.rows))), totalEstimated: true };
}
