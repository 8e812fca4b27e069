// Instalments over HTTP: plan templates, the termBillApply kind on the engine (flow, self-approval,
// campus scope), terms adding up exactly to what the family owes, paying terms as pay records of the
// order (the last one files the payment approval), overdue terms, the service end date, the payment
// schedule texted to the family to sign (a fake text-message peer), and a term paid online through
// the fake WeChat Pay gateway for exactly the term's amount.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { users } from '../src/slices/system/tables.js';
import { payRecords } from '../src/slices/orders/index.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { WechatPayPeer } from './fixtures/wechatpayPeer.js';

const gateway = new WechatPayPeer();
/** What the fake text-message peer received: template id and parameters. */
const texts: Array<{ TemplateId: string; TemplateParamSet: string[]; PhoneNumberSet: string[] }> = [];
let smsPeer: Server;

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let sh01: number;
let bj01: number;

beforeAll(async () => {
  // The text-message protocol (signatures included) is sms.test.ts's; here only what is sent matters.
  smsPeer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const p = JSON.parse(body) as (typeof texts)[number];
      texts.push(p);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          Response: {
            SendStatusSet: p.PhoneNumberSet.map((n) => ({
              SerialNo: `s${texts.length}`,
              PhoneNumber: n,
              Code: 'Ok',
            })),
            RequestId: `r${texts.length}`,
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => smsPeer.listen(0, '127.0.0.1', r));
  await gateway.start();
  t = await startTestServer({
    env: {
      ...gateway.env('https://bo.example.com'),
      SMS_BASE_URL: `http://127.0.0.1:${(smsPeer.address() as AddressInfo).port}`,
      SMS_SECRET_ID: 'AKIDterm',
      SMS_SECRET_KEY: 'term-key',
      SMS_SDK_APP_ID: '1400000001',
      SMS_SIGN_NAME: '星语康复',
      SMS_TEMPLATES: 'paymentSchedule=3001,paymentReminder=3002',
    },
  });
  gateway.now = t.clock.now;
  admin = await t.as('admin');
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = a.id;
  bj01 = b.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await gateway.close();
  await new Promise((r) => smsPeer.close(r));
});

const today = () => t.clock.now().toISOString();

async function unpaid(o: Partial<TOrderCreateInput> = {}, by = finance) {
  const body: TOrderCreateInput = {
    schoolItemCode: 'SH01',
    studentId: sh01,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 10 }],
    ...o,
  };
  return by.orders.create({ body });
}

/** Campus head, then finance. */
async function approve(approvalId: number) {
  await director.approvals.pass({ body: { id: approvalId } });
  await finance.approvals.pass({ body: { id: approvalId } });
}

describe('instalment plans', () => {
  it('saves a plan whose shares add up to 100% and refuses one that does not', async () => {
    const e = await expectApiError(
      admin.termBills.planSave({
        body: { name: 'bad', shares: [50, 40], intervalMonths: 1, firstDueDays: 0 },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('shares');
    const { id } = await admin.termBills.planSave({
      body: { name: '三期', shares: [33.33, 33.33, 33.34], intervalMonths: 1, firstDueDays: 0 },
    });
    const p = await admin.termBills.planDetail({ params: { id } });
    expect(p).toMatchObject({ termCount: 3, shares: [33.33, 33.33, 33.34], status: 1 });
    await admin.termBills.planSave({
      body: {
        id,
        version: p.version,
        name: '三期月付',
        shares: [33.33, 33.33, 33.34],
        intervalMonths: 1,
        firstDueDays: 0,
      },
    });
    await expectApiError(
      admin.termBills.planSave({
        body: { id, version: p.version, name: 'stale', shares: [50, 50], intervalMonths: 1, firstDueDays: 0 },
      }),
      ErrorCode.conflict,
    );
    const page = await finance.termBills.planPage({ query: { name: '三期' } });
    expect(page.list.map((x) => x.name)).toContain('三期月付');
  });
});

describe('term bills', () => {
  it('splits the order into terms that add up exactly, pays them as pay records and files the payment approval on the last', async () => {
    const { id: planId } = await admin.termBills.planSave({
      body: { name: '三期', shares: [33.33, 33.33, 33.34], intervalMonths: 1, firstDueDays: 0 },
    });
    // 3,800.00 less 0.01 = 3,799.99 in three terms: 1,266.53 + 1,266.53 + 1,266.93.
    const o = await unpaid({ manualDiscount: '0.01' });
    // A consultant applies; the campus head and finance decide.
    const applied = await sales.termBills.applySubmit({ body: { orderId: o.id, planId } });
    expect(applied.code).toMatch(/^FQ\d{10}$/);
    const pending = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    expect(pending?.status).toBe(10);
    expect(pending?.terms.map((x) => x.amount)).toEqual(['1266.53', '1266.53', '1266.93']);
    expect(pending?.total).toBe('3799.99');
    // Not approved yet: a term cannot be paid.
    await expectApiError(
      finance.termBills.submitPaymentTerm({
        body: { billItemId: pending?.terms[0]?.id ?? 0, method: 1, paidAt: today() },
      }),
      ErrorCode.rule,
    );
    await approve(applied.approvalId);
    const bill = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    expect(bill?.status).toBe(20);
    const [t1, t2, t3] = bill?.terms ?? [];
    if (!t1 || !t2 || !t3) throw new Error('three terms');

    // The consultant records what the family pays; finance approves the order's payment.
    const r1 = await sales.termBills.submitPaymentTerm({
      body: { billItemId: t1.id, method: 1, paidAt: today() },
    });
    expect(r1.orderStatus).toBe(20);
    await expectApiError(
      sales.termBills.submitPaymentTerm({ body: { billItemId: t1.id, method: 1, paidAt: today() } }),
      ErrorCode.conflict,
    );
    const next = await finance.termBills.nearestTerm({ query: { orderCode: o.code } });
    expect(next?.termNo).toBe(2);
    await sales.termBills.submitPaymentTerm({
      body: { billItemId: t2.id, method: 2, paidAt: today(), reference: 'B-2' },
    });
    const last = await sales.termBills.submitPaymentTerm({
      body: { billItemId: t3.id, method: 3, paidAt: today() },
    });
    // The records cover the payable exactly: the order's own payment approval is filed.
    expect(last.orderStatus).toBe(30);
    expect(last.approvalId).not.toBeNull();
    await finance.approvals.pass({ body: { id: last.approvalId ?? 0 } });
    const after = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    expect(after?.paid).toBe('3799.99');
    expect(after?.terms.every((x) => x.status === 20)).toBe(true);
    expect((await finance.orders.detail({ params: { id: o.id } })).status).toBe(40);
    const d = await finance.termBills.billItemPaymentDetail({ query: { billItemId: t2.id } });
    expect(d).toMatchObject({ method: 2, reference: 'B-2', status: 20, orderCode: o.code });
  });

  it('refuses given terms that do not add up to what is owed, and a second bill on the order', async () => {
    const o = await unpaid({ items: [{ courseCode: 'C001', quantity: 1 }] });
    const e = await expectApiError(
      finance.termBills.applySubmit({
        body: {
          orderId: o.id,
          terms: [
            { dueDate: '2026-12-01', amount: '190.00' },
            { dueDate: '2027-01-01', amount: '189.99' },
          ],
        },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('terms');
    await finance.termBills.applySubmit({
      body: {
        orderId: o.id,
        terms: [
          { dueDate: '2026-12-01', amount: '190.00' },
          { dueDate: '2027-01-01', amount: '190.00' },
        ],
      },
    });
    await expectApiError(
      finance.termBills.applySubmit({
        body: {
          orderId: o.id,
          terms: [
            { dueDate: '2026-12-01', amount: '190.00' },
            { dueDate: '2027-01-01', amount: '190.00' },
          ],
        },
      }),
      ErrorCode.conflict,
    );
  });

  it('is a kind on the engine: its requester cannot decide it, another campus cannot file or see it', async () => {
    const o = await unpaid({}, director);
    const applied = await director.termBills.applySubmit({
      body: {
        orderId: o.id,
        terms: [
          { dueDate: '2026-12-01', amount: '1900.00' },
          { dueDate: '2027-01-01', amount: '1900.00' },
        ],
      },
    });
    await expectApiError(
      director.approvals.pass({ body: { id: applied.approvalId } }),
      ErrorCode.noPermission,
    );
    const list = await finance.termBills.applyList({ body: { pageIdx: 1, pageSize: 50, keyword: o.code } });
    expect(list.list.map((x) => x.id)).toContain(applied.approvalId);
    const detail = await finance.termBills.applyDetail({ query: { id: applied.approvalId } });
    expect(detail.steps.map((s) => s.name)).toEqual(['校区负责人审批', '财务审批']);
    expect(detail.bill.terms).toHaveLength(2);

    const bj = await finance.orders.create({
      body: {
        schoolItemCode: 'BJ01',
        studentId: bj01,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 1 }],
      },
    });
    await expectApiError(
      director.termBills.applySubmit({
        body: {
          orderId: bj.id,
          terms: [
            { dueDate: '2026-12-01', amount: '190.00' },
            { dueDate: '2027-01-01', amount: '190.00' },
          ],
        },
      }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.termBills.detailByOrderCode({ query: { orderCode: bj.code } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.termBills.applyList({ body: { pageIdx: 1, pageSize: 10 } }),
      ErrorCode.noPermission,
    );
  });

  it('counts an unpaid term past its due date as overdue once the bill is active, on the adviser’s workbench too', async () => {
    const [me] = await t.deps.db.select().from(users).where(eq(users.username, 'sales'));
    const o = await unpaid({ items: [{ courseCode: 'C001', quantity: 1 }], adviserId: me?.id ?? null });
    const onBench = async () =>
      (await sales.workbench.workList({ query: { type: 4 } })).targets.find((x) => x.key === 'overdueTerms')
        ?.actual;
    const benchBefore = await onBench();
    const day = (d: number) =>
      new Date(t.clock.now().getTime() + 8 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);
    const applied = await sales.termBills.applySubmit({
      body: {
        orderId: o.id,
        terms: [
          { dueDate: day(-2), amount: '190.00' },
          { dueDate: day(40), amount: '190.00' },
        ],
      },
    });
    const before = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    expect(before?.overdueTerms).toBe(0);
    await approve(applied.approvalId);
    const after = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    expect(after?.overdueTerms).toBe(1);
    expect(after?.terms.map((x) => x.overdue)).toEqual([true, false]);
    expect(await onBench()).toBe((benchBefore ?? 0) + 1);
  });
});

describe('offers on a term', () => {
  const day = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
  async function voucher(amount: string) {
    const c = await admin.promotions.couponSave({
      body: {
        name: '分期券',
        mode: 'amount',
        amount,
        minSpend: '0.00',
        startDate: day(0),
        endDate: day(60),
        validDays: 30,
      },
    });
    await admin.promotions.couponStatus({ body: { id: c.id, status: 1 } });
    const [v] = await admin.promotions.voucherIssue({ body: { configId: c.id, count: 1, studentId: sh01 } });
    if (!v) throw new Error('one voucher issued');
    return v.code;
  }
  /** An active three-term bill of a ¥3,799.99 order (C001 × 10 less 0.01 by hand). */
  async function activeBill() {
    const o = await unpaid({ manualDiscount: '0.01' });
    const third = ['1266.66', '1266.66', '1266.67'];
    const applied = await sales.termBills.applySubmit({
      body: {
        orderId: o.id,
        terms: third.map((amount, n) => ({ dueDate: day(30 * n), amount })),
        remark: '',
      },
    });
    await approve(applied.approvalId);
    const bill = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    const [t1, t2, t3] = bill?.terms ?? [];
    if (!t1 || !t2 || !t3) throw new Error('three terms');
    return { o, terms: [t1, t2, t3] as const };
  }
  const pay = (billItemId: number, codes: { voucherCode?: string; activityCode?: string } = {}) =>
    finance.termBills.submitPaymentTerm({ body: { billItemId, method: 1, paidAt: today(), ...codes } });

  it('takes a voucher off the term it pays, priced by the engine; terms, order and records stay exact to the cent', async () => {
    const { o, terms } = await activeBill();
    const [t1, t2, t3] = terms;
    expect(
      (await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } }))?.courseCodes,
    ).toEqual(['C001']);
    const code = await voucher('50.00');
    const q = await finance.termBills.termOfferQuote({ body: { billItemId: t2.id, voucherCode: code } });
    expect(q).toMatchObject({ termNo: 2, amount: '1266.66', offer: '50.00', pay: '1216.66' });
    expect(q.lines.map((l) => [l.source, l.ref, l.amount])).toEqual([['voucher', code, '-50.00']]);
    // A quote writes nothing.
    expect((await finance.orders.detail({ params: { id: o.id } })).payable).toBe('3799.99');

    await pay(t1.id);
    const r2 = await pay(t2.id, { voucherCode: code });
    expect(r2.amount).toBe('1216.66');
    const bill = await finance.termBills.detailByOrderCode({ query: { orderCode: o.code } });
    expect(bill?.terms.map((x) => x.amount)).toEqual(['1266.66', '1216.66', '1266.67']);
    expect(bill?.total).toBe('3749.99');
    const order = await finance.orders.detail({ params: { id: o.id } });
    expect(order.payable).toBe('3749.99');
    expect(order.items[0]?.adjustments.map((a) => [a.source, a.amount])).toContainEqual([
      'voucher',
      '-50.00',
    ]);
    // The voucher is used once: not again on this order's next term, nor on another order.
    await expectApiError(pay(t3.id, { voucherCode: code }), ErrorCode.conflict);
    expect((await finance.promotions.voucherByCode({ query: { code } })).status).toBe(20);
    // The last term's record covers the lowered payable exactly: the payment approval is filed.
    const last = await pay(t3.id);
    expect(last.orderStatus).toBe(30);
    const records = await t.deps.db.select().from(payRecords).where(eq(payRecords.orderId, o.id));
    expect(records.reduce((s, r) => s + r.amountCents, 0)).toBe(374999);
  });

  it('refuses an offer not valid on the term, naming it, and writes nothing', async () => {
    const { o, terms } = await activeBill();
    const [t1] = terms;
    // An activity of another course: the engine says it does not fit the order's lines.
    const other = await admin.promotions.activitySave({
      body: {
        name: '别的课',
        mode: 'rate',
        offPercent: '10',
        courseCodes: ['C004'],
        campusCodes: ['SH01'],
        startDate: day(0),
        endDate: day(30),
      },
    });
    await admin.promotions.activityStatus({ body: { id: other.id, status: 1 } });
    try {
      const e = await expectApiError(
        finance.termBills.termOfferQuote({ body: { billItemId: t1.id, activityCode: other.code } }),
        ErrorCode.validation,
      );
      expect(e.field).toBe('activityCode');
      await expectApiError(pay(t1.id, { activityCode: other.code }), ErrorCode.validation);
    } finally {
      await admin.promotions.activityStatus({ body: { id: other.id, status: 2 } });
    }
    // A voucher taking the whole term or more, an unknown voucher, two offers at once.
    const big = await voucher('2000.00');
    expect((await expectApiError(pay(t1.id, { voucherCode: big }), ErrorCode.rule)).field).toBe(
      'voucherCode',
    );
    expect(
      (await expectApiError(pay(t1.id, { voucherCode: 'QNOSUCHCODE0' }), ErrorCode.validation)).field,
    ).toBe('voucherCode');
    await expectApiError(
      finance.termBills.termOfferQuote({
        body: { billItemId: t1.id, voucherCode: big, activityCode: 'HD00000001' },
      }),
      ErrorCode.validation,
    );
    expect((await finance.orders.detail({ params: { id: o.id } })).payable).toBe('3799.99');
    expect((await finance.promotions.voucherByCode({ query: { code: big } })).status).toBe(10);
    // A paid term takes no offer.
    await pay(t1.id);
    await expectApiError(
      finance.termBills.termOfferQuote({ body: { billItemId: t1.id, voucherCode: big } }),
      ErrorCode.conflict,
    );
  });

  it('applies an activity valid on the order’s campus and course, with its gift hours, only once per order', async () => {
    const { o, terms } = await activeBill();
    const [t1, t2] = terms;
    const a = await admin.promotions.activitySave({
      body: {
        name: '分期特惠',
        mode: 'amount',
        amount: '100.00',
        giftTiers: [{ minQuantity: 10, giftQuantity: 2 }],
        courseCodes: ['C001'],
        campusCodes: ['SH01'],
        startDate: day(0),
        endDate: day(30),
      },
    });
    await admin.promotions.activityStatus({ body: { id: a.id, status: 1 } });
    try {
      const picked = await finance.promotions.activityPick({
        body: { schoolItemCode: 'SH01', courseCodes: ['C001'] },
      });
      expect(picked.map((x) => x.code)).toContain(a.code);
      const r = await pay(t1.id, { activityCode: a.code });
      expect(r.amount).toBe('1166.66');
      const order = await finance.orders.detail({ params: { id: o.id } });
      expect(order.payable).toBe('3699.99');
      expect(order.items[0]?.giftQuantity).toBe(2);
      await expectApiError(pay(t2.id, { activityCode: a.code }), ErrorCode.conflict);
    } finally {
      await admin.promotions.activityStatus({ body: { id: a.id, status: 2 } });
    }
  });
});

describe('service end date', () => {
  it('answers the last lesson day from hours and the weekly frequency', async () => {
    const r = await finance.termBills.calcServiceEndTime({
      body: {
        schoolItemCode: 'SH01',
        startDate: '2026-03-02',
        hours: 20,
        lessonsPerWeek: 2,
        hoursPerLesson: 2,
      },
    });
    expect(r).toEqual({ endDate: '2026-04-02', lessons: 10, weeks: 5, holidays: [] });
    // A holiday of the campus on a lesson day (Thursday 5 March) is skipped, not made up that week:
    // the tenth lesson moves to the Monday after; a holiday of another campus changes nothing.
    await admin.teaching.holidaySave({
      body: {
        schoolItemCode: 'SH01',
        kind: 'holiday',
        name: '校庆',
        startDate: '2026-03-05',
        endDate: '2026-03-05',
      },
    });
    await admin.teaching.holidaySave({
      body: {
        schoolItemCode: 'BJ01',
        kind: 'holiday',
        name: '北京校休',
        startDate: '2026-03-09',
        endDate: '2026-03-09',
      },
    });
    const pushed = await finance.termBills.calcServiceEndTime({
      body: {
        schoolItemCode: 'SH01',
        startDate: '2026-03-02',
        hours: 20,
        lessonsPerWeek: 2,
        hoursPerLesson: 2,
      },
    });
    expect(pushed).toEqual({ endDate: '2026-04-06', lessons: 10, weeks: 6, holidays: ['2026-03-05'] });
    await expectApiError(
      director.termBills.calcServiceEndTime({
        body: { schoolItemCode: 'BJ01', startDate: '2026-03-02', hours: 20, lessonsPerWeek: 2 },
      }),
      ErrorCode.noPermission,
    );
  });
});

describe('payment schedule and terms paid online', () => {
  /** An active two-term bill on a fresh unpaid order of 380.00 (190.00 + 190.00). */
  async function activeBill() {
    const o = await unpaid({ items: [{ courseCode: 'C001', quantity: 1 }] });
    const day = (d: number) =>
      new Date(t.clock.now().getTime() + 8 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);
    const applied = await sales.termBills.applySubmit({
      body: {
        orderId: o.id,
        terms: [
          { dueDate: day(10), amount: '190.00' },
          { dueDate: day(40), amount: '190.00' },
        ],
      },
    });
    return { o, billId: applied.id, approvalId: applied.approvalId, day };
  }

  it('sends the schedule to the family, records their signature, and asks again after a due date moves', async () => {
    const { billId, approvalId, day } = await activeBill();
    const early = await finance.termBills.scheduleCheck({ query: { billId } });
    expect(early.sendable).toBe(false);
    expect(early.problems.join()).toContain('not approved');
    await expectApiError(finance.termBills.scheduleSend({ query: { billId } }), ErrorCode.rule);
    await approve(approvalId);
    expect(await finance.termBills.scheduleCheck({ query: { billId } })).toEqual({
      sendable: true,
      problems: [],
    });
    // Nothing sent yet: nothing to sign.
    await expectApiError(
      finance.termBills.scheduleSign({ query: { billId, signerName: '李妈妈' } }),
      ErrorCode.rule,
    );

    const sent = await finance.termBills.scheduleSend({ query: { billId } });
    expect(sent.sentCount).toBe(1);
    expect(sent.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const text = texts.at(-1);
    expect(text?.TemplateId).toBe('3001');
    expect(text?.TemplateParamSet[3]).toBe(`1期 ${day(10)} ¥190.00；2期 ${day(40)} ¥190.00`);
    await finance.termBills.scheduleSign({ query: { billId, signerName: '李妈妈' } });
    const signed = await finance.termBills.scheduleDetail({ query: { billId } });
    expect(signed.notice).toMatchObject({ status: 20, signerName: '李妈妈', sentCount: 1 });

    const [, second] = signed.terms;
    // Due dates stay increasing; a moved date clears the signature.
    const e = await expectApiError(
      finance.termBills.scheduleUpdate({ query: { billItemId: second?.id ?? 0, dueDate: day(5) } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('dueDate');
    await finance.termBills.scheduleUpdate({ query: { billItemId: second?.id ?? 0, dueDate: day(45) } });
    const moved = await finance.termBills.scheduleDetail({ query: { billId } });
    expect(moved.terms[1]?.dueDate).toBe(day(45));
    expect(moved.notice).toMatchObject({ status: 10, signerName: null });

    // A reminder of one term: its number, amount and due date.
    await sales.termBills.sendPayment({ body: { billItemId: moved.terms[0]?.id ?? 0 } });
    expect(texts.at(-1)).toMatchObject({
      TemplateId: '3002',
      TemplateParamSet: [expect.any(String), '1', '190.00', day(10)],
    });
    // Each thing done for the family is in the bill's history, newest first.
    const { history } = await finance.termBills.scheduleDetail({ query: { billId } });
    expect(history.map((h) => [h.action, h.termNo])).toEqual([
      ['termBill.reminded', 1],
      ['termBill.dueDate', 2],
      ['termBill.scheduleSigned', null],
      ['termBill.scheduleSent', null],
      ['termBill.approved', null],
    ]);
    expect(history[0]?.username).toBe('sales');
  });

  it('charges exactly the term’s amount online and links the confirmed payment to that term', async () => {
    const { o, billId, approvalId } = await activeBill();
    const pending = await finance.termBills.scheduleDetail({ query: { billId } });
    const first = pending.terms[0]?.id ?? 0;
    await expectApiError(
      finance.termBills.termCreatePayment({ body: { billItemId: first, payMethodType: 1 } }),
      ErrorCode.rule,
    );
    await approve(approvalId);
    const p = await sales.termBills.termCreatePayment({ body: { billItemId: first, payMethodType: 1 } });
    expect(p).toMatchObject({ amount: '190.00', amountCents: 19000, orderCode: o.code, reused: false });
    expect(gateway.trades.get(p.outTradeNo)?.total).toBe(19000);
    // The printable QR code is the same payment while it stays valid: nothing new at the gateway.
    const trades = gateway.trades.size;
    const svg = await (await sales.termBills.termCreatePayQr({ query: { billItemId: first } })).text();
    expect(svg).toContain('<svg');
    expect(gateway.trades.size).toBe(trades);

    const n = gateway.notification(gateway.pay(p.outTradeNo));
    const res = await fetch(`${t.baseURL}/pay/notify/wechatpay`, {
      method: 'POST',
      headers: n.headers,
      body: n.body,
    });
    expect(res.status).toBe(200);
    const [rec] = await t.deps.db
      .select()
      .from(payRecords)
      .where(and(eq(payRecords.orderId, o.id), eq(payRecords.method, 4)));
    expect(rec?.amountCents).toBe(19000);
    const after = await finance.termBills.scheduleDetail({ query: { billId } });
    expect(after.terms[0]).toMatchObject({ payRecordId: rec?.id });
    expect(after.terms[0]?.status).not.toBe(10);
    expect(after.terms[1]?.status).toBe(10);
    // A paid term is neither paid online again nor reminded; the QR asked is in the history.
    const again = await expectApiError(
      sales.termBills.termCreatePayment({ body: { billItemId: first, payMethodType: 1 } }),
      ErrorCode.rule,
    );
    expect(again.message).toContain('term 1 is paid already');
    await expectApiError(sales.termBills.sendPayment({ body: { billItemId: first } }), ErrorCode.rule);
    expect(after.history.filter((h) => h.action === 'termBill.payOnline').map((h) => h.termNo)).toEqual([
      1, 1,
    ]);

    // The second term's QR code is watched by its own trade (what the term's pay dialog polls): the
    // first term paid says nothing of it, and a payment the gateway confirms is recorded by the poll.
    const second = after.terms[1]?.id ?? 0;
    const p2 = await sales.termBills.termCreatePayment({ body: { billItemId: second, payMethodType: 1 } });
    const watch = { query: { orderid: o.id, type: 1, outTradeNo: p2.outTradeNo } };
    expect(await sales.payments.queryResult({ query: { orderid: o.id, type: 1 } })).toMatchObject({
      paid: true,
      outTradeNo: p.outTradeNo,
    });
    expect(await sales.payments.queryResult(watch)).toMatchObject({ paid: false, outTradeNo: p2.outTradeNo });
    gateway.pay(p2.outTradeNo);
    expect(await sales.payments.queryResult(watch)).toMatchObject({ paid: true, amount: '190.00' });
    const paid = await finance.termBills.scheduleDetail({ query: { billId } });
    expect(paid.terms[1]?.status).not.toBe(10);
    await expectApiError(
      sales.payments.queryResult({ query: { orderid: o.id, type: 1, outTradeNo: `${o.code}-99` } }),
      ErrorCode.notFound,
    );
  });
});
