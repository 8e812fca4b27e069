// The dashboards benchmark's income area: the income reports (pay records and refunds), the cases,
// the order period, the drill-down pages, the student figures, the clues' conversion per campus, the
// class-hour settlement by course and project, and the staff figures (efficiency and employees).
// Each reference reads the base tables only (pay records, orders, movements, students, lessons,
// bookings, signs, employees).
import { sql, type SQL } from 'drizzle-orm';
import type { BenchContext, BenchEndpoint } from './context.js';

export function incomeEndpoints(ctx: BenchContext): BenchEndpoint[] {
  const { period, S, E, rows, MOVES, REVERSED, startDate, endDate } = ctx;
  const body = { startDate, endDate };
  const mon = (col: SQL) => sql`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const day = (col: SQL) => sql`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

  /** Confirmed pay records of the period and refunds (a revoked one counting back): l(c, student_id, order_id, k, v, at). */
  const INCOME = sql`(
    select o.school_item_code as c, o.student_id, o.id as order_id, 'pay' as k, p.amount_cents as v, p.paid_at as at
    from pay_records p join orders o on o.id = p.order_id
    where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E}
    union all
    select m.school_item_code, m.student_id, m.order_id, 'refund', m.value_cents, m.posted_at
    from student_ledger m left join ${REVERSED} r on r.id = m.reverses_id
    where m.kind in ('refund', 'reversal') and coalesce(r.kind, m.kind) = 'refund'
      and m.posted_at >= ${S} and m.posted_at < ${E}) l`;
  const INCOME_FIGURES = sql`sum(v) filter (where k = 'pay') as received, -sum(v) filter (where k = 'refund') as refunded,
    sum(v) as income, count(*) filter (where k = 'pay') as payments,
    count(distinct student_id) filter (where k = 'pay') as payers`;

  /** The movements some reversal undoes with their source, as `(id, kind, source_type, source_id)`. */
  const REVERSED_SOURCES = sql`(select y.id, y.kind, y.source_type, y.source_id from student_ledger y
    where y.id in (select z.reverses_id from student_ledger z where z.reverses_id is not null))`;
  /**
   * Consume movements of the period (a reversal of one counting as consume) with their course and
   * source: x(c, course, student_id, v, h, posted_at, st, sid). Read through the (kind, posted_at)
   * index: only consumes and reversals.
   */
  const CONSUMED = sql`(select m.school_item_code as c, m.course_code as course, m.student_id, m.value_cents as v,
      m.hours as h, m.posted_at, coalesce(r.source_type, m.source_type) as st, coalesce(r.source_id, m.source_id) as sid
    from student_ledger m
    left join ${REVERSED_SOURCES} r on r.id = m.reverses_id
    where m.kind in ('consume', 'reversal') and coalesce(r.kind, m.kind) = 'consume'
      and m.posted_at >= ${S} and m.posted_at < ${E}) x`;

  /** Each case's balance (campus, student) at the start and at the end of the period: b(c, student_id, open_v, close_v). */
  const BALANCES = sql`(select school_item_code as c, student_id,
      coalesce(sum(value_cents) filter (where posted_at < ${S}), 0) as open_v, sum(value_cents) as close_v
    from student_ledger where posted_at < ${E} group by 1, 2) b`;

  /** Employed staff who had joined by the period's end, with their post role: e(code, c, entry_date, role, post_code, skill_rank_code). */
  const STAFF = sql`(select e.code, e.school_item_code as c, e.entry_date, p.post_role as role, e.post_code, e.skill_rank_code
    from employees e left join posts p on p.code = e.post_code
    where e.status = 1 and (e.entry_date is null or e.entry_date <= ${endDate}::date))`;
  /** Per teacher: minutes of the period's live lessons and hours their live signs consumed (bookings not removed). */
  const TAUGHT = sql`(select le.teacher_code, sum(le.end_minute - le.start_minute) as m, sum(coalesce(b.uh, 0)) as uh
    from teaching_lessons le
    left join lateral (select sum(a.hours) as uh from teaching_lesson_students ls
      join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
      where ls.lesson_id = le.id and ls.status <> 90) b on true
    where le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
      and le.teacher_code in (select code from employees where status = 1)
    group by le.teacher_code)`;
  const EMPLOYEE_FIGURES = sql`count(*) as heads,
    count(*) filter (where s.entry_date >= ${startDate}::date) as hires,
    count(*) filter (where s.role = 'teacher') as teachers,
    round(coalesce(sum(t.m), 0) / 60.0, 2) as taught, coalesce(sum(t.uh), 0) as consumed`;
  const employees = (name: string, key: SQL, label: SQL = sql`null::text`, join: SQL = sql``) => ({
    name: `employee/${name}`,
    url: `/api/employee/${name}`,
    method: 'POST' as const,
    payload: body,
    sql: () =>
      rows(sql`select ${key} as key, max(${label}) as name, ${EMPLOYEE_FIGURES}
        from ${STAFF} s left join ${TAUGHT} t on t.teacher_code = s.code ${join}
        group by grouping sets ((1), ())`),
  });

  /** What each efficiency group produces in the period, with the campus and month it counts in: o(c, mon, v, q). */
  const OUTPUT: Record<string, SQL> = {
    jt: sql`(select x.c, ${mon(sql`x.posted_at`)} as mon, -x.v as v, -x.h as q, null::int as order_id from ${CONSUMED}) o`,
    // From the teachers' side: their lessons' signs, the consume movements of those signs (source
    // index) and the reversals of those (reversals' index).
    kfs: sql`(with signs as (select a.id from employees e join posts p on p.code = e.post_code and p.post_role = 'teacher'
        join teaching_lessons le on le.teacher_code = e.code
        join teaching_attendances a on a.lesson_id = le.id
        join teaching_lesson_students ls on ls.id = a.lesson_student_id and ls.lesson_id = le.id),
      consumed as (select m.id, m.school_item_code, m.value_cents, m.hours, m.posted_at from signs x
        join student_ledger m on m.source_type = 'attendance' and m.source_id = x.id and m.kind = 'consume')
      select c.school_item_code as c, ${mon(sql`c.posted_at`)} as mon, -c.value_cents as v, -c.hours as q, null::int as order_id
      from consumed c where c.posted_at >= ${S} and c.posted_at < ${E}
      union all
      select rv.school_item_code, ${mon(sql`rv.posted_at`)}, -rv.value_cents, -rv.hours, null::int
      from consumed c join student_ledger rv on rv.reverses_id = c.id where rv.posted_at >= ${S} and rv.posted_at < ${E}) o`,
    gw: sql`(select o.school_item_code as c, ${mon(sql`p.paid_at`)} as mon, p.amount_cents as v, null::numeric as q, o.id as order_id
      from pay_records p join orders o on o.id = p.order_id
      join users u on u.id = o.adviser_id join employees e on e.code = u.employee_code
      join posts pp on pp.code = e.post_code and pp.post_role in ('consultant', 'growth')
      where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E}) o`,
  };
  const MEMBERS: Record<string, SQL> = {
    jt: sql`true`,
    kfs: sql`s.role = 'teacher'`,
    gw: sql`s.role in ('consultant', 'growth')`,
  };
  const outputOf = (g: string) =>
    g === 'gw'
      ? sql`sum(o.v) as cents, count(distinct o.order_id) as quantity`
      : sql`sum(o.v) as cents, sum(o.q) as quantity`;

  /** The rows behind a drill-down figure, as the page shows them, and their count and sums. */
  const drill = (figure: string, src: SQL, order: SQL) => ({
    name: `report/paging:${figure}`,
    url: `/api/report/paging?${period}&figure=${figure}&pageIdx=1&pageSize=20`,
    sql: () =>
      Promise.all([
        rows(sql`select count(*) as total, sum(d.cents) as cents, sum(d.hours) as hours from (${src}) d`),
        rows(sql`select d.*, si.name as campus_name from (${src}) d left join school_items si on si.code = d.campus
          order by ${order} limit 20`),
      ]),
  });
  const ledgerDrill = (figure: string, kind: string) =>
    drill(
      figure,
      sql`select ${day(sql`m.posted_at`)} as date, m.school_item_code as campus, st.code as student_code, st.name as student_name,
          c.name as course_name, o.code as ref, coalesce(r.source_type, m.source_type) as detail, -m.hours as hours, -m.value_cents as cents
        from student_ledger m left join ${REVERSED_SOURCES} r on r.id = m.reverses_id
          left join students st on st.id = m.student_id left join courses c on c.code = m.course_code
          left join orders o on o.id = m.order_id
        where m.kind in (${kind}, 'reversal') and coalesce(r.kind, m.kind) = ${kind}
          and m.posted_at >= ${S} and m.posted_at < ${E}`,
      sql`d.date desc, d.ref desc, d.student_code`,
    );

  return [
    {
      // Income per campus and month, the first page by month (latest first), the totals and the count of groups.
      name: 'report/incomes',
      url: `/api/report/incomes?${period}&pageIndex=1&pageSize=20`,
      sql: () =>
        rows(sql`with g as (
            select c, ${mon(sql`at`)} as mon, ${INCOME_FIGURES} from ${INCOME}
            group by grouping sets ((c, ${mon(sql`at`)}), ()))
          select g.*, si.name as campus, pt.name as region, count(*) over () - 1 as groups
          from g left join school_items si on si.code = g.c left join province_types pt on pt.code = si.province_type_code
          order by g.c is not null, g.mon desc, g.c limit 21`),
    },
    {
      // Income per campus, the 20 largest, and the total over every campus.
      name: 'report/incomeranks',
      url: `/api/report/incomeranks?${period}&pageSize=20`,
      sql: () =>
        rows(sql`select c, si.name, sum(v) as income, sum(sum(v)) over () as total
          from ${INCOME} left join school_items si on si.code = l.c
          group by c, si.name order by income desc, c limit 20`),
    },
    {
      // Income per region with its campuses, and the total.
      name: 'report/province',
      url: `/api/report/province?${period}`,
      sql: () =>
        rows(sql`select coalesce(si.province_type_code, '') as region, max(pt.name) as name, ${INCOME_FIGURES},
            count(distinct l.c) as campuses
          from ${INCOME} left join school_items si on si.code = l.c
            left join province_types pt on pt.code = si.province_type_code
          group by grouping sets ((1), ())`),
    },
    {
      // Per case: opening, bought, consumed, refunded, closing; the first page by value consumed, the
      // count of cases and the sums consumed. Names only for the page's rows.
      name: 'report/caseConsumption',
      url: `/api/report/caseConsumption?${period}&pageIndex=1&pageSize=20`,
      sql: () =>
        rows(sql`with g as (
            select student_id, c,
              coalesce(sum(v) filter (where posted_at < ${S}), 0) as open_v,
              coalesce(sum(h) filter (where posted_at < ${S}), 0) as open_h,
              coalesce(sum(h) filter (where posted_at >= ${S} and k = 'purchase'), 0) as bought_h,
              coalesce(-sum(h) filter (where posted_at >= ${S} and k = 'consume'), 0) as cons_h,
              coalesce(-sum(v) filter (where posted_at >= ${S} and k = 'consume'), 0) as cons_v,
              coalesce(-sum(v) filter (where posted_at >= ${S} and k = 'refund'), 0) as ref_v,
              sum(v) as close_v, sum(h) as close_h, count(*) filter (where posted_at >= ${S}) as moved
            from ${MOVES} group by 1, 2),
          p as (select g.*, count(*) over () as total, sum(cons_v) over () as all_v, sum(cons_h) over () as all_h
            from g where close_v <> 0 or close_h <> 0 or moved > 0
            order by cons_v desc, student_id, c limit 20)
          select p.*, st.code, st.name, si.name as campus from p left join students st on st.id = p.student_id
            left join school_items si on si.code = p.c order by cons_v desc, student_id, c`),
    },
    {
      // Orders created in the period: in total, by order type and by the time they took to become effective.
      name: 'report/orderPeriod',
      url: `/api/report/orderPeriod?${period}`,
      sql: () =>
        rows(sql`with l as (
            select o.order_type, o.payable_cents, o.paid_cents,
              ((o.effective_at at time zone 'Asia/Shanghai')::date - (o.created_at at time zone 'Asia/Shanghai')::date) as days,
              exists (select 1 from term_bills tb where tb.order_id = o.id and tb.status = 20) as term
            from orders o where o.status <> 90 and o.created_at >= ${S} and o.created_at < ${E})
          select order_type, case when days is null then 'open' when days = 0 then 'sameDay' when days <= 7 then 'week'
              when days <= 30 then 'month' else 'longer' end as bucket,
            count(*) as orders, count(days) as effective, round(avg(days), 1) as avg_days,
            count(*) filter (where term) as term_orders, sum(payable_cents) as payable, sum(paid_cents) as paid
          from l group by grouping sets ((), (1), (2))`),
    },
    drill(
      'received',
      sql`select ${day(sql`p.paid_at`)} as date, o.school_item_code as campus, st.code as student_code, st.name as student_name,
          '' as course_name, o.code as ref, p.method::text as detail, null::numeric as hours, p.amount_cents as cents
        from pay_records p join orders o on o.id = p.order_id left join students st on st.id = o.student_id
        where p.status = 20 and p.paid_at >= ${S} and p.paid_at < ${E}`,
      sql`d.date desc, d.ref desc, d.student_code`,
    ),
    ledgerDrill('revenue', 'consume'),
    ledgerDrill('refunded', 'refund'),
    drill(
      'newStudents',
      sql`select ${day(sql`st.created_at`)} as date, st.school_item_code as campus, st.code as student_code,
          st.name as student_name, '' as course_name, st.code as ref, st.status::text as detail, null::numeric as hours,
          null::bigint as cents
        from students st where st.status <> 90 and st.created_at >= ${S} and st.created_at < ${E}`,
      sql`d.date desc, d.ref desc, d.student_code`,
    ),
    drill(
      'activeStudents',
      sql`select max(${day(sql`x.posted_at`)}) as date, max(x.c) as campus, max(st.code) as student_code,
          max(st.name) as student_name, string_agg(distinct co.name, '、') as course_name, max(st.code) as ref, '' as detail,
          -sum(x.h) as hours, -sum(x.v) as cents
        from ${CONSUMED} left join students st on st.id = x.student_id left join courses co on co.code = x.course
        group by x.student_id`,
      sql`d.date desc, d.ref desc, d.student_code`,
    ),
    drill(
      'lessons',
      sql`select to_char(le.lesson_date, 'YYYY-MM-DD') as date, le.school_item_code as campus, '' as student_code,
          string_agg(st.name, '、' order by st.name) as student_name, max(c.name) as course_name, le.id::text as ref,
          max(e.name) || ' · ' || le.kind as detail,
          sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end) as hours,
          null::bigint as cents
        from teaching_lessons le
          left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
          left join students st on st.id = ls.student_id left join courses c on c.code = le.course_code
          left join employees e on e.code = le.teacher_code
        where le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
        group by le.id`,
      sql`d.date desc, d.ref desc, d.student_code`,
    ),
    {
      // New, reading; students who consumed; students holding advance receipts and those who left them.
      name: 'student/summary',
      url: `/api/student/summary?${period}`,
      sql: () =>
        Promise.all([
          rows(sql`select count(*) filter (where status = 10) as reading, count(*) filter (where created_at >= ${S}) as new
            from students where status <> 90 and created_at < ${E}`),
          rows(sql`select count(*) from (select student_id from ${CONSUMED} group by 1) a`),
          rows(sql`select count(distinct student_id) filter (where close_v > 0) as holding,
            count(distinct student_id) filter (where open_v > 0 and close_v <= 0) as left from ${BALANCES}`),
        ]),
    },
    {
      name: 'student/summary3',
      url: `/api/student/summary3?${period}`,
      sql: () =>
        rows(sql`select status, count(*) from students where status <> 90 and created_at < ${E} group by 1`),
    },
    {
      // The student figures per campus and in total (a student may count at two campuses).
      name: 'student/campusdistribution',
      url: `/api/student/campusdistribution?${period}`,
      sql: () =>
        Promise.all([
          rows(sql`select school_item_code, count(*) filter (where status = 10) as reading, count(*) filter (where created_at >= ${S}) as new
            from students where status <> 90 and created_at < ${E} group by grouping sets ((1), ())`),
          rows(sql`select c, count(distinct student_id) from ${CONSUMED} group by grouping sets ((1), ())`),
          rows(sql`select c, count(distinct student_id) filter (where close_v > 0) as holding,
            count(distinct student_id) filter (where open_v > 0 and close_v <= 0) as left from ${BALANCES}
            group by grouping sets ((1), ())`),
        ]),
    },
    {
      // Students who consumed hours per month, in total and per campus.
      name: 'student/schooltrend',
      url: `/api/student/schooltrend?${period}`,
      sql: () =>
        rows(sql`select c, ${mon(sql`posted_at`)} as mon, count(distinct student_id) as students from ${CONSUMED}
          group by grouping sets ((c, ${mon(sql`posted_at`)}), (${mon(sql`posted_at`)}))`),
    },
    {
      // The clue conversion figures per campus and in total.
      name: 'clue/ratio',
      url: `/api/clue/ratio?${period}`,
      sql: () =>
        rows(sql`select coalesce(c.school_item_code, '') as campus, max(si.name) as name, count(*) as clues,
            count(*) filter (where c.flow_state = 'invalid') as invalid,
            count(*) filter (where c.visited_at is not null or c.converted_at is not null or c.flow_state = 'converted') as visited,
            count(*) filter (where c.converted_at is not null or c.flow_state = 'converted') as converted
          from clues c left join school_items si on si.code = c.school_item_code
          where c.flow_state <> 'merged' and c.created_at >= ${S} and c.created_at < ${E}
          group by grouping sets ((1), ())`),
    },
    {
      // Per campus, course and month: the live signs and their hours against the consume movements.
      name: 'settlement/classHour/attendance',
      url: `/api/settlement/classHour/attendance?${period}`,
      sql: () =>
        rows(sql`with signs as (
            select school_item_code as c, course_code as course, to_char(lesson_date, 'YYYY-MM') as mon,
              count(*) as signs, sum(hours) as hours
            from teaching_attendances where cancelled_at is null
              and lesson_date >= ${startDate}::date and lesson_date <= ${endDate}::date group by 1, 2, 3),
          led as (select c, course, ${mon(sql`posted_at`)} as mon, -sum(h) as hours, -sum(v) as cents
            from ${CONSUMED} group by 1, 2, 3)
          select coalesce(x.mon, y.mon) as mon, coalesce(x.c, y.c) as c, si.name as campus, coalesce(x.course, y.course) as course,
            co.name as course_name, x.signs, x.hours as att_h, y.hours as led_h, y.cents as led_v
          from signs x full join led y on y.c = x.c and y.course = x.course and y.mon = x.mon
            left join school_items si on si.code = coalesce(x.c, y.c)
            left join courses co on co.code = coalesce(x.course, y.course)
          order by 1, 2, 4`),
    },
    {
      // Per campus, project (course category) and month: hours and value consumed, students.
      name: 'settlement/classHour/project',
      url: `/api/settlement/classHour/project?${period}`,
      sql: () =>
        rows(sql`select ${mon(sql`posted_at`)} as mon, c, max(si.name) as campus, coalesce(co.category_code, '') as project,
            max(cc.name) as project_name, -sum(h) as hours, -sum(v) as cents, count(distinct student_id) as students
          from ${CONSUMED} left join courses co on co.code = x.course
            left join course_categories cc on cc.code = co.category_code
            left join school_items si on si.code = x.c
          group by 1, 2, 4 order by 1, 2, 4`),
    },
    {
      // Each group's heads and output.
      name: 'efficiency/summary',
      url: '/api/efficiency/summary',
      method: 'POST',
      payload: body,
      sql: () =>
        Promise.all([
          rows(sql`select count(*) as jt, count(*) filter (where ${MEMBERS.kfs}) as kfs, count(*) filter (where ${MEMBERS.gw}) as gw
            from ${STAFF} s`),
          ...['jt', 'kfs', 'gw'].map((g) => rows(sql`select ${outputOf(g)} from ${OUTPUT[g]}`)),
        ]),
    },
    ...['jt', 'kfs', 'gw'].flatMap((g): BenchEndpoint[] => [
      {
        // The group's heads (primary campus) and output (campus booked) per campus and in total.
        name: `efficiency/listSchool:${g}`,
        url: '/api/efficiency/listSchool',
        method: 'POST',
        payload: { ...body, group: g },
        sql: () =>
          Promise.all([
            rows(sql`select s.c, si.name, count(*) as heads from ${STAFF} s left join school_items si on si.code = s.c
              where ${MEMBERS[g]} group by grouping sets ((1, 2), ())`),
            rows(sql`select o.c, si.name, ${outputOf(g)} from ${OUTPUT[g]} left join school_items si on si.code = o.c
              group by grouping sets ((1, 2), ())`),
          ]),
      },
      {
        // The group's heads at each month's end and output of each month.
        name: `efficiency/history:${g}`,
        url: '/api/efficiency/history',
        method: 'POST',
        payload: { ...body, group: g },
        sql: () =>
          Promise.all([
            rows(sql`select m.mon, count(s.code) as heads from
              (select to_char(d, 'YYYY-MM') as mon from generate_series(${startDate}::date, ${endDate}::date, interval '1 month') d) m
              left join ${STAFF} s on (s.entry_date is null or to_char(s.entry_date, 'YYYY-MM') <= m.mon) and ${MEMBERS[g]}
              group by 1`),
            rows(sql`select o.mon, ${outputOf(g)} from ${OUTPUT[g]} group by 1`),
          ]),
      },
    ]),
    {
      ...employees('summary', sql`null::text`),
      sql: () =>
        rows(
          sql`select ${EMPLOYEE_FIGURES} from ${STAFF} s left join ${TAUGHT} t on t.teacher_code = s.code`,
        ),
    },
    employees('school', sql`s.c`, sql`si.name`, sql`left join school_items si on si.code = s.c`),
    employees('role', sql`s.post_code`, sql`p2.name`, sql`left join posts p2 on p2.code = s.post_code`),
    {
      // A teacher of two subjects counts in both: the rows by subject, the total over the staff.
      ...employees('subject', sql``),
      sql: () =>
        Promise.all([
          rows(sql`select sj.id, sj.name, ${EMPLOYEE_FIGURES}
            from ${STAFF} s left join ${TAUGHT} t on t.teacher_code = s.code
              join employee_subjects es on es.employee_code = s.code join subjects sj on sj.id = es.subject_id
            group by 1, 2`),
          rows(
            sql`select ${EMPLOYEE_FIGURES} from ${STAFF} s left join ${TAUGHT} t on t.teacher_code = s.code`,
          ),
        ]),
    },
    employees(
      'level',
      sql`coalesce(s.skill_rank_code, '')`,
      sql`sr.name`,
      sql`left join skill_ranks sr on sr.code = s.skill_rank_code`,
    ),
  ];
}
