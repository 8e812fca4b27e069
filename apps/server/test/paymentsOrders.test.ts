// Online payment and the receipt over the real orders slice: a demo order still owing is paid through
// the fake WeChat Pay gateway (notification, then a repeat), its pay record appears once and the
// order moves on by the orders slice's own rules; its PDF receipt carries the payable in capitals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toChineseCurrency, fromCents, formatAmount } from '@bo/domain';
import type { Sdk } from '@bo/api-sdk';
import { orders, payRecords } from '../src/slices/orders/index.js';
import { startTestServer, type TestServer } from './harness.js';
import { WechatPayPeer } from './fixtures/wechatpayPeer.js';
import { pdfText } from './fixtures/pdfText.js';

const peer = new WechatPayPeer();
let t: TestServer;
let admin: Sdk;

beforeAll(async () => {
  await peer.start();
  t = await startTestServer({ env: peer.env('https://bo.example.com') });
  peer.now = t.clock.now;
  admin = await t.as('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await peer.close();
});

describe('online payment of a real order', () => {
  it('pays what the family still owes, records it once, and the order awaits payment approval', async () => {
    const [o] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 20), eq(orders.funderCents, 0)))
      .orderBy(asc(orders.id))
      .limit(1);
    if (!o) throw new Error('no part-paid demo order');
    const before = await t.database.db
      .select()
      .from(payRecords)
      .where(and(eq(payRecords.orderId, o.id), inArray(payRecords.status, [10, 20])));
    const owed = o.familyCents - before.reduce((s, r) => s + r.amountCents, 0);
    expect(owed).toBeGreaterThan(0);
    const p = await admin.payments.cuspay({
      query: { oid: o.id, schoolitemcode: o.schoolItemCode, payMethodType: 1 },
    });
    expect(p.amountCents).toBe(owed);
    expect(peer.trades.get(p.outTradeNo)?.total).toBe(owed);
    const trade = peer.pay(p.outTradeNo);
    const n = peer.notification(trade);
    const post = () =>
      fetch(`${t.baseURL}/pay/notify/wechatpay`, { method: 'POST', headers: n.headers, body: n.body });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const online = await t.database.db
      .select()
      .from(payRecords)
      .where(and(eq(payRecords.orderId, o.id), eq(payRecords.method, 4)));
    expect(online).toEqual([
      expect.objectContaining({ amountCents: owed, reference: trade.transactionId, payer: 'family' }),
    ]);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after?.status).toBe(30);
    const r = await admin.payments.queryResult({ query: { orderid: o.id, type: 1 } });
    expect(r).toMatchObject({ paid: true, amountCents: owed });
  });

  it('renders the receipt of a real order with its payable in figures and capitals', async () => {
    const [o] = await t.database.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    if (!o) throw new Error('no demo order');
    const res = await fetch(`${t.baseURL}/pdf/report?code=${o.code}`, {
      headers: { token: await t.login('admin') },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer())).join('\n');
    expect(text).toContain(o.code);
    expect(text).toContain(`¥${formatAmount(fromCents(o.payableCents))}`);
    expect(text).toContain(toChineseCurrency(fromCents(o.payableCents)));
  });
});
