// Agreements over HTTP: paper contracts (finance), contract supplements and service-time changes
// (campus head → finance) as kinds on the engine: the chain, self-approval refused, campus scope,
// one of two concurrent passes; a service-time change moves the case file's end date on its last pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let admin: Sdk;
let sh01: number;
let bj01: number;

beforeAll(async () => {
  t = await startTestServer();
  [sales, finance, director, admin] = await Promise.all([
    t.as('sales'),
    t.as('finance'),
    t.as('director'),
    t.as('admin'),
  ]);
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = a.id;
  bj01 = b.id;
}, 120_000);
afterAll(async () => t?.close());

async function effective(studentId = sh01, schoolItemCode = 'SH01', by = sales) {
  const body: TOrderCreateInput = {
    schoolItemCode,
    studentId,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 2 }],
  };
  const created = await by.orders.create({ body });
  const d = await by.orders.detail({ params: { id: created.id } });
  const r = await by.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return finance.orders.detail({ params: { id: created.id } });
}

describe('paper contracts', () => {
  it('are recorded by the campus, approved by finance, refused twice and outside the campus', async () => {
    const o = await effective();
    const r = await director.contracts.paperContractAdd({
      body: { orderId: o.id, contractNo: `PC-${o.id}`, signedDate: '2030-01-05' },
    });
    expect(r.code).toMatch(/^HT\d{10}$/);
    await expectApiError(director.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.noPermission);
    await expectApiError(
      director.contracts.paperContractAdd({
        body: { orderId: o.id, contractNo: 'other', signedDate: '2030-01-05' },
      }),
      ErrorCode.conflict,
    );
    await finance.approvals.pass({ body: { id: r.approvalId } });
    const d = await director.contracts.paperContractDetail({ params: { id: r.id } });
    expect(d).toMatchObject({ agreementStatus: 20, contractNo: `PC-${o.id}`, orderCode: o.code });
    expect(await director.contracts.supplementContract({ params: { id: o.id } })).toEqual({
      hasContract: true,
      contractNo: `PC-${o.id}`,
    });

    const b = await effective(bj01, 'BJ01', admin);
    await expectApiError(
      director.contracts.paperContractAdd({
        body: { orderId: b.id, contractNo: 'BJ', signedDate: '2030-01-05' },
      }),
      ErrorCode.noPermission,
    );
  });
});

describe('contract supplements', () => {
  it('run campus head then finance; an amount supplement needs its amount; one of two concurrent passes wins', async () => {
    const o = await effective();
    const bad = await expectApiError(
      admin.contracts.supplementAdd({ body: { orderId: o.id, kind: 'amount', content: '补录' } }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.amount');
    const r = await admin.contracts.supplementAdd({
      body: { orderId: o.id, kind: 'amount', amount: '1200.50', content: '补录约定金额' },
    });
    expect(await finance.contracts.supplementCheck({ params: { id: o.id } })).toMatchObject({ ok: false });
    await director.approvals.pass({ body: { id: r.approvalId } });
    const finance2 = await t.as('finance');
    const results = await Promise.allSettled([
      finance.approvals.pass({ body: { id: r.approvalId } }),
      finance2.approvals.pass({ body: { id: r.approvalId } }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const list = await finance.contracts.supplementList({ params: { a: o.studentId, b: o.id } });
    expect(list.map((x) => [x.code, x.supplementAmount, x.agreementStatus])).toEqual([
      [r.code, '1200.50', 20],
    ]);
  });
});

describe('service time', () => {
  it('moves the case file’s service end date on the last pass only', async () => {
    const r = await admin.contracts.serviceTimeApply({
      body: { studentId: sh01, serviceEndDate: '2031-12-31', reason: '住院顺延' },
    });
    await director.approvals.pass({ body: { id: r.approvalId } });
    const [mid] = await t.deps.db.select().from(students).where(eq(students.id, sh01));
    expect(mid?.serviceEndDate).not.toBe('2031-12-31');
    await expectApiError(admin.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.noPermission);
    await finance.approvals.pass({ body: { id: r.approvalId } });
    const [after] = await t.deps.db.select().from(students).where(eq(students.id, sh01));
    expect(after?.serviceEndDate).toBe('2031-12-31');
    const info = await director.contracts.serviceTimeInfo({ params: { id: r.id } });
    expect(info).toMatchObject({ agreementStatus: 20, previousEndDate: mid?.serviceEndDate ?? null });
  });
});
