// Give-aways bounded by policy and facts derived, not typed (issue 33 §3–4), over HTTP: gift hours
// and manual discounts above the caller's limit wait for the campus head's approval before any hour
// reaches the ledger; a scholarship takes effect on that approval; the order type follows the
// student's history; the adviser defaults to the student's, who must be a consultant of the campus;
// the legacy import keeps the price of its file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orders, payRecords } from '../src/slices/orders/tables.js';
import { users } from '../src/db/schema.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let salesId: number;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [u] = await t.deps.db.select().from(users).where(eq(users.username, 'sales'));
  salesId = u?.id ?? 0;
}, 120_000);
afterAll(async () => t?.close());

let n = 0;
/** A new SH01 student (no order yet), with the consultant as adviser unless told. */
async function newStudent(adviserId: number | null = salesId) {
  n += 1;
  const phone = `1390${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`;
  return sales.students.insertStudent({
    body: { name: `赠送${n}`, parentName: '家长', phone, schoolItemCode: 'SH01', adviserId },
  });
}

const order = (studentId: number, o: Partial<TOrderCreateInput> = {}): TOrderCreateInput => ({
  schoolItemCode: 'SH01',
  studentId,
  items: [{ courseCode: 'C001', quantity: 10 }],
  ...o,
});
const today = () => t.clock.now().toISOString();
const ledgerOf = (orderId: number) =>
  t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, orderId));
const stored = async (id: number) => {
  const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
  if (!o) throw new Error(`order ${id}`);
  return o;
};

/** Pays an unpaid order in full and has finance pass the payment approval. */
async function payAndApprove(id: number) {
  const d = await sales.orders.detail({ params: { id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: id, method: 1, amount: d.payable, paidAt: today() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0, comment: '到账' } });
}

describe('give-aways within the limit', () => {
  it('flow as before: 10 % gift hours and 5 % manual discount need no approval', async () => {
    const s = await newStudent();
    const q = await sales.orders.preCreate({
      body: order(s.id, {
        items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 1 }],
        manualDiscount: '190.00',
      }),
    });
    expect(q.giveaway).toMatchObject({ needsApproval: false, giftPercent: 10, discountPercent: 5, over: [] });
    const o = await sales.orders.create({
      body: order(s.id, {
        items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 1 }],
        manualDiscount: '190.00',
      }),
    });
    expect(o.status).toBe(10);
    expect(o.giveawayApprovalId).toBeNull();
    await payAndApprove(o.id);
    const hours = (await ledgerOf(o.id)).map((m) => [m.kind, Number(m.hours)]);
    expect(hours).toEqual(
      expect.arrayContaining([
        ['purchase', 10],
        ['gift', 1],
      ]),
    );
  });
});

describe('give-aways above the limit', () => {
  it('50 gift hours on a 1-hour order wait for the campus head: no payment, no ledger hour until approved', async () => {
    const s = await newStudent();
    const body = order(s.id, { items: [{ courseCode: 'C001', quantity: 1, giftQuantity: 50 }] });
    const q = await sales.orders.preCreate({ body });
    expect(q.giveaway).toMatchObject({ needsApproval: true, over: ['gift'] });
    // Above the limit the consultant must say why.
    const e = await expectApiError(sales.orders.create({ body }), ErrorCode.validation);
    expect(e.field).toBe('giveawayReason');
    const o = await sales.orders.create({ body: { ...body, giveawayReason: '老学员转介绍补偿' } });
    expect(o.status).toBe(5);
    const approvalId = o.giveawayApprovalId ?? 0;
    expect(approvalId).toBeGreaterThan(0);
    // Nothing can be paid while the campus head has not decided, so nothing reaches the ledger.
    await expectApiError(
      sales.orders.addPayRecord({ body: { orderId: o.id, method: 1, amount: '380.00', paidAt: today() } }),
      ErrorCode.rule,
    );
    expect(await ledgerOf(o.id)).toEqual([]);
    // The approval shows what is given and why; the consultant cannot decide it, the campus head can.
    const seen = await director.orders.detail({ params: { id: o.id } });
    expect(seen.giveaway).toMatchObject({
      approvalId,
      status: 5,
      reason: '老学员转介绍补偿',
      over: ['gift'],
      giftTotal: '50.00',
      listAmount: '380.00',
      canDecide: true,
      lines: [{ courseName: expect.any(String), quantity: '1.00', gift: '50.00', giftLimit: '0.10' }],
    });
    expect((await sales.orders.detail({ params: { id: o.id } })).giveaway?.canDecide).toBe(false);
    await expectApiError(sales.approvals.pass({ body: { id: approvalId } }), ErrorCode.noPermission);
    await expectApiError(finance.approvals.pass({ body: { id: approvalId } }), ErrorCode.noPermission);
    await director.approvals.pass({ body: { id: approvalId, comment: '同意' } });
    expect((await stored(o.id)).status).toBe(10);
    expect(await ledgerOf(o.id)).toEqual([]);
    await payAndApprove(o.id);
    const hours = (await ledgerOf(o.id)).map((m) => [m.kind, Number(m.hours)]);
    expect(hours).toEqual(
      expect.arrayContaining([
        ['purchase', 1],
        ['gift', 50],
      ]),
    );
  });

  it('a manual discount above 5 % of the list price needs the approval too; a reject revokes the order', async () => {
    const s = await newStudent();
    const o = await sales.orders.create({
      body: order(s.id, { manualDiscount: '800.00', giveawayReason: '家庭困难' }),
    });
    expect(o.status).toBe(5);
    const d = await director.orders.detail({ params: { id: o.id } });
    expect(d.giveaway).toMatchObject({
      over: ['discount'],
      manualDiscount: '800.00',
      discountLimit: '190.00',
    });
    await director.approvals.reject({ body: { id: o.giveawayApprovalId ?? 0, comment: '超出政策' } });
    expect((await stored(o.id)).status).toBe(90);
    expect(await ledgerOf(o.id)).toEqual([]);
  });

  it('an edit that raises the give-away above the limit sends the order to the campus head', async () => {
    const s = await newStudent();
    const o = await sales.orders.create({ body: order(s.id) });
    const before = await stored(o.id);
    const e = await sales.orders.edit({
      body: {
        id: o.id,
        version: before.version,
        items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 3 }],
        giveawayReason: '续费活动',
      },
    });
    expect(e.status).toBe(5);
    expect((await stored(o.id)).giveawayApprovalId).toBe(e.giveawayApprovalId);
    // Withdrawn by the consultant (the engine's cancel) or revoked: the order leaves with it.
    await sales.approvals.cancel({ body: { id: e.giveawayApprovalId ?? 0 } });
    expect((await stored(o.id)).status).toBe(90);
  });
});

describe('a scholarship (payable 0)', () => {
  it('takes effect when the campus head approves it, without a payment; its hours reach the ledger then', async () => {
    const s = await newStudent();
    const o = await sales.orders.create({
      body: order(s.id, { manualDiscount: '3800.00', giveawayReason: '奖学金' }),
    });
    expect(o.status).toBe(5);
    const d = await director.orders.detail({ params: { id: o.id } });
    expect(d.giveaway?.over).toEqual(expect.arrayContaining(['discount', 'scholarship']));
    expect(d.payable).toBe('0.00');
    await director.approvals.pass({ body: { id: o.giveawayApprovalId ?? 0 } });
    const after = await stored(o.id);
    expect(after.status).toBe(40);
    expect(after.effectiveAt).not.toBeNull();
    expect(after.orderType).toBe(1);
    expect(await t.deps.db.select().from(payRecords).where(eq(payRecords.orderId, o.id))).toEqual([]);
    const moves = await ledgerOf(o.id);
    expect(moves.map((m) => [m.kind, Number(m.hours), m.valueCents])).toEqual([['purchase', 10, 0]]);
  });
});

describe('the order type follows the student’s history', () => {
  it('the first effective order is a new enrolment, later ones renewals, whatever the client sends', async () => {
    const s = await newStudent();
    expect((await sales.orders.preCreate({ body: order(s.id) })).orderType).toBe(1);
    const first = await sales.orders.create({ body: order(s.id, { orderType: 0 }) });
    const second = await sales.orders.create({ body: order(s.id, { orderType: 0 }) });
    expect((await stored(first.id)).orderType).toBe(1);
    expect((await stored(second.id)).orderType).toBe(1);
    // The second one takes effect first: it is the new enrolment; the other becomes a renewal.
    await payAndApprove(second.id);
    await payAndApprove(first.id);
    expect((await stored(second.id)).orderType).toBe(1);
    expect((await stored(first.id)).orderType).toBe(0);
    expect((await sales.orders.preCreate({ body: order(s.id) })).orderType).toBe(0);
    const third = await sales.orders.create({ body: order(s.id, { orderType: 1 }) });
    expect((await stored(third.id)).orderType).toBe(0);
  });
});

describe('the adviser', () => {
  it('an order without an adviser takes the student’s; one sent is kept', async () => {
    const s = await newStudent(salesId);
    const o = await sales.orders.create({ body: order(s.id) });
    expect((await stored(o.id)).adviserId).toBe(salesId);
    const none = await newStudent(null);
    const o2 = await sales.orders.create({ body: order(none.id) });
    expect((await stored(o2.id)).adviserId).toBeNull();
  });

  it('a student’s adviser must be an active consultant or growth consultant of the campus, naming the field', async () => {
    const ids = await t.deps.db.select({ id: users.id, username: users.username }).from(users);
    const idOf = (u: string) => ids.find((x) => x.username === u)?.id ?? 0;
    for (const who of ['admin', 'director', 'teacher']) {
      const e = await expectApiError(newStudent(idOf(who)), ErrorCode.validation);
      expect(e.field, who).toBe('adviserId');
    }
    const s = await newStudent(idOf('sales'));
    expect(s.id).toBeGreaterThan(0);
    const list = await director.students.advisers({ query: { schoolItemCode: 'SH01' } });
    expect(list.map((u) => u.username)).toEqual(['sales']);
  });
});

describe('the legacy order import', () => {
  it('keeps the price of the file: a discount published today does not reprice a historical row', async () => {
    const day = shanghaiDate(t.clock.now());
    const d = await admin.promotions.discountSave({
      query: { kind: 'discount' },
      body: {
        name: '导入测试九折',
        mode: 'rate',
        offPercent: '10',
        startDate: day,
        endDate: day,
        courseCodes: ['C003'],
      },
    });
    await admin.promotions.discountStatus({ body: { id: d.id, status: 1 } });
    const s = await newStudent();
    const course = await admin.orders.preCreate({
      body: order(s.id, { items: [{ courseCode: 'C003', quantity: 10 }] }),
    });
    expect(Number(course.discountAmount)).toBeGreaterThan(0); // the discount applies to new orders
    const list = course.listAmount;
    const r = await admin.orders.importRows({
      body: {
        rows: [
          {
            legacyCode: `LEG-GIVE-${process.pid}`,
            studentCode: s.code,
            schoolItemCode: 'SH01',
            orderType: 1,
            courseCode: 'C003',
            quantity: 10,
            amount: list,
            paidAmount: list,
            payMethod: 1,
            paidAt: day,
          },
        ],
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.created).toBe(1);
    const [o] = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.legacyCode, `LEG-GIVE-${process.pid}`));
    expect(o?.payableCents).toBe(Math.round(Number(list) * 100));
    expect(o?.status).toBe(40);
    await admin.promotions.discountStatus({ body: { id: d.id, status: 0 } });
  });
});
