// The dashboards benchmark's money figures: the ledger (revenue, advance receipts, settlement),
// income (pay records and refunds) and the clues' conversion.
import { sql } from 'drizzle-orm';
import type { BenchContext, BenchEndpoint } from './context.js';

export function moneyEndpoints(ctx: BenchContext): BenchEndpoint[] {
  const { period, S, E, rows, MOVES, REFUNDS } = ctx;
  return [
    {
      // The same figures as the endpoint: the flows and the students holding a balance at the end.
      name: 'advancereceipt/summary',
      url: `/api/advancereceipt/summary?${period}`,
      sql: () =>
        Promise.all([
          rows(sql`select sum(v) filter (where posted_at < ${S}) as opening,
          sum(v) filter (where posted_at >= ${S} and k = 'purchase') as received,
          -sum(v) filter (where posted_at >= ${S} and k = 'consume') as consumed,
          -sum(v) filter (where posted_at >= ${S} and k = 'refund') as refunded,
          sum(v) filter (where posted_at >= ${S} and k not in ('purchase', 'consume', 'refund')) as other,
          sum(v) as closing
          from ${MOVES}`),
          rows(sql`select count(*) from (select student_id from student_ledger where posted_at < ${E}
          group by student_id having sum(value_cents) > 0) held`),
        ]),
    },
    {
      // Only the movements that can count as consume (a consume, or a reversal of one): read through
      // the (kind, posted_at, …) index of the base table.
      name: 'revenue/summary',
      url: `/api/revenue/summary?${period}`,
      sql: () =>
        rows(sql`select -sum(v), -sum(h), count(distinct student_id) from ${MOVES}
        where posted_at >= ${S} and k = 'consume' and mk in ('consume', 'reversal')`),
    },
    {
      // The same figures as the endpoint: received, refunded, net, payments and payers.
      name: 'report/incomesummary',
      url: `/api/report/incomesummary?${period}`,
      sql: () =>
        rows(sql`with l as (
          select o.student_id, 'pay' as k, p.amount_cents as v
          from pay_records p join orders o on o.id = p.order_id
          where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E}
          union all select f.student_id, 'refund', f.v from ${REFUNDS})
        select sum(v) filter (where k = 'pay'), -sum(v) filter (where k = 'refund'), sum(v),
          count(*) filter (where k = 'pay'), count(distinct student_id) filter (where k = 'pay') from l`),
    },
    {
      // The same figures as the endpoint: per campus received, refunded, net, payments and payers, the
      // top 20 by net income, and the totals over all campuses.
      name: 'report/school',
      url: `/api/report/school?${period}&pageSize=20`,
      sql: () =>
        rows(sql`with l as (
          select o.school_item_code as c, o.student_id, 'pay' as k, p.amount_cents as v
          from pay_records p join orders o on o.id = p.order_id
          where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E}
          union all select f.c, f.student_id, 'refund', f.v from ${REFUNDS})
        select c, sum(v) filter (where k = 'pay'), -sum(v) filter (where k = 'refund'), sum(v) as net,
          count(*) filter (where k = 'pay'), count(distinct student_id) filter (where k = 'pay')
        from l group by grouping sets ((c), ()) order by net desc limit 21`),
    },
    {
      name: 'settlement/classHour/finance',
      url: `/api/settlement/classHour/finance?${period}`,
      sql: () =>
        // The same figures as the endpoint: per campus and month each kind's value and hours.
        rows(sql`select c, to_char(date_trunc('month', posted_at at time zone 'Asia/Shanghai'), 'YYYY-MM'), sum(v), sum(h),
        sum(v) filter (where k = 'purchase'), sum(h) filter (where k = 'purchase'),
        sum(v) filter (where k = 'consume'), sum(h) filter (where k = 'consume'),
        sum(v) filter (where k = 'refund'), sum(h) filter (where k = 'refund'),
        sum(v) filter (where k not in ('purchase', 'consume', 'refund')),
        sum(h) filter (where k not in ('purchase', 'consume', 'refund'))
        from ${MOVES} group by c, date_trunc('month', posted_at at time zone 'Asia/Shanghai')`),
    },
    {
      // The same figures as the endpoint: revenue per campus.
      name: 'revenue/campusdistribution',
      url: `/api/revenue/campusdistribution?${period}`,
      sql: () =>
        rows(
          sql`select c, -sum(v) from ${MOVES} where posted_at >= ${S} and k = 'consume' group by c having sum(v) <> 0`,
        ),
    },
    {
      // The same figures as the endpoint: revenue per month, in total and per campus.
      name: 'revenue/schooltrend',
      url: `/api/revenue/schooltrend?${period}`,
      sql: () =>
        rows(sql`select c, to_char(date_trunc('month', posted_at at time zone 'Asia/Shanghai'), 'YYYY-MM'), -sum(v)
        from ${MOVES} where posted_at >= ${S} and k = 'consume'
        group by grouping sets ((c, date_trunc('month', posted_at at time zone 'Asia/Shanghai')),
          (date_trunc('month', posted_at at time zone 'Asia/Shanghai')))`),
    },
    {
      // The same figures as the endpoint: each campus's balance at the end of each month (no kind is
      // needed, so no reversal join).
      name: 'advancereceipt/schooltrend',
      url: `/api/advancereceipt/schooltrend?${period}`,
      sql: () =>
        rows(sql`select c, mon, sum(v) over (partition by c order by mon) from (
          select school_item_code as c, date_trunc('month', posted_at at time zone 'Asia/Shanghai') as mon,
            sum(value_cents) as v
          from student_ledger where posted_at < ${E} group by 1, 2) x`),
    },
    {
      name: 'clue/summary',
      url: `/api/clue/summary?${period}`,
      sql: () =>
        rows(sql`select count(*), count(*) filter (where flow_state = 'invalid'),
        count(*) filter (where visited_at is not null or converted_at is not null or flow_state = 'converted'),
        count(*) filter (where converted_at is not null or flow_state = 'converted')
        from clues where flow_state <> 'merged' and created_at >= ${S} and created_at < ${E}`),
    },
  ];
}
