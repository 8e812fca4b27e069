// Refund applications over HTTP: a family's request with attachments (checked by content, kept in
// object storage), the refundApplication kind on the engine (campus head, self-approval refused,
// campus scope, concurrent passes) and, once approved, the refund order filed by the refunds slice.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { refundOrders } from '../src/slices/refunds/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let admin: Sdk;
let sh01: number;
let bj01: number;
let dir: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a signed letter'),
]);
const png = () => new Blob([new Uint8Array(PNG)], { type: 'image/png' });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bo-refund-apps-'));
  t = await startTestServer({ env: { UPLOAD_DIR: dir } });
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
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function effective(studentId = sh01, schoolItemCode = 'SH01', by = sales) {
  const body: TOrderCreateInput = {
    schoolItemCode,
    studentId,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 4 }],
  };
  const created = await by.orders.create({ body });
  const d = await by.orders.detail({ params: { id: created.id } });
  const r = await by.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return finance.orders.detail({ params: { id: created.id } });
}

const application = (orderId: number) => ({
  orderId,
  reasonCode: 'MOVE',
  content: '家庭搬迁，申请退还剩余课时费用 / moving away',
  applicantName: '王妈妈',
  applicantPhone: '13800001111',
});

describe('refund applications', () => {
  it('keeps attachments, and once the campus head approves, files the refund order in the requester’s name', async () => {
    const o = await effective();
    const r = await sales.refundApplications.add({ body: application(o.id) });
    expect(r.code).toMatch(/^TS\d{10}$/);
    await expectApiError(sales.refundApplications.add({ body: application(o.id) }), ErrorCode.conflict);

    const files = await sales.refundApplications.attachmentUpload({
      file: png(),
      filename: '退费申请书.png',
      fields: { id: String(r.id) },
    });
    expect(files).toEqual([
      { index: 0, filename: '退费申请书.png', contentType: 'image/png', size: PNG.length },
    ]);
    const fake = await expectApiError(
      sales.refundApplications.attachmentUpload({
        file: new Blob(['MZ not a picture']),
        filename: 'x.png',
        fields: { id: String(r.id) },
      }),
      ErrorCode.validation,
    );
    expect(fake.field).toBe('file');
    const blob = await director.refundApplications.attachmentDownload({ params: { id: r.id, index: 0 } });
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(PNG);
    expect(await director.refundApplications.attachmentInfo({ query: { id: r.id } })).toHaveLength(1);

    const waiting = await director.refundApplications.queryPage({ query: { mine: true } });
    expect(waiting.list.find((x) => x.applicationId === r.id)?.canDecide).toBe(true);
    await director.approvals.pass({ body: { id: r.approvalId } });

    const d = await sales.refundApplications.flowDetail({ params: { id: r.id } });
    expect(d.applicationStatus).toBe(20);
    expect(d.refundOrderCode).toMatch(/^TK/);
    const [ro] = await t.deps.db
      .select()
      .from(refundOrders)
      .where(eq(refundOrders.id, d.refundOrderId ?? 0));
    expect(ro).toMatchObject({ orderId: o.id, status: 10, reasonCode: 'MOVE' });
    // Filed by the consultant, so the campus head takes the refund order's own first step.
    await director.approvals.pass({ body: { id: ro?.approvalId ?? 0 } });
    const ra = await finance.refunds.refundApprovalDetail({ params: { id: ro?.approvalId ?? 0 } });
    expect(ra.requestedBy).toBe(d.requestedBy);
    expect(ra.stepName).toBe('财务审批');
    // Closed: nothing more is attached.
    await expectApiError(
      sales.refundApplications.attachmentUpload({
        file: png(),
        filename: 'late.png',
        fields: { id: String(r.id) },
      }),
      ErrorCode.rule,
    );
  });

  it('refuses self-approval and keeps to the campus', async () => {
    const o = await effective();
    const r = await director.refundApplications.add({ body: application(o.id) });
    await expectApiError(director.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.noPermission);

    const b = await effective(bj01, 'BJ01', admin);
    await expectApiError(sales.refundApplications.add({ body: application(b.id) }), ErrorCode.noPermission);
    const other = await admin.refundApplications.add({ body: application(b.id) });
    await expectApiError(
      sales.refundApplications.flowDetail({ params: { id: other.id } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.refundApplications.attachmentDownload({ params: { id: other.id, index: 0 } }),
      ErrorCode.noPermission,
    );
    await expectApiError(director.approvals.pass({ body: { id: other.approvalId } }), ErrorCode.noPermission);
    const list = await sales.refundApplications.queryPage({ query: {} });
    expect(list.list.some((x) => x.applicationId === other.id)).toBe(false);
  });

  it('lets one of two concurrent passes win: one refund order', async () => {
    const o = await effective();
    const r = await sales.refundApplications.add({ body: application(o.id) });
    const director2 = await t.as('director');
    const results = await Promise.allSettled([
      director.approvals.pass({ body: { id: r.approvalId } }),
      director2.approvals.pass({ body: { id: r.approvalId } }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const ros = await t.deps.db.select().from(refundOrders).where(eq(refundOrders.orderId, o.id));
    expect(ros).toHaveLength(1);
  });
});
