// The ledger's daily rollup (ledger_days: docs/decisions.md "Maintained ledger aggregates") is kept
// by the database: after every kind of posting — a purchase, consumption, a refund, their reversals,
// a transfer of hours between courses, an order's type repaired, a bulk insert of many movements in
// one statement, movements either side of a Shanghai midnight — it equals a GROUP BY of the
// movements; and the ledger refuses UPDATE, DELETE and TRUNCATE.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Sdk, TOrderCreateInput } from '@bo/api-sdk';
import { orderItems } from '../src/slices/orders/tables.js';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { post, reverse, type Movement } from '../src/slices/ledger/index.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let admin: Sdk;
let studentId: number;

beforeAll(async () => {
  t = await startTestServer();
  [sales, finance, admin] = await Promise.all([t.as('sales'), t.as('finance'), t.as('admin')]);
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  if (!a) throw new Error('the demo seed has students in SH01');
  studentId = a.id;
}, 120_000);
afterAll(async () => t?.close());

const rowsOf = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.deps.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The rollup's rows that differ from a GROUP BY of the movements (none when it is right). */
const differences = () =>
  rowsOf<Record<string, unknown>>(sql`
    with g as (
      select m.school_item_code, (m.posted_at at time zone 'Asia/Shanghai')::date as day,
        coalesce(r.kind, m.kind) as kind, m.course_code, coalesce(o.order_type, -1) as order_type,
        sum(m.value_cents) as v, sum(m.hours) as h, count(*)::int as n
      from student_ledger m
      left join orders o on o.id = m.order_id
      left join student_ledger r on r.id = m.reverses_id
      group by 1, 2, 3, 4, 5)
    select g.*, d.value_cents, d.hours, d.movements
    from g full join ledger_days d using (school_item_code, day, kind, course_code, order_type)
    where g.v is distinct from d.value_cents or g.h is distinct from d.hours or g.n is distinct from d.movements`);

/** An SH01 student without any order: its first effective order is a new enrolment (the type follows the history). */
async function freshStudent() {
  const [s] = await t.deps.db
    .select()
    .from(students)
    .where(
      and(
        eq(students.schoolItemCode, 'SH01'),
        sql`not exists (select 1 from orders o where o.student_id = ${students.id})`,
      ),
    )
    .limit(1);
  if (!s) throw new Error('the demo seed has SH01 students without orders');
  return s.id;
}

async function effectiveOrder(courseCode: string, quantity: number) {
  const body: TOrderCreateInput = {
    schoolItemCode: 'SH01',
    studentId: (studentId = await freshStudent()),
    orderType: 1,
    items: [{ courseCode, quantity }],
  };
  const created = await sales.orders.create({ body });
  const d = await sales.orders.detail({ params: { id: created.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: created.id, method: 2, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  const [item] = await t.deps.db.select().from(orderItems).where(eq(orderItems.orderId, created.id));
  if (!item) throw new Error('an order has its item');
  return { orderId: created.id, item };
}

const by = (at: Date) => ({ userId: null, at });

describe('ledger_days', () => {
  it('holds the seed’s movements, and the migration’s backfill computes the same rows', async () => {
    const [c] = await rowsOf<{ n: string }>(sql`select count(*)::text as n from ledger_days`);
    expect(Number(c?.n)).toBeGreaterThan(0);
    expect(await differences()).toEqual([]);
    // The migration's last statement (the backfill of an existing ledger), run into a scratch table.
    const migration = readFileSync(new URL('../drizzle/0047_ledger_days.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/^\s*INSERT INTO ledger_days /);
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table backfilled (like ledger_days) on commit drop`);
      await tx.execute(sql.raw(backfill.replace('INSERT INTO ledger_days ', 'INSERT INTO backfilled ')));
      const differ = await tx.execute(sql`select count(*)::int as n from (
          (select * from backfilled except select * from ledger_days)
          union all (select * from ledger_days except select * from backfilled)) x`);
      expect((differ as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });
  });

  it('stays equal after a purchase, consumption, a refund, their reversals, a transfer and a type repair', async () => {
    const { orderId, item } = await effectiveOrder('C001', 10);
    expect(await differences()).toEqual([]);
    const unit = 10_000; // 100.00 an hour: within what the order paid (10 hours of C001)
    const base: Omit<Movement, 'kind' | 'hours100' | 'valueCents' | 'sourceType' | 'sourceId'> = {
      studentId,
      schoolItemCode: 'SH01',
      orderId,
      orderItemId: item.id,
      courseCode: 'C001',
    };
    const at = t.clock.now();
    await t.deps.db.transaction(async (tx) => {
      await post(
        tx,
        [
          {
            ...base,
            kind: 'consume',
            hours100: -200,
            valueCents: -2 * unit,
            sourceType: 'attendance',
            sourceId: 990_001,
          },
        ],
        by(at),
      );
      await post(
        tx,
        [
          {
            ...base,
            kind: 'refund',
            hours100: -100,
            valueCents: -unit,
            sourceType: 'refundOrder',
            sourceId: 990_002,
          },
        ],
        by(at),
      );
    });
    expect(await differences()).toEqual([]);
    // A cancelled attendance and a revoked refund: reversals count as the kind they undo.
    await t.deps.db.transaction(async (tx) => {
      expect(await reverse(tx, 'attendance', 990_001, by(at))).toBe(1);
      expect(await reverse(tx, 'refundOrder', 990_002, by(at))).toBe(1);
    });
    expect(await differences()).toEqual([]);
    const [net] = await rowsOf<{ consume: string; refund: string; reversal: string }>(sql`
      select coalesce(sum(value_cents) filter (where kind = 'consume'), 0)::text as consume,
        coalesce(sum(value_cents) filter (where kind = 'refund'), 0)::text as refund,
        count(*) filter (where kind = 'reversal')::text as reversal
      from ledger_days d where d.school_item_code = 'SH01' and d.course_code = 'C001'
        and d.day = (${at.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date and d.order_type = 1`);
    // The consume and refund of the day are undone to the cent; no row of kind 'reversal' exists.
    const raw = await rowsOf<{ consume: string; refund: string }>(sql`
      select coalesce(sum(value_cents) filter (where kind = 'consume'), 0)::text as consume,
        coalesce(sum(value_cents) filter (where kind = 'refund'), 0)::text as refund
      from student_ledger where order_id = ${orderId}`);
    expect(raw[0]).toEqual({ consume: String(-2 * unit), refund: String(-unit) });
    expect(net?.reversal).toBe('0');

    // A transfer of hours into another course: its transferOut, transferIn and gift movements.
    const done = await finance.courseTransfers.transferCreate({
      body: { orderItemId: item.id, targetCourseCode: 'C004', hours: 3, giftHours: 0 },
    });
    expect(done.movements.length).toBeGreaterThanOrEqual(2);
    expect(await differences()).toEqual([]);

    // The order's type repaired (new ↔ renewal) and put back: its movements move between types.
    const typed = (type: number) =>
      rowsOf<{ n: string }>(sql`select coalesce(sum(movements), 0)::text as n from ledger_days
        where school_item_code = 'SH01' and course_code = 'C001' and order_type = ${type}
          and day = (${at.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date`);
    const before0 = Number((await typed(0))[0]?.n);
    const switched = await admin.dataRecovery.updateIsNew({
      body: { orderId, isNew: false, reason: '续费 renewal' },
    });
    expect(switched.order.orderType).toBe(0);
    expect(await differences()).toEqual([]);
    const mine = await t.deps.db
      .select({ id: studentLedger.id })
      .from(studentLedger)
      .where(and(eq(studentLedger.orderId, orderId), eq(studentLedger.courseCode, 'C001')));
    expect(Number((await typed(0))[0]?.n)).toBe(before0 + mine.length);
    await admin.dataRecovery.revertRepair({ body: { repairId: switched.repairId, reason: '改回 back' } });
    expect(Number((await typed(0))[0]?.n)).toBe(before0);
    expect(await differences()).toEqual([]);
  });

  it('stays equal after a bulk insert of many movements in one statement, split at Shanghai midnight', async () => {
    const { orderId, item } = await effectiveOrder('C001', 2);
    // 23:59 and 00:00 +08:00 fall on two Shanghai days (15:59 and 16:00 UTC the same UTC day).
    const evening = new Date('2031-05-06T15:59:00Z');
    const midnight = new Date('2031-05-06T16:00:00Z');
    await t.deps.db.execute(sql`
      insert into student_ledger (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours,
        value_cents, source_type, source_id, posted_at)
      select ${studentId}, case when g % 3 = 0 then 'SH02' else 'SH01' end, ${orderId}, ${item.id},
        case when g % 2 = 0 then 'C001' else 'C002' end, case when g % 5 = 0 then 'purchase' else 'consume' end,
        case when g % 5 = 0 then 2 else -0.5 end, case when g % 5 = 0 then 20000 else -5000 end, 'bulk', g,
        case when g % 2 = 0 then ${evening.toISOString()}::timestamptz else ${midnight.toISOString()}::timestamptz end
          + make_interval(days => (g / 2) % 2)
      from generate_series(1, 600) g`);
    expect(await differences()).toEqual([]);
    const days = await rowsOf<{ day: string; n: string }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(movements)::text as n from ledger_days
      where day between '2031-05-06' and '2031-05-07' and course_code in ('C001', 'C002') and order_type = 1
        and school_item_code in ('SH01', 'SH02')
      group by day order by day`);
    // Each movement on its Shanghai day, counted from the movements themselves.
    const [expected] = await rowsOf<{ d6: string; d7: string }>(sql`
      select count(*) filter (where (posted_at at time zone 'Asia/Shanghai')::date = '2031-05-06')::text as d6,
        count(*) filter (where (posted_at at time zone 'Asia/Shanghai')::date = '2031-05-07')::text as d7
      from student_ledger where source_type = 'bulk'`);
    expect(days).toEqual([
      { day: '2031-05-06', n: expected?.d6 },
      { day: '2031-05-07', n: expected?.d7 },
    ]);
    expect(Number(expected?.d6)).toBeGreaterThan(0);
    expect(Number(expected?.d7)).toBeGreaterThan(0);
  });

  it('is the only way the ledger changes: UPDATE, DELETE and TRUNCATE of movements are refused', async () => {
    const [m] = await t.deps.db.select({ id: studentLedger.id }).from(studentLedger).limit(1);
    if (!m) throw new Error('the demo ledger has movements');
    const refused = async (q: ReturnType<typeof sql>) => {
      const e = await t.deps.db.execute(q).then(
        () => null,
        (x: unknown) => x,
      );
      const cause = (e as { cause?: unknown } | null)?.cause;
      expect(String(cause instanceof Error ? cause.message : e)).toMatch(/append-only/);
    };
    await refused(sql`update student_ledger set value_cents = 0 where id = ${m.id}`);
    await refused(sql`delete from student_ledger where id = ${m.id}`);
    await refused(sql`truncate student_ledger`);
    const [still] = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.id, m.id));
    expect(still?.valueCents).not.toBeUndefined();
    expect(await differences()).toEqual([]);
  });
});
