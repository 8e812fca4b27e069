// The rows behind a figure (docs/metrics.md "Drill-down"): read from the same fact source with the
// same filter as the figure, so the rows' sum is the figure. One row shape for every figure.
import { codeLabel, payMethod } from '@bo/domain';
import type { TDrillFigure } from '@bo/api-sdk';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { shanghaiDaySql } from '../../shared/days.js';
import { shanghaiDayOf } from '@bo/domain';
import {
  BOOKINGS,
  kindIn,
  LEDGER,
  LEDGER_DAYS,
  LESSON_DAYS,
  n,
  PAYMENTS,
  rowsOf,
  STUDENTS,
} from './facts.js';
import type { FigureScope } from './scope.js';

/**
 * Each figure's rows: date, campus, student_code, student_name, course_name, ref, detail, hours,
 * cents. `since` (a day of the period): only the rows dated from that day on, each still with its
 * figures over the whole period.
 */
const SOURCES: Record<TDrillFigure, (s: FigureScope, since?: string) => SQL> = {
  received: (s) => sql`
    with l as (${PAYMENTS.rows(s)})
    select ${shanghaiDaySql(sql`l.paid_at`)} as date, l.school_item_code as campus, st.code as student_code, st.name as student_name,
      '' as course_name, o.code as ref, l.method::text as detail, null::numeric as hours, l.v as cents
    from l left join orders o on o.id = l.order_id left join students st on st.id = l.student_id
    where ${PAYMENTS.inPeriod(s)}`,
  revenue: (s) => ledgerRows(s, 'consume'),
  refunded: (s) => ledgerRows(s, 'refund'),
  newStudents: (s) => sql`
    with l as (${STUDENTS.rows(s)})
    select ${shanghaiDaySql(sql`l.created_at`)} as date, l.school_item_code as campus, st.code as student_code, st.name as student_name,
      '' as course_name, st.code as ref, l.status::text as detail, null::numeric as hours, null::bigint as cents
    from l left join students st on st.id = l.student_id
    where ${STUDENTS.inPeriod(s)}`,
  // One row per student, dated by their last consumption: from `since`, the students who consumed
  // on or after it (through the (kind, posted_at) index), with their sums of the whole period.
  activeStudents: (s, since) => sql`
    with l as (${LEDGER.rows(s)})
    select max(${shanghaiDaySql(sql`l.posted_at`)}) as date, max(l.school_item_code) as campus, max(st.code) as student_code,
      max(st.name) as student_name, string_agg(distinct c.name, '、') as course_name, max(st.code) as ref,
      '' as detail, -sum(l.h) as hours, -sum(l.v) as cents
    from l left join students st on st.id = l.student_id left join courses c on c.code = l.course_code
    where ${LEDGER.inPeriod(s)} and ${kindIn(['consume'])}
      ${since ? sql`and l.student_id in (with l as (${LEDGER.rows(sinceScope(s, since))}) select l.student_id from l where ${LEDGER.inPeriod(sinceScope(s, since))} and ${kindIn(['consume'])})` : sql``}
    group by l.student_id
    ${since ? sql`having max(l.posted_at) >= ${sinceScope(s, since).start.toISOString()}::timestamptz` : sql``}`,
  lessons: (s) => sql`
    with l as (${BOOKINGS.rows(s)})
    select to_char(l.day, 'YYYY-MM-DD') as date, max(l.school_item_code) as campus, '' as student_code,
      string_agg(st.name, '、' order by st.name) as student_name, max(c.name) as course_name, l.lesson_id::text as ref,
      max(e.name) || ' · ' || max(l.kind) as detail, sum(l.bh) as hours, null::bigint as cents
    from l left join students st on st.id = l.student_id left join courses c on c.code = l.course_code
      left join employees e on e.code = l.teacher_code
    group by l.lesson_id, l.day`,
};

/** The scope from a day of its period on: the row-level sources then read only the rows dated from it. */
function sinceScope(s: FigureScope, since: string): FigureScope {
  const start = shanghaiDayOf(since);
  if (!start) throw new Error('a day of the period');
  return { ...s, start, period: { ...s.period, startDate: since } };
}

/**
 * Each figure's rows counted and summed per day (date, n, cents, hours), from the daily sums where
 * they are kept: the figure's total is their sum, and the days tell how far back a page reaches.
 */
const DAY_SUMS: Partial<Record<TDrillFigure, (s: FigureScope) => SQL>> = {
  revenue: (s) => ledgerDays(s, 'consume'),
  refunded: (s) => ledgerDays(s, 'refund'),
  lessons: (s) => sql`
    with l as (${LESSON_DAYS.rows(s)})
    select to_char(l.day, 'YYYY-MM-DD') as date, sum(l.lessons) as n, null::bigint as cents, sum(l.bh) as hours
    from l group by l.day`,
};
const ledgerDays = (s: FigureScope, kind: string) => sql`
  with l as (${LEDGER_DAYS.rows(s)})
  select to_char(l.day, 'YYYY-MM-DD') as date, sum(l.n) as n, -sum(l.v) as cents, -sum(l.h) as hours
  from l where ${LEDGER_DAYS.inPeriod(s)} and l.k = ${kind} group by l.day`;

const ledgerRows = (s: FigureScope, kind: string) => sql`
  with l as (${LEDGER.rows(s)})
  select ${shanghaiDaySql(sql`l.posted_at`)} as date, l.school_item_code as campus, st.code as student_code, st.name as student_name,
    c.name as course_name, o.code as ref, l.st as detail, -l.h as hours, -l.v as cents
  from l left join students st on st.id = l.student_id left join courses c on c.code = l.course_code
    left join orders o on o.id = l.order_id
  where ${LEDGER.inPeriod(s)} and ${kindIn([kind])}`;

const SOURCE_NAMES: Record<string, string> = {
  attendance: '上课签到 / Attendance',
  refundOrder: '退费 / Refund',
};
const STATUS_NAMES: Record<string, string> = { '10': '在读', '20': '休学', '30': '结课' };

function detailOf(figure: TDrillFigure, detail: string | null) {
  const d = detail ?? '';
  if (figure === 'received') return codeLabel(payMethod(Number(d)));
  if (figure === 'revenue' || figure === 'refunded') return SOURCE_NAMES[d] ?? d;
  if (figure === 'newStudents') return STATUS_NAMES[d] ?? d;
  return d;
}

interface RawRow {
  date: string | null;
  campus_name: string | null;
  student_code: string | null;
  student_name: string | null;
  course_name: string | null;
  ref: string | null;
  detail: string | null;
  hours: string | null;
  cents: string | null;
}

/** A page of the rows behind a figure (or the first `limit` rows), with the count and sums of all. */
export async function drillRows(
  deps: AppDeps,
  s: FigureScope,
  figure: TDrillFigure,
  pageIdx: number,
  pageSize: number,
) {
  // The count and sums per day first (from the daily sums where kept), then the page's rows read
  // only from the first day that the page reaches back to: a page never sorts the whole period.
  const days = await rowsOf<{ date: string; n: string; cents: string | null; hours: string | null }>(
    deps,
    DAY_SUMS[figure]?.(s) ??
      sql`with d as (${SOURCES[figure](s)})
        select d.date, count(*)::text as n, sum(d.cents)::text as cents, sum(d.hours)::text as hours
        from d group by d.date`,
  );
  const sorted = days.filter((d) => n(d.n) > 0).sort((a, b) => b.date.localeCompare(a.date));
  const sums = {
    total: sorted.reduce((t, d) => t + n(d.n), 0),
    cents: sorted.reduce((t, d) => t + n(d.cents), 0),
    hours: Math.round(sorted.reduce((t, d) => t + Number(d.hours ?? 0), 0) * 100) / 100,
  };
  let reach = 0;
  const since = sorted.find((d) => (reach += n(d.n)) >= pageIdx * pageSize)?.date;
  const rows =
    (pageIdx - 1) * pageSize >= sums.total
      ? []
      : await rowsOf<RawRow>(
          deps,
          sql`with d as (${since && since > s.period.startDate ? SOURCES[figure](figure === 'activeStudents' ? s : sinceScope(s, since), since) : SOURCES[figure](s)})
      select d.date, coalesce(si.name, d.campus) as campus_name, d.student_code, d.student_name, d.course_name,
        d.ref, d.detail, d.hours::text as hours, d.cents::text as cents
      from d left join school_items si on si.code = d.campus
      order by d.date desc, d.ref desc, d.student_code
      limit ${pageSize} offset ${(pageIdx - 1) * pageSize}`,
        );
  return {
    list: rows.map((r) => ({
      date: r.date ?? '',
      schoolItemName: r.campus_name ?? '',
      studentCode: r.student_code ?? '',
      studentName: r.student_name ?? '',
      courseName: r.course_name ?? '',
      ref: r.ref ?? '',
      detail: detailOf(figure, r.detail),
      hours: r.hours === null ? null : Number(r.hours),
      cents: r.cents === null ? null : n(r.cents),
    })),
    total: sums.total,
    pageIdx,
    pageSize,
    sumCents: sums.cents,
    sumHours: sums.hours,
  };
}

/** The figures' names in file names and sheet titles. */
export const DRILL_NAMES: Record<TDrillFigure, string> = {
  received: '实收明细',
  revenue: '确认收入明细',
  refunded: '退费明细',
  newStudents: '新增学员明细',
  activeStudents: '上课学员明细',
  lessons: '排课明细',
};
