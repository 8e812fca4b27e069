// Revenue (确认收入) and pre-revenue (预收入): the same declarations over two fact sources
// (docs/metrics.md). Revenue is the value of the hours consumed — attendance at the price paid, a
// cancelled attendance leaving the month of the cancel; pre-revenue the value of the hours booked on
// the period's lessons and not consumed yet.
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import {
  CONSUMERS,
  factTable,
  factTotals,
  factTrend,
  kindIn,
  LEDGER,
  LEDGER_DAYS,
  PREBOOKED,
  type Dimension,
  type FactSource,
} from './facts.js';
import type { FigureScope } from './scope.js';

/**
 * A money figure: its source, which rows count, and the value, hours and students of them; the
 * value and hours may be summed from a source of sums (`sums`: the ledger's daily rollup) while the
 * students are counted over the rows themselves.
 */
export interface MoneyFigure {
  src: FactSource;
  sums?: FactSource;
  /** Where the students are counted, when not over `src` (the maintained monthly presence). */
  heads?: FactSource;
  where: SQL;
  cents: SQL;
  hours: SQL;
  students: SQL;
}

export const REVENUE: MoneyFigure = {
  src: LEDGER,
  sums: LEDGER_DAYS,
  heads: CONSUMERS,
  where: kindIn(['consume']),
  cents: sql`-sum(l.v)`,
  hours: sql`-sum(l.h)`,
  students: sql`count(distinct l.student_id)`,
};

export const PRE_REVENUE: MoneyFigure = {
  src: PREBOOKED,
  where: sql`true`,
  cents: sql`sum(l.v)`,
  hours: sql`sum(l.h)`,
  students: sql`count(distinct l.student_id)`,
};

export async function totals(deps: AppDeps, s: FigureScope, m: MoneyFigure) {
  if (!m.sums)
    return factTotals(deps, s, m.src, { cents: m.cents, hours: m.hours, students: m.students }, m.where);
  const [sums, heads] = await Promise.all([
    factTotals(deps, s, m.sums, { cents: m.cents, hours: m.hours }, m.where),
    factTotals(deps, s, m.heads ?? m.src, { students: m.students }, m.where),
  ]);
  return { ...sums, ...heads };
}

export async function by(deps: AppDeps, s: FigureScope, d: Dimension, m: MoneyFigure = REVENUE) {
  const rows = await factTable(deps, s, m.sums ?? m.src, d, { cents: m.cents }, m.where);
  return rows.filter((r) => r.cents !== 0);
}

export const trend = (deps: AppDeps, s: FigureScope, d: Dimension, m: MoneyFigure = REVENUE) =>
  factTrend(deps, s, m.sums ?? m.src, d, m.cents, m.where);

export async function summary(deps: AppDeps, s: FigureScope) {
  const t = await totals(deps, s, REVENUE);
  return { period: s.period, revenueCents: t.cents, consumedHours: t.hours, students: t.students };
}

export async function preSummary(deps: AppDeps, s: FigureScope) {
  const t = await totals(deps, s, PRE_REVENUE);
  return { period: s.period, preRevenueCents: t.cents, hours: t.hours, students: t.students };
}
