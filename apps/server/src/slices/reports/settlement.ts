// Class-hour settlement (/settlement/classHour/*, docs/metrics.md "Settlement"), read from the
// student ledger and the signs: per campus and month the ledger's flow must close (opening + paid −
// consumed − refunded + other = closing), the signs' hours are set against the consume movements,
// and consumption is broken down by project (course category).
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { facts, inCampuses, type FigureScope } from '../dashboards/index.js';

const iso = (d: Date) => d.toISOString();
const num = (v: string | null | undefined) => Number(v ?? 0);
/** The kinds that make up "other"; a movement of any other kind shows as a difference. */
const OTHER_KINDS = ['gift', 'adjust', 'transferOut', 'transferIn', 'makeup'];

type Raw = Record<string, string | null>;

/**
 * Per campus and month of the period: the flow of the ledger's movements by kind (a reversal as the
 * kind it reverses) and the balance before and after. Campuses appear from their first movement.
 */
export async function finance(deps: AppDeps, s: FigureScope) {
  const other = sql.join(
    OTHER_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const first = s.months[0] ?? '';
  // The ledger's daily sums (LEDGER_DAYS) grouped by campus and month. Months before the period
  // stay rows of their own: the running sum over them is the opening balance.
  const rows = await facts.rowsOf<Raw>(
    deps,
    sql`with l as (${facts.LEDGER_DAYS.rows(s)}),
      agg as (
        select l.school_item_code as c,
          to_char(date_trunc('month', l.day), 'YYYY-MM') as mon,
          sum(l.v) as all_v, sum(l.h) as all_h,
          coalesce(sum(l.v) filter (where l.k = 'purchase'), 0) as paid_v,
          coalesce(sum(l.h) filter (where l.k = 'purchase'), 0) as paid_h,
          coalesce(-sum(l.v) filter (where l.k = 'consume'), 0) as cons_v,
          coalesce(-sum(l.h) filter (where l.k = 'consume'), 0) as cons_h,
          coalesce(-sum(l.v) filter (where l.k = 'refund'), 0) as ref_v,
          coalesce(-sum(l.h) filter (where l.k = 'refund'), 0) as ref_h,
          coalesce(sum(l.v) filter (where l.k in (${other})), 0) as oth_v,
          coalesce(sum(l.h) filter (where l.k in (${other})), 0) as oth_h
        from l group by l.school_item_code, date_trunc('month', l.day)),
      grid as (
        select c.c, m.mon from (select distinct c from agg) c cross join ${monthsOf(s)}
        union select c, mon from agg where mon < ${first}),
      flow as (
        select g.c, g.mon,
          coalesce(a.all_v, 0) as all_v, coalesce(a.all_h, 0) as all_h,
          coalesce(a.paid_v, 0) as paid_v, coalesce(a.paid_h, 0) as paid_h,
          coalesce(a.cons_v, 0) as cons_v, coalesce(a.cons_h, 0) as cons_h,
          coalesce(a.ref_v, 0) as ref_v, coalesce(a.ref_h, 0) as ref_h,
          coalesce(a.oth_v, 0) as oth_v, coalesce(a.oth_h, 0) as oth_h,
          sum(coalesce(a.all_v, 0)) over w as close_v, sum(coalesce(a.all_h, 0)) over w as close_h
        from grid g left join agg a on a.c = g.c and a.mon = g.mon
        window w as (partition by g.c order by g.mon rows between unbounded preceding and current row))
      select f.mon as month, f.c as campus, si.name as campus_name,
        (f.close_v - f.all_v)::text as open_v, (f.close_h - f.all_h)::text as open_h,
        f.paid_v::text, f.paid_h::text, f.cons_v::text, f.cons_h::text, f.ref_v::text, f.ref_h::text,
        f.oth_v::text, f.oth_h::text, f.close_v::text, f.close_h::text
      from flow f left join school_items si on si.code = f.c
      where f.mon >= ${first}
      order by f.mon, f.c`,
  );
  return {
    period: s.period,
    rows: rows.map((r) => {
      const o = { v: num(r.open_v), h: num(r.open_h) };
      const paid = { v: num(r.paid_v), h: num(r.paid_h) };
      const cons = { v: num(r.cons_v), h: num(r.cons_h) };
      const ref = { v: num(r.ref_v), h: num(r.ref_h) };
      const oth = { v: num(r.oth_v), h: num(r.oth_h) };
      const close = { v: num(r.close_v), h: num(r.close_h) };
      return {
        month: r.month ?? '',
        schoolItemCode: r.campus ?? '',
        schoolItemName: r.campus_name ?? r.campus ?? '',
        openingCents: o.v,
        openingHours: o.h,
        paidCents: paid.v,
        paidHours: paid.h,
        consumedCents: cons.v,
        consumedHours: cons.h,
        refundedCents: ref.v,
        refundedHours: ref.h,
        otherCents: oth.v,
        otherHours: oth.h,
        closingCents: close.v,
        closingHours: close.h,
        differenceCents: close.v - (o.v + paid.v - cons.v - ref.v + oth.v),
        differenceHours: Math.round((close.h - (o.h + paid.h - cons.h - ref.h + oth.h)) * 100) / 100,
      };
    }),
  };
}

const monthsOf = (s: FigureScope) =>
  sql`(values ${sql.join(
    s.months.map((m) => sql`(${m})`),
    sql`, `,
  )}) as m(mon)`;

/**
 * Per campus, course and month: the live signs of lessons whose day lies in the month and their
 * hours, against the consume movements the ledger posted in the month.
 */
export async function attendance(deps: AppDeps, s: FigureScope) {
  const rows = await facts.rowsOf<Raw>(
    deps,
    sql`with signs as (
        select a.school_item_code as c, a.course_code as course, to_char(a.lesson_date, 'YYYY-MM') as mon,
          count(*) as signs, sum(a.hours) as hours
        from teaching_attendances a
        where a.cancelled_at is null and ${inCampuses(sql`a.school_item_code`, s)}
          and a.lesson_date >= ${s.period.startDate}::date and a.lesson_date <= ${s.period.endDate}::date
        group by 1, 2, 3),
      l as (${facts.LEDGER_DAYS.rows(s)}),
      led as (
        select l.school_item_code as c, l.course_code as course, ${facts.LEDGER_DAYS.month} as mon,
          -sum(l.h) as hours, -sum(l.v) as cents
        from l where l.k = 'consume' and ${facts.LEDGER_DAYS.inPeriod(s)}
        group by 1, 2, 3)
      select coalesce(x.mon, y.mon) as month, coalesce(x.c, y.c) as campus, si.name as campus_name,
        coalesce(x.course, y.course) as course, co.name as course_name,
        coalesce(x.signs, 0)::text as signs, coalesce(x.hours, 0)::text as att_h,
        coalesce(y.hours, 0)::text as led_h, coalesce(y.cents, 0)::text as led_v
      from signs x full join led y on y.c = x.c and y.course = x.course and y.mon = x.mon
        left join school_items si on si.code = coalesce(x.c, y.c)
        left join courses co on co.code = coalesce(x.course, y.course)
      order by 1, 2, 4`,
  );
  return {
    period: s.period,
    rows: rows.map((r) => ({
      month: r.month ?? '',
      schoolItemCode: r.campus ?? '',
      schoolItemName: r.campus_name ?? r.campus ?? '',
      courseCode: r.course ?? '',
      courseName: r.course_name ?? r.course ?? '',
      signs: num(r.signs),
      attendanceHours: num(r.att_h),
      ledgerHours: num(r.led_h),
      ledgerCents: num(r.led_v),
      differenceHours: Math.round((num(r.led_h) - num(r.att_h)) * 100) / 100,
    })),
  };
}

/** Per campus, project (course category) and month: hours and value consumed, students. */
export async function project(deps: AppDeps, s: FigureScope) {
  // The whole months from each student's monthly sums (ledger_student_months, maintained), the
  // partial months at the period's ends from the movements: one row per student and course either way.
  const { whole, parts } = facts.monthParts(s);
  const rolled = whole
    ? [
        sql`select to_char(x.month, 'YYYY-MM') as mon, x.school_item_code, x.course_code, x.student_id,
            x.consume_hours as h, x.consume_cents as v
          from ledger_student_months x
          where x.consumes > 0 and x.month >= ${whole.from}::date and x.month <= ${whole.to}::date
            and ${inCampuses(sql`x.school_item_code`, s)}`,
      ]
    : [];
  const partial = parts.map(
    (p) => sql`select ${facts.LEDGER.month} as mon, l.school_item_code, l.course_code, l.student_id, l.h, l.v
      from (${facts.ledger({ ...s, end: p.end })}) l
      where ${facts.kindIn(['consume'])} and l.posted_at >= ${iso(p.start)}::timestamptz`,
  );
  const rows = await facts.rowsOf<Raw>(
    deps,
    sql`with l as (${sql.join([...rolled, ...partial], sql` union all `)})
      select l.mon as month, l.school_item_code as campus, max(si.name) as campus_name,
        coalesce(co.category_code, '') as project, max(cc.name) as project_name,
        (-sum(l.h))::text as hours, (-sum(l.v))::text as cents, count(distinct l.student_id)::text as students
      from l left join courses co on co.code = l.course_code
        left join course_categories cc on cc.code = co.category_code
        left join school_items si on si.code = l.school_item_code
      group by 1, 2, 4
      order by 1, 2, 4`,
  );
  return {
    period: s.period,
    rows: rows.map((r) => ({
      month: r.month ?? '',
      schoolItemCode: r.campus ?? '',
      schoolItemName: r.campus_name ?? r.campus ?? '',
      projectCode: r.project ?? '',
      projectName: r.project_name ?? r.project ?? '',
      consumedHours: num(r.hours),
      consumedCents: num(r.cents),
      students: num(r.students),
    })),
  };
}

/**
 * Per case (a student at a campus): advance receipts at the start, hours bought, hours and value
 * consumed and refunded in the period, and the balance at its end; cases without a balance or a
 * movement in the period are left out. A page, sorted; the grouped set is computed for the sort
 * anyway, so its count and sums come with it.
 */
export async function cases(
  deps: AppDeps,
  s: FigureScope,
  a: { pageIndex: number; pageSize: number; sortField?: string; isAsc?: boolean; keyword?: string },
) {
  const start = sql`${iso(s.start)}::timestamptz`;
  const sortBy =
    a.sortField === 'studentCode'
      ? sql`st.code`
      : a.sortField === 'consumedHours'
        ? sql`g.cons_h`
        : a.sortField === 'closingCents'
          ? sql`g.close_v`
          : sql`g.cons_v`;
  const kw = a.keyword ? `%${a.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await facts.rowsOf<Raw>(
    deps,
    sql`with l as (${facts.ledger(s)}),
      g as (
        select l.student_id, l.school_item_code as c,
          coalesce(sum(l.v) filter (where l.posted_at < ${start}), 0) as open_v,
          coalesce(sum(l.h) filter (where l.posted_at < ${start}), 0) as open_h,
          coalesce(sum(l.h) filter (where l.posted_at >= ${start} and l.k = 'purchase'), 0) as bought_h,
          coalesce(-sum(l.h) filter (where l.posted_at >= ${start} and l.k = 'consume'), 0) as cons_h,
          coalesce(-sum(l.v) filter (where l.posted_at >= ${start} and l.k = 'consume'), 0) as cons_v,
          coalesce(-sum(l.v) filter (where l.posted_at >= ${start} and l.k = 'refund'), 0) as ref_v,
          sum(l.v) as close_v, sum(l.h) as close_h,
          count(*) filter (where l.posted_at >= ${start}) as moved
        from l group by 1, 2),
      p as (
        select g.*, st.code, st.name, si.name as campus_name,
          count(*) over () as total, sum(g.cons_v) over () as all_cons_v, sum(g.cons_h) over () as all_cons_h
        from g left join students st on st.id = g.student_id left join school_items si on si.code = g.c
        where (g.close_v <> 0 or g.close_h <> 0 or g.moved > 0)
          ${kw ? sql`and (st.code ilike ${kw} or st.name ilike ${kw})` : sql``}
        order by ${sortBy} ${a.isAsc ? sql`asc` : sql`desc`}, g.student_id, g.c
        limit ${a.pageSize} offset ${(a.pageIndex - 1) * a.pageSize})
      select p.student_id::text, p.code, p.name, p.campus_name, p.open_v::text, p.open_h::text, p.bought_h::text,
        p.cons_h::text, p.cons_v::text, p.ref_v::text, p.close_v::text, p.close_h::text,
        p.total::text, p.all_cons_v::text, p.all_cons_h::text
      from p`,
  );
  const first = rows[0];
  return {
    period: s.period,
    list: rows.map((r) => ({
      studentId: num(r.student_id),
      studentCode: r.code ?? '',
      studentName: r.name ?? '',
      schoolItemName: r.campus_name ?? '',
      openingCents: num(r.open_v),
      openingHours: num(r.open_h),
      boughtHours: num(r.bought_h),
      consumedHours: num(r.cons_h),
      consumedCents: num(r.cons_v),
      refundedCents: num(r.ref_v),
      closingCents: num(r.close_v),
      closingHours: num(r.close_h),
    })),
    total: num(first?.total),
    pageIdx: a.pageIndex,
    pageSize: a.pageSize,
    consumedCents: num(first?.all_cons_v),
    consumedHours: num(first?.all_cons_h),
  };
}
