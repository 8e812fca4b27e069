// Income reports (/report/*, docs/metrics.md "Income"): money received by payment day net of the
// refunds approved in the period, through the dashboards' fact mechanism — one aggregate each.
import type { TReportFilter } from '@bo/api-sdk';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { facts, figureScope, inCampuses, type FigureScope } from '../dashboards/index.js';

const iso = (d: Date) => d.toISOString();

/** A report filter as the dashboards' filter: a year without dates is that whole calendar year. */
export function reportScope(deps: AppDeps, u: AuthUser, f: TReportFilter): Promise<FigureScope> {
  const { year, ...rest } = f;
  if (year !== undefined && !rest.startDate && !rest.endDate)
    return figureScope(deps, u, { ...rest, startDate: `${year}-01-01`, endDate: `${year}-12-31` });
  return figureScope(deps, u, rest);
}

/**
 * Income rows of the period: confirmed pay records by payment day (k 'pay', v > 0) and refund
 * movements of the ledger by posting day (k 'refund', v < 0, a revoked refund counting back):
 * school_item_code, student_id, order_id, k, v, at.
 */
export const INCOME: facts.FactSource = {
  rows: (s) => sql`
    select o.school_item_code, o.student_id, o.id as order_id, 'pay' as k, p.amount_cents as v, p.paid_at as at
    from pay_records p join orders o on o.id = p.order_id
    where p.status = 20 and ${inCampuses(sql`o.school_item_code`, s)}
      and p.paid_at >= ${iso(s.start)}::timestamptz and p.paid_at < ${iso(s.end)}::timestamptz
    union all
    select m.school_item_code, m.student_id, m.order_id, 'refund' as k, m.value_cents as v, m.posted_at as at
    from student_ledger m left join ${facts.REVERSED} r on r.id = m.reverses_id
    where m.kind in ('refund', 'reversal') and coalesce(r.kind, m.kind) = 'refund'
      and ${inCampuses(sql`m.school_item_code`, s)}
      and m.posted_at >= ${iso(s.start)}::timestamptz and m.posted_at < ${iso(s.end)}::timestamptz`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.at at time zone 'Asia/Shanghai', 'YYYY-MM')`,
};

export const INCOME_MEASURES = {
  receivedCents: sql`coalesce(sum(l.v) filter (where l.k = 'pay'), 0)`,
  refundedCents: sql`coalesce(-sum(l.v) filter (where l.k = 'refund'), 0)`,
  incomeCents: sql`coalesce(sum(l.v), 0)`,
  payments: sql`count(*) filter (where l.k = 'pay')`,
  students: sql`count(distinct l.student_id) filter (where l.k = 'pay')`,
};
type IncomeKey = keyof typeof INCOME_MEASURES;

/** Campus with its region's name (the report tables show both). */
const CAMPUS_REGION: facts.Dimension = {
  key: sql`l.school_item_code`,
  name: sql`si.name`,
  join: sql`left join school_items si on si.code = l.school_item_code
    left join province_types pt on pt.code = si.province_type_code`,
};
export const REGION: facts.Dimension = {
  key: sql`coalesce(si.province_type_code, '')`,
  name: sql`pt.name`,
  join: CAMPUS_REGION.join,
};

const figuresOf = (r: Record<string, string | null | undefined>) => ({
  receivedCents: facts.n(r.receivedCents),
  refundedCents: facts.n(r.refundedCents),
  incomeCents: facts.n(r.incomeCents),
  payments: facts.n(r.payments),
  students: facts.n(r.students),
});

export async function summary(deps: AppDeps, s: FigureScope) {
  return { period: s.period, ...(await facts.factTotals(deps, s, INCOME, INCOME_MEASURES)) };
}

const measureList = () =>
  sql.join(
    (Object.keys(INCOME_MEASURES) as IncomeKey[]).map(
      (k) => sql`(${INCOME_MEASURES[k]})::text as ${sql.identifier(k)}`,
    ),
    sql`, `,
  );

const direction = (isAsc: boolean | undefined) => (isAsc ? sql`asc` : sql`desc`);

/**
 * A page of income grouped by campus (and month when `withMonth`), sorted, with the totals over all
 * rows and the count of groups — one pass over the income rows (grouping sets: the groups and the
 * whole), the names joined to the page's rows only.
 */
async function groupedPage(
  deps: AppDeps,
  s: FigureScope,
  withMonth: boolean,
  sortBy: SQL,
  isAsc: boolean | undefined,
  pageIndex: number,
  pageSize: number,
) {
  const from = (pageIndex - 1) * pageSize;
  const totalsOf = sql.join(
    (Object.keys(INCOME_MEASURES) as IncomeKey[]).map(
      (k) => sql`t.${sql.identifier(k)} as ${sql.identifier(`t_${k}`)}`,
    ),
    sql`, `,
  );
  return facts.rowsOf<Record<string, string | null>>(
    deps,
    sql`with x as (${INCOME.rows(s)}),
      l as (select x.*, ${withMonth ? sql`to_char(x.at at time zone 'Asia/Shanghai', 'YYYY-MM')` : sql`''`} as mon from x),
      g as (
        select grouping(l.school_item_code) = 1 as is_total, l.mon as month, l.school_item_code as "schoolItemCode",
          ${measureList()}
        from l group by grouping sets ((l.mon, l.school_item_code), ())),
      t as (select g.*, (select count(*) from g c where not c.is_total)::text as total from g where g.is_total),
      p as (
        select g.*, row_number() over (order by ${sortBy} ${direction(isAsc)}, g."schoolItemCode", g.month) as rn
        from g where not g.is_total)
      select p.*, si.name as "schoolItemName", pt.name as "provinceTypeName", t.total, ${totalsOf}
      from t left join p on p.rn > ${from} and p.rn <= ${from + pageSize}
        left join school_items si on si.code = p."schoolItemCode"
        left join province_types pt on pt.code = si.province_type_code
      order by p.rn`,
  );
}

const SORT_COLUMNS: Record<string, SQL> = {
  month: sql`g.month`,
  schoolItemCode: sql`g."schoolItemCode"`,
  receivedCents: sql`(g."receivedCents")::bigint`,
  refundedCents: sql`(g."refundedCents")::bigint`,
  incomeCents: sql`(g."incomeCents")::bigint`,
  payments: sql`(g.payments)::bigint`,
};

export interface PageArgs {
  pageIndex: number;
  pageSize: number;
  sortField?: string;
  isAsc?: boolean;
}

/** Income per campus and month (`withMonth`) or per campus, a page of it with the totals. */
export async function pageBy(deps: AppDeps, s: FigureScope, withMonth: boolean, a: PageArgs) {
  const sortBy =
    SORT_COLUMNS[a.sortField ?? (withMonth ? 'month' : 'incomeCents')] ?? sql`(g."incomeCents")::bigint`;
  const rows = await groupedPage(deps, s, withMonth, sortBy, a.isAsc, a.pageIndex, a.pageSize);
  const first = rows[0] ?? {};
  const totals = Object.fromEntries(
    (Object.keys(INCOME_MEASURES) as IncomeKey[]).map((k) => [k, facts.n(first[`t_${k}`])]),
  ) as Record<IncomeKey, number>;
  return {
    period: s.period,
    // The totals come on one row (a left join) even when the page is past the last group.
    list: rows
      .filter((r) => r.rn !== null)
      .map((r) => ({
        month: r.month ?? '',
        schoolItemCode: r.schoolItemCode ?? '',
        schoolItemName: r.schoolItemName ?? r.schoolItemCode ?? '',
        provinceTypeName: r.provinceTypeName ?? '',
        ...figuresOf(r),
      })),
    total: facts.n(first.total),
    pageIdx: a.pageIndex,
    pageSize: a.pageSize,
    totals,
  };
}

export async function ranks(deps: AppDeps, s: FigureScope, top: number, isAsc: boolean | undefined) {
  const rows = await facts.factTable(deps, s, INCOME, facts.CAMPUS, {
    incomeCents: INCOME_MEASURES.incomeCents,
  });
  const totalCents = rows.reduce((t, r) => t + r.incomeCents, 0);
  const ordered = isAsc ? [...rows].reverse() : rows;
  return {
    period: s.period,
    totalCents,
    rows: ordered.slice(0, top).map((r, i) => ({
      rank: i + 1,
      schoolItemCode: r.key,
      schoolItemName: r.name,
      incomeCents: r.incomeCents,
      sharePct: totalCents === 0 ? 0 : Math.round((r.incomeCents / totalCents) * 10_000) / 100,
    })),
  };
}

export async function byRegion(deps: AppDeps, s: FigureScope) {
  const { rows, total: all } = await facts.factTableAndTotal(deps, s, INCOME, REGION, {
    ...INCOME_MEASURES,
    campuses: sql`count(distinct l.school_item_code)`,
  });
  const { campuses: _campuses, ...total } = all;
  // factTable orders by its first measure (received); a region report reads best by income.
  const sorted = rows.sort((a, b) => b.incomeCents - a.incomeCents || a.key.localeCompare(b.key));
  return {
    period: s.period,
    rows: sorted.map((r) => ({
      provinceTypeCode: r.key,
      provinceTypeName: r.name,
      campuses: r.campuses,
      receivedCents: r.receivedCents,
      refundedCents: r.refundedCents,
      incomeCents: r.incomeCents,
      payments: r.payments,
      students: r.students,
    })),
    total,
  };
}
