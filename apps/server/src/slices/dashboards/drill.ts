// The rows behind a figure (docs/metrics.md "Drill-down"): read from the same fact source with the
// same filter as the figure, so the rows' sum is the figure. One row shape for every figure.
import { codeLabel, payMethod } from '@bo/domain';
import type { TDrillFigure } from '@bo/api-sdk';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { shanghaiDaySql } from '../../shared/days.js';
import { BOOKINGS, kindIn, LEDGER, n, PAYMENTS, rowsOf, STUDENTS } from './facts.js';
import type { FigureScope } from './scope.js';

/** Each figure's rows: date, campus, student_code, student_name, course_name, ref, detail, hours, cents. */
const SOURCES: Record<TDrillFigure, (s: FigureScope) => SQL> = {
  received: (s) => sql`
    with l as (${PAYMENTS.rows(s)})
    select ${shanghaiDaySql(sql`l.paid_at`)} as date, l.school_item_code as campus, st.code as student_code, st.name as student_name,
      '' as course_name, o.code as ref, l.method::text as detail, null::numeric as hours, l.v as cents
    from l join orders o on o.id = l.order_id left join students st on st.id = l.student_id
    where ${PAYMENTS.inPeriod(s)}`,
  revenue: (s) => ledgerRows(s, 'consume'),
  refunded: (s) => ledgerRows(s, 'refund'),
  newStudents: (s) => sql`
    with l as (${STUDENTS.rows(s)})
    select ${shanghaiDaySql(sql`l.created_at`)} as date, l.school_item_code as campus, st.code as student_code, st.name as student_name,
      '' as course_name, st.code as ref, l.status::text as detail, null::numeric as hours, null::bigint as cents
    from l join students st on st.id = l.student_id
    where ${STUDENTS.inPeriod(s)}`,
  activeStudents: (s) => sql`
    with l as (${LEDGER.rows(s)})
    select max(${shanghaiDaySql(sql`l.posted_at`)}) as date, max(l.school_item_code) as campus, max(st.code) as student_code,
      max(st.name) as student_name, string_agg(distinct c.name, '、') as course_name, max(st.code) as ref,
      '' as detail, -sum(l.h) as hours, -sum(l.v) as cents
    from l left join students st on st.id = l.student_id left join courses c on c.code = l.course_code
    where ${LEDGER.inPeriod(s)} and ${kindIn(['consume'])}
    group by l.student_id`,
  lessons: (s) => sql`
    with l as (${BOOKINGS.rows(s)})
    select to_char(l.day, 'YYYY-MM-DD') as date, max(l.school_item_code) as campus, '' as student_code,
      string_agg(st.name, '、' order by st.name) as student_name, max(c.name) as course_name, l.lesson_id::text as ref,
      max(e.name) || ' · ' || max(l.kind) as detail, sum(l.bh) as hours, null::bigint as cents
    from l left join students st on st.id = l.student_id left join courses c on c.code = l.course_code
      left join employees e on e.code = l.teacher_code
    group by l.lesson_id, l.day`,
};

const ledgerRows = (s: FigureScope, kind: string) => sql`
  with l as (${LEDGER.rows(s)})
  select ${shanghaiDaySql(sql`l.posted_at`)} as date, l.school_item_code as campus, st.code as student_code, st.name as student_name,
    c.name as course_name, o.code as ref, l.st as detail, -l.h as hours, -l.v as cents
  from l left join students st on st.id = l.student_id left join courses c on c.code = l.course_code
    left join orders o on o.id = l.order_id
  where ${LEDGER.inPeriod(s)} and l.k = ${kind}`;

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
  const src = SOURCES[figure](s);
  const [sums] = await rowsOf<{ total: string; cents: string | null; hours: string | null }>(
    deps,
    sql`with d as (${src}) select count(*)::text as total, sum(d.cents)::text as cents, sum(d.hours)::text as hours from d`,
  );
  const rows = await rowsOf<RawRow>(
    deps,
    sql`with d as (${src})
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
    total: n(sums?.total),
    pageIdx,
    pageSize,
    sumCents: n(sums?.cents),
    sumHours: Number(sums?.hours ?? 0),
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
