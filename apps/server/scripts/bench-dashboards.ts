// The dashboards benchmark (bench/dashboards.mjs starts it): on a database seeded at SEED_SCALE, each
// measured dashboard endpoint (the real application, signed in as the administrator, a year of every
// campus) against the best hand-written SQL for the same figure on the same database. The reference
// SQL reads only the base tables (the ledger's movements, orders, pay records, lessons): what one
// writes without maintained state such as ledger_days, so a ratio below 1 is what the maintained
// aggregates buy. The endpoint and its SQL run alternately (endpoint, SQL, endpoint, …), so a drift of
// the machine's load weighs on both alike. Prints one JSON line per endpoint and a closing summary
// line; reported, never asserted. BENCH_ONLY=a,b times only the endpoints so named (e.g.
// `revenue/summary,report/school`).
import { sql, type SQL } from 'drizzle-orm';
import { shanghaiDate, shanghaiDayOf } from '@bo/domain';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { isEmpty, seed } from '../src/seed/index.js';
import { sessionResolver } from '../src/slices/system/sessions.js';
import { DEMO_PASSWORD } from '../src/slices/system/seed.js';

const RUNS = Number(process.env.BENCH_RUNS ?? '5');
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  statementTimeoutMs: 0,
  poolSize: config.DB_POOL_SIZE,
});
const now = () => new Date();
let seedSeconds = 0;
if (await isEmpty(database.db)) {
  const t0 = performance.now();
  await seed(
    database.db,
    { kind: 'demo' },
    { scale: config.SEED_SCALE, now: now(), scryptLogN: config.SCRYPT_LOG_N },
  );
  seedSeconds = Math.round((performance.now() - t0) / 1000);
}
const deps = {
  db: database.db,
  dbKind: database.kind,
  config,
  now,
  auth: sessionResolver(database.db, config, now),
  ping: database.ping,
};
const app = await buildApp(deps, { logger: false });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'admin', password: DEMO_PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;

const endDate = shanghaiDate(now());
const startDate = `${Number(endDate.slice(0, 4)) - 1}-${endDate.slice(5, 7)}-01`;
const start = (shanghaiDayOf(startDate) ?? now()).toISOString();
const end = (shanghaiDayOf(endDate, { end: true }) ?? now()).toISOString();
const period = `startDate=${startDate}&endDate=${endDate}`;
const rows = async (q: SQL) => ((await database.db.execute(q)) as unknown as { rows: unknown[] }).rows;
const S = sql`${start}::timestamptz`;
const E = sql`${end}::timestamptz`;
/**
 * Movements with the kind that counts (a reversal as what it reverses), as the figures read them:
 * joined only to the movements some reversal undoes (the partial index of reversals), never to the
 * whole ledger a second time.
 */
const REVERSED = sql`(select x.id, x.kind from student_ledger x
  where x.id in (select y.reverses_id from student_ledger y where y.reverses_id is not null))`;
const MOVES = sql`(select m.school_item_code as c, m.value_cents as v, m.hours as h, m.posted_at, m.student_id,
  coalesce(r.kind, m.kind) as k, m.kind as mk
  from student_ledger m left join ${REVERSED} r on r.id = m.reverses_id where m.posted_at < ${E}) x`;
/** Refunds of the period (a revoked refund counting back), through the kind and posting day index. */
const REFUNDS = sql`(select m.school_item_code as c, m.student_id, m.value_cents as v
  from student_ledger m left join ${REVERSED} r on r.id = m.reverses_id
  where m.kind in ('refund', 'reversal') and coalesce(r.kind, m.kind) = 'refund'
    and m.posted_at >= ${S} and m.posted_at < ${E}) f`;

const ENDPOINTS: Array<{ name: string; url: string; sql: () => Promise<unknown> }> = [
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
  // The lesson figures. Their reference SQL reads the BASE tables — what one writes without
  // maintained state — while the endpoints read the lesson rollups (migration 0049) and, for the
  // distinct students, the booked bookings through two partial indexes.
  {
    // The same figures as the endpoint: lessons, given, confirmed, booked and consumed hours and the
    // distinct students booked, in one pass of the three-way join.
    name: 'schedule/summary',
    url: `/api/schedule/summary?${period}`,
    sql: () =>
      rows(sql`select count(distinct le.id), count(distinct le.id) filter (where a.id is not null),
          count(distinct le.id) filter (where le.confirmed_at is not null),
          sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end), sum(a.hours),
          count(distinct ls.student_id) filter (where ls.status = 10)
        from teaching_lessons le left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
        left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
        where le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date`),
  },
  {
    // Booked hours per campus: the lessons and their booked bookings (no sign is needed).
    name: 'schedule/campusdistribution',
    url: `/api/schedule/campusdistribution?${period}`,
    sql: () =>
      rows(sql`select le.school_item_code, si.name, sum(le.hours) as h
        from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
        left join school_items si on si.code = le.school_item_code
        where le.status = 10 and le.kind in ('oneToOne', 'group')
          and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
        group by 1, 2 order by h desc`),
  },
  {
    // Booked hours per month: the total and per campus.
    name: 'schedule/schooltrend',
    url: `/api/schedule/schooltrend?${period}`,
    sql: () =>
      rows(sql`select le.school_item_code, to_char(le.lesson_date, 'YYYY-MM'), sum(le.hours)
        from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
        where le.status = 10 and le.kind in ('oneToOne', 'group')
          and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
        group by grouping sets ((1, 2), (2))`),
  },
  {
    // Class use and arrival of the lessons whose day has come: one pass of the three-way join.
    name: 'scheduleratio/summary',
    url: `/api/scheduleratio/summary?${period}`,
    sql: () =>
      rows(sql`select sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end),
          coalesce(sum(a.hours), 0), count(ls.id), count(*) filter (where a.status in ('present', 'late', 'makeup')),
          count(*) filter (where a.status = 'leave' or ls.status = 20), count(*) filter (where a.status = 'absent'),
          count(*) filter (where a.id is null and ls.status = 10)
        from teaching_lessons le left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
        left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
        where le.status = 10 and le.lesson_date >= ${startDate}::date
          and le.lesson_date <= least(${endDate}::date, ${shanghaiDate(now())}::date)`),
  },
  {
    // Teachers' and rooms' booked minutes (their live lessons) against the minutes their campus is
    // open on the period's days (valid spans of the day's bands, no holiday), with the heads.
    name: 'saturation/summary',
    url: `/api/saturation/summary?${period}`,
    sql: () =>
      rows(sql`with open_minutes as (
          select si.code as c, d.day::date as day,
            sum((split_part(sp.end_time, ':', 1)::int * 60 + split_part(sp.end_time, ':', 2)::int)
              - (split_part(sp.start_time, ':', 1)::int * 60 + split_part(sp.start_time, ':', 2)::int)) as m
          from school_items si
          cross join generate_series(${startDate}::date, ${endDate}::date, interval '1 day') as d(day)
          join teaching_time_spans sp on sp.school_item_code = si.code and sp.valid_status = 1
            and sp.band_type = any(case when extract(isodow from d.day) <= 5 then array[1, 2] else array[3] end)
          where not exists (select 1 from teaching_calendar_days h where h.kind = 'holiday'
            and (h.school_item_code is null or h.school_item_code = si.code) and d.day::date between h.start_date and h.end_date)
          group by 1, 2),
        t as (select e.code, e.school_item_code, e.entry_date from employees e join posts p on p.code = e.post_code
          where e.status = 1 and p.post_role = 'teacher'),
        r as (select cr.id, cr.school_item_code from teaching_classrooms cr where cr.valid_status = 1)
        select (select count(*) from t), (select sum(o.m) from t join open_minutes o on o.c = t.school_item_code
            and (t.entry_date is null or o.day >= t.entry_date)),
          (select row(sum(le.end_minute - le.start_minute), count(*)) from t join teaching_lessons le on le.teacher_code = t.code
            and le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date),
          (select count(*) from r), (select sum(o.m) from r join open_minutes o on o.c = r.school_item_code),
          (select sum(le.end_minute - le.start_minute) from r join teaching_lessons le on le.classroom_id = r.id
            and le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date)`),
  },
];

const median = (xs: number[]) => {
  const m = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return Math.round(m * 10) / 10;
};
const timed = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
/** Medians of the two, run alternately after one warm run of each (plans and caches, as a dashboard opened twice). */
async function timeBoth(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ta.push(await timed(a));
    tb.push(await timed(b));
  }
  return [median(ta), median(tb)] as const;
}

const counts = (await rows(sql`select (select count(*) from orders)::int as orders,
  (select count(*) from student_ledger)::int as movements, (select count(*) from teaching_lessons)::int as lessons,
  (select count(*) from clues)::int as clues`)) as Array<Record<string, number>>;
console.log(JSON.stringify({ db: database.kind, scale: config.SEED_SCALE, seedSeconds, ...counts[0] }));
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
for (const e of ENDPOINTS.filter((x) => !only.length || only.includes(x.name))) {
  const [api, ref] = await timeBoth(async () => {
    const r = await app.inject({ method: 'GET', url: e.url, headers: { token } });
    if (r.statusCode !== 200) throw new Error(`${e.url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  }, e.sql);
  console.log(
    JSON.stringify({ endpoint: e.name, apiMs: api, sqlMs: ref, ratio: Math.round((api / ref) * 100) / 100 }),
  );
}
await app.close();
await database.close();
