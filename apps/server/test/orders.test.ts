// Income orders end to end over HTTP: the price breakdown, the order's states, pay records covering
// the payable exactly, the payment approval on the engine (policies, self-approval, concurrency,
// campus scope) and the ledger it feeds — money exact to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { clues } from '../src/slices/clues/tables.js';
import { students } from '../src/slices/students/tables.js';
import { settlementOrgs } from '../src/slices/finance/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orders, payRecords } from '../src/slices/orders/tables.js';
import { ORDER_MACHINE, type OrderState } from '../src/slices/orders/states.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
/** A student of SH01 (the consultant's campus) and one of another campus. */
let sh01: { id: number; code: string; name: string; phone: string };
let other: { id: number; schoolItemCode: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = { id: a.id, code: a.code, name: a.name, phone: a.phone };
  other = { id: b.id, schoolItemCode: b.schoolItemCode };
}, 120_000);
afterAll(async () => t?.close());

const order = (o: Partial<TOrderCreateInput> = {}): TOrderCreateInput => ({
  schoolItemCode: 'SH01',
  studentId: sh01.id,
  orderType: 0,
  items: [{ courseCode: 'C001', quantity: 10 }],
  ...o,
});
const status = async (id: number) => (await admin.orders.detail({ params: { id } })).status;
const today = () => t.clock.now().toISOString();

async function paidOrder(body = order()) {
  const o = await sales.orders.create({ body });
  const d = await sales.orders.detail({ params: { id: o.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: d.payable, paidAt: today() },
  });
  return { ...o, payable: d.payable, approvalId: r.approvalId ?? 0 };
}

describe('demo data', () => {
  it('seeds orders in every open state, the effective ones with their ledger movements', async () => {
    const rows = await t.deps.db.select({ status: orders.status }).from(orders);
    const states = new Set(rows.map((r) => r.status));
    for (const s of [10, 20, 30, 40]) expect(states.has(s), `status ${s}`).toBe(true);
    const effective = await t.deps.db.select().from(orders).where(eq(orders.status, 40)).limit(1);
    const moves = await t.deps.db
      .select()
      .from(studentLedger)
      .where(eq(studentLedger.orderId, effective[0]?.id ?? 0));
    expect(moves.some((m) => m.kind === 'purchase')).toBe(true);
  });
});

describe('price calculation', () => {
  it('prices list × quantity, spreads a manual discount over the lines exactly and shows gift hours at 0', async () => {
    const q = await sales.orders.preCreate({
      body: {
        schoolItemCode: 'SH01',
        orderType: 1,
        items: [
          { courseCode: 'C001', quantity: 3, giftQuantity: 1 },
          { courseCode: 'C002', quantity: 2.5 },
        ],
        manualDiscount: '100.01',
      },
    });
    const [a, b] = q.items;
    expect(a?.unitPrice).toBe('380.00');
    expect(a?.listAmount).toBe('1140.00');
    expect(b?.unitPrice).toBe('420.00');
    expect(b?.listAmount).toBe('1050.00');
    expect(q.listAmount).toBe('2190.00');
    expect(q.discountAmount).toBe('100.01');
    expect(q.payable).toBe('2089.99');
    const manual = q.items.flatMap((i) => i.adjustments.filter((x) => x.source === 'manual'));
    const sum = manual.reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0);
    expect(sum).toBe(-10001);
    expect(a?.adjustments.find((x) => x.source === 'gift')?.amount).toBe('0.00');
    expect(a?.giftQuantity).toBe(1);
    expect(q.payableInWords).toBe('贰仟零捌拾玖元玖角玖分');
  });

  it('refuses a manual discount above the list price and an unknown course, naming the field', async () => {
    const e = await expectApiError(
      sales.orders.preCreate({ body: { ...order(), manualDiscount: '3800.01' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('manualDiscount');
    const e2 = await expectApiError(
      sales.orders.preCreate({ body: { ...order(), items: [{ courseCode: 'NOPE', quantity: 1 }] } }),
      ErrorCode.validation,
    );
    expect(e2.field).toBe('items.0.courseCode');
  });

  it('refuses more than 2 decimals of a quantity or an amount instead of rounding', async () => {
    await expectApiError(
      sales.orders.preCreate({ body: { ...order(), items: [{ courseCode: 'C001', quantity: 1.005 }] } }),
      ErrorCode.validation,
    );
    await expectApiError(
      sales.orders.preCreate({ body: { ...order(), manualDiscount: '1.001' } }),
      ErrorCode.validation,
    );
  });
});

describe('the order state diagram', () => {
  it('allows exactly the moves of docs/order-states.md', () => {
    const legal: Record<string, OrderState[]> = {
      edit: ['unpaid'],
      pay: ['unpaid', 'partPaid'],
      payInFull: ['unpaid', 'partPaid'],
      updatePay: ['unpaid', 'partPaid'],
      approve: ['awaitingApproval'],
      reject: ['awaitingApproval'],
      revoke: ['awaitingGiveaway', 'unpaid', 'partPaid', 'awaitingApproval'],
      revokeApproval: ['effective'],
      close: ['effective'],
      reopen: ['closed'],
      askGiveaway: ['unpaid'],
      giveawayPass: ['awaitingGiveaway'],
      giveawayEffective: ['awaitingGiveaway'],
      giveawayReject: ['awaitingGiveaway'],
    };
    const all: OrderState[] = [
      'awaitingGiveaway',
      'unpaid',
      'partPaid',
      'awaitingApproval',
      'effective',
      'closed',
      'revoked',
    ];
    for (const [action, from] of Object.entries(legal))
      for (const s of all)
        expect(ORDER_MACHINE.can(action as keyof typeof legal & never, s), `${action} from ${s}`).toBe(
          from.includes(s),
        );
    expect(() => ORDER_MACHINE.next('edit', 'effective')).toThrow(/edit/);
  });

  it('edits only an unpaid order on the version read; a stale version is 409, a paid one 422', async () => {
    const o = await sales.orders.create({ body: order() });
    const ed = await sales.orders.editDetail({ params: { id: o.id } });
    await sales.orders.edit({
      body: { id: o.id, version: ed.version, orderType: 0, items: [{ courseCode: 'C001', quantity: 5 }] },
    });
    expect((await sales.orders.detail({ params: { id: o.id } })).payable).toBe('1900.00');
    await expectApiError(
      sales.orders.edit({ body: { id: o.id, version: ed.version, orderType: 0, items: ed.items } }),
      ErrorCode.conflict,
    );
    await sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '100', paidAt: today() } });
    const now = await sales.orders.editDetail({ params: { id: o.id } });
    await expectApiError(
      sales.orders.edit({ body: { id: o.id, version: now.version, orderType: 0, items: now.items } }),
      ErrorCode.rule,
    );
  });

  it('revokes an unpaid or part-paid order (pending records void) and refuses a second revoke', async () => {
    const o = await sales.orders.create({ body: order() });
    await sales.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: '200.00', paidAt: today() },
    });
    await sales.orders.revoke({ params: { id: o.id }, body: { reason: '家长取消' } });
    expect(await status(o.id)).toBe(90);
    const recs = await t.deps.db.select().from(payRecords).where(eq(payRecords.orderId, o.id));
    expect(recs.map((r) => r.status)).toEqual([40]);
    await expectApiError(sales.orders.revoke({ params: { id: o.id }, body: {} }), ErrorCode.rule);
  });
});

describe('pay records', () => {
  it('a part payment leaves the order part paid; the rest files the approval; finance passes; hours reach the ledger', async () => {
    const o = await sales.orders.create({
      // 1 gift hour of 10 bought: within the consultant's 10 % (more would wait for the campus head).
      body: order({ items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 1 }], manualDiscount: '0.01' }),
    });
    const first = await sales.orders.addPayRecord({
      body: { orderId: o.id, method: 2, amount: '1000.00', paidAt: today(), reference: `T-${o.id}-1` },
    });
    expect(first.orderStatus).toBe(20);
    expect(first.approvalId).toBeNull();
    const wait = await sales.orders.waitPayInfo({ params: { id: o.id } });
    expect(wait.due).toBe('2799.99');
    const e = await expectApiError(
      sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '2800.00', paidAt: today() } }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('amount');
    const second = await sales.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: '2799.99', paidAt: today() },
    });
    expect(second.orderStatus).toBe(30);
    const approvalId = second.approvalId ?? 0;
    const list = await finance.orders.approvalList({ query: { mine: true } });
    expect(list.list.some((r) => r.id === approvalId && r.amount === '3799.99')).toBe(true);
    await finance.orders.chargeApproval({ body: { id: approvalId, result: 'PASS' } });
    const d = await finance.orders.detail({ params: { id: o.id } });
    expect(d.status).toBe(40);
    expect(d.paid).toBe('3799.99');
    expect(d.payRecords.every((r) => r.status === 20)).toBe(true);
    const acc = await sales.orders.studentAccount({ params: { id: sh01.id } });
    const line = acc.items.find((i) => i.orderId === o.id);
    expect(line).toMatchObject({ bought: 10, gift: 1, remaining: 11, remainingPaid: 10, remainingGift: 1 });
    expect(line?.remainingValue).toBe('3799.99');
    const moves = await sales.orders.studentAccountDetail({
      params: { id: sh01.id },
      query: { orderId: o.id },
    });
    expect(moves.list.map((m) => m.kind).sort()).toEqual(['gift', 'purchase']);
  });

  it('a pending record can be corrected before the approval; a covered order’s records cannot', async () => {
    const o = await sales.orders.create({ body: order({ items: [{ courseCode: 'C001', quantity: 1 }] }) });
    const r = await sales.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: '80', paidAt: today() },
    });
    const page = await finance.orders.payRecordPage({ body: { orderId: o.id } });
    const rec = page.list[0];
    expect(rec?.id).toBe(r.id);
    await finance.orders.payRecordUpdate({
      body: { id: r.id, version: rec?.version ?? 0, method: 3, amount: '380.00', paidAt: today() },
    });
    expect(await status(o.id)).toBe(30);
    const again = (await finance.orders.payRecordPage({ body: { orderId: o.id } })).list[0];
    await expectApiError(
      finance.orders.payRecordUpdate({
        body: { id: r.id, version: again?.version ?? 0, method: 1, amount: '1', paidAt: today() },
      }),
      ErrorCode.rule,
    );
  });

  it('refuses a reference already recorded for the same method (409 naming it)', async () => {
    const a = await sales.orders.create({ body: order() });
    const b = await sales.orders.create({ body: order() });
    await sales.orders.addPayRecord({
      body: { orderId: a.id, method: 2, amount: '1', paidAt: today(), reference: 'BANK-DUP-1' },
    });
    const e = await expectApiError(
      sales.orders.addPayRecord({
        body: { orderId: b.id, method: 2, amount: '1', paidAt: today(), reference: 'BANK-DUP-1' },
      }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('reference');
  });

  it('exports every record of the filter as a workbook', async () => {
    const blob = await finance.orders.payRecordExport({ body: { schoolItemCode: 'SH01' } });
    expect(blob.size).toBeGreaterThan(1000);
  });
});

describe('the payment approval', () => {
  it('a reject sends the order back to unpaid and rejects its pending records', async () => {
    const o = await paidOrder();
    await finance.approvals.reject({ body: { id: o.approvalId, comment: '金额与银行流水不符' } });
    expect(await status(o.id)).toBe(10);
    const recs = await t.deps.db.select().from(payRecords).where(eq(payRecords.orderId, o.id));
    expect(recs.map((r) => r.status)).toEqual([30]);
    // A new record covering the order files a new approval.
    const again = await sales.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: o.payable, paidAt: today() },
    });
    expect(again.orderStatus).toBe(30);
    expect(again.approvalId).not.toBe(o.approvalId);
  });

  it('nobody approves their own request', async () => {
    const o = await sales.orders.create({ body: order() });
    const r = await finance.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: '3800', paidAt: today() },
    });
    await expectApiError(
      finance.orders.chargeApproval({ body: { id: r.approvalId ?? 0, result: 'PASS' } }),
      ErrorCode.noPermission,
    );
  });

  it('two approvers at once: one wins, the other gets 409', async () => {
    const o = await paidOrder();
    const results = await Promise.allSettled([
      finance.orders.chargeApproval({ body: { id: o.approvalId, result: 'PASS' } }),
      finance.orders.chargeApproval({ body: { id: o.approvalId, result: 'PASS' } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.conflict });
    const posted = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, o.id));
    expect(posted).toHaveLength(1);
  });

  it('a threshold step applies only above its amount', async () => {
    const flows = await admin.approvals.policyList();
    const current = flows.find((f) => f.kind === 'incomeOrderPay');
    await admin.approvals.policySave({
      body: {
        kind: 'incomeOrderPay',
        version: current?.version ?? 0,
        steps: [
          { name: '财务审批', roles: [20], userIds: [], mode: 'any', aboveCents: null },
          { name: '区域总监', roles: [76], userIds: [], mode: 'any', aboveCents: 500000 },
        ],
      },
    });
    try {
      const small = await paidOrder(order({ items: [{ courseCode: 'C001', quantity: 1 }] }));
      await finance.orders.chargeApproval({ body: { id: small.approvalId, result: 'PASS' } });
      expect(await status(small.id)).toBe(40);
      const big = await paidOrder(order({ items: [{ courseCode: 'C001', quantity: 20 }] }));
      await finance.orders.chargeApproval({ body: { id: big.approvalId, result: 'PASS' } });
      expect(await status(big.id)).toBe(30);
      await director.approvals.pass({ body: { id: big.approvalId } });
      expect(await status(big.id)).toBe(40);
    } finally {
      const now = (await admin.approvals.policyList()).find((f) => f.kind === 'incomeOrderPay');
      await admin.approvals.policySave({
        body: {
          kind: 'incomeOrderPay',
          version: now?.version ?? 0,
          steps: [{ name: '财务审批', roles: [20], userIds: [], mode: 'any', aboveCents: null }],
        },
      });
    }
  });

  it('revoking an approved payment reverses its hours; once hours are consumed it is refused', async () => {
    const o = await paidOrder();
    await finance.orders.chargeApproval({ body: { id: o.approvalId, result: 'PASS' } });
    await finance.approvals.revoke({ body: { id: o.approvalId, comment: '录入错误' } });
    expect(await status(o.id)).toBe(90);
    const acc = await admin.orders.studentAccount({ params: { id: sh01.id } });
    expect(acc.items.find((i) => i.orderId === o.id)?.remaining).toBe(0);

    const used = await paidOrder();
    await finance.orders.chargeApproval({ body: { id: used.approvalId, result: 'PASS' } });
    const [item] = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, used.id));
    await t.deps.db.insert(studentLedger).values({
      ...(item as typeof studentLedger.$inferInsert),
      id: undefined,
      kind: 'consume',
      hours: '-1.00',
      valueCents: -38000,
      sourceType: 'attendance',
      sourceId: 1,
    });
    await expectApiError(
      finance.approvals.revoke({ body: { id: used.approvalId, comment: '录入错误' } }),
      ErrorCode.conflict,
    );
    expect(await status(used.id)).toBe(40);
  });
});

describe('campus scope', () => {
  it('refuses another campus on every read and command of an order', async () => {
    const o = await admin.orders.create({
      body: order({ schoolItemCode: other.schoolItemCode, studentId: other.id }),
    });
    const id = o.id;
    await expectApiError(sales.orders.detail({ params: { id } }), ErrorCode.noPermission);
    await expectApiError(sales.orders.editDetail({ params: { id } }), ErrorCode.noPermission);
    await expectApiError(sales.orders.waitPayInfo({ params: { id } }), ErrorCode.noPermission);
    await expectApiError(sales.orders.revoke({ params: { id }, body: {} }), ErrorCode.noPermission);
    await expectApiError(
      sales.orders.addPayRecord({ body: { orderId: id, method: 1, amount: '1', paidAt: today() } }),
      ErrorCode.noPermission,
    );
    await expectApiError(sales.orders.studentAccount({ params: { id: other.id } }), ErrorCode.noPermission);
    await expectApiError(
      sales.orders.create({ body: order({ schoolItemCode: 'SH01', studentId: other.id }) }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.orders.preCreate({ body: { ...order(), schoolItemCode: other.schoolItemCode } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.orders.create({ body: order({ schoolItemCode: other.schoolItemCode, studentId: other.id }) }),
      ErrorCode.noPermission,
    );
    const page = await sales.orders.payRecordPage({ body: {} });
    expect(page.list.every((r) => r.schoolItemCode === 'SH01')).toBe(true);
    const r = await admin.orders.addPayRecord({
      body: { orderId: id, method: 1, amount: '3800', paidAt: today() },
    });
    await expectApiError(
      director.orders.approvalDetail({ params: { id: r.approvalId ?? 0 } }),
      ErrorCode.noPermission,
    );
  });
});

describe('clue payment', () => {
  async function workingClue() {
    const [c] = await t.deps.db
      .select()
      .from(clues)
      .where(
        and(
          eq(clues.schoolItemCode, 'SH01'),
          inArray(clues.flowState, ['following', 'visited', 'assessed']),
          isNull(clues.studentCode),
        ),
      )
      .limit(1);
    if (!c) throw new Error('the demo seed has a working clue in SH01');
    return c;
  }

  it('creates the student, converts the clue and writes the order in one transaction', async () => {
    const c = await workingClue();
    const o = await sales.orders.clueCreate({
      body: {
        clueId: c.id,
        orderType: 4,
        items: [{ courseCode: 'C001', quantity: 2 }],
        student: { name: '缴费学员', gender: 1, parentName: '家长' },
      },
    });
    const [s] = await t.deps.db.select().from(students).where(eq(students.id, o.studentId));
    expect(s).toMatchObject({ sourceClueId: c.id, phone: c.phone, schoolItemCode: 'SH01' });
    const [after] = await t.deps.db.select().from(clues).where(eq(clues.id, c.id));
    expect(after).toMatchObject({ flowState: 'converted', studentCode: o.studentCode });
    expect((await sales.orders.detail({ params: { id: o.id } })).orderType).toBe(4);
  });

  it('a failure leaves nothing: no student, no order, the clue unchanged', async () => {
    const c = await workingClue();
    const before = await t.deps.db.$count(students);
    const ordersBefore = await t.deps.db.$count(orders);
    await expectApiError(
      sales.orders.clueCreate({
        body: {
          clueId: c.id,
          orderType: 4,
          items: [{ courseCode: 'C001', quantity: 2 }],
          manualDiscount: '99999',
          student: { name: '缴费学员', gender: 1, parentName: '家长' },
        },
      }),
      ErrorCode.validation,
    );
    expect(await t.deps.db.$count(students)).toBe(before);
    expect(await t.deps.db.$count(orders)).toBe(ordersBefore);
    const [same] = await t.deps.db.select().from(clues).where(eq(clues.id, c.id));
    expect(same?.flowState).toBe(c.flowState);
  });
});

describe('online payments (the payments slice’s port)', () => {
  it('collects the outstanding family share, records a gateway payment once, and reads the receipt', async () => {
    const o = await sales.orders.create({ body: order({ items: [{ courseCode: 'C001', quantity: 2 }] }) });
    await sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '60.00', paidAt: today() } });
    const port = t.deps.ports.ordersForPayments;
    const due = await t.deps.db.transaction((tx) => port.orderToCollect(tx, o.id));
    expect(due).toMatchObject({ outstandingFamilyCents: 70000, collectable: true });
    const pay = {
      orderId: o.id,
      amountCents: 70000,
      reference: `WX-${o.id}`,
      paidAt: t.clock.now(),
      by: null,
    };
    await t.deps.db.transaction((tx) => port.recordOnlinePayment(tx, pay));
    await t.deps.db.transaction((tx) => port.recordOnlinePayment(tx, pay));
    const d = await sales.orders.detail({ params: { id: o.id } });
    expect(d.status).toBe(30);
    expect(d.payRecords.filter((r) => r.method === 4)).toHaveLength(1);
    const receipt = await t.deps.db.transaction((tx) => port.orderForReceipt(tx, o.code));
    expect(receipt).toMatchObject({ payableCents: 76000, studentCode: sh01.code });
    expect(receipt?.payments).toHaveLength(2);
  });
});

describe('the legacy /charge and /order income paths', () => {
  it('answer from the same orders: lists, by code, per student, new or renewal, and payments', async () => {
    const o = await sales.orders.orderSave({ body: order({ items: [{ courseCode: 'C001', quantity: 1 }] }) });
    await sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '100', paidAt: today() } });
    const list = await sales.orders.incomeOrders({ query: { keyword: o.code } });
    expect(list.list.map((r) => [r.code, r.pending])).toEqual([[o.code, '100.00']]);
    expect((await sales.orders.orderList({ query: { keyword: o.code } })).total).toBe(1);
    // A refund is found by what a family gives: the child's name or the phone on file.
    for (const keyword of [sh01.name, sh01.phone]) {
      const found = await sales.orders.incomeOrders({ query: { keyword, pageSize: 100 } });
      expect(found.list.map((r) => r.code)).toContain(o.code);
    }
    expect((await sales.orders.incomeOrder({ query: { code: o.code } })).id).toBe(o.id);
    expect((await sales.orders.orderByCode({ query: { code: o.code } })).payable).toBe('380.00');
    const mine = await sales.orders.studentOrders({ query: { studentcode: sh01.code } });
    expect(mine.some((r) => r.id === o.id)).toBe(true);
    const renewals = await sales.orders.renewOrders({ query: { schoolItemCode: 'SH01', pageSize: 500 } });
    expect(renewals.list.every((r) => r.orderType === 0)).toBe(true);
    const incomes = await sales.orders.studentIncomes({ query: { studentcode: sh01.code } });
    expect(incomes.some((r) => r.orderId === o.id && r.amount === '100.00')).toBe(true);
    expect((await sales.orders.isNew({ query: { studentcode: sh01.code } })).isNew).toBe(false);
    const all = await sales.orders.incomeOrders({ query: { pageSize: 500 } });
    expect(all.list.every((r) => r.schoolItemCode === 'SH01')).toBe(true);
    await expectApiError(
      sales.orders.incomeOrders({ query: { schoolItemCode: other.schoolItemCode } }),
      ErrorCode.noPermission,
    );
  });
});

describe('split billing', () => {
  it('splits the payable between family and funder; each payer has its own receivable; the funder’s month list tells them apart', async () => {
    const [org] = await t.deps.db
      .select()
      .from(settlementOrgs)
      .where(eq(settlementOrgs.validStatus, 1))
      .limit(1);
    await t.deps.db.update(students).set({ insurance: true }).where(eq(students.id, sh01.id));
    const o = await sales.orders.create({
      body: order({
        items: [{ courseCode: 'C001', quantity: 1 }],
        funderShare: '300.00',
        funderCode: org?.code ?? '',
      }),
    });
    const e = await expectApiError(
      sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '80.01', paidAt: today() } }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('amount');
    await sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '80.00', paidAt: today() } });
    // The funder's month row (other orders of the funder may be in it: the demo's split billing).
    const month = today().slice(0, 7);
    const funderRow = async () =>
      (await finance.orders.funderReceivable({ query: { month, funderCode: org?.code ?? '' } })).find(
        (r) => r.funderCode === org?.code,
      );
    const before = await funderRow();
    await finance.orders.addPayRecord({
      body: { orderId: o.id, payer: 'funder', method: 2, amount: '100.00', paidAt: today() },
    });
    const wait = await sales.orders.waitPayInfo({ params: { id: o.id } });
    expect(wait.family).toMatchObject({ share: '80.00', due: '0.00' });
    expect(wait.funder).toMatchObject({ share: '300.00', recorded: '100.00', due: '200.00' });
    const row = await funderRow();
    expect(row && Number(row.due)).toBeGreaterThanOrEqual(200);
    // The funder's payment is counted in the month row: recorded up and due down by exactly it.
    expect(Math.round((Number(row?.recorded) - Number(before?.recorded)) * 100)).toBe(10_000);
    expect(Math.round((Number(before?.due) - Number(row?.due)) * 100)).toBe(10_000);
    const funderRecords = await finance.orders.payRecordPage({ body: { orderId: o.id, payer: 'funder' } });
    expect(funderRecords.list.map((r) => r.amount)).toEqual(['100.00']);
    await t.deps.db.update(students).set({ insurance: false }).where(eq(students.id, sh01.id));
    const refused = await expectApiError(
      sales.orders
        .preCreate({ body: { ...order(), funderShare: '1' } })
        .then(() => sales.orders.create({ body: order({ funderShare: '1', funderCode: org?.code ?? '' }) })),
      ErrorCode.validation,
    );
    expect(refused.field).toBe('funderShare');
  });

  it('records one funder transfer over many orders in one transaction: the sum must match, over-payment names the order, the same transfer twice is refused', async () => {
    const [org] = await t.deps.db
      .select()
      .from(settlementOrgs)
      .where(eq(settlementOrgs.validStatus, 1))
      .limit(1);
    const funderCode = org?.code ?? '';
    await t.deps.db.update(students).set({ insurance: true }).where(eq(students.id, sh01.id));
    const split = (funderShare: string) =>
      sales.orders.create({
        body: order({ items: [{ courseCode: 'C001', quantity: 1 }], funderShare, funderCode }),
      });
    const a = await split('300.00');
    const b = await split('200.00');
    await sales.orders.addPayRecord({ body: { orderId: a.id, method: 1, amount: '80.00', paidAt: today() } });
    const month = today().slice(0, 7);
    const listed = await finance.orders.funderOrders({ query: { month, funderCode } });
    expect(listed.find((r) => r.orderId === b.id)).toMatchObject({ share: '200.00', due: '200.00' });
    const reference = `BULK-${a.id}`;
    const pay = (items: Array<{ orderId: number; amount: string }>, total: string) =>
      finance.orders.funderPayment({ body: { funderCode, paidAt: today(), reference, total, items } });

    const sum = await expectApiError(
      pay(
        [
          { orderId: a.id, amount: '300.00' },
          { orderId: b.id, amount: '150.00' },
        ],
        '450.01',
      ),
      ErrorCode.validation,
    );
    expect(sum.field).toBe('total');
    const over = await expectApiError(
      pay(
        [
          { orderId: a.id, amount: '300.00' },
          { orderId: b.id, amount: '200.01' },
        ],
        '500.01',
      ),
      ErrorCode.rule,
    );
    expect(over.field).toBe('items.1.amount');
    expect(over.message).toContain((await finance.orders.detail({ params: { id: b.id } })).code);
    // Nothing of the refused payment stayed: order a's funder share is still owed in full.
    expect((await sales.orders.waitPayInfo({ params: { id: a.id } })).funder.due).toBe('300.00');

    const done = await pay(
      [
        { orderId: b.id, amount: '150.00' },
        { orderId: a.id, amount: '300.00' },
      ],
      '450.00',
    );
    expect(done.count).toBe(2);
    // Order a is covered by family and funder together: its payment approval is filed.
    expect(done.records.find((r) => r.orderId === a.id)?.orderStatus).toBe(30);
    expect(done.records.find((r) => r.orderId === b.id)?.orderStatus).toBe(20);
    const records = await finance.orders.payRecordPage({ body: { orderId: b.id, payer: 'funder' } });
    expect(records.list.map((r) => [r.amount, r.reference])).toEqual([
      ['150.00', `${reference}/${done.records.find((r) => r.orderId === b.id)?.orderCode ?? ''}`],
    ]);
    const twice = await expectApiError(
      pay([{ orderId: b.id, amount: '50.00' }], '50.00'),
      ErrorCode.conflict,
    );
    expect(twice.field).toBe('reference');
    await expectApiError(sales.orders.funderOrders({ query: { month, funderCode } }), ErrorCode.noPermission);
    await t.deps.db.update(students).set({ insurance: false }).where(eq(students.id, sh01.id));
  });
});
