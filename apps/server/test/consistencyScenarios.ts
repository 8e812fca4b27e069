// The campuses and periods the consistency suite asks every endpoint for: the whole scope, a
// region and two campuses, over a month, a year and a single day where the data moves.
import { sql } from 'drizzle-orm';
import { monthEnd, type Scenario } from './consistencyKit.js';
import type { TestServer } from './harness.js';

/** The Shanghai day of an instant. */
const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function scenariosOf(t: TestServer, campuses: string[]) {
  const today = day(t.clock.now());
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  // The busiest day of consumption and the month before it: periods where the figures move.
  const r = (await t.database.db.execute(sql`
    select to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as d, count(*)::int as n
    from student_ledger where kind = 'consume' group by 1 order by 2 desc, 1 desc limit 1`)) as unknown as {
    rows: Array<{ d: string }>;
  };
  const busy = r.rows[0]?.d ?? today;
  const busyMonth = busy.slice(0, 7);
  const previous = (() => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  })();
  const month_ = { kind: 'month' as const, startDate: `${month}-01`, endDate: monthEnd(month) };
  const busyMonth_ = { kind: 'month' as const, startDate: `${busyMonth}-01`, endDate: monthEnd(busyMonth) };
  const year_ = { kind: 'year' as const, startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  const day_ = { kind: 'day' as const, startDate: busy, endDate: busy };
  const [first, second] = campuses as [string, string];
  // Each scope with some of the periods (every scope with every period would double the requests
  // and find nothing more: the figures are computed by scope and period independently).
  const plan: Array<
    [
      { schoolItemCode?: string; provinceTypeCode?: string },
      { kind: Scenario['kind']; startDate: string; endDate: string },
    ]
  > = [
    [{}, month_],
    [{}, year_],
    [{}, day_],
    [{ provinceTypeCode: 'HD' }, busyMonth_],
    [{ schoolItemCode: first }, month_],
    [{ schoolItemCode: first }, day_],
    [{ schoolItemCode: second }, year_],
  ];
  const scenarios: Scenario[] = plan.map(([scope, p]) => ({
    name: `${scope.schoolItemCode ?? scope.provinceTypeCode ?? 'all'} ${p.kind}`,
    kind: p.kind,
    filter: { ...scope, startDate: p.startDate, endDate: p.endDate },
  }));
  const months = [...new Set([previous, month, busyMonth])].sort();
  return { scenarios, months };
}
