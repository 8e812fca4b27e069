// Advance-receipt dashboards over HTTP: every figure against a sum computed here from the raw ledger
// rows, the figures moving by exactly what an approved payment and refund move, the reconciliation
// identity per campus, and campus scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { balances, paidValueOf, post } from '../src/slices/ledger/index.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let admin: Sdk;

beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  admin = await t.as('admin');
}, 120_000);
afterAll(async () => t?.close());

const today = () => t.clock.now().toISOString();

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

async function effectiveOrder(quantity: number) {
  const body: TOrderCreateInput = {
    schoolItemCode: 'SH01',
    studentId: await freshStudent(),
    orderType: 1,
    items: [{ courseCode: 'C001', quantity }],
  };
  const created = await sales.orders.create({ body });
  const d = await sales.orders.detail({ params: { id: created.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: created.id, method: 2, amount: d.payable, paidAt: today() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return sales.orders.detail({ params: { id: created.id } });
}

const cents = (yuan: string) => Math.round(Number(yuan) * 100);

/** The closing advance receipts of a campus computed here from every ledger row. */
async function closingOf(code: string) {
  const rows = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.schoolItemCode, code));
  return rows.reduce((s, r) => s + r.valueCents, 0);
}

describe('advance receipts', () => {
  it('agree with the raw ledger, and move by exactly what a payment and a refund move', async () => {
    const f = { schoolItemCode: 'SH01' };
    const before = await finance.dashboards.advanceSummary({ query: f });
    expect(before.closingCents).toBe(await closingOf('SH01'));
    expect(before.closingCents).toBe(
      before.openingCents +
        before.receivedCents -
        before.consumedCents -
        before.refundedCents +
        before.otherCents,
    );
    const payBefore = await finance.dashboards.advancePayProportion({ query: f });

    const o = await effectiveOrder(4);
    const paid = cents(o.payable);
    expect(paid).toBeGreaterThan(0);
    const mid = await finance.dashboards.advanceSummary({ query: f });
    expect(mid.receivedCents - before.receivedCents).toBe(paid);
    expect(mid.closingCents - before.closingCents).toBe(paid);
    const bank = (r: { rows: { key: string; cents: number }[] }) =>
      r.rows.find((x) => x.key === '2')?.cents ?? 0;
    const payAfter = await finance.dashboards.advancePayProportion({ query: f });
    expect(bank(payAfter) - bank(payBefore)).toBe(paid);
    expect(payAfter.rows.find((x) => x.key === '2')?.name).toBe('银行转账');

    // A refund of one of the four hours, approved by the campus head then finance.
    const list = await sales.refunds.refundList({ query: { incomeordercode: o.code } });
    const itemId = list.items[0]?.orderItemId ?? 0;
    const refund = await sales.refunds.insertRefundOrder({
      body: { orderId: o.id, reasonCode: 'MOVE', items: [{ orderItemId: itemId, hours: 1 }] },
    });
    await director.approvals.pass({ body: { id: refund.approvalId } });
    await finance.approvals.pass({ body: { id: refund.approvalId } });
    const after = await finance.dashboards.advanceSummary({ query: f });
    expect(after.refundedCents - mid.refundedCents).toBe(cents(refund.amount));
    expect(after.closingCents).toBe(mid.closingCents - cents(refund.amount));
    expect(after.closingCents).toBe(await closingOf('SH01'));
    const reasons = await finance.dashboards.advanceRefundReasonProportion({ query: f });
    expect(reasons.rows.find((r) => r.key === 'MOVE')?.cents ?? 0).toBeGreaterThanOrEqual(
      cents(refund.amount),
    );
  });

  it('reconcile per campus: opening + received − consumed − refunded + other = closing, the rows summing to the total', async () => {
    const table = await admin.dashboards.advanceReceiptV2({ body: {} });
    expect(table.rows.length).toBeGreaterThan(0);
    for (const r of table.rows) {
      expect(r.closingCents).toBe(
        r.openingCents + r.receivedCents - r.consumedCents - r.refundedCents + r.otherCents,
      );
      expect(r.closingCents).toBe(await closingOf(r.schoolItemCode));
    }
    const sum = (k: 'openingCents' | 'receivedCents' | 'closingCents') =>
      table.rows.reduce((s, r) => s + r[k], 0);
    expect(table.total.openingCents).toBe(sum('openingCents'));
    expect(table.total.receivedCents).toBe(sum('receivedCents'));
    expect(table.total.closingCents).toBe(sum('closingCents'));
    const dist = await admin.dashboards.advanceCampusDistribution({ query: {} });
    for (const d of dist.rows) expect(d.cents).toBe(await closingOf(d.key));
    const courses = await admin.dashboards.advanceCourseProportion({ query: {} });
    expect(courses.rows.reduce((s, r) => s + r.cents, 0)).toBe(table.total.closingCents);
    const types = await admin.dashboards.advanceStudentProportion({ query: {} });
    expect(types.rows.reduce((s, r) => s + r.cents, 0)).toBe(table.total.closingCents);
  });

  it('trends end on the closing figures, month by month', async () => {
    const end = shanghaiDate(t.clock.now());
    const start = `${String(Number(end.slice(0, 4)) - 1)}${end.slice(4, 8)}01`;
    const f = { startDate: start, endDate: end };
    const trend = await admin.dashboards.advanceSchoolTrend({ query: f });
    expect(trend.months.length).toBe(13);
    expect(trend.months.at(-1)).toBe(end.slice(0, 7));
    const summary = await admin.dashboards.advanceSummary({ query: f });
    expect(trend.series[0]?.values.at(-1)).toBe(summary.closingCents);
    const students = await admin.dashboards.advanceStudentTrend({ query: f });
    expect(students.series[0]?.values.at(-1)).toBe(summary.students);
    const courses = await admin.dashboards.advanceCourseTrend({ query: f });
    expect(courses.series.length).toBeLessThanOrEqual(5);
  });

  it('exports the reconciliation table as a workbook named by the period’s end', async () => {
    const blob = await admin.dashboards.advanceExport({ body: { endDate: '2026-11-20' } });
    expect(blob.size).toBeGreaterThan(1000);
  });

  it('keeps to the caller’s campuses and validates the period, naming the field', async () => {
    await expectApiError(sales.dashboards.advanceSummary({ query: {} }), ErrorCode.noPermission);
    await expectApiError(
      director.dashboards.advanceSummary({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    const e = await expectApiError(
      finance.dashboards.advanceSummary({ query: { startDate: '2026-11-20', endDate: '2026-11-01' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('query.endDate');
  });
});

describe('revenue', () => {
  /** One hour of an order consumed at the price paid, through the ledger's public posting function. */
  async function consumeOneHour(orderId: number) {
    return t.deps.db.transaction(async (tx) => {
      const [b] = await balances(tx, { orderId });
      if (!b) throw new Error('the order has an item');
      const valueCents = paidValueOf(b, 100);
      await post(
        tx,
        [
          {
            studentId: b.studentId,
            schoolItemCode: b.schoolItemCode,
            orderId,
            orderItemId: b.orderItemId,
            courseCode: b.courseCode,
            kind: 'consume',
            hours100: -100,
            valueCents: -valueCents,
            sourceType: 'attendance',
            sourceId: 900_000 + orderId,
          },
        ],
        { userId: null, at: t.clock.now() },
      );
      return valueCents;
    });
  }

  it('is the value consumed at the price paid, and agrees with the advance receipts’ consumed', async () => {
    const f = { schoolItemCode: 'SH01' };
    const before = await finance.dashboards.revenueSummary({ query: f });
    const o = await effectiveOrder(3);
    const value = await consumeOneHour(o.id);
    expect(value).toBe(Math.round(cents(o.payable) / 3));
    const after = await finance.dashboards.revenueSummary({ query: f });
    expect(after.revenueCents - before.revenueCents).toBe(value);
    expect(after.consumedHours - before.consumedHours).toBeCloseTo(1, 2);
    const advance = await finance.dashboards.advanceSummary({ query: f });
    expect(advance.consumedCents).toBe(after.revenueCents);

    const byCampus = await finance.dashboards.revenueCampusDistribution({ query: {} });
    expect(byCampus.rows.find((r) => r.key === 'SH01')?.cents).toBe(after.revenueCents);
    const ranking = await finance.dashboards.revenueSchoolRanking({ query: {} });
    const total = await finance.dashboards.revenueSummary({ query: {} });
    expect(ranking.rows.reduce((acc, r) => acc + r.cents, 0)).toBe(total.revenueCents);
    const types = await finance.dashboards.revenueTypeProportion({ query: f });
    expect(types.rows.find((r) => r.key === '1')?.name).toBe('新报');
    const trend = await finance.dashboards.revenueSchoolTrend({ query: f });
    expect(trend.series[0]?.values.reduce((a, b) => a + b, 0)).toBe(after.revenueCents);
    const courses = await finance.dashboards.revenueCourseTrend({ query: f });
    expect(courses.series.find((x) => x.key === 'C001')?.values.at(-1) ?? 0).toBeGreaterThanOrEqual(value);
  });
});
