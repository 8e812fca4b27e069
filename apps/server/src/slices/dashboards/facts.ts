// The facts every dashboard figure is summed from: ledger movements with a reversal counted as the
// kind it reverses (docs/metrics.md), the dimensions figures are broken down by, and the month series.
import { codeLabel, orderType } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inCampuses, type FigureScope } from './scope.js';

/** One movement with the kind, source and value that count: a reversal counts as what it reverses. */
export const ledger = (s: FigureScope) => sql`
  select m.school_item_code, m.student_id, m.course_code, m.order_id, m.value_cents as v, m.hours as h, m.posted_at,
    coalesce(r.kind, m.kind) as k,
    coalesce(r.source_type, m.source_type) as st,
    coalesce(r.source_id, m.source_id) as sid
  from student_ledger m
  left join student_ledger r on r.id = m.reverses_id
  where ${inCampuses(sql`m.school_item_code`, s)} and m.posted_at < ${s.end.toISOString()}::timestamptz`;

/** The Shanghai month of a movement; movements before the period's first month count as '0000-00'. */
export const monthOf = (s: FigureScope) =>
  sql`case when posted_at < ${s.start.toISOString()}::timestamptz and to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') < ${s.months[0] ?? ''}
    then '0000-00' else to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') end`;

export const rowsOf = async <T>(deps: AppDeps, q: SQL): Promise<T[]> =>
  ((await deps.db.execute(q)) as unknown as { rows: T[] }).rows;

export const n = (v: string | number | null | undefined) => Number(v ?? 0);

export type ShareRow = { key: string; name: string | null; cents: string };
export const shares = (rows: ShareRow[]) =>
  rows.map((r) => ({ key: String(r.key), name: r.name ?? String(r.key), cents: n(r.cents) }));

/** A breakdown of movements (alias `l`): its key, its display name and the join that names it. */
export interface Dimension {
  key: SQL;
  name: SQL;
  join: SQL;
  /** Names the keys when no table does (codes of @bo/domain). */
  label?: (key: string) => string;
}

export const CAMPUS: Dimension = {
  key: sql`l.school_item_code`,
  name: sql`si.name`,
  join: sql`left join school_items si on si.code = l.school_item_code`,
};
export const COURSE: Dimension = {
  key: sql`l.course_code`,
  name: sql`c.name`,
  join: sql`left join courses c on c.code = l.course_code`,
};
export const ORDER_TYPE: Dimension = {
  key: sql`o.order_type::text`,
  name: sql`null::text`,
  join: sql`join orders o on o.id = l.order_id`,
  label: (k) => codeLabel(orderType(Number(k))),
};

export async function dimensionShares(deps: AppDeps, d: Dimension, q: SQL) {
  const rows = shares(await rowsOf<ShareRow>(deps, q));
  return d.label ? rows.map((r) => ({ ...r, name: d.label?.(r.key) ?? r.name })) : rows;
}

/** `sign × value` of the movements of `kinds` posted in the period, by a dimension, largest first. */
export const periodBy = (
  deps: AppDeps,
  s: FigureScope,
  kinds: readonly string[],
  sign: 1 | -1,
  d: Dimension,
) =>
  dimensionShares(
    deps,
    d,
    sql`with l as (${ledger(s)})
      select ${d.key} as key, max(${d.name}) as name, (${sign} * sum(l.v))::text as cents
      from l ${d.join}
      where l.posted_at >= ${s.start.toISOString()}::timestamptz and l.k in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      group by 1 having sum(l.v) <> 0 order by ${sign} * sum(l.v) desc, 1`,
  );

/**
 * `sign × value` of the movements of `kinds` in each month of the period: the total and the five
 * keys of the dimension with the most over the period.
 */
export async function periodTrend(
  deps: AppDeps,
  s: FigureScope,
  kinds: readonly string[],
  sign: 1 | -1,
  d: Dimension,
) {
  const rows = await rowsOf<{ key: string; name: string | null; mon: string; cents: string }>(
    deps,
    sql`with l as (${ledger(s)})
      select ${d.key} as key, max(${d.name}) as name,
        to_char(l.posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') as mon, (${sign} * sum(l.v))::text as cents
      from l ${d.join}
      where l.posted_at >= ${s.start.toISOString()}::timestamptz and l.k in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      group by 1, 3`,
  );
  const byKey = new Map<string, { name: string; values: number[] }>();
  for (const r of rows) {
    const e = byKey.get(r.key) ?? {
      name: d.label?.(r.key) ?? r.name ?? r.key,
      values: s.months.map(() => 0),
    };
    const i = s.months.indexOf(r.mon);
    if (i >= 0) e.values[i] = (e.values[i] ?? 0) + n(r.cents);
    byKey.set(r.key, e);
  }
  const all = [...byKey.entries()].map(([key, e]) => ({ key, name: e.name, values: e.values }));
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const top = all
    .filter((x) => sum(x.values) !== 0)
    .sort((a, b) => sum(b.values) - sum(a.values) || a.key.localeCompare(b.key))
    .slice(0, 5);
  const total = {
    key: '',
    name: '合计 / Total',
    values: s.months.map((_, i) => all.reduce((acc, x) => acc + (x.values[i] ?? 0), 0)),
  };
  return { months: s.months, series: [total, ...top] };
}

/** The movements of `kinds` posted in the period: `sign ×` their value and hours, and the students. */
export async function periodTotals(deps: AppDeps, s: FigureScope, kinds: readonly string[], sign: 1 | -1) {
  const [r] = await rowsOf<{ cents: string; hours: string; students: string }>(
    deps,
    sql`with l as (${ledger(s)})
      select coalesce(${sign} * sum(l.v), 0)::text as cents, coalesce(${sign} * sum(l.h), 0)::text as hours,
        count(distinct l.student_id)::text as students
      from l where l.posted_at >= ${s.start.toISOString()}::timestamptz and l.k in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  return { cents: n(r?.cents), hours: Number(r?.hours ?? 0), students: n(r?.students) };
}
