// A closed month is closed for everything dated in it (issue 33 §2): a pay record's date rules (at
// most PAY_DATE_MAX_DAYS_BACK days back, never before its order, never in the future, never in a
// sealed month — each its own message on paidAt); with a month sealed, pay records and their
// approval, invoices, adjustments, refunds, lessons and ledger movements are refused with sealing's
// 409 naming the month; finance reopens it with a reason, and the history lists every seal and reopening.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DATE_LOCK_BEFORE_DAYS, shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { post } from '../src/slices/ledger/index.js';
import { payRecords } from '../src/slices/orders/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let finance: Sdk;
let fmanager: Sdk;
let hr: Sdk;
let director: Sdk;
let pupils: number[] = [];
const DAY = 86_400_000;

const today = () => shanghaiDate(t.clock.now());
const dayBefore = (n: number) => shanghaiDate(new Date(t.clock.now().getTime() - n * DAY));

async function signInAll() {
  admin = await t.as('admin');
  finance = await t.as('finance');
  fmanager = await t.as('fmanager');
  hr = await t.as('hr');
  director = await t.as('director');
}

/** An unpaid order of two C001 hours for a SH01 student, created at the clock's time. */
async function order(studentId = pupils[0] ?? 0) {
  const o = await admin.orders.create({
    body: { schoolItemCode: 'SH01', studentId, orderType: 0, items: [{ courseCode: 'C001', quantity: 2 }] },
  });
  const d = await admin.orders.detail({ params: { id: o.id } });
  return { id: o.id, code: o.code, payable: d.payable };
}

/** An order paid today in cash and approved (its hours in the ledger). */
async function effective(studentId = pupils[0] ?? 0) {
  const o = await order(studentId);
  const r = await admin.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: o.payable, paidAt: today() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return o;
}

beforeAll(async () => {
  t = await startTestServer();
  await signInAll();
  const list = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(10);
  pupils = list.filter((s) => s.status !== 90).map((s) => s.id);
}, 120_000);
afterAll(async () => t?.close());

describe('a pay record’s date', () => {
  it('is at most the setting’s days back, never before its order, never in the future: each says which rule', async () => {
    const now = t.clock.now();
    // An order created ten days ago, paid today.
    t.clock.set(new Date(now.getTime() - 10 * DAY));
    const o = await order();
    t.clock.set(now);
    const pay = (paidAt: string, amount = '1.00') =>
      admin.orders.addPayRecord({ body: { orderId: o.id, method: 2, amount, paidAt } });

    let e = await expectApiError(pay(shanghaiDate(new Date(now.getTime() + DAY))), ErrorCode.validation);
    expect(e.field).toBe('paidAt');
    expect(e.message).toContain('cannot be in the future');

    e = await expectApiError(pay('1900-01-01'), ErrorCode.rule);
    expect(e.field).toBe('paidAt');
    expect(e.message).toContain(`is before order ${o.code} existed`);

    e = await expectApiError(pay(dayBefore(DATE_LOCK_BEFORE_DAYS + 1)), ErrorCode.rule);
    expect(e.field).toBe('paidAt');
    expect(e.message).toContain(`more than ${DATE_LOCK_BEFORE_DAYS} days back`);
    expect(e.message).toContain(`the earliest allowed is ${dayBefore(DATE_LOCK_BEFORE_DAYS)}`);

    // A part payment on the earliest day allowed is taken; corrected to a day before the order, the
    // same rule refuses the change.
    const r = await pay(dayBefore(DATE_LOCK_BEFORE_DAYS));
    const [rec] = await t.deps.db.select().from(payRecords).where(eq(payRecords.id, r.id));
    e = await expectApiError(
      admin.orders.payRecordUpdate({
        body: {
          id: r.id,
          version: rec?.version ?? 0,
          method: 2,
          amount: '1.00',
          paidAt: dayBefore(11),
          remark: '',
        },
      }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('paidAt');
    expect(e.message).toContain('existed');
  });
});

describe('a sealed month', () => {
  it('refuses pay records, their approval, invoices, adjustments, refunds, lessons and ledger movements; finance reopens it with a reason', async () => {
    const year = Number(today().slice(0, 4));
    const month = Number(today().slice(5, 7));
    const ym = today().slice(0, 7);
    const sealed = `该期间已封账（${ym}）`;
    const sid = pupils[1] ?? 0;
    // Prepared while open: an order paid but not yet approved, an effective one with a refund half
    // approved, an adjustment filed, an order still unpaid.
    const waiting = await order(sid);
    const rec = await admin.orders.addPayRecord({
      body: { orderId: waiting.id, method: 1, amount: waiting.payable, paidAt: today() },
    });
    const done = await effective(sid);
    const [bought] = await t.deps.db
      .select()
      .from(studentLedger)
      .where(and(eq(studentLedger.orderId, done.id), eq(studentLedger.kind, 'purchase')));
    const refund = await admin.refunds.insertRefundOrder({
      body: {
        orderId: done.id,
        reasonCode: 'MOVE',
        items: [{ orderItemId: bought?.orderItemId ?? 0, hours: 1 }],
      },
    });
    await director.approvals.pass({ body: { id: refund.approvalId } });
    const other = await effective(sid);
    const entrance = await admin.refunds.adjustEntrance({ body: { orderId: other.id } });
    const adjust = await admin.refunds.insertAdjustOrder({
      body: {
        orderId: other.id,
        reasonId: entrance.reasons[0]?.id ?? 0,
        items: [{ orderItemId: entrance.items[0]?.orderItemId ?? 0, hours: 1, amount: '0' }],
      },
    });
    const unpaid = await order(sid);

    await hr.sealing.seal({ body: { year, month } });

    // A payment dated in the sealed month: 409 on paidAt naming the month.
    let e = await expectApiError(
      admin.orders.addPayRecord({
        body: { orderId: unpaid.id, method: 1, amount: unpaid.payable, paidAt: today() },
      }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('paidAt');
    expect(e.message).toContain(sealed);
    expect(e.message).toContain('pay records can no longer change');
    // Approving a payment dated in it would change the month's income.
    e = await expectApiError(
      finance.approvals.pass({ body: { id: rec.approvalId ?? 0 } }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain(sealed);
    // An invoice is dated the day it is requested.
    const [content] = (await finance.invoices.contentPage({ query: { validstatus: 1 } })).list;
    e = await expectApiError(
      finance.invoices.insert({
        body: {
          orderId: done.id,
          amount: '1.00',
          contentId: content?.id ?? 0,
          buyerType: 1,
          buyerName: '王芳',
          email: 'f@example.com',
        },
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain(sealed);
    expect(e.message).toContain('invoices can no longer change');
    // An adjustment and a refund post on the decision's day.
    e = await expectApiError(finance.approvals.pass({ body: { id: adjust.approvalId } }), ErrorCode.conflict);
    expect(e.message).toContain('adjustments can no longer change');
    e = await expectApiError(finance.approvals.pass({ body: { id: refund.approvalId } }), ErrorCode.conflict);
    expect(e.message).toContain('refunds can no longer change');
    // A lesson on a day of it.
    e = await expectApiError(
      admin.teaching.planInsert({
        body: {
          schoolItemCode: 'SH01',
          courseCode: 'C001',
          teacherCode: 'E0005',
          kind: 'oneToOne',
          studentIds: [sid],
          lessonDate: today(),
          startTime: '20:00',
          endTime: '21:00',
        },
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('lessons can no longer change');
    // The ledger itself: any movement posted into the sealed month.
    const ledgerBefore = await t.deps.db
      .select()
      .from(studentLedger)
      .where(eq(studentLedger.orderId, done.id));
    const m = ledgerBefore[0];
    if (!m) throw new Error('the effective order posted its purchase');
    await expect(
      t.deps.db.transaction((tx) =>
        post(tx, [{ ...m, kind: 'adjust', hours100: 100, valueCents: 0, reversesId: null }], {
          userId: null,
          at: t.clock.now(),
        }),
      ),
    ).rejects.toThrow(/ledger movements can no longer change/);

    // Reopening is finance's, with a reason; HR, who sealed, may not.
    await expectApiError(
      hr.sealing.unseal({ body: { year, month, reason: '补录付款' } }),
      ErrorCode.noPermission,
    );
    await fmanager.sealing.unseal({ body: { year, month, reason: '补录十月付款' } });
    await finance.approvals.pass({ body: { id: rec.approvalId ?? 0 } });
    await finance.approvals.pass({ body: { id: adjust.approvalId } });
    await hr.sealing.seal({ body: { year, month } });

    const history = await fmanager.sealing.history({ query: { year } });
    const mine = history.filter((h) => h.month === month);
    expect(mine.map((h) => [h.action, h.byName, h.reason])).toEqual([
      ['seal', '刘芳', null],
      ['reopen', '周敏', '补录十月付款'],
      ['seal', '刘芳', null],
    ]);
    await fmanager.sealing.unseal({ body: { year, month, reason: '测试结束' } });
  });

  it('refuses a payment backdated into last month once it is sealed, within the days allowed', async () => {
    const o = await order(pupils[2] ?? 0);
    const lastDay = today();
    // Two days into next month: the order's month is within the days a payment may go back.
    const [y, mo] = lastDay.slice(0, 7).split('-').map(Number);
    const next = new Date(Date.UTC(mo === 12 ? (y ?? 0) + 1 : (y ?? 0), mo === 12 ? 0 : (mo ?? 1), 2, 2));
    const endOfMonth = shanghaiDate(new Date(next.getTime() - 2 * DAY));
    t.clock.set(next);
    await signInAll();
    await hr.sealing.seal({ body: { year: y ?? 0, month: mo ?? 0 } });
    const e = await expectApiError(
      admin.orders.addPayRecord({
        body: { orderId: o.id, method: 1, amount: o.payable, paidAt: endOfMonth },
      }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('paidAt');
    expect(e.message).toContain(`该期间已封账（${lastDay.slice(0, 7)}）`);
    // Dated today, in the open month, it is taken.
    await admin.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: o.payable, paidAt: today() },
    });
  });
});
