// The legacy sheet reads and the claim of an order over HTTP: a student's bills in one dated list,
// the staff credited on a sheet, and a consultant taking an order without adviser (once, own campus).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { orders } from '../src/slices/orders/tables.js';
import { users } from '../src/db/schema.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let student: { id: number; code: string };

beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [s] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  if (!s) throw new Error('the demo seed has students in SH01');
  student = { id: s.id, code: s.code };
}, 120_000);
afterAll(async () => t?.close());

const userId = async (username: string) => {
  const [u] = await t.deps.db.select().from(users).where(eq(users.username, username));
  return u?.id ?? 0;
};

async function paidOrder() {
  const created = await sales.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId: student.id,
      orderType: 0,
      items: [{ courseCode: 'C001', quantity: 2 }],
    },
  });
  const d = await sales.orders.detail({ params: { id: created.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return { ...created, code: d.code, payable: d.payable };
}

describe('sheets', () => {
  it('lists a student’s order, payment and refund in date order, and credits the people of each sheet', async () => {
    const o = await paidOrder();
    const refund = await sales.refunds.insertRefundOrder({ body: { orderId: o.id, reasonCode: 'MOVE' } });
    const bills = await sales.orders.studentBillList({ query: { studentcode: student.code } });
    const mine = bills.filter((b) => b.orderCode === o.code);
    expect(mine.map((b) => b.kind)).toEqual(['order', 'payment', 'refund']);
    expect(mine[0]).toMatchObject({ code: o.code, amount: o.payable, statusName: '已生效' });
    expect(mine[1]).toMatchObject({ amount: o.payable, statusName: '已确认' });
    expect(mine[2]).toMatchObject({ code: refund.code, amount: refund.amount, statusName: '审批中' });
    const times = bills.map((b) => b.at);
    expect([...times].sort()).toEqual(times);

    const people = await sales.orders.sheetEmployees({ query: { relatedcode: o.code, sheettypecode: 1 } });
    expect(people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: await userId('sales'), role: 'creator' }),
        expect.objectContaining({ userId: await userId('finance'), role: 'approver' }),
      ]),
    );
    expect(people.some((p) => p.role === 'campus')).toBe(false);
    const all = await sales.orders.sheetEmployees({
      query: { relatedcode: o.code, sheettypecode: 1, isall: true },
    });
    const directorId = await userId('director');
    expect(all.some((p) => p.userId === directorId && p.role === 'campus')).toBe(true);
    const onRefund = await sales.orders.sheetEmployees({
      query: { relatedcode: refund.code, sheettypecode: 2 },
    });
    expect(onRefund).toEqual([expect.objectContaining({ userId: await userId('sales'), role: 'creator' })]);
    await expectApiError(
      sales.orders.sheetEmployees({ query: { relatedcode: refund.code, sheettypecode: 3 } }),
      ErrorCode.notFound,
    );
  });
});

describe('claim an order', () => {
  it('sets the caller as the adviser of an order without one, once, and only in the caller’s campuses', async () => {
    const o = await paidOrder();
    await t.deps.db.update(orders).set({ adviserId: null }).where(eq(orders.id, o.id));
    const claimed = await sales.orders.claimOrder({ body: { code: o.code } });
    expect(claimed).toEqual({ id: o.id, code: o.code, adviserId: await userId('sales') });
    const e = await expectApiError(
      director.orders.claimOrder({ body: { code: o.code } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('code');

    const [bj] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
    if (!bj) throw new Error('the demo seed has students in BJ01');
    const admin = await t.as('admin');
    const other = await admin.orders.create({
      body: {
        schoolItemCode: 'BJ01',
        studentId: bj.id,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 1 }],
      },
    });
    const code = (await admin.orders.detail({ params: { id: other.id } })).code;
    await t.deps.db.update(orders).set({ adviserId: null }).where(eq(orders.id, other.id));
    await expectApiError(sales.orders.claimOrder({ body: { code } }), ErrorCode.noPermission);
  });
});

describe('income sheets (iis)', () => {
  it('issues receipts for what a payer paid, never more, lists them, follows a corrected payment and cancels with a reason', async () => {
    const created = await sales.orders.create({
      body: {
        schoolItemCode: 'SH01',
        studentId: student.id,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 10 }],
      },
    });
    const order = await sales.orders.detail({ params: { id: created.id } });
    const paidAt = t.clock.now().toISOString();
    const pay = await sales.orders.addPayRecord({
      body: { orderId: order.id, method: 2, amount: '1000.00', paidAt, reference: `IIS-${order.code}` },
    });
    const base = await sales.orders.iisBase({ query: { incomeordercode: order.code } });
    expect(base.payers).toEqual([
      expect.objectContaining({ payer: 'family', received: '1000.00', issued: '0.00', issuable: '1000.00' }),
    ]);
    expect(base.lines[0]).toMatchObject({ quantity: 10, amount: order.payable });

    // Without an amount: everything paid that no sheet covers; then nothing is left.
    const first = await sales.orders.saveIis({ body: { orderId: order.id, title: '王女士' } });
    expect(first).toMatchObject({
      amount: '1000.00',
      amountInWords: '壹仟元整',
      title: '王女士',
      status: 10,
    });
    expect(first.code).toMatch(/^SJ\d{10}$/);
    const none = await expectApiError(sales.orders.saveIis({ body: { orderId: order.id } }), ErrorCode.rule);
    expect(none.field).toBe('amount');

    // A second payment: a sheet above it is refused naming the amount; the rest is issued.
    await sales.orders.addPayRecord({ body: { orderId: order.id, method: 1, amount: '200.50', paidAt } });
    const over = await expectApiError(
      sales.orders.saveIis({ body: { orderId: order.id, amount: '200.51' } }),
      ErrorCode.rule,
    );
    expect(over.field).toBe('amount');
    const second = await sales.orders.saveIis({ body: { orderId: order.id, amount: '200.50' } });
    const list = await sales.orders.iisList({ query: { incomeordercode: order.code } });
    expect(list.map((s) => s.code)).toEqual([second.code, first.code]);

    // The first payment is corrected down to 600: syncing the sheet lowers it to what is still paid.
    const record = (
      await sales.orders.payRecordPage({ body: { pageIdx: 1, pageSize: 5, orderId: order.id } })
    ).list.find((r) => r.id === pay.id);
    await sales.orders.payRecordUpdate({
      body: {
        id: pay.id,
        version: record?.version ?? 1,
        method: 2,
        amount: '600.00',
        paidAt,
        reference: `IIS-${order.code}`,
      },
    });
    const synced = await sales.orders.syncIis({ query: { code: first.code } });
    expect(synced).toMatchObject({ amount: '600.00', amountInWords: '陆佰元整', version: 2 });
    expect(synced.syncedAt).not.toBeNull();

    // Cancelling keeps the sheet listed with its reason; its money can be issued again; twice is refused.
    await sales.orders.cancelIis({ query: { code: second.code, reason: '抬头写错' } });
    const again = await expectApiError(
      sales.orders.cancelIis({ query: { code: second.code, reason: '再次作废' } }),
      ErrorCode.rule,
    );
    expect(again.field).toBe('code');
    const after = await sales.orders.iisBase({ query: { incomeordercode: order.code } });
    expect(after.payers[0]).toMatchObject({ received: '800.50', issued: '600.00', issuable: '200.50' });
    const cancelled = (await sales.orders.iisList({ query: { incomeordercode: order.code } })).find(
      (s) => s.code === second.code,
    );
    expect(cancelled).toMatchObject({ status: 90, cancelReason: '抬头写错' });

    // Another campus's order is neither read nor issued on.
    const [bj] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
    const admin = await t.as('admin');
    const other = await admin.orders.create({
      body: {
        schoolItemCode: 'BJ01',
        studentId: bj?.id ?? 0,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 1 }],
      },
    });
    const code = (await admin.orders.detail({ params: { id: other.id } })).code;
    await expectApiError(sales.orders.iisList({ query: { incomeordercode: code } }), ErrorCode.noPermission);
    await expectApiError(sales.orders.saveIis({ body: { orderId: other.id } }), ErrorCode.noPermission);
  });
});
