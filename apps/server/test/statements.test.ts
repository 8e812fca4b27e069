// Account statements over HTTP: drawn from the ledger (opening + movements = closing, equal to the
// ledger's own sums), regenerated as a new version with the old one kept, checked against later
// movements, resent through the text-message adapter (503 when not configured), campus scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, lt } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orderItems } from '../src/slices/orders/tables.js';
import { monthBound } from '../src/shared/days.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let student: { id: number; code: string };
let bj01: number;
let month: string;

beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  student = a;
  bj01 = b.id;
  month = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 7);
}, 120_000);
afterAll(async () => t?.close());

/** The ledger's own sums of the student up to the month's end: hundredths and cents. */
async function ledgerAtMonthEnd(studentId: number) {
  const { end } = monthBound('month', month);
  const rows = await t.deps.db
    .select()
    .from(studentLedger)
    .where(and(eq(studentLedger.studentId, studentId), lt(studentLedger.postedAt, end)));
  return {
    hours: rows.reduce((s, m) => s + Math.round(Number(m.hours) * 100), 0) / 100,
    cents: rows.reduce((s, m) => s + m.valueCents, 0),
  };
}
const cents = (yuan: string) => Math.round(Number(yuan) * 100);

async function effectiveOrder(studentId: number) {
  const o = await sales.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId,
      orderType: 0,
      items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 1 }],
    },
  });
  const d = await sales.orders.detail({ params: { id: o.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return o;
}

describe('account statements', () => {
  it('draws the month from the ledger, regenerates as a new version and keeps the old one', async () => {
    const o = await effectiveOrder(student.id);
    const g = await finance.statements.generate({
      body: { schoolItemCode: 'SH01', month, studentId: student.id },
    });
    expect(g).toEqual({ created: 1, existing: 0 });
    // Generating again creates nothing twice.
    expect(
      await finance.statements.generate({ body: { schoolItemCode: 'SH01', month, studentId: student.id } }),
    ).toEqual({
      created: 0,
      existing: 1,
    });
    const page = await finance.statements.queryPage({ query: { month, keyword: student.code } });
    expect(page.list).toHaveLength(1);
    const row = page.list[0];
    if (!row) throw new Error('a statement');
    const ledger = await ledgerAtMonthEnd(student.id);
    expect(row.closingHours).toBe(ledger.hours);
    expect(cents(row.closingValue)).toBe(ledger.cents);
    const d = await finance.statements.detail({ params: { id: row.id } });
    // Opening + the month's movements = closing, in hours and in money.
    expect(cents(d.openingValue) + d.lines.reduce((s, l) => s + cents(l.value), 0)).toBe(
      cents(d.closingValue),
    );
    expect(Math.round((d.openingHours + d.lines.reduce((s, l) => s + l.hours, 0)) * 100)).toBe(
      Math.round(d.closingHours * 100),
    );
    expect(d.lines.filter((l) => l.orderCode === o.code).map((l) => [l.kind, l.hours, l.value])).toEqual([
      ['purchase', 10, '3800.00'],
      ['gift', 1, '0.00'],
    ]);
    expect((await finance.statements.checkAccountStatement({ body: { id: row.id } })).consistent).toBe(true);

    // A later movement of the month: the statement no longer agrees until it is drawn again.
    const [item] = await t.deps.db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
    await finance.courseTransfers.transferCreate({
      body: { orderItemId: item?.id ?? 0, targetCourseCode: 'C004', hours: 2 },
    });
    const stale = await finance.statements.checkAccountStatement({ body: { id: row.id } });
    expect(stale.consistent).toBe(false);
    expect(stale.statementClosingHours).toBe(row.closingHours);
    const again = await finance.statements.regenerate({ params: { id: row.id } });
    expect(again.version).toBe(2);
    expect((await finance.statements.checkAccountStatement({ body: { id: again.id } })).consistent).toBe(
      true,
    );
    const v2 = await finance.statements.detail({ params: { id: again.id } });
    expect(v2.versions.map((v) => [v.id, v.version])).toEqual([[row.id, 1]]);
    expect(cents(v2.closingValue)).toBe((await ledgerAtMonthEnd(student.id)).cents);
    // The list shows the current version only; the old one is still there by id.
    const after = await finance.statements.queryPage({ query: { month, keyword: student.code } });
    expect(after.list.map((x) => x.version)).toEqual([2]);
    expect((await finance.statements.detail({ params: { id: row.id } })).version).toBe(1);
  });

  it('resends through the text-message adapter: 503 when it is not configured, nothing recorded', async () => {
    const page = await finance.statements.queryPage({ query: { month, keyword: student.code } });
    const id = page.list[0]?.id ?? 0;
    await expectApiError(finance.statements.resend({ params: { id } }), ErrorCode.notConfigured);
    expect((await finance.statements.detail({ params: { id } })).sentCount).toBe(0);
  });

  it('keeps to the caller’s campuses', async () => {
    const admin = await t.as('admin');
    const o = await finance.orders.create({
      body: {
        schoolItemCode: 'BJ01',
        studentId: bj01,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 1 }],
      },
    });
    const r = await admin.orders.addPayRecord({
      body: { orderId: o.id, method: 1, amount: '380.00', paidAt: t.clock.now().toISOString() },
    });
    await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
    await finance.statements.generate({ body: { schoolItemCode: 'BJ01', month, studentId: bj01 } });
    await expectApiError(
      director.statements.generate({ body: { schoolItemCode: 'BJ01', month } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.statements.queryPage({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    const bj = await finance.statements.queryPage({ query: { schoolItemCode: 'BJ01', month } });
    expect(bj.list.length).toBeGreaterThan(0);
    for (const r of bj.list)
      await expectApiError(director.statements.detail({ params: { id: r.id } }), ErrorCode.noPermission);
    await expectApiError(sales.statements.queryPage({ query: {} }), ErrorCode.noPermission);
  });
});
