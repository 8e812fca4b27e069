// The dashboards benchmark's money figures: the ledger (revenue, pre-revenue, advance receipts,
// settlement, the overview and profit), income (pay records and refunds) and the clues' conversion.
import { sql, type SQL } from 'drizzle-orm';
import { shanghaiMonthOf } from '@bo/domain';
import type { BenchContext, BenchEndpoint } from './context.js';

export function moneyEndpoints(ctx: BenchContext): BenchEndpoint[] {
  const { period, S, E, rows, MOVES, REFUNDS, startDate, endDate } = ctx;
  // Figures set against monthly imports (profit, targets) run over the whole months of the period.
  const monthEnd = (shanghaiMonthOf(endDate.slice(0, 7))?.end ?? new Date()).toISOString();
  const ME = sql`${monthEnd}::timestamptz`;
  const monthsIn = sql`(select to_char(m, 'YYYY-MM') from generate_series(${startDate}::date,
    ${endDate}::date, interval '1 month') m)`;
  /** Per key and in total, or (key null) only the total. */
  const sets = (key: SQL | null) => (key ? sql`group by grouping sets ((${key}), ())` : sql``);
  const keyCol = (key: SQL | null) => key ?? sql`null`;
  const month = (col: SQL) => sql`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`;

  /**
   * The movements up to `end` with the kind and source that count (a reversal as what it reverses),
   * as `x(c, cc, oid, v, h, posted_at, student_id, k, mk, st, sid)`: MOVES with the course, order and
   * source, joined only to the movements some reversal undoes.
   */
  const moves = (end: SQL = E, where: SQL = sql`true`) => sql`(select m.school_item_code as c,
    m.course_code as cc, m.order_id as oid, m.value_cents as v, m.hours as h, m.posted_at, m.student_id,
    coalesce(r.kind, m.kind) as k, m.kind as mk, coalesce(r.source_type, m.source_type) as st,
    coalesce(r.source_id, m.source_id) as sid
    from student_ledger m left join (select x.id, x.kind, x.source_type, x.source_id from student_ledger x
      where x.id in (select y.reverses_id from student_ledger y where y.reverses_id is not null)) r
      on r.id = m.reverses_id
    where m.posted_at < ${end} and ${where}) x`;
  /** Only the movements that can count as consume, read through the (kind, posted_at, …) index. */
  const consumes = (end: SQL = E) =>
    sql`(select * from ${moves(end, sql`m.kind in ('consume', 'reversal') and m.posted_at >= ${S}`)}
      where k = 'consume') x`;

  /** Revenue of the period by a key (with its name), largest first. */
  const revenueBy = (key: SQL, name: SQL, join: SQL) => () =>
    rows(sql`select ${key} as key, max(${name}) as name, -sum(x.v) as cents from ${consumes()} ${join}
      group by 1 having sum(x.v) <> 0 order by 3 desc, 1`);
  /** Revenue of each month of the period: the total and per key (the endpoint keeps the top five). */
  const revenueTrend = (key: SQL, name: SQL, join: SQL) => () =>
    rows(sql`select ${key} as key, max(${name}) as name, ${month(sql`x.posted_at`)} as mon, -sum(x.v)
      from ${consumes()} ${join}
      group by grouping sets ((${key}, ${month(sql`x.posted_at`)}), (${month(sql`x.posted_at`)}))`);

  /**
   * Pre-revenue: the booked bookings of the period's live lessons that consume hours and have no
   * live sign, each valued at its student's remaining price of the course at the period's end (value
   * left ÷ hours left over the student's order items of the course), with the order consumption draws
   * from (the first with hours left, else the latest), as `b(c, cc, day, student_id, h, v, oid)`.
   * The price once per (student, course), from the (student_id, course_code) index.
   */
  const prebooked = sql`(with bk as (
      select le.school_item_code as c, le.course_code as cc, le.lesson_date as day, ls.student_id, le.hours as h
      from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
      where le.status = 10 and le.kind in ('oneToOne', 'group') and le.hours > 0
        and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
        and not exists (select 1 from teaching_attendances a where a.lesson_student_id = ls.id and a.cancelled_at is null)),
    items as (
      select sl.student_id, sl.course_code, sl.order_id, sum(sl.value_cents) as v, sum(sl.hours) as h
      from student_ledger sl join (select distinct student_id, cc from bk) k on k.student_id = sl.student_id and k.cc = sl.course_code
      where sl.posted_at < ${E} group by sl.student_id, sl.course_code, sl.order_item_id, sl.order_id),
    price as (
      select student_id, course_code, sum(v) as val, sum(h) as hrs,
        coalesce(min(order_id) filter (where h > 0), max(order_id)) as oid
      from items group by 1, 2)
    select bk.c, bk.cc, bk.day, bk.student_id, bk.h, p.oid,
      (case when p.hrs > 0 then round(bk.h * p.val / p.hrs) else 0 end)::bigint as v
    from bk left join price p on p.student_id = bk.student_id and p.course_code = bk.cc) b`;
  const preBy = (key: SQL, name: SQL, join: SQL) => () =>
    rows(sql`select ${key} as key, max(${name}) as name, sum(b.v) as cents from ${prebooked} ${join}
      group by 1 having sum(b.v) <> 0 order by 3 desc, 1`);
  const preTrend = (key: SQL, name: SQL, join: SQL) => () =>
    rows(sql`select ${key} as key, max(${name}) as name, to_char(b.day, 'YYYY-MM') as mon, sum(b.v)
      from ${prebooked} ${join}
      group by grouping sets ((${key}, to_char(b.day, 'YYYY-MM')), (to_char(b.day, 'YYYY-MM')))`);

  /** Per campus (and in total): the flows of the period, as advance receipts reconcile them. */
  const flowsByCampus = () =>
    rows(sql`select x.c, max(si.name), sum(v) filter (where posted_at < ${S}) as opening,
      sum(v) filter (where posted_at >= ${S} and k = 'purchase') as received,
      -sum(v) filter (where posted_at >= ${S} and k = 'consume') as consumed,
      -sum(v) filter (where posted_at >= ${S} and k = 'refund') as refunded,
      sum(v) filter (where posted_at >= ${S} and k not in ('purchase', 'consume', 'refund')) as other,
      sum(v) as closing
      from ${MOVES} left join school_items si on si.code = x.c group by grouping sets ((x.c), ())`);
  /** The students holding advance receipts at the period's end in total. */
  const holding = () =>
    rows(sql`select count(*) from (select student_id from student_ledger where posted_at < ${E}
      group by student_id having sum(value_cents) > 0) h`);
  /** The students holding advance receipts at the period's end: per campus, and in total. */
  const holders = () =>
    Promise.all([
      rows(sql`select c, count(*) from (select school_item_code as c, student_id from student_ledger
        where posted_at < ${E} group by 1, 2 having sum(value_cents) > 0) h group by c`),
      holding(),
    ]);
  /** The table of advance receipts per campus (advanceReceiptV2, advance/dataForPC). */
  const advanceTable = () => Promise.all([flowsByCampus(), holders()]);
  /** Advance receipts at the period's end by a key of the movement. */
  const closingBy = (key: SQL, name: SQL, join: SQL) =>
    rows(sql`select ${key} as key, max(${name}) as name, sum(x.v) as cents
      from (select school_item_code, course_code, sum(value_cents) as v from student_ledger
        where posted_at < ${E} group by 1, 2) x ${join}
      group by 1 having sum(x.v) <> 0 order by 3 desc, 1`);

  /** Per campus (and in total) refunded, revenue and closing of the period from the ledger. */
  const ledgerByCampus = (end: SQL = E, key: SQL | null = sql`x.c`) =>
    rows(sql`select ${keyCol(key)}, -sum(v) filter (where posted_at >= ${S} and k = 'refund') as refunded,
      -sum(v) filter (where posted_at >= ${S} and k = 'consume') as revenue,
      -sum(h) filter (where posted_at >= ${S} and k = 'consume') as hours, sum(v) as closing
      from ${moves(end)} ${sets(key)}`);
  const receivedByCampus = (end: SQL = E) =>
    rows(sql`select o.school_item_code, sum(p.amount_cents) from pay_records p join orders o on o.id = p.order_id
      where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${end} group by 1`);
  /** The income table per campus: received, refunded, revenue, pre-revenue and closing; the total sums it. */
  const incomeRange = (end: SQL = E) =>
    Promise.all([
      ledgerByCampus(end),
      receivedByCampus(end),
      rows(
        sql`select b.c, si.name, sum(b.v) from ${prebooked} left join school_items si on si.code = b.c group by 1, 2`,
      ),
    ]);
  /** Campus revenue of the whole months and their costs (school costs by type, payroll). */
  const costs = sql`(select sc.school_item_code as c, x.type, round(x.amount * 100)::bigint as v
      from school_costs sc cross join lateral (values ('rent', sc.rent), ('labour', sc.labour),
        ('utilities', sc.utilities), ('marketing', sc.marketing), ('materials', sc.materials), ('other', sc.other)) x(type, amount)
      where sc.month in ${monthsIn}
      union all select sl.school_item_code, 'payroll', sl.amount_cents from salary_lines sl
      where to_char(make_date(sl.year, sl.month, 1), 'YYYY-MM') in ${monthsIn}) k`;
  const profit = (perCampus: boolean) => () =>
    Promise.all([
      rows(sql`select ${perCampus ? sql`x.c, max(si.name)` : sql`null`}, -sum(x.v) from ${consumes(ME)}
        ${perCampus ? sql`left join school_items si on si.code = x.c` : sql``} ${sets(perCampus ? sql`x.c` : null)}`),
      rows(sql`select ${keyCol(perCampus ? sql`k.c` : null)}, sum(k.v) filter (where k.type <> 'payroll'),
        sum(k.v) filter (where k.type = 'payroll') from ${costs} ${sets(perCampus ? sql`k.c` : null)}`),
    ]);
  /** Lessons of the period per key: lessons, given (a live sign), booked hours (one-to-one and group). */
  const lessonsBy = (key: SQL | null) =>
    rows(sql`with le as (select le.id, le.school_item_code, le.course_code, le.teacher_code, le.kind, le.hours
        from teaching_lessons le where le.status = 10
          and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date),
      b as (select ls.lesson_id, count(*) filter (where ls.status = 10) as booked, count(a.id) as signs,
          coalesce(sum(a.hours), 0) as uh
        from teaching_lesson_students ls
        left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
        where ls.status <> 90 and ls.lesson_id in (select id from le) group by ls.lesson_id)
      select ${keyCol(key)} as key, count(*) as lessons, count(*) filter (where b.signs > 0) as given,
        coalesce(sum(case when le.kind in ('oneToOne', 'group') then le.hours * b.booked else 0 end), 0) as bh,
        coalesce(sum(b.uh), 0) as uh
      from le left join b on b.lesson_id = le.id ${sets(key)}`);
  /** Students who consumed hours in the period, per key and in total. */
  const activeBy = (key: SQL | null) =>
    rows(sql`select ${keyCol(key)}, count(distinct x.student_id) from ${consumes()} ${sets(key)}`);
  const newStudentsBy = (key: SQL | null) =>
    rows(sql`select ${keyCol(key)}, count(*) filter (where created_at >= ${S}) as new,
      count(*) filter (where status = 10) as reading
      from students where status <> 90 and created_at < ${E} ${sets(key)}`);
  /** Money received in the period: per campus (through the orders) and in total, or only the total. */
  const paymentsBy = (perCampus: boolean) =>
    perCampus
      ? rows(sql`select o.school_item_code, sum(p.amount_cents) from pay_records p join orders o on o.id = p.order_id
        where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E} group by grouping sets ((1), ())`)
      : rows(sql`select sum(p.amount_cents) from pay_records p
        where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E}`);
  const overview = (perCampus: boolean) => () =>
    Promise.all([
      ledgerByCampus(E, perCampus ? sql`x.c` : null),
      activeBy(perCampus ? sql`x.c` : null),
      paymentsBy(perCampus),
      newStudentsBy(perCampus ? sql`school_item_code` : null),
      lessonsBy(perCampus ? sql`le.school_item_code` : null),
    ]);

  const CAMPUS = [sql`x.c`, sql`si.name`, sql`left join school_items si on si.code = x.c`] as const;
  const COURSE = [sql`x.cc`, sql`c.name`, sql`left join courses c on c.code = x.cc`] as const;
  const TYPE = [sql`o.order_type`, sql`null::text`, sql`join orders o on o.id = x.oid`] as const;
  const PRE_CAMPUS = [sql`b.c`, sql`si.name`, sql`left join school_items si on si.code = b.c`] as const;
  const PRE_COURSE = [sql`b.cc`, sql`c.name`, sql`left join courses c on c.code = b.cc`] as const;
  const PRE_TYPE = [sql`o.order_type`, sql`null::text`, sql`left join orders o on o.id = b.oid`] as const;

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
    // Revenue by campus, order type and course; the ranking and the distribution are one figure in
    // two orders.
    {
      name: 'revenue/schoolsummaryranking',
      url: `/api/revenue/schoolsummaryranking?${period}`,
      sql: revenueBy(...CAMPUS),
    },
    { name: 'revenue/typeproportion', url: `/api/revenue/typeproportion?${period}`, sql: revenueBy(...TYPE) },
    {
      name: 'revenue/courseproportion',
      url: `/api/revenue/courseproportion?${period}`,
      sql: revenueBy(...COURSE),
    },
    { name: 'revenue/typetrend', url: `/api/revenue/typetrend?${period}`, sql: revenueTrend(...TYPE) },
    { name: 'revenue/coursetrend', url: `/api/revenue/coursetrend?${period}`, sql: revenueTrend(...COURSE) },
    {
      // The phone's income page: received, refunded, revenue, pre-revenue, closing; the payment
      // methods; received and refunded per month.
      name: 'revenue/mobile/query',
      url: `/api/revenue/mobile/query?${period}`,
      sql: () =>
        Promise.all([
          rows(sql`select -sum(v) filter (where posted_at >= ${S} and k = 'refund'),
            -sum(v) filter (where posted_at >= ${S} and k = 'consume'), sum(v) from ${moves()}`),
          rows(sql`select -sum(v), ${month(sql`posted_at`)} from ${moves(E, sql`m.kind in ('refund', 'reversal') and m.posted_at >= ${S}`)}
            where k = 'refund' group by 2`),
          rows(sql`select p.method, ${month(sql`p.paid_at`)}, sum(p.amount_cents) from pay_records p
            where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E} group by grouping sets ((1), (2))`),
          rows(sql`select sum(b.v) from ${prebooked}`),
        ]),
    },
    {
      // The income table per campus: received, refunded, revenue, pre-revenue, closing.
      name: 'revenue/web/range',
      url: `/api/revenue/web/range?${period}`,
      sql: () => incomeRange(),
    },
    {
      // The income table over the whole months against the centres' uploaded targets.
      name: 'revenue/v2/overViewTargetRate',
      url: `/api/revenue/v2/overViewTargetRate?${period}`,
      sql: () =>
        Promise.all([
          incomeRange(ME),
          rows(sql`select school_item_code, kind, round(sum(amount) * 100) from monthly_advances
            where kind in ('centerAdvanceIncome', 'centerAdvanceConsumer') and month in ${monthsIn} group by 1, 2`),
        ]),
    },
    {
      // Per teacher: lessons, booked hours and the hours their signs consumed.
      name: 'revenue/v2/teacherPlanRate',
      url: `/api/revenue/v2/teacherPlanRate?${period}`,
      sql: () => lessonsBy(sql`le.teacher_code`),
    },
    {
      // Per adviser: money received on the orders they advise against their uploads.
      name: 'revenue/v2/cardPlanRate',
      url: `/api/revenue/v2/cardPlanRate?${period}`,
      sql: () =>
        Promise.all([
          rows(sql`select ma.employee_code, ma.kind, max(ma.school_item_code), max(e.name), round(sum(ma.amount) * 100)
            from monthly_advances ma left join employees e on e.code = ma.employee_code
            where ma.kind in ('consultantAdvanceIncome', 'growthConsultantAdvanceIncome') and ma.month in ${monthsIn}
            group by 1, 2`),
          rows(sql`select u.employee_code, max(e.name), max(o.school_item_code), sum(p.amount_cents)
            from pay_records p join orders o on o.id = p.order_id join users u on u.id = o.adviser_id
            left join employees e on e.code = u.employee_code
            where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${ME} and u.employee_code is not null group by 1`),
        ]),
    },
    {
      // Per campus: consumed ÷ (opening + received) of the period.
      name: 'revenue/v2/parentCostRate',
      url: `/api/revenue/v2/parentCostRate?${period}`,
      sql: () =>
        rows(sql`select x.c, max(si.name), sum(v) filter (where posted_at < ${S}),
          sum(v) filter (where posted_at >= ${S} and k = 'purchase'), -sum(v) filter (where posted_at >= ${S} and k = 'consume')
          from ${MOVES} left join school_items si on si.code = x.c group by x.c`),
    },
    // Pre-revenue: one figure over the unsigned bookings by campus, order type, course and month.
    {
      name: 'preRevenue/summary',
      url: `/api/preRevenue/summary?${period}`,
      sql: () => rows(sql`select sum(b.v), sum(b.h), count(distinct b.student_id) from ${prebooked}`),
    },
    {
      name: 'preRevenue/schoolsummaryranking',
      url: `/api/preRevenue/schoolsummaryranking?${period}`,
      sql: preBy(...PRE_CAMPUS),
    },
    {
      name: 'preRevenue/campusdistribution',
      url: `/api/preRevenue/campusdistribution?${period}`,
      sql: preBy(...PRE_CAMPUS),
    },
    {
      name: 'preRevenue/typeproportion',
      url: `/api/preRevenue/typeproportion?${period}`,
      sql: preBy(...PRE_TYPE),
    },
    {
      name: 'preRevenue/courseproportion',
      url: `/api/preRevenue/courseproportion?${period}`,
      sql: preBy(...PRE_COURSE),
    },
    {
      name: 'preRevenue/schooltrend',
      url: `/api/preRevenue/schooltrend?${period}`,
      sql: preTrend(...PRE_CAMPUS),
    },
    { name: 'preRevenue/typetrend', url: `/api/preRevenue/typetrend?${period}`, sql: preTrend(...PRE_TYPE) },
    {
      name: 'preRevenue/coursetrend',
      url: `/api/preRevenue/coursetrend?${period}`,
      sql: preTrend(...PRE_COURSE),
    },
    // Advance receipts.
    {
      name: 'advancereceipt/campusdistribution',
      url: `/api/advancereceipt/campusdistribution?${period}`,
      sql: () =>
        closingBy(
          sql`x.school_item_code`,
          sql`si.name`,
          sql`left join school_items si on si.code = x.school_item_code`,
        ),
    },
    {
      name: 'advancereceipt/courseproportion',
      url: `/api/advancereceipt/courseproportion?${period}`,
      sql: () =>
        closingBy(sql`x.course_code`, sql`c.name`, sql`left join courses c on c.code = x.course_code`),
    },
    {
      // By the order type: each order's balance first, then its type.
      name: 'advancereceipt/studentproportion',
      url: `/api/advancereceipt/studentproportion?${period}`,
      sql: () =>
        rows(sql`select o.order_type, sum(x.v) from (select order_id, sum(value_cents) as v from student_ledger
          where posted_at < ${E} group by 1) x join orders o on o.id = x.order_id
          group by 1 having sum(x.v) <> 0 order by 2 desc`),
    },
    {
      name: 'advancereceipt/payproportion',
      url: `/api/advancereceipt/payproportion?${period}`,
      sql: () =>
        rows(sql`select p.method, sum(p.amount_cents) from pay_records p
          where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E} group by 1 order by 2 desc`),
    },
    {
      // Refunds of the period (a revoked refund counting back) by the refund order's reason.
      name: 'advancereceipt/reasonrefundproportion',
      url: `/api/advancereceipt/reasonrefundproportion?${period}`,
      sql: () =>
        rows(sql`select coalesce(ro.reason_code, ''), max(ro.reason_name), -sum(x.v)
          from ${moves(E, sql`m.kind in ('refund', 'reversal') and m.posted_at >= ${S}`)}
          left join refund_orders ro on x.st = 'refundOrder' and ro.id = x.sid
          where x.k = 'refund' group by 1 having sum(x.v) <> 0 order by 3 desc`),
    },
    {
      // Students holding advance receipts at the end of each month: balances per student and month,
      // carried to the months without movements.
      name: 'advancereceipt/studenttrend',
      url: `/api/advancereceipt/studenttrend?${period}`,
      sql: () =>
        rows(sql`with per as (select student_id, greatest(${month(sql`posted_at`)}, ${startDate.slice(0, 7)}) as mon,
            sum(value_cents) as v from student_ledger where posted_at < ${E} group by 1, 2),
          cum as (select mon, sum(v) over (partition by student_id order by mon) as bal,
            lead(mon) over (partition by student_id order by mon) as nxt from per)
          select m.mon, count(cum.mon) from ${monthsIn} m(mon)
          left join cum on cum.mon <= m.mon and (cum.nxt is null or cum.nxt > m.mon) and cum.bal > 0
          group by 1`),
    },
    {
      // Each course's balance at the end of each month (the endpoint keeps the five largest).
      name: 'advancereceipt/coursetrend',
      url: `/api/advancereceipt/coursetrend?${period}`,
      sql: () =>
        rows(sql`select x.cc, c.name, x.mon, sum(x.v) over (partition by x.cc order by x.mon) from (
          select course_code as cc, greatest(${month(sql`posted_at`)}, ${startDate.slice(0, 7)}) as mon, sum(value_cents) as v
          from student_ledger where posted_at < ${E} group by 1, 2) x left join courses c on c.code = x.cc`),
    },
    {
      name: 'advancereceipt/advanceReceiptV2',
      url: `/api/advancereceipt/advanceReceiptV2`,
      method: 'POST',
      payload: { startDate, endDate },
      sql: advanceTable,
    },
    { name: 'advance/dataForPC', url: `/api/advance/dataForPC?${period}`, sql: advanceTable },
    {
      // The phone's advance receipts: the flows, the holders and the closing per campus.
      name: 'advance/data',
      url: `/api/advance/data?${period}`,
      sql: () => Promise.all([flowsByCampus(), holding()]),
    },
    {
      // The students holding advance receipts per campus at the period's end: their count and sum,
      // and the first page of 20, largest first.
      name: 'advance/pageDetail',
      url: `/api/advance/pageDetail?${period}&pageIdx=1&pageSize=20`,
      sql: () =>
        rows(sql`with b as (select school_item_code as c, student_id, sum(value_cents) as v, sum(hours) as h
            from student_ledger where posted_at < ${E} group by 1, 2 having sum(value_cents) > 0),
          top as (select b.*, count(*) over () as total, sum(b.v) over () as cents from b
            order by b.v desc, b.student_id, b.c limit 20)
          select top.*, st.code, st.name, si.name from top left join students st on st.id = top.student_id
          left join school_items si on si.code = top.c order by top.v desc, top.student_id, top.c`),
    },
    // The overview: per campus and in total, the ledger's sums, the active students, the money
    // received, the new students and the lessons.
    { name: 'overview/summary2', url: `/api/overview/summary2?${period}`, sql: overview(false) },
    { name: 'overview/schoolsummary', url: `/api/overview/schoolsummary?${period}`, sql: overview(true) },
    {
      // Per campus and in total: reading and new students, active students, and the students holding
      // advance receipts at the end or who held some at the start and no more.
      name: 'overview/schoolstudentummary',
      url: `/api/overview/schoolstudentummary?${period}`,
      sql: () =>
        Promise.all([
          newStudentsBy(sql`school_item_code`),
          activeBy(sql`x.c`),
          rows(sql`select c, count(distinct student_id) filter (where close_v > 0),
            count(distinct student_id) filter (where open_v > 0 and close_v <= 0)
            from (select school_item_code as c, student_id, sum(value_cents) filter (where posted_at < ${S}) as open_v,
              sum(value_cents) as close_v from student_ledger where posted_at < ${E} group by 1, 2) b
            group by grouping sets ((c), ())`),
        ]),
    },
    {
      // Per course: revenue and hours consumed, active students, booked hours and lessons.
      name: 'overview/schoolcoursesummary',
      url: `/api/overview/schoolcoursesummary?${period}`,
      sql: () =>
        Promise.all([
          rows(sql`select x.cc, max(c.name), -sum(x.v), -sum(x.h), count(distinct x.student_id) from ${consumes()}
            left join courses c on c.code = x.cc group by 1`),
          lessonsBy(sql`le.course_code`),
        ]),
    },
    // Profit: revenue of the whole months less the campuses' costs and payroll.
    { name: 'profit/summary', url: `/api/profit/summary?${period}`, sql: profit(false) },
    {
      name: 'profit/campus_distribution',
      url: `/api/profit/campus_distribution?${period}`,
      sql: profit(true),
    },
    {
      name: 'profit/cost_ratio',
      url: `/api/profit/cost_ratio?${period}`,
      sql: () => rows(sql`select k.type, sum(k.v) from ${costs} group by 1`),
    },
  ];
}
