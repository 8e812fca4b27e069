// Advance receipts (预收款): the paid value a family has not used yet — every figure a sum over the
// one student ledger (docs/metrics.md). A reversal counts as the kind it reverses, so a revoked
// payment or a cancelled attendance takes back exactly what it added. All sums run in SQL; only the
// month series are carried forward over months without movements here (a few dozen values).
import { spoken } from '../../http/language.js';
import { codeLabel, payMethod, shanghaiMonthOf } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import {
  aggregateName,
  dayMonthOf,
  dimensionShares,
  kindIn,
  ledger,
  LEDGER_DAYS,
  monthOf,
  movements,
  n,
  rowsOf,
  shares,
  type Dimension,
  type ShareRow,
} from './facts.js';
import { inCampuses, monthsRelation, type FigureScope } from './scope.js';

interface Flows {
  openingCents: number;
  receivedCents: number;
  consumedCents: number;
  refundedCents: number;
  otherCents: number;
  closingCents: number;
}

/** The flows of the period over the ledger's daily sums (LEDGER_DAYS as `l`). */
const flowColumns = (s: FigureScope) => {
  const p = LEDGER_DAYS.inPeriod(s);
  return sql`
  coalesce(sum(l.v) filter (where not ${p}), 0)::text as opening,
  coalesce(sum(l.v) filter (where ${p} and l.k = 'purchase'), 0)::text as received,
  coalesce(-sum(l.v) filter (where ${p} and l.k = 'consume'), 0)::text as consumed,
  coalesce(-sum(l.v) filter (where ${p} and l.k = 'refund'), 0)::text as refunded,
  coalesce(sum(l.v) filter (where ${p} and l.k not in ('purchase', 'consume', 'refund')), 0)::text as other,
  coalesce(sum(l.v), 0)::text as closing`;
};

interface FlowRow {
  opening: string;
  received: string;
  consumed: string;
  refunded: string;
  other: string;
  closing: string;
}
const flows = (r: FlowRow | undefined): Flows => ({
  openingCents: n(r?.opening),
  receivedCents: n(r?.received),
  consumedCents: n(r?.consumed),
  refundedCents: n(r?.refunded),
  otherCents: n(r?.other),
  closingCents: n(r?.closing),
});

/**
 * The holding_months scope of a figure's campuses: '*' for every campus (a student's whole balance),
 * the campus for one; null for several (a student's balance over some campuses: read from the
 * movements).
 */
const holdingKey = (s: FigureScope) =>
  s.codes === null ? '*' : s.codes.length === 1 ? (s.codes[0] ?? null) : null;

/**
 * Whether holding_months answers the period's end: it counts the balances at each month's end, so it
 * does when the period ends with its month or nothing was posted after its end in that month (a
 * period up to today); otherwise the figures read the movements.
 */
async function holdingAnswers(deps: AppDeps, s: FigureScope): Promise<boolean> {
  const last = shanghaiMonthOf(s.months.at(-1) ?? '');
  if (!last) return false;
  if (s.end >= last.end) return true;
  const [r] = await rowsOf<{ later: boolean }>(
    deps,
    sql`select exists (select 1 from ledger_days d where d.day > ${s.period.endDate}::date
      and d.day <= ${last.endDate}::date and ${inCampuses(sql`d.school_item_code`, s)}) as later`,
  );
  return r?.later === false;
}

/** Students holding advance receipts in `scope` at the end of month `mon` ('YYYY-MM', SQL). */
const holdingAt = (scope: SQL, mon: SQL) =>
  sql`(select coalesce(sum(h.delta), 0) from holding_months h where h.scope = ${scope} and h.month <= (${mon} || '-01')::date)`;

export async function summary(deps: AppDeps, s: FigureScope) {
  // Two statements side by side: one pass summing the flows, and the students holding a balance at
  // the end — from holding_months where it answers, else from the students' balances, which need no
  // movement's kind and so no reversal join.
  const key = holdingKey(s);
  const maintained = key !== null && (await holdingAnswers(deps, s));
  const [[f], [c]] = await Promise.all([
    rowsOf<FlowRow>(deps, sql`with l as (${LEDGER_DAYS.rows(s)}) select ${flowColumns(s)} from l`),
    rowsOf<{ students: string }>(
      deps,
      maintained
        ? sql`select ${holdingAt(sql`${key}`, sql`${s.months.at(-1) ?? ''}`)}::text as students`
        : sql`select count(*)::text as students from (
        select m.student_id from (${movements(s)}) m group by m.student_id having sum(m.v) > 0) held`,
    ),
  ]);
  return { period: s.period, ...flows(f), students: n(c?.students) };
}

/** Per campus: the flows of the period and the students holding advance receipts there at its end. */
export async function campusTable(deps: AppDeps, s: FigureScope) {
  // A campus's holders: its holding_months scope where that answers the period's end, else the
  // balances of the movements.
  const held = (await holdingAnswers(deps, s))
    ? sql`select h.scope as code, sum(h.delta) as students from holding_months h
        where h.scope <> '*' and ${inCampuses(sql`h.scope`, s)} and h.month <= ${`${s.months.at(-1) ?? ''}-01`}::date
        group by h.scope`
    : sql`select code, count(*) as students from
        (select school_item_code as code, student_id from (${movements(s)}) m group by 1, 2 having sum(v) > 0) x
        group by code`;
  const rows = await rowsOf<FlowRow & { code: string; name: string | null; students: string }>(
    deps,
    sql`with l as (${LEDGER_DAYS.rows(s)}),
      f as (select l.school_item_code as code, ${flowColumns(s)} from l group by l.school_item_code),
      h as (${held})
      select f.*, si.name, coalesce(h.students, 0)::text as students
      from f left join h on h.code = f.code left join school_items si on si.code = f.code
      order by si.sort nulls last, f.code`,
  );
  const list = rows.map((r) => ({
    schoolItemCode: r.code,
    schoolItemName: r.name ?? r.code,
    ...flows(r),
    students: n(r.students),
  }));
  const total = await summary(deps, s);
  return {
    period: s.period,
    rows: list,
    total: {
      schoolItemCode: '',
      schoolItemName: spoken('合计 / Total'),
      openingCents: total.openingCents,
      receivedCents: total.receivedCents,
      consumedCents: total.consumedCents,
      refundedCents: total.refundedCents,
      otherCents: total.otherCents,
      closingCents: total.closingCents,
      students: total.students,
    },
  };
}

/**
 * Per campus: the flows of the period without the students holding advance receipts (those need a
 * pass over the movements), in campusTable's order.
 */
export async function campusFlows(deps: AppDeps, s: FigureScope) {
  const rows = await rowsOf<FlowRow & { code: string; name: string | null }>(
    deps,
    sql`with l as (${LEDGER_DAYS.rows(s)}),
      f as (select l.school_item_code as code, ${flowColumns(s)} from l group by l.school_item_code)
      select f.*, si.name from f left join school_items si on si.code = f.code
      order by si.sort nulls last, f.code`,
  );
  return rows.map((r) => ({ schoolItemCode: r.code, schoolItemName: r.name ?? r.code, ...flows(r) }));
}

/** Advance receipts at the end of the period by a dimension of the movement. */
export const closingBy = (deps: AppDeps, s: FigureScope, dim: Dimension) => {
  const d = LEDGER_DAYS.dimension?.(dim) ?? dim;
  return dimensionShares(
    deps,
    d,
    sql`with l as (${LEDGER_DAYS.rows(s)})
      select ${d.key} as key, ${aggregateName(d)} as name, sum(l.v)::text as cents
      from l ${d.join} group by 1 having sum(l.v) <> 0 order by sum(l.v) desc, 1`,
  );
};

/** Money received in the period by payment method: confirmed pay records by payment date. */
export async function byPayMethod(deps: AppDeps, s: FigureScope) {
  const rows = shares(
    await rowsOf<ShareRow>(
      deps,
      sql`select p.method::text as key, null as name, sum(p.amount_cents)::text as cents
        from pay_records p left join orders o on o.id = p.order_id
        where p.status = 20 and ${inCampuses(sql`o.school_item_code`, s)}
          and p.paid_at >= ${s.start.toISOString()}::timestamptz and p.paid_at < ${s.end.toISOString()}::timestamptz
        group by p.method order by sum(p.amount_cents) desc, 1`,
    ),
  );
  return rows.map((r) => ({ ...r, name: codeLabel(payMethod(Number(r.key))) }));
}

/** Value refunded in the period by the refund order's reason. */
export async function byRefundReason(deps: AppDeps, s: FigureScope) {
  return shares(
    await rowsOf<ShareRow>(
      deps,
      sql`with l as (${ledger(s)})
        select coalesce(ro.reason_code, '') as key, max(ro.reason_name) as name, (-sum(l.v))::text as cents
        from l left join refund_orders ro on l.st = 'refundOrder' and ro.id = l.sid
        where ${kindIn(['refund'])} and l.posted_at >= ${s.start.toISOString()}::timestamptz
        group by 1 having sum(l.v) <> 0 order by -sum(l.v) desc, 1`,
    ),
  );
}

/**
 * The balance at the end of each month for the five keys holding the most at the period's end (and
 * the total when `withTotal`): monthly sums in SQL, carried forward over months without movements.
 */
async function monthlyBalances(
  deps: AppDeps,
  s: FigureScope,
  key: SQL,
  nameJoin: { name: SQL; join: SQL },
  withTotal: boolean,
) {
  const rows = await rowsOf<{ key: string; name: string | null; mon: string; bal: string }>(
    deps,
    sql`with l as (${LEDGER_DAYS.rows(s)}),
      per as (select ${key} as key, ${dayMonthOf(s)} as mon, sum(v) as v from l group by 1, 2)
      select per.key, ${nameJoin.name} as name, per.mon,
        (sum(per.v) over (partition by per.key order by per.mon))::text as bal
      from per ${nameJoin.join} order by per.key, per.mon`,
  );
  const byKey = new Map<string, { name: string; points: Map<string, number> }>();
  for (const r of rows) {
    const e = byKey.get(r.key) ?? { name: r.name ?? r.key, points: new Map<string, number>() };
    e.points.set(r.mon, n(r.bal));
    byKey.set(r.key, e);
  }
  const carried = (points: Map<string, number>) => {
    let last = points.get('0000-00') ?? 0;
    return s.months.map((m) => {
      last = points.get(m) ?? last;
      return last;
    });
  };
  const series = [...byKey.entries()].map(([k, e]) => ({ key: k, name: e.name, values: carried(e.points) }));
  const top = series
    .filter((x) => (x.values.at(-1) ?? 0) !== 0)
    .sort((a, b) => (b.values.at(-1) ?? 0) - (a.values.at(-1) ?? 0) || a.key.localeCompare(b.key))
    .slice(0, 5);
  const total = withTotal
    ? [
        {
          key: '',
          name: spoken('合计 / Total'),
          values: s.months.map((_, i) => series.reduce((acc, x) => acc + (x.values[i] ?? 0), 0)),
        },
      ]
    : [];
  return { months: s.months, series: [...total, ...top] };
}

export const campusTrend = (deps: AppDeps, s: FigureScope) =>
  monthlyBalances(
    deps,
    s,
    sql`school_item_code`,
    { name: sql`si.name`, join: sql`left join school_items si on si.code = per.key` },
    true,
  );

export const courseTrend = (deps: AppDeps, s: FigureScope) =>
  monthlyBalances(
    deps,
    s,
    sql`course_code`,
    { name: sql`c.name`, join: sql`left join courses c on c.code = per.key` },
    false,
  );

/** Students holding advance receipts at the end of each month. */
export async function studentTrend(deps: AppDeps, s: FigureScope) {
  const key = holdingKey(s);
  const maintained = key !== null && (await holdingAnswers(deps, s));
  const rows = await rowsOf<{ mon: string; students: string }>(
    deps,
    maintained
      ? sql`select months.mon, ${holdingAt(sql`${key}`, sql`months.mon`)}::text as students from ${monthsRelation(s)}`
      : sql`with l as (${movements(s)}),
      per as (select student_id, ${monthOf(s)} as mon, sum(v) as v from l group by 1, 2),
      cum as (select student_id, mon, sum(v) over (partition by student_id order by mon) as bal,
        lead(mon) over (partition by student_id order by mon) as nxt from per)
      select months.mon, count(cum.student_id)::text as students
      from ${monthsRelation(s)}
      left join cum on cum.mon <= months.mon and (cum.nxt is null or cum.nxt > months.mon) and cum.bal > 0
      group by months.mon order by months.mon`,
  );
  const counts = new Map(rows.map((r) => [r.mon, n(r.students)]));
  return {
    months: s.months,
    series: [
      {
        key: 'students',
        name: spoken('在读预收学员 / Students'),
        values: s.months.map((m) => counts.get(m) ?? 0),
      },
    ],
  };
}
