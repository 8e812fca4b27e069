// What every entry of the dashboards benchmark shares: the period (a year of every campus up to
// today, Shanghai days), a way to run SQL, and the reference SQL's building blocks over the BASE
// tables (what one writes without maintained state such as ledger_days or lesson_days).
import { sql, type SQL } from 'drizzle-orm';
import { shanghaiDate, shanghaiDayOf } from '@bo/domain';
import type { Db } from '../../src/db/client.js';

/** One measured endpoint: the request the dashboard sends and the best hand-written SQL for the same figures. */
export interface BenchEndpoint {
  /** The path after /api/ without the query, as BENCH_ONLY names it (e.g. `revenue/summary`). */
  name: string;
  /** The whole request path with its query string. */
  url: string;
  /** GET unless said; a POST sends `payload` as JSON. */
  method?: 'GET' | 'POST';
  payload?: Record<string, unknown>;
  /** The same figures from the base tables; every statement it needs, awaited. */
  sql: () => Promise<unknown>;
}

export interface BenchContext {
  startDate: string;
  endDate: string;
  /** Today in Shanghai (the end of "days that have come"). */
  today: string;
  /** `startDate=…&endDate=…` */
  period: string;
  /** The period's bounds as timestamptz SQL. */
  S: SQL;
  E: SQL;
  rows: (q: SQL) => Promise<unknown[]>;
  /**
   * Movements with the kind that counts (a reversal as what it reverses) up to the period's end, as
   * `x(c, v, h, posted_at, student_id, k, mk)`: joined only to the movements some reversal undoes
   * (the partial index of reversals), never to the whole ledger a second time.
   */
  MOVES: SQL;
  /** Refunds of the period (a revoked refund counting back) as `f(c, student_id, v)`. */
  REFUNDS: SQL;
  /** The movements some reversal undoes, as `(id, kind)`. */
  REVERSED: SQL;
}

export function benchContext(db: Db, now: Date): BenchContext {
  const endDate = shanghaiDate(now);
  const startDate = `${Number(endDate.slice(0, 4)) - 1}-${endDate.slice(5, 7)}-01`;
  const start = (shanghaiDayOf(startDate) ?? now).toISOString();
  const end = (shanghaiDayOf(endDate, { end: true }) ?? now).toISOString();
  const S = sql`${start}::timestamptz`;
  const E = sql`${end}::timestamptz`;
  const REVERSED = sql`(select x.id, x.kind from student_ledger x
  where x.id in (select y.reverses_id from student_ledger y where y.reverses_id is not null))`;
  const MOVES = sql`(select m.school_item_code as c, m.value_cents as v, m.hours as h, m.posted_at, m.student_id,
  coalesce(r.kind, m.kind) as k, m.kind as mk
  from student_ledger m left join ${REVERSED} r on r.id = m.reverses_id where m.posted_at < ${E}) x`;
  const REFUNDS = sql`(select m.school_item_code as c, m.student_id, m.value_cents as v
  from student_ledger m left join ${REVERSED} r on r.id = m.reverses_id
  where m.kind in ('refund', 'reversal') and coalesce(r.kind, m.kind) = 'refund'
    and m.posted_at >= ${S} and m.posted_at < ${E}) f`;
  return {
    startDate,
    endDate,
    today: endDate,
    period: `startDate=${startDate}&endDate=${endDate}`,
    S,
    E,
    rows: async (q) => ((await db.execute(q)) as unknown as { rows: unknown[] }).rows,
    MOVES,
    REFUNDS,
    REVERSED,
  };
}
