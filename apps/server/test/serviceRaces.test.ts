// Issue 14's concurrent commands on instalments and statements: two decisions on one instalment
// application at once (one wins, the other is told the request moved), two payments of one term at
// once (paid once), two regenerations of one statement at once (both kept, versions consecutive).
// On PGlite the requests queue on one connection; the `pg` run sends them to a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ApiError, ErrorCode, type Sdk } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { payRecords } from '../src/slices/orders/index.js';
import { accountStatements } from '../src/slices/statements/tables.js';
import { termBills } from '../src/slices/termBills/tables.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let studentId: number;

beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
  finance = await t.as('finance');
  director = await t.as('director');
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  if (!a) throw new Error('the demo seed has students in SH01');
  studentId = a.id;
}, 120_000);
afterAll(async () => t?.close());

const half = (payable: string) => {
  const c = Math.round(Number(payable) * 100);
  const first = Math.floor(c / 2);
  return [(first / 100).toFixed(2), ((c - first) / 100).toFixed(2)];
};
const day = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** An unpaid order of SH01 and its instalment application of two terms. */
async function application() {
  const o = await sales.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId,
      orderType: 0,
      items: [{ courseCode: 'C001', quantity: 4 }],
    },
  });
  const { payable } = await sales.orders.detail({ params: { id: o.id } });
  const [a, b] = half(payable);
  const applied = await sales.termBills.applySubmit({
    body: {
      orderId: o.id,
      terms: [
        { dueDate: day(1), amount: a ?? '' },
        { dueDate: day(31), amount: b ?? '' },
      ],
      remark: '',
    },
  });
  return { order: o, ...applied };
}

/** The error code of a refused request (a failed promise's reason). */
const codeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' && r.reason instanceof ApiError ? r.reason.code : r.status;

describe('instalment applications decided twice at once', () => {
  it('lets one decision of the last step win; the other is told the request moved, the bill follows the winner', async () => {
    const { id: billId, approvalId } = await application();
    await director.approvals.pass({ body: { id: approvalId } });
    const { version } = await finance.termBills.applyDetail({ query: { id: approvalId } });
    const results = await Promise.allSettled([
      finance.approvals.pass({ body: { id: approvalId, version } }),
      finance.approvals.reject({ body: { id: approvalId, version, comment: '重复申请' } }),
    ]);
    const won = results.findIndex((r) => r.status === 'fulfilled');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results[1 - won];
    if (!lost) throw new Error('two results');
    expect([ErrorCode.conflict, ErrorCode.rule]).toContain(codeOf(lost));
    const [bill] = await t.deps.db.select().from(termBills).where(eq(termBills.id, billId));
    expect(bill?.status).toBe(won === 0 ? 20 : 30);
    const d = await finance.termBills.applyDetail({ query: { id: approvalId } });
    expect(d.status).toBe(won === 0 ? 20 : 30);
    expect(d.history.filter((h) => h.decision === 'pass' || h.decision === 'reject')).toHaveLength(2);
  });

  it('lets one of two passes of the first step through: the request moves one step, not two', async () => {
    const { approvalId } = await application();
    const results = await Promise.allSettled([
      director.approvals.pass({ body: { id: approvalId } }),
      director.approvals.pass({ body: { id: approvalId } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const d = await finance.termBills.applyDetail({ query: { id: approvalId } });
    expect(d.step).toBe(1);
    expect(d.status).toBe(10);
    expect(d.canDecide).toBe(true);
  });
});

describe('one term paid twice at once', () => {
  it('writes one pay record for the term; the other payment is refused', async () => {
    const { order, approvalId } = await application();
    await director.approvals.pass({ body: { id: approvalId } });
    await finance.approvals.pass({ body: { id: approvalId } });
    const bill = await finance.termBills.detailByOrderCode({ query: { orderCode: order.code } });
    const term = bill?.terms[0];
    if (!term) throw new Error('an active bill with terms');
    const pay = () =>
      finance.termBills.submitPaymentTerm({
        body: { billItemId: term.id, method: 1, paidAt: t.clock.now().toISOString() },
      });
    const results = await Promise.allSettled([pay(), pay()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.map(codeOf)).toContain(ErrorCode.conflict);
    const records = await t.deps.db.select().from(payRecords).where(eq(payRecords.orderId, order.id));
    expect(records.map((r) => r.amountCents)).toEqual([Math.round(Number(term.amount) * 100)]);
    const after = await finance.termBills.detailByOrderCode({ query: { orderCode: order.code } });
    expect(after?.terms.map((x) => x.status)).toEqual([15, 10]);
    expect((await finance.orders.detail({ params: { id: order.id } })).status).toBe(20);
  });
});

describe('one statement regenerated twice at once', () => {
  it('keeps both new versions, numbered one after the other, and only the last is current', async () => {
    const month = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    await finance.statements.generate({ body: { schoolItemCode: 'SH01', month, studentId } });
    const [first] = await t.deps.db
      .select()
      .from(accountStatements)
      .where(and(eq(accountStatements.studentId, studentId), eq(accountStatements.month, month)));
    if (!first) throw new Error('a statement of the month');
    const results = await Promise.all([
      finance.statements.regenerate({ params: { id: first.id } }),
      finance.statements.regenerate({ params: { id: first.id } }),
      finance.statements.regenerate({ params: { id: first.id } }),
    ]);
    expect(results.map((r) => r.version).sort()).toEqual([2, 3, 4]);
    const rows = await t.deps.db
      .select()
      .from(accountStatements)
      .where(and(eq(accountStatements.studentId, studentId), eq(accountStatements.month, month)));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2, 3, 4]);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.version)).toEqual([4]);
  });
});
