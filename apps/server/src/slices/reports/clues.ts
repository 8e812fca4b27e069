// Clue conversion (/clue/summary, /clue/ratio; docs/metrics.md "Clue conversion"): the clues created
// in the period and how many were visited and converted — the same tests as the clue analysis
// reports (slices/clueAnalysis/reports.ts `visited`, `converted`), written as one SQL aggregate so
// they stay fast on a million clues.
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { facts, inCampuses, type FigureScope } from '../dashboards/index.js';

const iso = (d: Date) => d.toISOString();

/** Clues (not merged) created in the period: school_item_code, flow_state, visited, converted. */
export const CLUES: facts.FactSource = {
  rows: (s) => sql`
    select coalesce(c.school_item_code, '') as school_item_code, c.flow_state,
      (c.converted_at is not null or c.flow_state = 'converted') as converted,
      (c.visited_at is not null or c.converted_at is not null or c.flow_state = 'converted') as visited,
      c.created_at
    from clues c
    where c.flow_state <> 'merged' and ${inCampuses(sql`c.school_item_code`, s)}
      and c.created_at >= ${iso(s.start)}::timestamptz and c.created_at < ${iso(s.end)}::timestamptz`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.created_at at time zone 'Asia/Shanghai', 'YYYY-MM')`,
};

const MEASURES = {
  clues: sql`count(*)`,
  invalid: sql`count(*) filter (where l.flow_state = 'invalid')`,
  visited: sql`count(*) filter (where l.visited)`,
  converted: sql`count(*) filter (where l.converted)`,
};

const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 100);

function withRates(f: { clues: number; invalid: number; visited: number; converted: number }) {
  const valid = f.clues - f.invalid;
  return {
    clues: f.clues,
    invalid: f.invalid,
    visited: f.visited,
    converted: f.converted,
    visitPct: pct(f.visited, valid),
    conversionPct: pct(f.converted, valid),
    visitConversionPct: pct(f.converted, f.visited),
  };
}

export async function summary(deps: AppDeps, s: FigureScope) {
  return { period: s.period, ...withRates(await facts.factTotals(deps, s, CLUES, MEASURES)) };
}

export async function ratio(deps: AppDeps, s: FigureScope) {
  const { rows, total } = await facts.factTableAndTotal(deps, s, CLUES, facts.CAMPUS, MEASURES);
  return {
    period: s.period,
    rows: rows.map((r) => ({
      schoolItemCode: r.key,
      schoolItemName: r.key === '' ? '未分配校区 / No campus' : r.name,
      ...withRates(r),
    })),
    total: withRates(total),
  };
}
