// Advance receipts (预收款): the paid value a family has not used yet — every figure a sum over the
// one student ledger (docs/metrics.md). A reversal counts as the kind it reverses, so a revoked
// payment or a cancelled attendance takes back exactly what it added. All sums run in SQL; only the
// month series are carried forward over months without movements here (a few dozen values).
import { codeLabel, orderType, payMethod } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inCampuses, monthsRelation, type FigureScope } from './scope.js';

/** One movement with the kind, source and value that count: a reversal counts as what it reverses. */
const ledger = (s: FigureScope) => sql`
  select m.school_item_code, m.student_id, m.course_code, m.order_id, m.value_cents as v, m.posted_at,
    coalesce(r.kind, m.kind) as k,
    coalesce(r.source_type, m.source_type) as st,
    coalesce(r.source_id, m.source_id) as sid
  from student_ledger m
  left join student_ledger r on r.id = m.reverses_id
  where ${inCampuses(sql`m.school_item_code`, s)} and m.posted_at < ${s.end.toISOString()}::timestamptz`;

/** The Shanghai month of a movement; movements before the period's first month count as '0000-00'. */
const monthOf = (s: FigureScope) =>
  sql`case when posted_at < ${s.start.toISOString()}::timestamptz and to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') < ${s.months[0] ?? ''}
    then '0000-00' else to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') end`;

const rowsOf = async <T>(deps: AppDeps, q: SQL): Promise<T[]> =>
  ((await deps.db.execute(q)) as unknown as { rows: T[] }).rows;

const n = (v: string | number | null | undefined) => Number(v ?? 0);

interface Flows {
  openingCents: number;
  receivedCents: number;
  consumedCents: number;
  refundedCents: number;
  otherCents: number;
  closingCents: number;
}

const flowColumns = (s: FigureScope) => sql`
  coalesce(sum(v) filter (where posted_at < ${s.start.toISOString()}::timestamptz), 0)::text as opening,
  coalesce(sum(v) filter (where posted_at >= ${s.start.toISOString()}::timestamptz and k = 'purchase'), 0)::text as received,
  coalesce(-sum(v) filter (where posted_at >= ${s.start.toISOString()}::timestamptz and k = 'consume'), 0)::text as consumed,
  coalesce(-sum(v) filter (where posted_at >= ${s.start.toISOString()}::timestamptz and k = 'refund'), 0)::text as refunded,
  coalesce(sum(v) filter (where posted_at >= ${s.start.toISOString()}::timestamptz and k not in ('purchase', 'consume', 'refund')), 0)::text as other,
  coalesce(sum(v), 0)::text as closing`;

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

export async function summary(deps: AppDeps, s: FigureScope) {
  const [f] = await rowsOf<FlowRow>(deps, sql`with l as (${ledger(s)}) select ${flowColumns(s)} from l`);
  const [c] = await rowsOf<{ students: string }>(
    deps,
    sql`with l as (${ledger(s)}) select count(*)::text as students from
      (select student_id from l group by student_id having sum(v) > 0) held`,
  );
  return { period: s.period, ...flows(f), students: n(c?.students) };
}

/** Per campus: the flows of the period and the students holding advance receipts there at its end. */
export async function campusTable(deps: AppDeps, s: FigureScope) {
  const rows = await rowsOf<FlowRow & { code: string; name: string | null; students: string }>(
    deps,
    sql`with l as (${ledger(s)}),
      f as (select school_item_code as code, ${flowColumns(s)} from l group by school_item_code),
      h as (select code, count(*) as students from
        (select school_item_code as code, student_id from l group by 1, 2 having sum(v) > 0) x group by code)
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
      schoolItemName: '合计 / Total',
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

type ShareRow = { key: string; name: string | null; cents: string };
const shares = (rows: ShareRow[]) =>
  rows.map((r) => ({ key: String(r.key), name: r.name ?? String(r.key), cents: n(r.cents) }));

/** Advance receipts at the end of the period by a dimension of the movement. */
async function closingBy(deps: AppDeps, s: FigureScope, key: SQL, name: SQL, join: SQL) {
  return shares(
    await rowsOf<ShareRow>(
      deps,
      sql`with l as (${ledger(s)})
        select ${key} as key, max(${name}) as name, sum(l.v)::text as cents
        from l ${join} group by 1 having sum(l.v) <> 0 order by sum(l.v) desc, 1`,
    ),
  );
}

export const byCampus = (deps: AppDeps, s: FigureScope) =>
  closingBy(
    deps,
    s,
    sql`l.school_item_code`,
    sql`si.name`,
    sql`left join school_items si on si.code = l.school_item_code`,
  );

export const byCourse = (deps: AppDeps, s: FigureScope) =>
  closingBy(deps, s, sql`l.course_code`, sql`c.name`, sql`left join courses c on c.code = l.course_code`);

export async function byOrderType(deps: AppDeps, s: FigureScope) {
  const rows = await closingBy(
    deps,
    s,
    sql`o.order_type::text`,
    sql`null::text`,
    sql`join orders o on o.id = l.order_id`,
  );
  return rows.map((r) => ({ ...r, name: codeLabel(orderType(Number(r.key))) }));
}

/** Money received in the period by payment method: confirmed pay records by payment date. */
export async function byPayMethod(deps: AppDeps, s: FigureScope) {
  const rows = shares(
    await rowsOf<ShareRow>(
      deps,
      sql`select p.method::text as key, null as name, sum(p.amount_cents)::text as cents
        from pay_records p join orders o on o.id = p.order_id
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
        where l.k = 'refund' and l.posted_at >= ${s.start.toISOString()}::timestamptz
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
    sql`with l as (${ledger(s)}),
      per as (select ${key} as key, ${monthOf(s)} as mon, sum(v) as v from l group by 1, 2)
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
          name: '合计 / Total',
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
  const rows = await rowsOf<{ mon: string; students: string }>(
    deps,
    sql`with l as (${ledger(s)}),
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
      { key: 'students', name: '在读预收学员 / Students', values: s.months.map((m) => counts.get(m) ?? 0) },
    ],
  };
}
