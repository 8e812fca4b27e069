// on both engines: the bulk SQL of benchmark volumes on each engine.
// Benchmark volumes (SEED_SCALE > 10): clues, resources and calls added in bulk SQL are rows the
// real lists read like any other, in the caller's scope, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import { sql } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { seedBulk } from '../src/seed/index.js';
import { startTestServer, type TestServer } from './harness.js';
import { wire } from '../src/composition.js';

let t: TestServer;
let admin: Sdk;
let esales: Sdk;
const counts = async () => {
  const r = (await t.database.db.execute(
    sql`select (select count(*)::int from clues) as clues, (select count(*)::int from resources) as resources,
      (select count(*)::int from call_records) as calls`,
  )) as unknown as { rows: Array<{ clues: number; resources: number; calls: number }> };
  const row = r.rows[0];
  if (!row) throw new Error('no counts');
  return row;
};
let before: Awaited<ReturnType<typeof counts>>;
let added: Awaited<ReturnType<typeof seedBulk>>;

beforeAll(async () => {
  t = await startTestServer({ env: { LIST_COUNT_EXACT_LIMIT: '0' } });
  admin = await t.as('admin');
  esales = await t.as('esales');
  before = await counts();
  // Two steps beyond the detailed scale, in one transaction as the seed runs them.
  const ctx = {
    now: t.clock.now(),
    scale: 12,
    passwordCost: { memoryKib: 1024, timeCost: 1 },
    wiring: wire(),
  };
  added = await t.database.db.transaction(async (tx) => {
    // At this scale the demo leaves its closed months to the bulk payroll (seedPayrollHistoryDemo
    // steps aside when bulk volume follows); the template was seeded at the demo scale, so the
    // history's all-campus runs go first, as the seed at this scale never made them.
    await tx.execute(sql`delete from salary_runs where school_item_code is null`);
    return seedBulk({ ...ctx, db: tx });
  });
});
afterAll(async () => t?.close());

describe('bulk seeding', () => {
  it('adds 60 clues, 40 resources and 80 calls per scale step beyond 10', async () => {
    expect(added).toMatchObject({ clues: 120, resources: 80, calls: 160, orders: 120 });
    const after = await counts();
    expect(after.clues - before.clues).toBe(120);
    expect(after.resources - before.resources).toBe(80);
    expect(after.calls - before.calls).toBe(160);
  });

  it('the resource list shows a specialist the bulk resources she owns and the pool, valid by the contract', async () => {
    const all = await admin.resources.queryResourceList({ query: { pageSize: 200 } });
    const bulk = all.list.filter((r) => r.phone.startsWith('136'));
    expect(all.total).toBe(before.resources + 80);
    expect(new Set(bulk.map((r) => r.status))).toEqual(
      new Set(['new', 'assigned', 'following', 'invalid', 'abandoned']),
    );
    const mine = await esales.resources.queryResourceList({ query: { scope: 'mine', pageSize: 200 } });
    expect(mine.list.some((r) => r.phone.startsWith('136'))).toBe(true);
    const pool = await esales.resources.queryResourceList({ query: { scope: 'pool', pageSize: 200 } });
    expect(pool.list.filter((r) => r.phone.startsWith('136')).every((r) => r.ownerUserId === null)).toBe(
      true,
    );
  });

  it('the call list shows an agent her bulk calls, newest first', async () => {
    const page = await esales.calls.list({ query: { pageSize: 100 } });
    const bulk = page.list.filter((c) => c.phone.startsWith('137'));
    expect(bulk.length).toBeGreaterThan(0);
    const starts = page.list.map((c) => c.startAt);
    expect([...starts].sort().reverse()).toEqual(starts);
    const every = await admin.calls.list({ query: { pageSize: 1 } });
    expect(every.total).toBe(before.calls + 160);
  });

  it('adds 60 orders a step with their payment, ledger and lessons, and the books still close', async () => {
    const r = (await t.database.db.execute(sql`select
      (select count(*)::int from orders where code like 'BO%') as orders,
      (select count(*)::int from pay_records p join orders o on o.id = p.order_id where o.code like 'BO%') as pays,
      (select count(*)::int from student_ledger l join orders o on o.id = l.order_id where o.code like 'BO%') as moves,
      (select count(*)::int from teaching_attendances a join students s on s.id = a.student_id where s.code like 'BS%') as signs,
      (select coalesce(sum(l.value_cents), 0)::bigint::text from student_ledger l join orders o on o.id = l.order_id
        where o.code like 'BO%') as held,
      (select coalesce(sum(o.payable_cents - 6 * i.unit_price_cents), 0)::bigint::text
        from orders o join order_items i on i.order_id = o.id where o.code like 'BO%') as left,
      (select coalesce(sum(f.amount_cents), 0)::bigint::text from refund_orders f join orders o on o.id = f.order_id
        where o.code like 'BO%') as refunded`)) as unknown as {
      rows: Array<{
        orders: number;
        pays: number;
        moves: number;
        signs: number;
        held: string;
        left: string;
        refunded: string;
      }>;
    };
    const c = r.rows[0];
    // Per order a purchase and three consumes; one order in forty (3 of 120) a refund besides.
    expect(c).toMatchObject({ orders: 120, pays: 120, moves: 483, signs: 360 });
    // Each order consumed three lessons of two hours at its price: 6 of its 10, 20 or 30 hours; the
    // refunded orders returned the rest.
    expect(Number(c?.refunded)).toBeGreaterThan(0);
    expect(BigInt(c?.held ?? '0')).toBe(BigInt(c?.left ?? '0') - BigInt(c?.refunded ?? '0'));
    const year = await admin.reports.financeClassHour({
      query: { year: Number(t.clock.now().toISOString().slice(0, 4)) },
    });
    expect(year.rows.every((x) => x.differenceCents === 0)).toBe(true);
  });

  it('refunds one order in forty as an approved refund does: effective, by a reason, the order closed at zero', async () => {
    const r = (await t.database.db.execute(sql`
      select f.status, f.type, f.reason_code, f.amount_cents::text as amount, o.status as order_status,
        (select (-sum(l.value_cents))::text from student_ledger l
          where l.source_type = 'refundOrder' and l.source_id = f.id and l.kind = 'refund') as moved,
        (select sum(l.value_cents)::text from student_ledger l where l.order_id = o.id) as balance,
        (select count(*)::int from refund_order_items i where i.refund_order_id = f.id) as lines,
        (select max(l.posted_at) from student_ledger l where l.order_id = o.id and l.kind = 'consume')
          < (select min(l.posted_at) from student_ledger l where l.order_id = o.id and l.kind = 'refund') as after_lessons
      from refund_orders f join orders o on o.id = f.order_id where o.code like 'BO%' order by f.id`)) as unknown as {
      rows: Array<Record<string, string | number | boolean>>;
    };
    expect(r.rows).toHaveLength(3);
    for (const x of r.rows)
      expect(x).toMatchObject({
        status: 20,
        type: 'refund',
        order_status: 50,
        moved: x.amount,
        balance: '0',
        lines: 1,
        after_lessons: true,
      });
    // The refunds-by-reason figure over every day of the bulk orders counts them.
    const today = shanghaiDate(t.clock.now());
    const byReason = await admin.dashboards.advanceRefundReasonProportion({
      // Two years: the bulk orders reach back 565 days; a period holds at most three years.
      query: { startDate: `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`, endDate: today },
    });
    const all = (await t.database.db.execute(sql`
      select (-sum(l.value_cents))::bigint::text as cents from student_ledger l
        left join student_ledger x on x.id = l.reverses_id where coalesce(x.kind, l.kind) = 'refund'`)) as unknown as {
      rows: Array<{ cents: string }>;
    };
    const total = byReason.rows.reduce((a, x) => a + x.cents, 0);
    expect(total).toBe(Number(all.rows[0]?.cents));
    const bulk = r.rows.reduce((a, x) => a + Number(x.amount), 0);
    expect(total).toBeGreaterThanOrEqual(bulk);
  });

  it('fills the lesson rollups once at the end of the load: their sums are the bulk lessons and signs', async () => {
    const r = (await t.database.db.execute(sql`
      select (select sum(lessons)::int from lesson_campus_days where school_item_code in ('SH01', 'SH02', 'HZ01', 'BJ01'))
          - (select count(*)::int from teaching_lessons where status = 10
              and school_item_code in ('SH01', 'SH02', 'HZ01', 'BJ01')) as lessons,
        (select sum(uh)::text from lesson_days where teacher_code like 'BT%') as uh,
        (select sum(hours)::text from teaching_attendances where teacher_code like 'BT%' and cancelled_at is null) as signed`)) as unknown as {
      rows: Array<{ lessons: number; uh: string; signed: string }>;
    };
    expect(r.rows[0]).toEqual({
      lessons: 0,
      uh: '720.00',
      signed: '720.00',
    });
  });

  it('staffs the bulk lessons: employed teachers of the campus with a room each, one lesson an hour, at most eight a day', async () => {
    const r = (await t.database.db.execute(sql`
      select
        (select count(*)::int from teaching_lessons l where l.teacher_code like 'BT%'
           and not exists (select 1 from employees e join posts p on p.code = e.post_code
             where e.code = l.teacher_code and e.status = 1 and p.post_role = 'teacher'
               and e.school_item_code = l.school_item_code and e.entry_date <= l.lesson_date)) as unstaffed,
        (select count(*)::int from teaching_lessons l where l.teacher_code like 'BT%' and not exists (
           select 1 from teaching_classrooms r where r.id = l.classroom_id and r.school_item_code = l.school_item_code)) as roomless,
        (select count(*)::int from (select teacher_code, lesson_date, start_minute from teaching_lessons
           where teacher_code like 'BT%' group by 1, 2, 3 having count(*) > 1) x) as double_booked,
        (select count(*)::int from (select classroom_id, lesson_date, start_minute from teaching_lessons
           where teacher_code like 'BT%' group by 1, 2, 3 having count(*) > 1) x) as room_double_booked,
        (select max(n)::int from (select count(*) as n from teaching_lessons where teacher_code like 'BT%'
           group by teacher_code, lesson_date) x) as most_a_day,
        (select count(*)::int from teaching_attendances a join teaching_lessons l on l.id = a.lesson_id
           where l.teacher_code like 'BT%' and a.teacher_code <> l.teacher_code) as sign_elsewhere,
        (select count(*)::int from employees e where e.code like 'BT%'
           and not exists (select 1 from employee_subjects s where s.employee_code = e.code)) as without_subject`)) as unknown as {
      rows: Array<Record<string, number>>;
    };
    expect(r.rows[0]).toEqual({
      unstaffed: 0,
      roomless: 0,
      double_booked: 0,
      room_double_booked: 0,
      most_a_day: expect.any(Number) as number,
      sign_elsewhere: 0,
      without_subject: 0,
    });
    expect(r.rows[0]?.most_a_day).toBeLessThanOrEqual(8);
    // The teachers' load is measured: the bulk teachers' campuses have open hours and booked ones.
    // Every bulk lesson is within the last 560 days.
    const day = (back: number) =>
      new Date(t.clock.now().getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const s = await admin.staffFigures.saturationSummary({ query: { startDate: day(600), endDate: day(0) } });
    expect(s.teacher.bookedHours).toBeGreaterThanOrEqual(360);
    expect(s.teacher.availableHours).toBeGreaterThan(s.teacher.bookedHours);
  });

  it('pays the closed salary months no run has computed: the bulk teachers’ confirmed hours under passed confirmations', async () => {
    // Twelve demo salary months, the last two open, the month before last computed by the demo.
    expect(added.payrollMonths).toBe(9);
    const r = (await t.database.db.execute(sql`
      select p.year, p.month,
        (select count(*)::int from salary_runs r where r.year = p.year and r.month = p.month and r.school_item_code is null) as runs,
        (select coalesce(sum(l.hours), 0)::text from teaching_lessons l join teaching_attendances a on a.lesson_id = l.id
          where l.teacher_code like 'BT%' and a.paid and a.cancelled_at is null and l.status = 10
            and l.lesson_date between p.start_date and p.end_date) as taught,
        (select coalesce(sum(s.quantity), 0)::text from salary_lines s
          where s.year = p.year and s.month = p.month and s.employee_code like 'BT%' and s.item like 'hours:%') as paid,
        (select count(*)::int from salary_lines s
          where s.year = p.year and s.month = p.month and s.employee_code like 'BT%' and s.item = 'base') as bases
      from salary_periods p where p.status = 0 order by 1, 2`)) as unknown as {
      rows: Array<{ year: number; month: number; runs: number; taught: string; paid: string; bases: number }>;
    };
    const computed = r.rows.filter((x) => x.runs === 1);
    expect(computed).toHaveLength(9);
    for (const x of computed) expect(x.paid).toBe(x.taught);
    expect(computed.some((x) => Number(x.paid) > 0)).toBe(true);
    expect(computed.some((x) => x.bases > 0)).toBe(true);
    // A line's hours are traced to the attendances that earned them.
    const traced = (await t.database.db.execute(sql`
      select count(*)::int as n from salary_lines s
      where s.employee_code like 'BT%' and s.item like 'hours:%'
        and s.quantity <> (select coalesce(sum(x.quantity), 0) from salary_line_sources x where x.line_id = s.id)`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(traced.rows[0]?.n).toBe(0);
  });

  it('leaves every table analyzed, the small reference tables too (autovacuum never would)', async () => {
    const r = (await t.database.db.execute(
      sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0 order by 1`,
    )) as unknown as { rows: Array<{ relname: string }> };
    expect(r.rows.map((x) => x.relname)).toEqual([]);
    const posts = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'posts'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(posts.rows[0]?.n).toBeGreaterThan(0);
  });
});
