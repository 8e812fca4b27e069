// Efficiency (/efficiency/*, screen /dataStatistics/effectiveness), employee statistics
// (/employee/{summary, school, role, subject, level, skill}) and a person's own figures
// (/employee/personal, screen /dataStatistics/personal). Definitions: docs/metrics.md "Efficiency",
// "Employees". The three groups of spec §3: jt 集团 (all staff), kfs 康复师 (therapists: post role
// teacher), gw 顾问 (advisers: post roles consultant and growth).
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
  factTotals,
  kindIn,
  n,
  rowsOf,
  type Dimension,
  type FactSource,
} from './facts.js';
import { monthsRelation, type FigureScope } from './scope.js';

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

/** Revenue of lessons taught by an employee matching `who` (an SQL over employees e and posts p). */
const taughtBy = (who: SQL) => sql`l.st = 'attendance' and exists (
  select 1 from teaching_attendances a
  join teaching_lesson_students ls on ls.id = a.lesson_student_id
  join teaching_lessons le on le.id = ls.lesson_id
  join employees e on e.code = le.teacher_code
  join posts p on p.code = e.post_code
  where a.id = l.sid and ${who})`;
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
    src: LEDGER,
    where: sql`${kindIn(['consume'])} and ${taughtBy(sql`p.post_role = 'teacher'`)}`,
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
  const [heads, out, total] = await Promise.all([
    factTable(deps, s, STAFF, CAMPUS, { heads: sql`count(*)` }, MEMBERS[g]),
    factTable(deps, s, o.src, CAMPUS, { cents: o.cents, quantity: o.quantity }, o.where),
    groupTotals(deps, s, g),
  ]);
  const names = new Map([...heads, ...out].map((r) => [r.key, r.name]));
  const rows = [...names.entries()]
    .map(([key, name]) => {
      const h = heads.find((r) => r.key === key)?.heads ?? 0;
      const x = out.find((r) => r.key === key);
      return { key, name, ...figures(h, x?.cents ?? 0, x?.quantity ?? 0) };
    })
    .sort((a, b) => b.perHeadCents - a.perHeadCents || a.key.localeCompare(b.key));
  return { period: s.period, group: g, rows, total: { key: '', name: '合计 / Total', ...total } };
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
    total: { key: '', name: '合计 / Total', ...total },
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
  const taught = sql`${kindIn(['consume'])} and ${taughtBy(sql`e.code = ${code}`)}`;
  const advised = sql`exists (select 1 from orders o2 where o2.id = l.order_id and o2.adviser_id = ${u.id})`;
  const [load, byMonth, consumed, consumedByMonth, sold] = await Promise.all([
    factTotals(deps, s, TEACHER_LOAD, LOAD, mine),
    factTable(deps, s, TEACHER_LOAD, MONTH(TEACHER_LOAD), LOAD, mine),
    factTotals(deps, s, LEDGER, { cents: sql`-sum(l.v)`, hours: sql`-sum(l.h)` }, taught),
    factTable(deps, s, LEDGER, MONTH(LEDGER), { hours: sql`-sum(l.h)` }, taught),
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
