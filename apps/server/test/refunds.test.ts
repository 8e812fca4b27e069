// Refund and adjust orders end to end over HTTP: refunds return unused paid hours at the price
// actually paid (gift hours forfeited, discounts not refunded twice), the refundOrder and
// adjustOrder kinds on the engine (steps, threshold, self-approval, concurrency, campus scope), the
// ledger moving only on a pass and coming back on a revoke.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orders } from '../src/slices/orders/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let sh01: number;
let bj01: number;

beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = a.id;
  bj01 = b.id;
}, 120_000);
afterAll(async () => t?.close());

const today = () => t.clock.now().toISOString();

/** An effective order: created, paid exactly, the payment approved by finance. */
async function effective(o: Partial<TOrderCreateInput> = {}, by = sales) {
  const body: TOrderCreateInput = {
    schoolItemCode: 'SH01',
    studentId: sh01,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 10 }],
    ...o,
  };
  // Gift hours above the consultant's limit are approved by the campus head first (orderGiveaway).
  const created = await by.orders.create({ body: { giveawayReason: '赠课补偿', ...body } });
  if (created.giveawayApprovalId) await director.approvals.pass({ body: { id: created.giveawayApprovalId } });
  const d = await by.orders.detail({ params: { id: created.id } });
  const r = await by.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: today() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  const after = await finance.orders.detail({ params: { id: created.id } });
  expect(after.status).toBe(40);
  return after;
}

async function balance(orderId: number) {
  const rows = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, orderId));
  return {
    hours: rows.reduce((s, m) => s + Math.round(Number(m.hours) * 100), 0),
    cents: rows.reduce((s, m) => s + m.valueCents, 0),
  };
}

/** Director (campus head) then finance; above ¥5,000 a second finance person (one person, one step). */
async function approveAll(approvalId: number) {
  await director.approvals.pass({ body: { id: approvalId } });
  await finance.approvals.pass({ body: { id: approvalId } });
  const d = await finance.refunds.refundApprovalDetail({ params: { id: approvalId } });
  if (d.status === 20) return d;
  // One person, one step: the detail, the list rows and the decision give finance the same answer.
  const manager = await t.as('fmanager');
  const rowOf = async (who: Sdk) =>
    (
      await who.refunds.refundApprovalList({ query: { pageIdx: 1, pageSize: 50, keyword: d.code } })
    ).list.find((r) => r.id === approvalId);
  expect(d.canDecide).toBe(false);
  expect((await rowOf(finance))?.canDecide).toBe(false);
  expect((await rowOf(manager))?.canDecide).toBe(true);
  const waiting = await finance.refunds.refundApprovalList({
    query: { pageIdx: 1, pageSize: 50, mine: true },
  });
  expect(waiting.list.some((r) => r.id === approvalId)).toBe(false);
  await expectApiError(finance.approvals.pass({ body: { id: approvalId } }), ErrorCode.noPermission);
  await manager.approvals.pass({ body: { id: approvalId } });
  return finance.refunds.refundApprovalDetail({ params: { id: approvalId } });
}

describe('demo data', () => {
  it('opens the refund and adjustment approval lists on every state, the passed ones in the ledger', async () => {
    const q = { pageIdx: 1, pageSize: 50 };
    const refunds = (await finance.refunds.refundApprovalList({ query: q })).list;
    const adjusts = (await finance.refunds.adjustApprovalList({ query: q })).list;
    // Waiting (at the campus head and at finance), passed and rejected refunds; waiting, passed and rejected adjustments.
    expect(refunds.filter((r) => r.status === 5 || r.status === 10).map((r) => r.stepName)).toEqual(
      expect.arrayContaining(['校区负责人审批', '财务审批']),
    );
    for (const list of [refunds, adjusts]) {
      expect(list.some((r) => r.status === 20)).toBe(true);
      expect(list.some((r) => r.status === 30)).toBe(true);
      expect(list.some((r) => r.decidedAt === null)).toBe(true);
    }
    // Finance has decisions waiting in both lists.
    expect(refunds.some((r) => r.canDecide)).toBe(true);
    expect(adjusts.some((r) => r.canDecide)).toBe(true);
    const moved = await t.deps.db
      .select()
      .from(studentLedger)
      .where(inArray(studentLedger.sourceType, ['refundOrder', 'adjustOrder']));
    expect(new Set(moved.map((m) => m.kind))).toEqual(new Set(['refund', 'adjust']));
  });
});

describe('refund amount', () => {
  it('returns unused paid hours at the price actually paid, to the cent, and forfeits gift hours on a full refund', async () => {
    const o = await effective({
      items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 2 }],
      manualDiscount: '100.01',
    });
    expect(o.payable).toBe('3699.99');
    const list = await sales.refunds.refundList({ query: { incomeordercode: o.code } });
    expect(list.refundable).toBe('3699.99');
    expect(list.items[0]?.remainingPaid).toBe(10);
    expect(list.items[0]?.remainingGift).toBe(2);
    const itemId = list.items[0]?.orderItemId ?? 0;

    // Part: 3 of 10 paid hours at 369.999 → 1110.00 (rounded once, never twice).
    const part = await sales.refunds.insertRefundOrder({
      body: { orderId: o.id, reasonCode: 'MOVE', items: [{ orderItemId: itemId, hours: 3 }] },
    });
    expect(part.amount).toBe('1110.00');
    // Nothing moves until approved.
    expect(await balance(o.id)).toEqual({ hours: 1200, cents: 369999 });
    await approveAll(part.approvalId);
    expect(await balance(o.id)).toEqual({ hours: 900, cents: 258999 });

    // The rest: exactly what is left of the paid value, the gift hours forfeited at 0.
    const rest = await sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'MOVE' } });
    expect(rest.amount).toBe('2589.99');
    await approveAll(rest.approvalId);
    expect(await balance(o.id)).toEqual({ hours: 0, cents: 0 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe(50);
    const detail = await sales.refunds.refundOrder({ query: { code: rest.code } });
    expect(detail.items[0]).toMatchObject({ hours: 7, giftHours: 2, amount: '2589.99' });
    expect(detail.amountInWords).toBe('贰仟伍佰捌拾玖元玖角玖分');
  });

  it('refuses more hours than the unused paid ones, naming the field, and an unknown reason', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 2, giftQuantity: 5 }] });
    const list = await sales.refunds.refundList({ query: { incomeordercode: o.code } });
    const itemId = list.items[0]?.orderItemId ?? 0;
    const e = await expectApiError(
      sales.refunds.insertRefundOrder({
        body: { orderId: o.id, reasonCode: 'MOVE', items: [{ orderItemId: itemId, hours: 2.01 }] },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('items.0.hours');
    const e2 = await expectApiError(
      sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'NOPE' } }),
      ErrorCode.validation,
    );
    expect(e2.field).toBe('reasonCode');
  });
});

describe('refund quote', () => {
  it('answers the amount filing computes, writes nothing, offers the active reasons, and keeps to the campuses', async () => {
    const o = await effective({
      items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 2 }],
      manualDiscount: '100.01',
    });
    const list = await sales.refunds.refundList({ query: { incomeordercode: o.code } });
    expect(list.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['MOVE', 'HEALTH']));
    const itemId = list.items[0]?.orderItemId ?? 0;
    const q = await sales.refunds.refundQuote({
      body: { orderId: o.id, items: [{ orderItemId: itemId, hours: 3 }] },
    });
    expect(q).toEqual({
      items: [
        {
          orderItemId: itemId,
          courseCode: 'C001',
          courseName: expect.any(String),
          hours: 3,
          giftHours: 0,
          amount: '1110.00',
        },
      ],
      amount: '1110.00',
      amountInWords: '壹仟壹佰壹拾元整',
      // The student's booked lessons it would release (refundLessons.test.ts).
      releases: expect.any(Array),
    });
    // Every unused paid hour: the rest of the paid value exactly, the gift hours forfeited.
    const all = await sales.refunds.refundQuote({ body: { orderId: o.id } });
    expect(all.amount).toBe('3699.99');
    expect(all.items[0]).toMatchObject({ hours: 10, giftHours: 2 });
    expect(await balance(o.id)).toEqual({ hours: 1200, cents: 369999 });
    const filed = await sales.refunds.insertRefundOrder({
      body: { orderId: o.id, reasonCode: 'MOVE', items: [{ orderItemId: itemId, hours: 3 }] },
    });
    expect(filed.amount).toBe(q.amount);
    await sales.refunds.revokeRefundOrder({ body: { id: filed.id } });

    const e = await expectApiError(
      sales.refunds.refundQuote({ body: { orderId: o.id, items: [{ orderItemId: itemId, hours: 10.5 }] } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('items.0.hours');
    const admin = await t.as('admin');
    const bj = await effective({ schoolItemCode: 'BJ01', studentId: bj01 }, admin);
    await expectApiError(sales.refunds.refundQuote({ body: { orderId: bj.id } }), ErrorCode.noPermission);
  });
});

describe('remaining hours and value at a date', () => {
  it('sums the ledger per campus and course up to the end of the day, within the caller’s campuses', async () => {
    // The business day is Shanghai's (the UTC date differs from 16:00 to 24:00 UTC).
    const day = shanghaiDate(t.clock.now());
    const before = await sales.orders.surplusCourseAndPrice({ query: { date: day, itemcodes: 'SH01' } });
    const line = (rows: typeof before) => rows.find((r) => r.courseCode === 'C001');
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 3, giftQuantity: 1 }] });
    const after = await sales.orders.surplusCourseAndPrice({ query: { date: day, itemcodes: 'SH01' } });
    // In hundredths: the demo's balances hold fractional hours (a course transfer's).
    const q100 = (v: number | undefined) => Math.round((v ?? 0) * 100);
    expect(q100(line(after)?.hours) - q100(line(before)?.hours)).toBe(400);
    const cents = (v: string | undefined) => Math.round(Number(v ?? '0') * 100);
    expect(cents(line(after)?.value) - cents(line(before)?.value)).toBe(cents(o.payable));
    // The day before the order: it is not counted yet.
    const yesterday = shanghaiDate(new Date(t.clock.now().getTime() - 2 * 86_400_000));
    const past = await sales.orders.surplusCourseAndPrice({ query: { date: yesterday } });
    expect(line(past)?.hours ?? 0).toBeLessThan(line(after)?.hours ?? 0);
    // A campus outside the consultant's is left out; a bad date is refused by field.
    expect(await sales.orders.surplusCourseAndPrice({ query: { date: day, itemcodes: 'BJ01' } })).toEqual([]);
    expect(
      (await sales.orders.surplusCourseAndPrice({ query: { date: day } })).every(
        (r) => r.schoolItemCode === 'SH01',
      ),
    ).toBe(true);
    const e = await expectApiError(
      sales.orders.surplusCourseAndPrice({ query: { date: '2026/01/01' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('query.date');
  });
});

describe('refund approval', () => {
  it('adds the finance-manager step above ¥5,000 only', async () => {
    const small = await effective({ items: [{ courseCode: 'C001', quantity: 5 }] });
    const big = await effective({ items: [{ courseCode: 'C001', quantity: 20 }] });
    const a = await sales.refunds.insertRefundOrder({ body: { orderId: small.id, reasonCode: 'MOVE' } });
    const b = await sales.refunds.insertRefundOrder({ body: { orderId: big.id, reasonCode: 'MOVE' } });
    expect(a.amount).toBe('1900.00');
    expect(b.amount).toBe('7600.00');
    const da = await finance.refunds.refundApprovalDetail({ params: { id: a.approvalId } });
    const db = await finance.refunds.refundApprovalDetail({ params: { id: b.approvalId } });
    expect(da.steps.map((s) => s.name)).toEqual(['校区负责人审批', '财务审批']);
    expect(db.steps.map((s) => s.name)).toEqual(['校区负责人审批', '财务审批', '财务经理']);
    const done = await approveAll(b.approvalId);
    expect(done.history.filter((h) => h.decision === 'pass')).toHaveLength(3);
    await approveAll(a.approvalId);
  });

  it('refuses self-approval, a second open refund of one order, and reads outside the campuses', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 4 }] });
    // The director files it: the director may not decide the campus-head step of their own request.
    const r = await director.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'HEALTH' } });
    await expectApiError(director.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.noPermission);
    await expectApiError(
      sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'HEALTH' } }),
      ErrorCode.conflict,
    );
    // A BJ01 order is outside the consultant's and the director's campuses.
    const admin = await t.as('admin');
    const bj = await effective({ schoolItemCode: 'BJ01', studentId: bj01 }, admin);
    await expectApiError(
      sales.refunds.insertRefundOrder({ body: { orderId: bj.id, reasonCode: 'MOVE' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.refunds.refundList({ query: { incomeordercode: bj.code } }),
      ErrorCode.noPermission,
    );
    const bjr = await finance.refunds.insertRefundOrder({ body: { orderId: bj.id, reasonCode: 'MOVE' } });
    await expectApiError(director.refunds.refundOrder({ query: { code: bjr.code } }), ErrorCode.noPermission);
    await expectApiError(
      director.refunds.refundApprovalDetail({ params: { id: bjr.approvalId } }),
      ErrorCode.noPermission,
    );
    await expectApiError(director.approvals.pass({ body: { id: bjr.approvalId } }), ErrorCode.noPermission);
    const mine = await sales.refunds.refundOrders({ query: { pageIdx: 1, pageSize: 100 } });
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((x) => x.schoolItemCode === 'SH01')).toBe(true);
    const approvals = await director.refunds.refundApprovalList({ query: { pageIdx: 1, pageSize: 100 } });
    expect(approvals.list.some((x) => x.code === r.code)).toBe(true);
    expect(approvals.list.some((x) => x.code === bjr.code)).toBe(false);
  });

  it('lets one of two concurrent approvals win; the ledger moves once', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 6 }] });
    const r = await sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'MOVE' } });
    await director.approvals.pass({ body: { id: r.approvalId } });
    const finance2 = await t.as('finance');
    const results = await Promise.allSettled([
      finance.approvals.pass({ body: { id: r.approvalId } }),
      finance2.approvals.pass({ body: { id: r.approvalId } }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await balance(o.id)).toEqual({ hours: 0, cents: 0 });
  });

  it('refuses (409) a pass once the balance moved after filing; a reject leaves the ledger alone', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 5 }] });
    const r = await sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'MOVE' } });
    const [m] = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, o.id));
    // A lesson consumed meanwhile (scheduling will post these).
    await t.deps.db.insert(studentLedger).values({
      ...(m ??
        (() => {
          throw new Error('purchase movement');
        })()),
      id: undefined,
      kind: 'consume',
      hours: '-1.00',
      valueCents: -38000,
      sourceType: 'attendance',
      sourceId: 1,
    });
    await director.approvals.pass({ body: { id: r.approvalId } });
    await expectApiError(finance.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.conflict);
    await finance.approvals.reject({ body: { id: r.approvalId, comment: '余额已变动' } });
    expect(await balance(o.id)).toEqual({ hours: 400, cents: 152000 });
    const d = await sales.refunds.refundOrder({ query: { code: r.code } });
    expect(d.status).toBe(30);
  });

  it('revoke restores the balance atomically and reopens the order', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 3 }] });
    const r = await sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'MOVE' } });
    await approveAll(r.approvalId);
    expect(await balance(o.id)).toEqual({ hours: 0, cents: 0 });
    const out = await finance.refunds.revokeRefundOrder({ body: { id: r.id, comment: '误操作' } });
    expect(out.status).toBe(40);
    expect(await balance(o.id)).toEqual({ hours: 300, cents: 114000 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe(40);
  });

  it('the requester withdraws a pending refund; nothing moves', async () => {
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 2 }] });
    const r = await sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'MOVE' } });
    expect((await sales.refunds.isRefundOrder({ query: { incomeordercode: o.code } })).refundable).toBe(
      false,
    );
    const out = await sales.refunds.revokeRefundOrder({ body: { id: r.id } });
    expect(out.status).toBe(50);
    expect(await balance(o.id)).toEqual({ hours: 200, cents: 76000 });
    expect((await sales.refunds.isRefundOrder({ query: { incomeordercode: o.code } })).refundable).toBe(true);
  });
});

describe('adjust orders', () => {
  it('files an adjustment finance approves; hours and value move, never below zero; revoke undoes it', async () => {
    const admin = await t.as('admin');
    const o = await effective({ items: [{ courseCode: 'C001', quantity: 4 }] });
    const entrance = await admin.refunds.adjustEntrance({ body: { orderId: o.id } });
    expect(entrance.reasons.length).toBeGreaterThan(0);
    const item = entrance.items[0]?.orderItemId ?? 0;
    const reasonId = entrance.reasons[0]?.id ?? 0;
    const e = await expectApiError(
      admin.refunds.insertAdjustOrder({
        body: { orderId: o.id, reasonId, items: [{ orderItemId: item, hours: -4.01 }] },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('items.0.hours');
    const a = await admin.refunds.insertAdjustOrder({
      body: { orderId: o.id, reasonId, items: [{ orderItemId: item, hours: 1.5, amount: '-20.50' }] },
    });
    expect((await admin.refunds.checkAdjustOrder({ query: { incomeinfocode: o.code } })).code).toBe(a.code);
    await expectApiError(admin.approvals.pass({ body: { id: a.approvalId } }), ErrorCode.noPermission);
    expect(await balance(o.id)).toEqual({ hours: 400, cents: 152000 });
    await finance.approvals.pass({ body: { id: a.approvalId } });
    expect(await balance(o.id)).toEqual({ hours: 550, cents: 149950 });
    const d = await director.refunds.adjustOrder({ query: { code: a.code } });
    expect(d).toMatchObject({ status: 20, amount: '-20.50' });
    expect(d.items[0]).toMatchObject({ hours: 1.5, amount: '-20.50' });
    const list = await finance.refunds.adjustApprovalList({
      query: { pageIdx: 1, pageSize: 50, status: 20 },
    });
    expect(list.list.some((x) => x.code === a.code)).toBe(true);
    await finance.approvals.revoke({ body: { id: a.approvalId, comment: '录错' } });
    expect(await balance(o.id)).toEqual({ hours: 400, cents: 152000 });
    expect((await admin.refunds.adjustOrder({ query: { code: a.code } })).status).toBe(40);
  });
});
