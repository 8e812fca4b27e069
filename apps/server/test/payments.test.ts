// Online payment through WeChat Pay API v3 (Native) against a fake gateway on loopback that checks
// our request signatures and signs its own answers and notifications; and the PDF receipt.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { ruleViolation } from '../src/http/errors.js';
import type { OrdersForPayments, OrderReceipt } from '../src/slices/payments/index.js';
import { onlinePaymentEvents, onlinePayments } from '../src/slices/payments/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { WechatPayPeer } from './fixtures/wechatpayPeer.js';
import { pdfText } from './fixtures/pdfText.js';

interface FakeOrder {
  id: number;
  code: string;
  schoolItemCode: string;
  familyCents: number;
  collectable: boolean;
  records: { reference: string; amountCents: number; by: number | null }[];
}

/** The orders slice as the payments slice sees it, in memory (same rules: idempotent, no over-payment). */
class FakeOrders implements OrdersForPayments {
  readonly orders = new Map<number, FakeOrder>();
  add(o: Omit<FakeOrder, 'records' | 'collectable'> & { collectable?: boolean }): FakeOrder {
    const order = { collectable: true, records: [], ...o };
    this.orders.set(o.id, order);
    return order;
  }
  private outstanding(o: FakeOrder) {
    return o.familyCents - o.records.reduce((s, r) => s + r.amountCents, 0);
  }
  orderToCollect(_tx: unknown, id: number) {
    const o = this.orders.get(id);
    return Promise.resolve(
      o
        ? {
            id: o.id,
            code: o.code,
            schoolItemCode: o.schoolItemCode,
            studentName: '周子涵',
            description: '语言训练一对一 20课时',
            outstandingFamilyCents: this.outstanding(o),
            collectable: o.collectable,
          }
        : null,
    );
  }
  recordOnlinePayment(
    _tx: unknown,
    p: { orderId: number; amountCents: number; reference: string; by: number | null },
  ) {
    const o = this.orders.get(p.orderId);
    if (!o) return Promise.reject(new Error('no order'));
    if (o.records.some((r) => r.reference === p.reference)) return Promise.resolve();
    if (p.amountCents > this.outstanding(o)) return Promise.reject(ruleViolation('超额 / over-payment'));
    o.records.push({ reference: p.reference, amountCents: p.amountCents, by: p.by });
    return Promise.resolve();
  }
  orderForReceipt(_tx: unknown, code: string): Promise<OrderReceipt | null> {
    const o = [...this.orders.values()].find((x) => x.code === code);
    if (!o) return Promise.resolve(null);
    return Promise.resolve({
      code: o.code,
      schoolItemCode: o.schoolItemCode,
      campusName: '上海徐汇中心',
      studentName: '周子涵',
      studentCode: 'S00000001',
      orderType: '新报 New enrolment',
      status: '已生效 Effective',
      createdAt: new Date('2026-11-20T02:00:00Z'),
      listCents: o.familyCents + 20_000,
      discountCents: 20_000,
      payableCents: o.familyCents,
      paidCents: o.records.reduce((s, r) => s + r.amountCents, 0),
      items: [
        {
          courseName: '语言训练一对一',
          unit: '课时',
          quantity: '20',
          giftQuantity: '2',
          unitPriceCents: 16_000,
          amountCents: o.familyCents,
        },
      ],
      payments: o.records.map((r) => ({
        method: '在线支付 Online',
        payer: '家庭 Family',
        amountCents: r.amountCents,
        paidAt: new Date('2026-11-20T03:00:00Z'),
        reference: r.reference,
        status: '已确认 Confirmed',
      })),
    });
  }
}

const PUBLIC_URL = 'https://bo.example.com';
const peer = new WechatPayPeer();
const orders = new FakeOrders();

// The file's own orders stand in for the orders slice: each server of the file is built with them as
// its ordersForPayments port (the composition root; nothing of another file's server changes).
const ports = { ordersForPayments: orders };
beforeAll(async () => {
  await peer.start();
});
afterAll(async () => {
  await peer.close();
});

describe('online payment not configured', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ ports });
    orders.add({ id: 900, code: 'DD0000000900', schoolItemCode: 'SH01', familyCents: 10_000 });
  });
  afterAll(async () => t?.close());

  it('answers 503 naming the gateway and what is missing, for the QR code, the query and the notification', async () => {
    const admin = await t.as('admin');
    const e = await expectApiError(
      admin.payments.cuspay({ query: { oid: 900, schoolitemcode: 'SH01', payMethodType: 1 } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('微信支付未配置');
    expect(e.message).toContain('WeChat Pay is not configured');
    expect(e.message).toContain('WECHATPAY_MCH_ID');
    const res = await fetch(`${t.baseURL}/pay/notify/wechatpay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(503);
  });
});

describe('online payment through WeChat Pay Native', () => {
  let t: TestServer;
  let admin: Sdk;
  let sales: Sdk;
  beforeAll(async () => {
    t = await startTestServer({ env: peer.env(PUBLIC_URL), ports });
    peer.now = t.clock.now;
    admin = await t.as('admin');
    sales = await t.as('sales');
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    peer.now = t.clock.now;
  });

  const notify = (n: { body: string; headers: Record<string, string> }) =>
    fetch(`${t.baseURL}/pay/notify/wechatpay`, { method: 'POST', headers: n.headers, body: n.body });
  const events = async (outTradeNo: string) =>
    (
      await t.database.db
        .select()
        .from(onlinePaymentEvents)
        .where(eq(onlinePaymentEvents.outTradeNo, outTradeNo))
    ).map((e) => e.outcome);

  it('creates the payment at the gateway for the outstanding family share, signed, and reuses a still valid QR code', async () => {
    const o = orders.add({ id: 1, code: 'DD0000000001', schoolItemCode: 'SH01', familyCents: 300_000 });
    o.records.push({ reference: 'cash-1', amountCents: 100_000, by: null });
    const p = await admin.payments.cuspay({ query: { oid: 1, schoolitemcode: 'SH01', payMethodType: 1 } });
    expect(p).toMatchObject({
      orderCode: 'DD0000000001',
      amount: '2000.00',
      amountCents: 200_000,
      reused: false,
    });
    expect(p.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = peer.trades.get(p.outTradeNo);
    expect(trade).toMatchObject({ total: 200_000, notifyUrl: `${PUBLIC_URL}/api/pay/notify/wechatpay` });
    expect(trade?.timeExpire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(new Date(p.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * 60_000);

    const again = await admin.payments.cuspay({
      query: { oid: 1, schoolitemcode: 'SH01', payMethodType: 1 },
    });
    expect(again).toMatchObject({ outTradeNo: p.outTradeNo, codeUrl: p.codeUrl, reused: true });
    expect(peer.trades.size).toBe(1);
  });

  it('refuses another campus (403), a campus that is not the order’s (400), an unknown order (404) and a paid one (422)', async () => {
    orders.add({ id: 2, code: 'DD0000000002', schoolItemCode: 'BJ01', familyCents: 50_000 });
    await expectApiError(
      sales.payments.cuspay({ query: { oid: 2, schoolitemcode: 'BJ01', payMethodType: 1 } }),
      ErrorCode.noPermission,
    );
    const e = await expectApiError(
      admin.payments.cuspay({ query: { oid: 2, schoolitemcode: 'SH01', payMethodType: 1 } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('query.schoolitemcode');
    await expectApiError(
      admin.payments.cuspay({ query: { oid: 999, schoolitemcode: 'SH01', payMethodType: 1 } }),
      ErrorCode.notFound,
    );
    const paid = orders.add({ id: 3, code: 'DD0000000003', schoolItemCode: 'SH01', familyCents: 10_000 });
    paid.records.push({ reference: 'pos-3', amountCents: 10_000, by: null });
    await expectApiError(
      admin.payments.cuspay({ query: { oid: 3, schoolitemcode: 'SH01', payMethodType: 1 } }),
      ErrorCode.rule,
    );
    await expectApiError(
      admin.payments.cuspay({ query: { oid: 1, schoolitemcode: 'SH01', payMethodType: 2 } }),
      ErrorCode.validation,
    );
  });

  it('refuses a notification with a bad signature, a stale time or an unknown serial, and records nothing', async () => {
    const p = await admin.payments.cuspay({ query: { oid: 1, schoolitemcode: 'SH01', payMethodType: 1 } });
    const trade = peer.pay(p.outTradeNo);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await notify(peer.notification(trade, { key: stranger }))).status).toBe(401);
    const stale = Math.floor(t.clock.now().getTime() / 1000) - 600;
    expect((await notify(peer.notification(trade, { timestamp: stale }))).status).toBe(401);
    expect((await notify(peer.notification(trade, { serial: 'PUB_KEY_ID_OTHER' }))).status).toBe(401);
    // The body changed after signing: the signature covers the exact bytes.
    const n = peer.notification(trade);
    expect((await notify({ ...n, body: n.body.replace('"summary"', '"summary" ') })).status).toBe(401);
    expect(orders.orders.get(1)?.records).toHaveLength(1);
    const row = (
      await t.database.db.select().from(onlinePayments).where(eq(onlinePayments.outTradeNo, p.outTradeNo))
    )[0];
    expect(row?.tradeState).toBe('NOTPAY');
  });

  it('refuses a notification whose amount differs from the order’s, and logs it', async () => {
    const trade = peer.trades.get('DD0000000001-1');
    if (!trade) throw new Error('no trade');
    const res = await notify(peer.notification(trade, { paidTotal: 100 }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string };
    expect(body.message).toContain('支付金额与订单不符 / the paid amount does not match the order');
    expect(orders.orders.get(1)?.records).toHaveLength(1);
    expect(await events('DD0000000001-1')).toContain('refusedAmount');
  });

  it('records a verified notification once: a repeated notification changes nothing', async () => {
    const trade = peer.trades.get('DD0000000001-1');
    if (!trade) throw new Error('no trade');
    const n = peer.notification(trade);
    expect((await notify(n)).status).toBe(200);
    expect((await notify(n)).status).toBe(200);
    expect((await notify(peer.notification(trade))).status).toBe(200);
    const recs = orders.orders.get(1)?.records ?? [];
    expect(recs).toHaveLength(2);
    expect(recs[1]).toMatchObject({ reference: trade.transactionId, amountCents: 200_000 });
    const adminId = (await t.deps.auth.resolve(await t.login('admin'), '127.0.0.1'))?.id;
    expect(recs[1]?.by).toBe(adminId);
    expect(await events('DD0000000001-1')).toEqual(expect.arrayContaining(['recorded', 'repeated']));
    const r = await admin.payments.queryResult({ query: { orderid: 1, type: 1 } });
    expect(r).toMatchObject({
      paid: true,
      tradeState: 'SUCCESS',
      amount: '2000.00',
      transactionId: trade.transactionId,
    });
  });

  it('refuses a notification that does not decrypt with the APIv3 key, and one of an unknown trade', async () => {
    const trade = peer.trades.get('DD0000000001-1');
    if (!trade) throw new Error('no trade');
    const wrongKey = await notify(peer.notification(trade, { apiV3Key: 'x'.repeat(32) }));
    expect(wrongKey.status).toBe(400);
    const unknown = await notify(peer.notification({ ...trade, outTradeNo: 'DD9999999999-1' }));
    expect(unknown.status).toBe(404);
  });

  it('the query path: the screen’s poll asks the gateway and records a payment whose notification never came, once', async () => {
    orders.add({ id: 4, code: 'DD0000000004', schoolItemCode: 'SH01', familyCents: 88_888 });
    const p = await admin.payments.cuspay({ query: { oid: 4, schoolitemcode: 'SH01', payMethodType: 1 } });
    expect(await admin.payments.queryResult({ query: { orderid: 4, type: 1 } })).toMatchObject({
      paid: false,
      tradeState: 'NOTPAY',
      amount: '888.88',
    });
    peer.pay(p.outTradeNo);
    const r = await admin.payments.queryResult({ query: { orderid: 4, type: 1 } });
    expect(r).toMatchObject({ paid: true, tradeState: 'SUCCESS', outTradeNo: p.outTradeNo });
    await admin.payments.queryResult({ query: { orderid: 4, type: 1 } });
    expect(orders.orders.get(4)?.records).toEqual([
      expect.objectContaining({ amountCents: 88_888, reference: r.transactionId }),
    ]);
    // The notification arriving late changes nothing either.
    const trade = peer.trades.get(p.outTradeNo);
    if (!trade) throw new Error('no trade');
    expect((await notify(peer.notification(trade))).status).toBe(200);
    expect(orders.orders.get(4)?.records).toHaveLength(1);
    await expectApiError(
      sales.payments.queryResult({ query: { orderid: 2, type: 1 } }),
      ErrorCode.noPermission,
    );
  });

  it('refuses a gateway answer that is not signed by the platform key (503, nothing stored)', async () => {
    orders.add({ id: 5, code: 'DD0000000005', schoolItemCode: 'SH01', familyCents: 1_000 });
    peer.answerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    try {
      const e = await expectApiError(
        admin.payments.cuspay({ query: { oid: 5, schoolitemcode: 'SH01', payMethodType: 1 } }),
        ErrorCode.notConfigured,
      );
      // Each language has its own half of the provider's name and of the reason.
      expect(e.message).toBe(
        '微信支付失败：应答验签失败 / WeChat Pay failed: answer refused: Wechatpay-Signature does not verify',
      );
    } finally {
      peer.answerKey = null;
    }
    // Our own request signed at a time the gateway does not accept is refused by the gateway.
    peer.now = () => new Date(t.clock.now().getTime() - 3_600_000);
    const refused = peer.refusedRequests;
    const e = await expectApiError(
      admin.payments.cuspay({ query: { oid: 5, schoolitemcode: 'SH01', payMethodType: 1 } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('SIGN_ERROR');
    expect(peer.refusedRequests).toBe(refused + 1);
    const rows = await t.database.db.select().from(onlinePayments).where(eq(onlinePayments.orderId, 5));
    expect(rows).toHaveLength(0);
  });
});

describe('PDF receipt', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ ports });
    const o = orders.add({ id: 10, code: 'DD0000000010', schoolItemCode: 'SH01', familyCents: 300_000 });
    o.records.push({ reference: '4200001234', amountCents: 300_000, by: null });
    orders.add({ id: 11, code: 'DD0000000011', schoolItemCode: 'BJ01', familyCents: 1_000 });
  });
  afterAll(async () => t?.close());

  const download = async (user: string, code: string) =>
    fetch(`${t.baseURL}/pdf/report?code=${code}`, { headers: { token: await t.login(user) } });

  it('renders a real PDF with the campus, the student, the items and the amount in figures and capitals', async () => {
    const res = await download('admin', 'DD0000000010');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Only the glyphs used are embedded.
    expect(pdf.length).toBeLessThan(100_000);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('校区 Campus：上海徐汇中心 (SH01)');
    expect(text).toContain('周子涵 (S00000001)');
    expect(text).toContain('语言训练一对一');
    expect(text).toContain('应付金额 Amount due：¥3,000.00');
    expect(text).toContain('大写 In words：叁仟元整');
    expect(text).toContain('4200001234');
  });

  it('refuses an order of another campus (403) and an unknown code (404)', async () => {
    expect((await download('sales', 'DD0000000011')).status).toBe(403);
    const res = await download('admin', 'DD0000009999');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toContain('DD0000009999');
  });
});
