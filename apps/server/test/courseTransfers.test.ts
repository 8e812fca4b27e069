// Transfer course and combined orders over HTTP: value moves at the price paid and the movements
// sum to zero to the cent, gift hours by the max-gift rule, sources close when emptied, refusals
// name their field, campus scope, concurrency, and a preview writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orderItems, orders } from '../src/slices/orders/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let sh01: { id: number; code: string };
let sh01b: { id: number; code: string };
let bj01: number;

beforeAll(async () => {
  // Gift hours here are about refunds and transfers, not the give-away limits (orderGiveaway.test.ts):
  // the consultant may give them without the campus head's approval.
  t = await startTestServer({ env: { GIVEAWAY_LIMITS: '34=100/100,1=100/100' } });
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const sh = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(2);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  const [a, a2] = sh;
  if (!a || !a2 || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = a;
  sh01b = a2;
  bj01 = b.id;
}, 120_000);
afterAll(async () => t?.close());

const today = () => t.clock.now().toISOString();

async function effective(o: Partial<TOrderCreateInput> = {}) {
  const body: TOrderCreateInput = {
    schoolItemCode: 'SH01',
    studentId: sh01.id,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 10 }],
    ...o,
  };
  const created = await sales.orders.create({ body });
  const d = await sales.orders.detail({ params: { id: created.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: today() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  const after = await finance.orders.detail({ params: { id: created.id } });
  expect(after.status).toBe(40);
  return after;
}

/** Hours (hundredths) and value (cents) of the ledger movements of some orders. */
async function ledgerOf(orderIds: number[]) {
  const rows = await t.deps.db.select().from(studentLedger).where(inArray(studentLedger.orderId, orderIds));
  return {
    hours: rows.reduce((s, m) => s + Math.round(Number(m.hours) * 100), 0),
    cents: rows.reduce((s, m) => s + m.valueCents, 0),
  };
}
async function statusOf(id: number) {
  const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
  return o?.status;
}
async function itemOf(orderId: number) {
  const [i] = await t.deps.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!i) throw new Error('order without item');
  return i;
}

describe('transfer course', () => {
  it('moves paid hours at the price paid into a new order, gift hours by the max-gift rule, summing to zero to the cent', async () => {
    // 3,800.00 less 100.01: 369.999 a paid hour, plus 2 gift hours.
    const o = await effective({
      items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 2 }],
      manualDiscount: '100.01',
    });
    const item = await itemOf(o.id);
    const detail = await finance.courseTransfers.transferDetail({
      params: { id: o.id },
      query: { startDate: '2026-12-01' },
    });
    expect(detail.blockedReason).toBe('');
    expect(detail.startDate).toBe('2026-12-01');
    expect(detail.items[0]).toMatchObject({
      remainingPaidHours: 10,
      remainingGiftHours: 2,
      remainingValue: '3699.99',
    });

    // 3 of 10 paid hours → 1,110.00; 0.6 gift hours leave with them, worth 0.6 × 380 = 228 of list
    // value, i.e. 1.03 hours of C004 at 220.
    const gift = await finance.courseTransfers.transferMaxGift({
      body: { orderItemId: item.id, targetCourseCode: 'C004', hours: 3 },
    });
    expect(gift).toEqual({ sourceGiftHours: 0.6, maxGiftHours: 1.03 });
    const body = { orderItemId: item.id, targetCourseCode: 'C004', hours: 3, startDate: '2026-12-01' };
    const pre = await finance.courseTransfers.transferPreCreate({ body });
    expect(pre.source).toMatchObject({ paidHours: 3, giftHours: 0.6, value: '1110.00' });
    // 1,110.00 / 220.00 = 5.045… → 5.04 hours: the value moves whole, only hours are rounded down.
    expect(pre.target).toMatchObject({
      unitPrice: '220.00',
      hours: 5.04,
      giftHours: 1.03,
      amount: '1110.00',
    });
    expect(pre.valueSum).toBe('0.00');
    expect(await ledgerOf([o.id])).toEqual({ hours: 1200, cents: 369999 });

    const done = await finance.courseTransfers.transferCreate({ body });
    expect(done.code).toMatch(/^ZK\d{10}$/);
    expect(done.movements.map((m) => [m.kind, m.orderCode, m.hours, m.value])).toEqual([
      ['transferOut', o.code, -3, '-1110.00'],
      ['gift', o.code, -0.6, '0.00'],
      ['transferIn', done.targetOrderCode, 5.04, '1110.00'],
      ['gift', done.targetOrderCode, 1.03, '0.00'],
    ]);
    const target = await finance.orders.detail({ params: { id: done.targetOrderId } });
    expect(target).toMatchObject({ status: 40, payable: '1110.00' });
    expect(await ledgerOf([o.id])).toEqual({ hours: 1200 - 300 - 60, cents: 258999 });
    expect(await ledgerOf([done.targetOrderId])).toEqual({ hours: 504 + 103, cents: 111000 });
    expect(await ledgerOf([o.id, done.targetOrderId])).toMatchObject({ cents: 369999 });

    // The rest (7 paid hours) moves exactly what is left: 2,589.99, and the source closes.
    const rest = await finance.courseTransfers.transferCreate({
      body: { orderItemId: item.id, targetCourseCode: 'C002', giftHours: 0 },
    });
    expect(rest.source).toMatchObject({ paidHours: 7, giftHours: 1.4, value: '2589.99' });
    expect(rest.target).toMatchObject({ unitPrice: '420.00', hours: 6.16, giftHours: 0 });
    expect(await ledgerOf([o.id])).toEqual({ hours: 0, cents: 0 });
    expect(await statusOf(o.id)).toBe(50);
    expect(await ledgerOf([o.id, done.targetOrderId, rest.targetOrderId])).toMatchObject({ cents: 369999 });
    const again = await finance.courseTransfers.transferDetail({ params: { id: o.id }, query: {} });
    expect(again.blockedReason).not.toBe('');
  });

  it('refuses more hours than the unused paid ones, the same course, and gift above the rule, naming the field', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 2, giftQuantity: 1 }] });
    const item = await itemOf(o.id);
    const e1 = await expectApiError(
      finance.courseTransfers.transferCreate({
        body: { orderItemId: item.id, targetCourseCode: 'C004', hours: 2.01 },
      }),
      ErrorCode.validation,
    );
    expect(e1.field).toBe('hours');
    const e2 = await expectApiError(
      finance.courseTransfers.transferCreate({ body: { orderItemId: item.id, targetCourseCode: 'C001' } }),
      ErrorCode.validation,
    );
    expect(e2.field).toBe('targetCourseCode');
    const e3 = await expectApiError(
      finance.courseTransfers.transferCreate({
        body: { orderItemId: item.id, targetCourseCode: 'C004', giftHours: 1.73 },
      }),
      ErrorCode.validation,
    );
    expect(e3.field).toBe('giftHours');
    const e4 = await expectApiError(
      finance.courseTransfers.transferCreate({ body: { orderItemId: item.id, targetCourseCode: 'NOPE' } }),
      ErrorCode.validation,
    );
    expect(e4.field).toBe('targetCourseCode');
    expect(await ledgerOf([o.id])).toEqual({ hours: 300, cents: 76000 });
  });

  it('refuses an order outside the caller’s campuses and a role without the screen', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 1 }] });
    const item = await itemOf(o.id);
    await expectApiError(
      sales.courseTransfers.transferPreCreate({ body: { orderItemId: item.id, targetCourseCode: 'C004' } }),
      ErrorCode.noPermission,
    );
    const bj = await finance.orders.create({
      body: {
        schoolItemCode: 'BJ01',
        studentId: bj01,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 1 }],
      },
    });
    await expectApiError(
      director.courseTransfers.transferDetail({ params: { id: bj.id }, query: {} }),
      ErrorCode.noPermission,
    );
    // Director holds SH01: allowed there.
    const d = await director.courseTransfers.transferDetail({ params: { id: o.id }, query: {} });
    expect(d.items).toHaveLength(1);
  });

  it('lets one of two concurrent transfers of the same hours through', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 4 }] });
    const item = await itemOf(o.id);
    const tries = await Promise.allSettled([
      finance.courseTransfers.transferCreate({ body: { orderItemId: item.id, targetCourseCode: 'C004' } }),
      finance.courseTransfers.transferCreate({ body: { orderItemId: item.id, targetCourseCode: 'C002' } }),
    ]);
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await ledgerOf([o.id])).toEqual({ hours: 0, cents: 0 });
  });
});

describe('combined orders', () => {
  it('merges what is left of a student’s orders into one order per course, summing to zero to the cent', async () => {
    const a = await effective({
      studentId: sh01b.id,
      items: [{ courseCode: 'C001', quantity: 3, giftQuantity: 1 }],
    });
    const b = await effective({
      studentId: sh01b.id,
      items: [
        { courseCode: 'C001', quantity: 2 },
        { courseCode: 'C004', quantity: 3 },
      ],
      manualDiscount: '0.03',
    });
    const list = await finance.courseTransfers.combineSelectable({ params: { a: sh01b.id, b: b.id } });
    expect(list[0]?.orderCode).toBe(b.code);
    expect(list.map((x) => x.orderCode)).toContain(a.code);
    const body = { studentCode: sh01b.code, orderNo: [a.code, b.code], payDate: today().slice(0, 10) };
    const pre = await finance.courseTransfers.combinePreCreate({ body });
    expect(pre.isBeyondDate).toBe(false);
    expect(pre.valueSum).toBe('0.00');
    // b: 2 × 380 + 3 × 220 = 1,420.00 less 0.03 spread by amount: 759.98 and 659.99.
    expect(pre.lines).toEqual([
      expect.objectContaining({ courseCode: 'C001', paidHours: 5, giftHours: 1, amount: '1899.98' }),
      expect.objectContaining({ courseCode: 'C004', paidHours: 3, giftHours: 0, amount: '659.99' }),
    ]);
    expect(pre.amount).toBe('2559.97');
    const before = await ledgerOf([a.id, b.id]);
    const done = await finance.courseTransfers.combineCreate({ body: { ...body, remark: 'family asked' } });
    expect(done.code).toMatch(/^HB\d{10}$/);
    expect(await ledgerOf([a.id, b.id])).toEqual({ hours: 0, cents: 0 });
    expect(await ledgerOf([done.targetOrderId])).toEqual(before);
    expect(await statusOf(a.id)).toBe(50);
    expect(await statusOf(b.id)).toBe(50);
    const merged = await finance.orders.detail({ params: { id: done.targetOrderId } });
    expect(merged).toMatchObject({ status: 40, payable: '2559.97' });
  });

  it('refuses one order, an order of another student, and an order with a refund awaiting approval', async () => {
    const a = await effective({ items: [{ courseCode: 'C001', quantity: 1 }] });
    const b = await effective({ studentId: sh01b.id, items: [{ courseCode: 'C001', quantity: 1 }] });
    const c = await effective({ items: [{ courseCode: 'C004', quantity: 1 }] });
    const e1 = await expectApiError(
      finance.courseTransfers.combineCreate({ body: { studentCode: sh01.code, orderNo: [a.code] } }),
      ErrorCode.validation,
    );
    expect(e1.field).toBe('body.orderNo');
    const e2 = await expectApiError(
      finance.courseTransfers.combineCreate({ body: { studentCode: sh01.code, orderNo: [a.code, b.code] } }),
      ErrorCode.validation,
    );
    expect(e2.field).toBe('orderNo.1');
    await sales.refunds.insertRefundOrder({ body: { orderId: c.id, reasonCode: 'MOVE' } });
    const e3 = await expectApiError(
      finance.courseTransfers.combineCreate({ body: { studentCode: sh01.code, orderNo: [a.code, c.code] } }),
      ErrorCode.rule,
    );
    expect(e3.message).toContain(c.code);
    expect(await ledgerOf([a.id])).toEqual({ hours: 100, cents: 38000 });
  });
});
