// Online payment on the built server through the fake WeChat Pay gateway (a separate process that
// checks the server's request signatures and posts signed, encrypted notifications back over HTTP):
// an order of a demo student gets a QR code for its amount, the family pays, the notification
// records the payment on the order, and the order's PDF receipt downloads.
import { apiLogin, expect, test } from '../../fixtures/auth';
import { unpaidOrder } from '../../fixtures/orders';
import { fakeWechatPayURL, qrBaseURL } from '../../playwright.config';

test.use({ baseURL: qrBaseURL });

test('a QR code for the order, the family pays, the notification records it, the receipt shows it', async ({
  request,
  sdkAs,
}) => {
  const admin = await sdkAs('admin');
  const { order } = await unpaidOrder(admin, { quantity: 2 });

  const qr = await admin.payments.cuspay({
    query: { oid: order.id, schoolitemcode: 'SH01', payMethodType: 1 },
  });
  expect(qr.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  expect(await admin.payments.queryResult({ query: { orderid: order.id, type: 1 } })).toMatchObject({
    paid: false,
    tradeState: 'NOTPAY',
  });

  // The family's phone pays; the gateway notifies the server at PUBLIC_URL.
  const paid = await request.post(`${fakeWechatPayURL}/e2e/pay?out_trade_no=${qr.outTradeNo}`);
  expect(await paid.json()).toMatchObject({ notified: 200 });

  const result = await admin.payments.queryResult({ query: { orderid: order.id, type: 1 } });
  expect(result).toMatchObject({ paid: true, tradeState: 'SUCCESS', amountCents: qr.amountCents });
  const records = await admin.orders.payRecordPage({ body: { orderCode: order.code } });
  expect(records.list).toEqual([
    expect.objectContaining({ orderCode: order.code, reference: result.transactionId }),
  ]);

  // The receipt is a real PDF (its text, capitals included, is checked by the server tests).
  const { token } = await apiLogin(request, 'admin');
  const pdf = await request.get(`/api/pdf/report?code=${order.code}`, { headers: { token } });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
