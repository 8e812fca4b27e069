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
    select r.school_item_code, r.student_id, r.order_id, 'refund' as k, r.v, r.posted_at as at
    from (${facts.ledger(s)}) r
    where r.k = 'refund' and r.posted_at >= ${iso(s.start)}::timestamptz`,
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
 * A page of income grouped by `groupBy` (the campus, and the month when given), sorted; the
 * grouped set is small (campuses × months), so its count comes with the page (`count(*) over ()`).
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
  const rows = await facts.rowsOf<Record<string, string | null>>(
    deps,
    sql`with l as (${INCOME.rows(s)}),
      g as (
        select ${withMonth ? sql`to_char(l.at at time zone 'Asia/Shanghai', 'YYYY-MM')` : sql`''`} as month,
          l.school_item_code as "schoolItemCode", max(si.name) as "schoolItemName", max(pt.name) as "provinceTypeName",
          ${measureList()}
        from l ${CAMPUS_REGION.join}
        group by 1, 2)
      select g.*, count(*) over ()::text as total from g
      order by ${sortBy} ${direction(isAsc)}, g."schoolItemCode", g.month
      limit ${pageSize} offset ${(pageIndex - 1) * pageSize}`,
  );
  return rows;
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
  const [rows, totals] = await Promise.all([
    groupedPage(deps, s, withMonth, sortBy, a.isAsc, a.pageIndex, a.pageSize),
    facts.factTotals(deps, s, INCOME, INCOME_MEASURES),
  ]);
  return {
    period: s.period,
    list: rows.map((r) => ({
      month: r.month ?? '',
      schoolItemCode: r.schoolItemCode ?? '',
      schoolItemName: r.schoolItemName ?? r.schoolItemCode ?? '',
      provinceTypeName: r.provinceTypeName ?? '',
      ...figuresOf(r),
    })),
    total: facts.n(rows[0]?.total),
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
  const [rows, total] = await Promise.all([
    facts.factTable(deps, s, INCOME, REGION, {
      ...INCOME_MEASURES,
      campuses: sql`count(distinct l.school_item_code)`,
    }),
    facts.factTotals(deps, s, INCOME, INCOME_MEASURES),
  ]);
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
