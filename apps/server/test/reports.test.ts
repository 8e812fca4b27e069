// Reports, settlement and order recovery over HTTP: the income reports and clue conversion of a small
// month (March 2031 at SH01, no demo data there) against figures worked out by hand; class-hour
// settlement reconciling with the ledger; a repair of an order and its reversal; administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { orderItems } from '../src/slices/orders/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let finance: Sdk;
let director: Sdk;
let sales: Sdk;
let studentId: number;
let orderId: number;
let itemId: number;

const MARCH = { schoolItemCode: 'SH01', startDate: '2031-03-01', endDate: '2031-03-31' };
const at = (local: string) => `${local}+08:00`;

beforeAll(async () => {
  t = await startTestServer();
  [admin, finance, director, sales] = await Promise.all([
    t.as('admin'),
    t.as('finance'),
    t.as('director'),
    t.as('sales'),
  ]);
  // A student without orders: the order below is its new enrolment (the type follows the history).
  const [st] = await t.deps.db
    .select()
    .from(students)
    .where(
      and(
        eq(students.schoolItemCode, 'SH01'),
        sql`not exists (select 1 from orders o where o.student_id = ${students.id})`,
      ),
    )
    .limit(1);
  if (!st) throw new Error('the demo seed has students in SH01 without orders');
  studentId = st.id;
  const created = await sales.orders.create({
    body: { schoolItemCode: 'SH01', studentId, orderType: 1, items: [{ courseCode: 'C001', quantity: 10 }] },
  });
  orderId = created.id;
  const [item] = await t.deps.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  itemId = item?.id ?? 0;
  const pay = (cents: number, paidAt: string, status: number, method = 2) =>
    sql`(${orderId}, ${method}, ${cents}, ${at(paidAt)}::timestamptz, ${status})`;
  // Received in March: 3,000.00 + 500.00; a pending one, one of February and one of April do not count.
  await t.deps.db.execute(sql`insert into pay_records (order_id, method, amount_cents, paid_at, status) values
    ${pay(300_000, '2031-03-05 10:00', 20)}, ${pay(50_000, '2031-03-20 09:00', 20, 1)},
    ${pay(70_000, '2031-03-21 09:00', 10)}, ${pay(20_000, '2031-02-28 23:30', 20)},
    ${pay(11_100, '2031-04-01 00:30', 20)}`);
  const mv = (kind: string, hours: string, cents: number, posted: string, source = 'incomeOrder') =>
    sql`(${studentId}, 'SH01', ${orderId}, ${itemId}, 'C001', ${kind}, ${hours}, ${cents}, ${source}, 1, ${at(posted)}::timestamptz)`;
  await t.deps.db.execute(sql`insert into student_ledger
    (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours, value_cents, source_type, source_id, posted_at)
    values ${mv('purchase', '10', 300_000, '2031-02-10 10:00')}, ${mv('purchase', '5', 150_000, '2031-03-06 10:00')},
      ${mv('consume', '-2', -60_000, '2031-03-10 10:00', 'attendance')}, ${mv('refund', '-1', -30_000, '2031-03-15 10:00', 'refundOrder')},
      ${mv('consume', '-1', -30_000, '2031-03-25 10:00', 'attendance')}, ${mv('adjust', '0.5', 0, '2031-03-27 10:00', 'adjustOrder')}`);
  // The consume of the 25th is cancelled on the 26th: a reversal counts as the consume it undoes.
  await t.deps.db.execute(sql`insert into student_ledger
    (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours, value_cents, source_type, source_id, posted_at, reverses_id)
    select student_id, school_item_code, order_id, order_item_id, course_code, 'reversal', 1, 30000, 'attendance', 1, ${at('2031-03-26 10:00')}::timestamptz, id
    from student_ledger where order_id = ${orderId} and kind = 'consume' and posted_at = ${at('2031-03-25 10:00')}::timestamptz`);
  const sign = (ls: number, day: string, hours: string, cancelled: boolean) =>
    sql`(${ls}, ${ls}, ${studentId}, 'SH01', 'C001', 'T001', ${day}::date, 'present', ${hours}, true, ${at(`${day} 10:00`)}::timestamptz,
      ${cancelled ? sql`${at(`${day} 12:00`)}::timestamptz` : sql`null`})`;
  // Signs: 2 h on the 10th, 1 h on the 25th (cancelled), 1.5 h on the 31st whose consume the ledger has not posted.
  await t.deps.db.execute(sql`insert into teaching_attendances
    (lesson_id, lesson_student_id, student_id, school_item_code, course_code, teacher_code, lesson_date, status, hours, paid, signed_at, cancelled_at)
    values ${sign(990_001, '2031-03-10', '2', false)}, ${sign(990_002, '2031-03-25', '1', true)}, ${sign(990_003, '2031-03-31', '1.5', false)}`);
  const clue = (code: string, state: string, visited: boolean, converted: boolean) =>
    sql`(${code}, '童', '家长', ${`139${code.slice(-8)}`}, ${state}, 'SH01', ${at('2031-03-08 10:00')}::timestamptz,
      ${visited ? sql`${at('2031-03-09 10:00')}::timestamptz` : sql`null`}, ${converted ? sql`${at('2031-03-12 10:00')}::timestamptz` : sql`null`})`;
  // Five clues: one invalid, one merged (never counted), one visited, one visited and converted, one new.
  await t.deps.db.execute(sql`insert into clues
    (cluecode, child_name, parent_name, phone, flow_state, school_item_code, created_at, visited_at, converted_at)
    values ${clue('RPT00000001', 'invalid', false, false)}, ${clue('RPT00000002', 'merged', false, false)},
      ${clue('RPT00000003', 'following', true, false)}, ${clue('RPT00000004', 'converted', true, true)},
      ${clue('RPT00000005', 'following', false, false)}`);
}, 120_000);
afterAll(async () => t?.close());

describe('income reports', () => {
  it('sum a month by hand: received by payment day net of refunds, the same in every report', async () => {
    const s = await finance.reports.incomeSummary({ query: MARCH });
    expect(s).toMatchObject({
      receivedCents: 350_000,
      refundedCents: 30_000,
      incomeCents: 320_000,
      payments: 2,
      students: 1,
    });
    const year = await finance.reports.incomeSummary({ query: { schoolItemCode: 'SH01', year: 2031 } });
    expect(year.period).toEqual({ startDate: '2031-01-01', endDate: '2031-12-31' });
    expect(year.receivedCents).toBe(350_000 + 20_000 + 11_100);

    // A refund of April revoked in April: its reversal counts back as a refund, so April nets nothing.
    await t.deps.db.execute(sql`insert into student_ledger
      (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours, value_cents, source_type, source_id, posted_at)
      values (${studentId}, 'SH01', ${orderId}, ${itemId}, 'C001', 'refund', -0.5, -5000, 'refundOrder', 2, ${at('2031-04-02 10:00')}::timestamptz)`);
    await t.deps.db.execute(sql`insert into student_ledger
      (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours, value_cents, source_type, source_id, posted_at, reverses_id)
      select student_id, school_item_code, order_id, order_item_id, course_code, 'reversal', 0.5, 5000, 'refundOrder', 2, ${at('2031-04-03 10:00')}::timestamptz, id
      from student_ledger where order_id = ${orderId} and kind = 'refund' and posted_at = ${at('2031-04-02 10:00')}::timestamptz`);
    const months = await finance.reports.incomes({
      query: {
        schoolItemCode: 'SH01',
        startDate: '2031-02-01',
        endDate: '2031-04-30',
        sortField: 'month',
        isAsc: true,
      },
    });
    expect(months.list.map((r) => [r.month, r.incomeCents])).toEqual([
      ['2031-02', 20_000],
      ['2031-03', 320_000],
      ['2031-04', 11_100],
    ]);
    expect(months.total).toBe(3);
    expect(months.totals.incomeCents).toBe(351_100);
    const paged = await finance.reports.incomes({
      query: {
        schoolItemCode: 'SH01',
        startDate: '2031-02-01',
        endDate: '2031-04-30',
        pageSize: 1,
        pageIndex: 2,
      },
    });
    expect(paged.list.map((r) => r.month)).toEqual(['2031-03']);
    expect(paged).toMatchObject({ total: 3, totals: { incomeCents: 351_100, payments: 4 } });
    // Past the last group the page is empty, yet the count and totals of the period stay.
    const past = await finance.reports.incomes({
      query: {
        schoolItemCode: 'SH01',
        startDate: '2031-02-01',
        endDate: '2031-04-30',
        pageSize: 5,
        pageIndex: 2,
      },
    });
    expect(past).toMatchObject({
      list: [],
      total: 3,
      totals: { incomeCents: 351_100, refundedCents: 30_000 },
    });

    const school = await finance.reports.school({ query: MARCH });
    expect(school.list).toEqual([expect.objectContaining({ schoolItemCode: 'SH01', incomeCents: 320_000 })]);
    const ranks = await finance.reports.incomeRanks({ query: MARCH });
    expect(ranks.rows).toEqual([
      {
        rank: 1,
        schoolItemCode: 'SH01',
        schoolItemName: expect.any(String),
        incomeCents: 320_000,
        sharePct: 100,
      },
    ]);
    const regions = await finance.reports.province({ query: MARCH });
    expect(regions.rows).toHaveLength(1);
    expect(regions.rows[0]).toMatchObject({ campuses: 1, incomeCents: 320_000, refundedCents: 30_000 });
    expect(regions.total.incomeCents).toBe(320_000);
  });

  it('keep to the caller’s campuses', async () => {
    const mine = await director.reports.incomeSummary({ query: MARCH });
    expect(mine.incomeCents).toBe(320_000);
    await expectApiError(
      director.reports.school({ query: { ...MARCH, schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(sales.reports.incomeSummary({ query: MARCH }), ErrorCode.noPermission);
  });
});

describe('clue conversion and cases', () => {
  it('count the month’s clues (merged ones out) and rate them against the valid ones', async () => {
    const s = await admin.reports.clueSummary({ query: MARCH });
    expect(s).toMatchObject({ clues: 4, invalid: 1, visited: 2, converted: 1 });
    expect(s.visitPct).toBe(66.67);
    expect(s.conversionPct).toBe(33.33);
    expect(s.visitConversionPct).toBe(50);
    const r = await admin.reports.clueRatio({ query: MARCH });
    expect(r.rows).toEqual([expect.objectContaining({ schoolItemCode: 'SH01', clues: 4, converted: 1 })]);
    expect(r.total.clues).toBe(4);
  });

  it('follow each case through the month', async () => {
    const p = await admin.reports.caseConsumption({ query: { ...MARCH, keyword: '' } });
    const mine = p.list.find((r) => r.studentId === studentId);
    expect(mine).toMatchObject({
      boughtHours: 5,
      consumedHours: 2,
      consumedCents: 60_000,
      refundedCents: 30_000,
    });
    expect(mine?.closingCents).toBe((mine?.openingCents ?? 0) + 150_000 - 60_000 - 30_000);
    expect(p.consumedCents).toBe(60_000);
  });
});

describe('class-hour settlement', () => {
  it('reconciles each campus and month with the ledger, and sets the signs against the consume movements', async () => {
    const before = (await t.deps.db.execute(
      sql`select coalesce(sum(value_cents), 0)::text as v from student_ledger where school_item_code = 'SH01' and posted_at < '2031-03-01T00:00:00+08:00'`,
    )) as unknown as { rows: { v: string }[] };
    const opening = Number(before.rows[0]?.v);
    const f = await finance.reports.financeClassHour({ query: { ...MARCH, startDate: '2031-03-15' } });
    expect(f.period.startDate).toBe('2031-03-01');
    const row = f.rows.find((r) => r.month === '2031-03' && r.schoolItemCode === 'SH01');
    expect(row).toMatchObject({
      openingCents: opening,
      paidCents: 150_000,
      paidHours: 5,
      consumedCents: 60_000,
      consumedHours: 2,
      refundedCents: 30_000,
      otherHours: 0.5,
      closingCents: opening + 150_000 - 60_000 - 30_000,
      differenceCents: 0,
      differenceHours: 0,
    });

    const a = await finance.reports.attendanceClassHour({ query: MARCH });
    expect(a.rows.find((r) => r.courseCode === 'C001')).toMatchObject({
      signs: 2,
      attendanceHours: 3.5,
      ledgerHours: 2,
      ledgerCents: 60_000,
      differenceHours: -1.5,
    });
    const pr = await finance.reports.projectClassHour({ query: MARCH });
    expect(pr.rows).toEqual([
      expect.objectContaining({ consumedHours: 2, consumedCents: 60_000, students: 1 }),
    ]);

    const file = await finance.reports.settlementExport({ body: { ...MARCH, view: 'finance' } });
    expect(file.size).toBeGreaterThan(1000);
    await expectApiError(director.reports.financeClassHour({ query: MARCH }), ErrorCode.noPermission);
  });
});

describe('order recovery', () => {
  it('voids a duplicate income record and switches new/renewal, previewed, audited and reversed', async () => {
    const o = await admin.dataRecovery.incomeDetail({ query: { orderCode: await orderCode() } });
    expect(o.ledgerPaidCents).toBe(450_000);
    const dup = o.payRecords.find((p) => p.amountCents === 50_000);
    const needed = o.payRecords.find((p) => p.amountCents === 300_000);
    if (!dup || !needed) throw new Error('the fixture has both records');
    expect(o.paidCents).toBe(0); // the order was never approved: the records came in by SQL

    // The ledger holds 4,500.00 of purchases; the order's confirmed records must keep covering it.
    const refused = await admin.dataRecovery.deleteIncomePreview({ query: { payRecordId: needed.id } });
    expect(refused.allowed).toBe(false);
    await t.deps.db.execute(sql`update orders set paid_cents = 500000 where id = ${orderId}`);
    const preview = await admin.dataRecovery.deleteIncomePreview({ query: { payRecordId: dup.id } });
    expect(preview).toMatchObject({ allowed: true, paidAfterCents: 450_000 });
    const before = await finance.reports.incomeSummary({ query: MARCH });

    const done = await admin.dataRecovery.deleteIncome({
      body: { payRecordId: dup.id, reason: '重复录入 duplicate' },
    });
    expect(done.order.paidCents).toBe(450_000);
    expect(done.order.payRecords.find((p) => p.id === dup.id)?.status).toBe(40);
    expect((await finance.reports.incomeSummary({ query: MARCH })).receivedCents).toBe(
      before.receivedCents - 50_000,
    );
    await expectApiError(
      admin.dataRecovery.deleteIncome({ body: { payRecordId: needed.id, reason: '不应允许 refused' } }),
      ErrorCode.rule,
    );

    const isNew = await admin.dataRecovery.isNewDetail({ query: { orderCode: o.orderCode } });
    expect(isNew.isNew).toBe(true);
    const switched = await admin.dataRecovery.updateIsNew({
      body: { orderId, isNew: false, reason: '老学员续费 renewal' },
    });
    expect(switched.order.orderType).toBe(0);
    expect(switched.order.repairs.map((r) => r.kind)).toEqual(['updateIsNew', 'deleteIncome']);

    await admin.dataRecovery.revertRepair({ body: { repairId: switched.repairId, reason: '改错了 wrong' } });
    const back = await admin.dataRecovery.revertRepair({
      body: { repairId: done.repairId, reason: '并非重复 not a duplicate' },
    });
    expect(back.order).toMatchObject({ orderType: 1, paidCents: 500_000 });
    expect(back.order.payRecords.find((p) => p.id === dup.id)?.status).toBe(20);
    expect(back.order.repairs.every((r) => r.revertedAt !== null)).toBe(true);
    expect((await finance.reports.incomeSummary({ query: MARCH })).receivedCents).toBe(before.receivedCents);
    await expectApiError(
      admin.dataRecovery.revertRepair({ body: { repairId: done.repairId, reason: '再次 again' } }),
      ErrorCode.conflict,
    );
    const audit = (await t.deps.db.execute(
      sql`select action from audit_log where target = ${`order:${orderId}`} order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual([
      'dataRecovery.deleteIncome',
      'dataRecovery.updateIsNew',
      'dataRecovery.revert',
      'dataRecovery.revert',
    ]);
  });

  it('is the administrator’s alone', async () => {
    await expectApiError(
      finance.dataRecovery.incomeDetail({ query: { orderCode: await orderCode() } }),
      ErrorCode.noPermission,
    );
  });
});

async function orderCode() {
  const r = (await t.deps.db.execute(sql`select code from orders where id = ${orderId}`)) as unknown as {
    rows: { code: string }[];
  };
  return r.rows[0]?.code ?? '';
}
