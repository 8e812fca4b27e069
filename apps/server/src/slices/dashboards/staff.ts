// Efficiency (/efficiency/*, screen /dataStatistics/effectiveness), employee statistics
// (/employee/{summary, school, role, subject, level, skill}) and a person's own figures
// (/employee/personal, screen /dataStatistics/personal). Definitions: docs/metrics.md "Efficiency",
// "Employees". The three groups of spec §3: jt 集团 (all staff), kfs 康复师 (therapists: post role
// teacher), gw 顾问 (advisers: post roles consultant and growth).
import { spoken } from '../../http/language.js';
import type { TEfficiencyGroup } from '@bo/api-sdk';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import {
  CAMPUS,
  LEDGER,
  LEDGER_DAYS,
  LOAD,
  MONTH,
  PAYMENTS,
  STAFF,
  TEACHER_LOAD,
  factTable,
  factTableAndTotal,
  factTotals,
  kindIn,
  n,
  rowsOf,
  type Dimension,
  type FactSource,
} from './facts.js';
import { inCampuses, monthsRelation, type FigureScope } from './scope.js';

export const GROUP_NAMES: Record<TEfficiencyGroup, string> = {
  jt: '集团 / All staff',
  kfs: '康复师 / Therapists',
  gw: '顾问 / Advisers',
};

/** Who belongs to a group, on a row of STAFF. */
const MEMBERS: Record<TEfficiencyGroup, SQL> = {
  jt: sql`true`,
  kfs: sql`l.post_role = 'teacher'`,
  gw: sql`l.post_role in ('consultant', 'growth')`,
};

/** The signs (live or cancelled) on lessons taught by an employee matching `who` (an SQL over employees e and posts p). */
const signsOf = (who: SQL) => sql`
  select a.id from employees e
  join posts p on p.code = e.post_code
  join teaching_lessons le on le.teacher_code = e.code
  join teaching_attendances a on a.lesson_id = le.id
  join teaching_lesson_students ls on ls.id = a.lesson_student_id and ls.lesson_id = le.id
  where ${who}`;

/**
 * Consumption of lessons taught by an employee matching `who`: the consume movements whose source is
 * one of their signs, and the reversals of those (counting as consume, as in LEDGER), up to the
 * period's end — school_item_code, v, h, posted_at, k, mk. Joined from the employees' lessons to the
 * movements through the ledger's source index and the reversals' index, so the planner sizes it from
 * the employees and lessons (a handful of teachers reads a handful of movements; every teacher
 * hashes), instead of testing each of the period's millions of consume movements one by one: for
 * one employee (a group reads taughtDaily).
 */
const taughtBy = (who: SQL): FactSource => ({
  rows: (s) => sql`
    with signs as (${signsOf(who)}),
    consumed as (
      select m.id, m.school_item_code, m.value_cents, m.hours, m.posted_at, m.kind
      from signs x join student_ledger m on m.source_type = 'attendance' and m.source_id = x.id and m.kind = 'consume')
    select c.school_item_code, c.value_cents as v, c.hours as h, c.posted_at, 'consume' as k, c.kind as mk
    from consumed c
    where ${inCampuses(sql`c.school_item_code`, s)} and c.posted_at < ${s.end.toISOString()}::timestamptz
    union all
    select rv.school_item_code, rv.value_cents, rv.hours, rv.posted_at, 'consume', rv.kind
    from consumed c join student_ledger rv on rv.reverses_id = c.id
    where ${inCampuses(sql`rv.school_item_code`, s)} and rv.posted_at < ${s.end.toISOString()}::timestamptz`,
  inPeriod: LEDGER.inPeriod,
  month: LEDGER.month,
});
/**
 * Consumption of lessons taught by an employee matching `who` in the period, for a group of many
 * teachers: the consume movements whose source is a sign on such a lesson and their reversals
 * (counting as consume), read from their maintained daily sums (ledger_teacher_days: per campus,
 * Shanghai day and teacher of the lesson, kept by the database; docs/decisions.md "Monthly
 * aggregates") — school_item_code, v, h, day. The group is applied to the teacher now. (Read from the
 * movements, a year of every therapist took 7 s at a million orders.)
 */
const taughtDaily = (who: SQL): FactSource => ({
  rows: (s) => sql`
    select t.school_item_code, t.value_cents as v, t.hours as h, t.day
    from ledger_teacher_days t
    where ${inCampuses(sql`t.school_item_code`, s)}
      and t.day >= ${s.period.startDate}::date and t.day <= ${s.period.endDate}::date
      and exists (select 1 from employees e join posts p on p.code = e.post_code where e.code = t.teacher_code and ${who})`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
});
/** Payments of orders whose adviser is an employee matching `who`. */
const advisedBy = (who: SQL) => sql`exists (
  select 1 from orders o2 join users u on u.id = o2.adviser_id
  join employees e on e.code = u.employee_code
  join posts p on p.code = e.post_code
  where o2.id = l.order_id and ${who})`;

/** What a group produces: the source, the rows of the period that count, cents and quantity. */
const OUTPUT: Record<TEfficiencyGroup, { src: FactSource; where: SQL; cents: SQL; quantity: SQL }> = {
  jt: { src: LEDGER_DAYS, where: kindIn(['consume']), cents: sql`-sum(l.v)`, quantity: sql`-sum(l.h)` },
  kfs: {
    src: taughtDaily(sql`p.post_role = 'teacher'`),
    where: sql`true`,
    cents: sql`-sum(l.v)`,
    quantity: sql`-sum(l.h)`,
  },
  gw: {
    src: PAYMENTS,
    where: advisedBy(sql`p.post_role in ('consultant', 'growth')`),
    cents: sql`sum(l.v)`,
    quantity: sql`count(distinct l.order_id)`,
  },
};

const perHead = (v: number, heads: number) => (heads > 0 ? Math.round((v / heads) * 100) / 100 : 0);
const figures = (headcount: number, cents: number, quantity: number) => ({
  headcount,
  cents,
  quantity,
  perHeadCents: Math.round(perHead(cents, headcount)),
  perHeadQuantity: perHead(quantity, headcount),
});

async function groupTotals(deps: AppDeps, s: FigureScope, g: TEfficiencyGroup) {
  const o = OUTPUT[g];
  const [heads, out] = await Promise.all([
    factTotals(deps, s, STAFF, { heads: sql`count(*)` }, MEMBERS[g]),
    factTotals(deps, s, o.src, { cents: o.cents, quantity: o.quantity }, o.where),
  ]);
  return figures(heads.heads, out.cents, out.quantity);
}

export async function efficiencySummary(deps: AppDeps, s: FigureScope) {
  const groups = await Promise.all(
    (['jt', 'kfs', 'gw'] as const).map(async (g) => ({
      group: g,
      name: GROUP_NAMES[g],
      ...(await groupTotals(deps, s, g)),
    })),
  );
  return { period: s.period, groups };
}

/** A group's efficiency per campus: heads by primary campus, output by the campus it was booked at. */
export async function efficiencyCampuses(deps: AppDeps, s: FigureScope, g: TEfficiencyGroup) {
  const o = OUTPUT[g];
  // Each source read once for its campus rows and its total.
  const [h, x] = await Promise.all([
    factTableAndTotal(deps, s, STAFF, CAMPUS, { heads: sql`count(*)` }, MEMBERS[g]),
    factTableAndTotal(deps, s, o.src, CAMPUS, { cents: o.cents, quantity: o.quantity }, o.where),
  ]);
  const [heads, out] = [h.rows, x.rows];
  const total = figures(h.total.heads, x.total.cents, x.total.quantity);
  const names = new Map([...heads, ...out].map((r) => [r.key, r.name]));
  const rows = [...names.entries()]
    .map(([key, name]) => {
      const h = heads.find((r) => r.key === key)?.heads ?? 0;
      const x = out.find((r) => r.key === key);
      return { key, name, ...figures(h, x?.cents ?? 0, x?.quantity ?? 0) };
    })
    .sort((a, b) => b.perHeadCents - a.perHeadCents || a.key.localeCompare(b.key));
  return { period: s.period, group: g, rows, total: { key: '', name: spoken('合计 / Total'), ...total } };
}

/** A group's efficiency per month: heads at each month's end (joined by then), output of the month. */
export async function efficiencyHistory(deps: AppDeps, s: FigureScope, g: TEfficiencyGroup) {
  const o = OUTPUT[g];
  const [heads, out] = await Promise.all([
    rowsOf<{ mon: string; heads: string }>(
      deps,
      sql`with l as (${STAFF.rows(s)})
        select months.mon, count(l.employee_code)::text as heads
        from ${monthsRelation(s)}
        left join l on (l.entry_date is null or to_char(l.entry_date, 'YYYY-MM') <= months.mon) and ${MEMBERS[g]}
        group by months.mon`,
    ),
    factTable(deps, s, o.src, MONTH(o.src), { cents: o.cents, quantity: o.quantity }, o.where),
  ]);
  const per = s.months.map((m) => {
    const h = n(heads.find((r) => r.mon === m)?.heads);
    const x = out.find((r) => r.key === m);
    return figures(h, x?.cents ?? 0, x?.quantity ?? 0);
  });
  return {
    group: g,
    months: s.months,
    perHeadCents: per.map((p) => p.perHeadCents),
    perHeadQuantity: per.map((p) => p.perHeadQuantity),
    headcount: per.map((p) => p.headcount),
  };
}

const EMPLOYEE = {
  headcount: sql`count(*)`,
  newHires: sql`coalesce(sum(l.new_hire), 0)`,
  teachers: sql`count(*) filter (where l.post_role = 'teacher')`,
  taughtHours: sql`round(coalesce(sum(l.taught_m), 0) / 60.0, 2)`,
  consumedHours: sql`coalesce(sum(l.uh), 0)`,
};

export async function employeeSummary(deps: AppDeps, s: FigureScope) {
  return { period: s.period, ...(await factTotals(deps, s, STAFF, EMPLOYEE)) };
}

export async function employeesBy(deps: AppDeps, s: FigureScope, d: Dimension) {
  const [rows, total] = await Promise.all([
    factTable(deps, s, STAFF, d, EMPLOYEE),
    factTotals(deps, s, STAFF, EMPLOYEE),
  ]);
  return {
    period: s.period,
    rows,
    total: { key: '', name: spoken('合计 / Total'), ...total },
  };
}

/** The caller's own figures: as a teacher (lessons, load, hours and revenue) and as an adviser. */
export async function personal(deps: AppDeps, u: AuthUser, scope: FigureScope) {
  // Their own figures wherever they taught or sold: the campus scope is theirs by definition.
  const s: FigureScope = { ...scope, codes: null };
  const code = u.employeeCode ?? '';
  const [me] = await rowsOf<{ name: string; campus: string | null; post: string | null }>(
    deps,
    sql`select e.name, si.name as campus, p.name as post from employees e
      left join school_items si on si.code = e.school_item_code left join posts p on p.code = e.post_code
      where e.code = ${code}`,
  );
  const mine = sql`l.teacher_code = ${code}`;
  const taught = taughtBy(sql`e.code = ${code}`);
  const advised = sql`exists (select 1 from orders o2 where o2.id = l.order_id and o2.adviser_id = ${u.id})`;
  const [load, byMonth, consumed, consumedByMonth, sold] = await Promise.all([
    factTotals(deps, s, TEACHER_LOAD, LOAD, mine),
    factTable(deps, s, TEACHER_LOAD, MONTH(TEACHER_LOAD), LOAD, mine),
    factTotals(deps, s, taught, { cents: sql`-sum(l.v)`, hours: sql`-sum(l.h)` }),
    factTable(deps, s, taught, MONTH(taught), { hours: sql`-sum(l.h)` }),
    factTotals(deps, s, PAYMENTS, { cents: sql`sum(l.v)`, orders: sql`count(distinct l.order_id)` }, advised),
  ]);
  return {
    period: s.period,
    employeeCode: code,
    employeeName: me?.name ?? u.name,
    schoolItemName: me?.campus ?? '',
    postName: me?.post ?? '',
    lessons: load.lessons,
    load: { availableHours: load.availableHours, bookedHours: load.bookedHours, rate: load.rate },
    consumedHours: consumed.hours,
    revenueCents: consumed.cents,
    receivedCents: sold.cents,
    paidOrders: sold.orders,
    months: s.months.map((m) => {
      const x = byMonth.find((r) => r.key === m);
      return {
        month: m,
        bookedHours: x?.bookedHours ?? 0,
        consumedHours: consumedByMonth.find((r) => r.key === m)?.hours ?? 0,
        rate: x?.rate ?? 0,
      };
    }),
  };
}
