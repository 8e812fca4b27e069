// Transfer school over HTTP: the schoolTransfer kind on the engine (campus head → finance, the
// target campus's head may decide, self-approval refused, concurrent passes), and the move itself —
// student, open orders and ledger balances take the new campus in one transaction, so the old
// campus no longer sees them and the new one does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orders } from '../src/slices/orders/tables.js';
import { absences } from '../src/slices/absences/tables.js';
import { schoolTransfers } from '../src/slices/schoolTransfers/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let admin: Sdk;
const sh: { id: number; code: string }[] = [];
let bj: { id: number; code: string };

beforeAll(async () => {
  t = await startTestServer();
  [sales, finance, director, admin] = await Promise.all([
    t.as('sales'),
    t.as('finance'),
    t.as('director'),
    t.as('admin'),
  ]);
  // Students with nothing awaiting approval (the demo seed has orders awaiting payment approval,
  // leave, make-up and suspension requests and transfers awaiting a decision).
  const db = t.deps.db;
  const busy = new Set(
    [
      ...(await db.select({ id: orders.studentId }).from(orders).where(eq(orders.status, 30))),
      ...(await db.select({ id: absences.studentId }).from(absences).where(eq(absences.status, 10))),
      ...(await db
        .select({ id: schoolTransfers.studentId })
        .from(schoolTransfers)
        .where(eq(schoolTransfers.status, 10))),
    ].map((o) => o.id),
  );
  const a = (await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(50))
    .filter((s) => !busy.has(s.id))
    .slice(0, 3);
  const [b] = (
    await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(20)
  ).filter((s) => !busy.has(s.id));
  if (a.length < 3 || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh.push(...a.map((s) => ({ id: s.id, code: s.code })));
  bj = { id: b.id, code: b.code };
}, 120_000);
afterAll(async () => t?.close());

async function effective(studentId: number, schoolItemCode: string, by: Sdk) {
  const body: TOrderCreateInput = {
    schoolItemCode,
    studentId,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 10, giftQuantity: 1 }],
  };
  const created = await by.orders.create({ body });
  const d = await by.orders.detail({ params: { id: created.id } });
  const r = await by.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return finance.orders.detail({ params: { id: created.id } });
}

async function ledgerOf(orderId: number) {
  const rows = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, orderId));
  const sum = (xs: typeof rows) => ({
    hours: xs.reduce((s, m) => s + Math.round(Number(m.hours) * 100), 0),
    cents: xs.reduce((s, m) => s + m.valueCents, 0),
  });
  const byCampus = (c: string) => sum(rows.filter((m) => m.schoolItemCode === c));
  return { all: sum(rows), byCampus, transfers: rows.filter((m) => m.kind.startsWith('transfer')) };
}

describe('transfer school', () => {
  it('moves the student, their open orders and hours on the last pass; the old campus loses sight of them', async () => {
    const s = sh[0] ?? bj;
    const o = await effective(s.id, 'SH01', sales);
    const before = await ledgerOf(o.id);
    const pre = await sales.schoolTransfers.applyDetail({ query: { studentId: s.id } });
    expect(pre.blockers).toEqual([]);
    expect(pre.orders.find((x) => x.id === o.id)?.remainingHours).toBe(11);
    expect(
      await sales.schoolTransfers.applyCheck({ query: { studentId: s.id, toSchoolItemCode: 'SH01' } }),
    ).toMatchObject({
      ok: false,
    });

    const r = await sales.schoolTransfers.apply({
      body: { studentId: s.id, toSchoolItemCode: 'BJ01', reason: '搬家到北京 moving' },
    });
    expect(r.code).toMatch(/^ZX\d{10}$/);
    await expectApiError(
      sales.schoolTransfers.apply({ body: { studentId: s.id, toSchoolItemCode: 'BJ01', reason: '再次' } }),
      ErrorCode.conflict,
    );
    await director.schoolTransfers.approvalPass({ body: { id: r.approvalId } });
    // Nothing moves before the last step.
    expect((await sales.students.studentDetail({ query: { code: s.code } })).code).toBe(s.code);
    await finance.schoolTransfers.approvalPass({ body: { id: r.approvalId } });

    const d = await finance.schoolTransfers.detail({ params: { id: r.id } });
    // Every open order of the student moves: this one and any the student held before.
    expect(pre.orders.map((x) => x.id)).toContain(o.id);
    expect(d).toMatchObject({
      transferStatus: 20,
      movedOrders: pre.orders.length,
      fromSchoolItemCode: 'SH01',
      toSchoolItemCode: 'BJ01',
    });
    await expectApiError(sales.students.studentDetail({ query: { code: s.code } }), ErrorCode.noPermission);
    await expectApiError(sales.orders.detail({ params: { id: o.id } }), ErrorCode.noPermission);
    expect((await finance.orders.detail({ params: { id: o.id } })).schoolItemCode).toBe('BJ01');

    const after = await ledgerOf(o.id);
    expect(after.all).toEqual(before.all);
    expect(after.byCampus('SH01')).toEqual({ hours: 0, cents: 0 });
    expect(after.byCampus('BJ01')).toEqual(before.all);
    expect(after.transfers.reduce((s2, m) => s2 + m.valueCents, 0)).toBe(0);
    // The old campus's requester still reads the application it filed (it names the old campus).
    expect((await sales.schoolTransfers.list({ query: {} })).list.map((x) => x.transferId)).toContain(r.id);
  });

  it('lets the target campus’s head decide and see the student arrive', async () => {
    const o = await effective(bj.id, 'BJ01', admin);
    await expectApiError(sales.students.studentDetail({ query: { code: bj.code } }), ErrorCode.noPermission);
    const r = await admin.schoolTransfers.apply({
      body: { studentId: bj.id, toSchoolItemCode: 'SH01', reason: '回上海' },
    });
    // The director holds SH01 (the target), not BJ01.
    expect(
      (await director.schoolTransfers.list({ query: { mine: true } })).list.map((x) => x.transferId),
    ).toContain(r.id);
    await director.approvals.pass({ body: { id: r.approvalId } });
    await finance.approvals.pass({ body: { id: r.approvalId } });
    expect((await sales.students.studentDetail({ query: { code: bj.code } })).code).toBe(bj.code);
    expect((await sales.orders.detail({ params: { id: o.id } })).schoolItemCode).toBe('SH01');
  });

  it('refuses self-approval, a transfer outside the caller’s campuses and one with a payment awaiting approval', async () => {
    const s = sh[1] ?? bj;
    const r = await director.schoolTransfers.apply({
      body: { studentId: s.id, toSchoolItemCode: 'SH02', reason: '就近' },
    });
    await expectApiError(
      director.schoolTransfers.approvalPass({ body: { id: r.approvalId } }),
      ErrorCode.noPermission,
    );
    await director.approvals.cancel({ body: { id: r.approvalId } });
    expect((await director.schoolTransfers.detail({ params: { id: r.id } })).transferStatus).toBe(50);

    const other = await t.deps.db
      .select()
      .from(students)
      .where(and(eq(students.schoolItemCode, 'BJ01'), inArray(students.status, [10, 20])))
      .limit(2);
    const bj2 = other.find((x) => x.id !== bj.id);
    if (bj2)
      await expectApiError(
        sales.schoolTransfers.apply({ body: { studentId: bj2.id, toSchoolItemCode: 'SH01', reason: 'x' } }),
        ErrorCode.noPermission,
      );

    const s3 = sh[2] ?? bj;
    const created = await sales.orders.create({
      body: {
        schoolItemCode: 'SH01',
        studentId: s3.id,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 2 }],
      },
    });
    const od = await sales.orders.detail({ params: { id: created.id } });
    await sales.orders.addPayRecord({
      body: { orderId: created.id, method: 1, amount: od.payable, paidAt: t.clock.now().toISOString() },
    });
    const check = await sales.schoolTransfers.applyCheck({
      query: { studentId: s3.id, toSchoolItemCode: 'SH02' },
    });
    expect(check.ok).toBe(false);
    expect(check.reason).toContain(od.code);
    await expectApiError(
      sales.schoolTransfers.apply({ body: { studentId: s3.id, toSchoolItemCode: 'SH02', reason: 'x' } }),
      ErrorCode.conflict,
    );
  });

  it('lets one of two concurrent last passes win; the ledger moves once', async () => {
    const s = sh[1] ?? bj;
    const o = await effective(s.id, 'SH01', sales);
    const r = await sales.schoolTransfers.apply({
      body: { studentId: s.id, toSchoolItemCode: 'SH02', reason: '并发' },
    });
    await director.approvals.pass({ body: { id: r.approvalId } });
    const finance2 = await t.as('finance');
    const results = await Promise.allSettled([
      finance.schoolTransfers.approvalPass({ body: { id: r.approvalId } }),
      finance2.schoolTransfers.approvalPass({ body: { id: r.approvalId } }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const l = await ledgerOf(o.id);
    expect(l.transfers).toHaveLength(2);
  });
});
