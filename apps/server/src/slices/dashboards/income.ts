// Income (收入: money received net of refunds), profit (revenue − school costs − payroll) and the
// figures set against the monthly uploads (targets) — docs/metrics.md "Income", "Profit", "Targets".
// Each figure is a measure over a fact source of facts.ts; tables merge them by campus.
import { shanghaiDate, shanghaiMonthOf } from '@bo/domain';
import { spoken } from '../../http/language.js';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { schoolItems } from '../../db/schema.js';
import { codeNames } from '../../shared/masterdata/index.js';
import { byPayMethod, campusFlows } from './advance.js';
import {
  LESSON_SUMS,
  TEACHER_DAYS,
  CAMPUS,
  factTable,
  factTrend,
  LEDGER_DAYS,
  movements,
  n,
  ORDER_TYPE,
  PAYMENTS,
  PREBOOKED,
  rowsOf,
  TEACHER,
  type FactSource,
} from './facts.js';
import { byKey, byKeyWithTotal, num, totals, type Part } from './overview.js';
import { inCampuses, wholeMonths, type FigureScope } from './scope.js';

/** Revenue of the period over LEDGER_DAYS (rows up to the period's end). */
const consumed = (s: FigureScope) =>
  sql`coalesce(-sum(l.v) filter (where ${LEDGER_DAYS.inPeriod(s)} and l.k = 'consume'), 0)`;

const incomeParts = (s: FigureScope): Part[] => [
  {
    src: LEDGER_DAYS,
    rows: 'toEnd',
    measures: {
      refundedCents: sql`coalesce(-sum(l.v) filter (where ${LEDGER_DAYS.inPeriod(s)} and l.k = 'refund'), 0)`,
      revenueCents: consumed(s),
      closingCents: sql`coalesce(sum(l.v), 0)`,
    },
  },
  { src: PAYMENTS, measures: { receivedCents: sql`coalesce(sum(l.v), 0)` } },
  { src: PREBOOKED, measures: { preRevenueCents: sql`coalesce(sum(l.v), 0)` } },
];
const incomeFigures = (r: Record<string, number | string>) => ({
  receivedCents: num(r, 'receivedCents'),
  refundedCents: num(r, 'refundedCents'),
  incomeCents: num(r, 'receivedCents') - num(r, 'refundedCents'),
  revenueCents: num(r, 'revenueCents'),
  preRevenueCents: num(r, 'preRevenueCents'),
  closingCents: num(r, 'closingCents'),
});

export async function incomeSummary(deps: AppDeps, s: FigureScope) {
  return incomeFigures(await totals(deps, s, incomeParts(s)));
}

/**
 * Income per campus and its total. Every measure of incomeParts is a sum and every row has a
 * campus, so the total is the sum of the campus rows: the sources (pre-revenue's above all) are
 * read once, not twice.
 */
export async function incomeRange(deps: AppDeps, s: FigureScope) {
  const rows = (await byKey(deps, s, CAMPUS, incomeParts(s))).map((r) => ({
    schoolItemCode: String(r.key),
    schoolItemName: String(r.name),
    ...incomeFigures(r),
  }));
  const figures = Object.keys(incomeFigures({})) as Array<keyof ReturnType<typeof incomeFigures>>;
  const total = Object.fromEntries(
    figures.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)]),
  ) as ReturnType<typeof incomeFigures>;
  return {
    period: s.period,
    rows,
    total: { schoolItemCode: '', schoolItemName: spoken('合计 / Total'), ...total },
  };
}

/** The phone page's one answer: the figures, payment methods and the month series of income. */
export async function incomeMobile(deps: AppDeps, s: FigureScope) {
  const [figures, methods, received, refunded] = await Promise.all([
    incomeSummary(deps, s),
    byPayMethod(deps, s),
    factTrend(deps, s, PAYMENTS, CAMPUS, sql`sum(l.v)`),
    factTrend(deps, s, LEDGER_DAYS, CAMPUS, sql`-sum(l.v)`, sql`l.k = 'refund'`),
  ]);
  const r = received.series[0]?.values ?? s.months.map(() => 0);
  const f = refunded.series[0]?.values ?? s.months.map(() => 0);
  return {
    period: s.period,
    ...figures,
    methods,
    trend: {
      months: s.months,
      series: [
        { key: 'received', name: spoken('实收 / Received'), values: r },
        { key: 'refunded', name: spoken('退费 / Refunded'), values: f },
        { key: 'income', name: spoken('净收入 / Net income'), values: r.map((v, i) => v - (f[i] ?? 0)) },
      ],
    },
  };
}

const pct = (part: number, whole: number) => (whole ? Math.round((part * 10_000) / whole) / 100 : 0);

/** `month in (the scope's months)` for a 'YYYY-MM' column. */
const inMonths = (col: ReturnType<typeof sql>, s: FigureScope) =>
  sql`${col} in (${sql.join(
    s.months.map((m) => sql`${m}`),
    sql`, `,
  )})`;

const COST_TYPES = [
  ['rent', '房租 / Rent'],
  ['labour', '人工 / Labour'],
  ['utilities', '水电 / Utilities'],
  ['marketing', '市场 / Marketing'],
  ['materials', '物料 / Materials'],
  ['other', '其他 / Other'],
  ['payroll', '薪资 / Payroll'],
] as const;

/**
 * Costs of the scope's months: one row per imported school-cost category of a campus and month (yuan
 * to cents), and one per salary line (type 'payroll'): school_item_code, type, v, mon.
 */
export const COSTS: FactSource = {
  rows: (s) => sql`
    select sc.school_item_code, x.type, round(x.amount * 100)::bigint as v, sc.month as mon
    from school_costs sc
    cross join lateral (values ('rent', sc.rent), ('labour', sc.labour), ('utilities', sc.utilities),
      ('marketing', sc.marketing), ('materials', sc.materials), ('other', sc.other)) as x(type, amount)
    where ${inCampuses(sql`sc.school_item_code`, s)} and ${inMonths(sql`sc.month`, s)}
    union all
    select sl.school_item_code, 'payroll', sl.amount_cents, to_char(make_date(sl.year, sl.month, 1), 'YYYY-MM')
    from salary_lines sl
    where ${inCampuses(sql`sl.school_item_code`, s)}
      and ${inMonths(sql`to_char(make_date(sl.year, sl.month, 1), 'YYYY-MM')`, s)}`,
  inPeriod: () => sql`true`,
  month: sql`l.mon`,
};

const profitParts = (s: FigureScope): Part[] => [
  { src: LEDGER_DAYS, measures: { revenueCents: consumed(s) }, rows: 'toEnd' },
  {
    src: COSTS,
    measures: {
      schoolCostCents: sql`coalesce(sum(l.v) filter (where l.type <> 'payroll'), 0)`,
      payrollCents: sql`coalesce(sum(l.v) filter (where l.type = 'payroll'), 0)`,
    },
  },
];
const profitFigures = (r: Record<string, number | string>) => {
  const revenueCents = num(r, 'revenueCents');
  const costCents = num(r, 'schoolCostCents') + num(r, 'payrollCents');
  return {
    revenueCents,
    schoolCostCents: num(r, 'schoolCostCents'),
    payrollCents: num(r, 'payrollCents'),
    costCents,
    profitCents: revenueCents - costCents,
    marginPct: pct(revenueCents - costCents, revenueCents),
  };
};

export async function profitSummary(deps: AppDeps, scope: FigureScope) {
  const s = wholeMonths(scope);
  return { period: s.period, ...profitFigures(await totals(deps, s, profitParts(s))) };
}

export async function profitByCampus(deps: AppDeps, scope: FigureScope) {
  const s = wholeMonths(scope);
  const { rows, total } = await byKeyWithTotal(deps, s, CAMPUS, profitParts(s));
  return {
    period: s.period,
    rows: rows.map((r) => ({
      schoolItemCode: String(r.key),
      schoolItemName: String(r.name),
      ...profitFigures(r),
    })),
    total: { schoolItemCode: '', schoolItemName: spoken('合计 / Total'), ...profitFigures(total) },
  };
}

/**
 * The latest month before the current one (Shanghai) holding costs in the caller's campuses: school
 * costs imported or salary lines. Profit of a month means something once its costs are in, so the
 * gross-profit screen opens on it (the current month's costs arrive after it ends); null when none.
 */
export async function profitLatestMonth(deps: AppDeps, s: FigureScope) {
  const current = shanghaiDate(deps.now()).slice(0, 7);
  const [y, m] = [Number(current.slice(0, 4)), Number(current.slice(5, 7))];
  // Salary lines by (year, month), the leading columns of their period index.
  const [row] = await rowsOf<{ mon: string | null }>(
    deps,
    sql`select max(mon) as mon from (
      select max(sc.month) as mon from school_costs sc
      where ${inCampuses(sql`sc.school_item_code`, s)} and sc.month < ${current}
      union all
      select to_char(make_date(ym / 100, ym % 100, 1), 'YYYY-MM') from (
        select max(sl.year * 100 + sl.month) as ym from salary_lines sl
        where ${inCampuses(sql`sl.school_item_code`, s)} and (sl.year, sl.month) < (${y}, ${m})
      ) p
    ) x`,
  );
  const month = row?.mon ? shanghaiMonthOf(row.mon) : null;
  return month ? { startDate: month.startDate, endDate: month.endDate } : null;
}

export async function costRatio(deps: AppDeps, scope: FigureScope) {
  const s = wholeMonths(scope);
  const found = await factTable(deps, s, COSTS, { key: sql`l.type`, join: sql`` }, { cents: sql`sum(l.v)` });
  const cents = new Map(found.map((r) => [r.key, r.cents]));
  const totalCents = found.reduce((a, r) => a + r.cents, 0);
  return {
    period: s.period,
    totalCents,
    rows: COST_TYPES.map(([key, name]) => ({
      key,
      name: spoken(name),
      cents: cents.get(key) ?? 0,
      pct: pct(cents.get(key) ?? 0, totalCents),
    })),
  };
}

/** The monthly uploads of `kinds` over the scope's months, yuan to cents, by a key column. */
async function uploads(
  deps: AppDeps,
  s: FigureScope,
  kinds: string[],
  key: 'school_item_code' | 'employee_code',
) {
  const rows = await rowsOf<{ key: string; kind: string; campus: string; cents: string }>(
    deps,
    sql`select ma.${sql.raw(key)} as key, ma.kind, max(ma.school_item_code) as campus,
        round(sum(ma.amount) * 100)::bigint::text as cents
      from monthly_advances ma
      where ma.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}) and ${inCampuses(sql`ma.school_item_code`, s)} and ${inMonths(sql`ma.month`, s)}
      group by 1, 2`,
  );
  return rows;
}

const rate = (targetCents: number, actualCents: number) => ({
  targetCents,
  actualCents,
  ratePct: pct(actualCents, targetCents),
});

/** Per campus: net income and revenue of the whole months against the centre uploads. */
export async function campusTargets(deps: AppDeps, scope: FigureScope) {
  const s = wholeMonths(scope);
  const [range, up] = await Promise.all([
    incomeRange(deps, s),
    uploads(deps, s, ['centerAdvanceIncome', 'centerAdvanceConsumer'], 'school_item_code'),
  ]);
  const target = (code: string, kind: string) => n(up.find((u) => u.key === code && u.kind === kind)?.cents);
  const names = await codeNames(
    deps.db,
    schoolItems,
    up.map((u) => u.key),
  );
  const codes = [...new Set([...range.rows.map((r) => r.schoolItemCode), ...up.map((u) => u.key)])].sort();
  return {
    period: s.period,
    rows: codes.map((code) => {
      const r = range.rows.find((x) => x.schoolItemCode === code);
      return {
        schoolItemCode: code,
        schoolItemName: r?.schoolItemName ?? names.get(code) ?? code,
        income: rate(target(code, 'centerAdvanceIncome'), r?.incomeCents ?? 0),
        revenue: rate(target(code, 'centerAdvanceConsumer'), r?.revenueCents ?? 0),
      };
    }),
  };
}

/** Per teacher: student-hours booked on the period's lessons and the hours their signs consumed. */
export async function teacherPlan(deps: AppDeps, s: FigureScope) {
  const rows = await factTable(deps, s, TEACHER_DAYS, TEACHER, {
    scheduledHours: LESSON_SUMS.scheduledHours,
    consumedHours: LESSON_SUMS.consumedHours,
    lessons: LESSON_SUMS.lessons,
  });
  return {
    period: s.period,
    rows: rows
      .filter((r) => r.key)
      .map((r) => ({
        teacherCode: r.key,
        teacherName: r.name,
        lessons: r.lessons,
        scheduledHours: r.scheduledHours,
        consumedHours: r.consumedHours,
        ratePct: pct(r.consumedHours, r.scheduledHours),
      })),
  };
}

/** Per adviser: money received on the orders they advise against their monthly advance-income upload. */
export async function adviserTargets(deps: AppDeps, scope: FigureScope) {
  const s = wholeMonths(scope);
  const kinds = { consultantAdvanceIncome: 'consultant', growthConsultantAdvanceIncome: 'growth' } as const;
  const [up, received] = await Promise.all([
    uploads(deps, s, Object.keys(kinds), 'employee_code'),
    rowsOf<{ key: string; campus: string; cents: string }>(
      deps,
      sql`with l as (${PAYMENTS.rows(s)})
        select u.employee_code as key, max(l.school_item_code) as campus, sum(l.v)::text as cents
        from l join users u on u.id = l.adviser_id
        where ${PAYMENTS.inPeriod(s)} and u.employee_code is not null
        group by 1`,
    ),
  ]);
  const codes = [...new Set([...up.map((u) => u.key), ...received.map((r) => r.key)])];
  const names = codes.length
    ? new Map(
        (
          await rowsOf<{ code: string; name: string }>(
            deps,
            sql`select code, name from employees where code in (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )})`,
          )
        ).map((r) => [r.code, r.name]),
      )
    : new Map<string, string>();
  const rows = codes.map((code) => {
    const mine = up.filter((u) => u.key === code);
    const got = received.find((r) => r.key === code);
    const kind = mine[0]?.kind as keyof typeof kinds | undefined;
    return {
      employeeCode: code,
      employeeName: names.get(code) ?? code,
      schoolItemCode: mine[0]?.campus ?? got?.campus ?? '',
      role: kind ? kinds[kind] : '',
      ...rate(
        mine.reduce((a, u) => a + n(u.cents), 0),
        n(got?.cents),
      ),
    };
  });
  return {
    period: s.period,
    rows: rows.sort((a, b) => b.actualCents - a.actualCents || a.employeeCode.localeCompare(b.employeeCode)),
  };
}

/** Per campus: consumed ÷ (opening advance receipts + received) of the period. */
export async function parentCost(deps: AppDeps, s: FigureScope) {
  const rows = await campusFlows(deps, s);
  return {
    period: s.period,
    rows: rows.map((r) => ({
      schoolItemCode: r.schoolItemCode,
      schoolItemName: r.schoolItemName,
      availableCents: r.openingCents + r.receivedCents,
      consumedCents: r.consumedCents,
      ratePct: pct(r.consumedCents, r.openingCents + r.receivedCents),
    })),
  };
}

/** The students holding advance receipts at the period's end, per campus, largest first; paged. */
export async function advanceStudents(
  deps: AppDeps,
  s: FigureScope,
  q: { pageIdx: number; pageSize: number; keyword?: string | undefined },
) {
  const kw = q.keyword ? `%${q.keyword}%` : null;
  // The students' balances (a keyword filters them by the student's name or code first); names only
  // for the page.
  const held = sql`with l as (${movements(s)}),
    b as (select l.school_item_code, l.student_id, sum(l.v) as v, sum(l.h) as h from l group by 1, 2 having sum(l.v) > 0)
    select b.* from b
    where ${kw ? sql`b.student_id in (select st.id from students st where st.name like ${kw} or st.code like ${kw})` : sql`true`}`;
  // The page with the count and sum of all from the same pass (the grouped set is computed for the
  // sort anyway); only a page past the last asks for them again.
  const rows = await rowsOf<{
    student_id: number;
    code: string | null;
    name: string | null;
    campus: string;
    h: string;
    v: string;
    total: string;
    cents: string | null;
  }>(
    deps,
    sql`with d as (${held}),
      p as (select d.*, count(*) over () as total, sum(d.v) over () as cents from d
        order by d.v desc, d.student_id, d.school_item_code limit ${q.pageSize} offset ${(q.pageIdx - 1) * q.pageSize})
      select p.student_id, st.code, st.name, coalesce(si.name, p.school_item_code) as campus, p.h::text as h,
        p.v::text as v, p.total::text as total, p.cents::text as cents
      from p left join students st on st.id = p.student_id left join school_items si on si.code = p.school_item_code
      order by p.v desc, p.student_id, p.school_item_code`,
  );
  const [sums] = rows.length
    ? rows
    : await rowsOf<{ total: string; cents: string | null }>(
        deps,
        sql`with d as (${held}) select count(*)::text as total, sum(d.v)::text as cents from d`,
      );
  return {
    list: rows.map((r) => ({
      studentId: Number(r.student_id),
      studentCode: r.code ?? '',
      studentName: r.name ?? '',
      schoolItemName: r.campus,
      hours: Number(r.h),
      closingCents: n(r.v),
    })),
    total: n(sums?.total),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
    sumCents: n(sums?.cents),
  };
}

/**
 * Orders created in the period (not revoked) with the whole Shanghai days they took to become
 * effective (null while open) and whether an active term bill pays them: school_item_code,
 * order_type, payable, paid, days, term, created_at.
 */
export const ORDERS: FactSource = {
  rows: (s) => sql`
    select o.id as order_id, o.school_item_code, o.order_type, o.payable_cents as payable, o.paid_cents as paid, o.created_at,
      ((o.effective_at at time zone 'Asia/Shanghai')::date - (o.created_at at time zone 'Asia/Shanghai')::date) as days,
      exists (select 1 from term_bills tb where tb.order_id = o.id and tb.status = 20) as term
    from orders o
    where o.status <> 90 and ${inCampuses(sql`o.school_item_code`, s)}
      and o.created_at >= ${s.start.toISOString()}::timestamptz and o.created_at < ${s.end.toISOString()}::timestamptz`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.created_at at time zone 'Asia/Shanghai', 'YYYY-MM')`,
};

const ORDER_MEASURES = {
  orders: sql`count(*)`,
  effective: sql`count(l.days)`,
  avgDays: sql`coalesce(round(avg(l.days), 1), 0)`,
  termOrders: sql`count(*) filter (where l.term)`,
  payableCents: sql`coalesce(sum(l.payable), 0)`,
  paidCents: sql`coalesce(sum(l.paid), 0)`,
};

const BUCKETS = [
  ['sameDay', '当天生效 / Same day'],
  ['week', '1–7 天 / 1–7 days'],
  ['month', '8–30 天 / 8–30 days'],
  ['longer', '30 天以上 / Over 30 days'],
  ['open', '未生效 / Not effective yet'],
] as const;

const BUCKET = sql`case when l.days is null then 'open' when l.days = 0 then 'sameDay' when l.days <= 7 then 'week'
  when l.days <= 30 then 'month' else 'longer' end`;

/**
 * The orders of the period in total, by order type and by bucket — one pass over the orders
 * (grouping sets), not three.
 */
export async function orderPeriod(deps: AppDeps, s: FigureScope) {
  const names = Object.keys(ORDER_MEASURES) as Array<keyof typeof ORDER_MEASURES>;
  const found = await rowsOf<Record<string, string | null>>(
    deps,
    sql`with l as (${ORDERS.rows(s)})
      select l.order_type::text as type, ${BUCKET} as bucket,
        (case when grouping(l.order_type) = 0 then 'type' when grouping(${BUCKET}) = 0 then 'bucket' else 'total' end) as grp,
        ${sql.join(
          names.map((k) => sql`(${ORDER_MEASURES[k]})::text as ${sql.identifier(k)}`),
          sql`, `,
        )}
      from l group by grouping sets ((), (l.order_type), (${BUCKET}))`,
  );
  const figures = (r: Record<string, string | null> | undefined) =>
    Object.fromEntries(names.map((k) => [k, n(r?.[k])])) as Record<keyof typeof ORDER_MEASURES, number>;
  const total = figures(found.find((r) => r.grp === 'total'));
  const types = found
    .filter((r) => r.grp === 'type')
    .map((r) => {
      const key = String(r.type ?? '');
      return { key, name: ORDER_TYPE.label?.(key) ?? key, ...figures(r) };
    })
    .sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key));
  const byBucket = new Map(found.filter((r) => r.grp === 'bucket').map((r) => [r.bucket, figures(r)]));
  return {
    period: s.period,
    ...total,
    buckets: BUCKETS.map(([key, name]) => ({
      key,
      name: spoken(name),
      orders: byBucket.get(key)?.orders ?? 0,
      payableCents: byBucket.get(key)?.payableCents ?? 0,
    })),
    byType: types,
  };
}
