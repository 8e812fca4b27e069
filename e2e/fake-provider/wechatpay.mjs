// A fake WeChat Pay API v3 gateway (Native payment) for the e2e journeys, on loopback. It speaks the
// protocol the server's adapter speaks (apps/server/src/slices/payments/wechatpay.ts), like the
// server tests' peer (apps/server/test/fixtures/wechatpayPeer.ts):
//   POST /v3/pay/transactions/native                 checks the merchant signature, answers a code_url
//   GET  /v3/pay/transactions/out-trade-no/{no}      the trade's state (signed answer)
// and, for the journeys (what a family's phone would do):
//   GET  /e2e/trades                                 every trade made, newest first
//   POST /e2e/pay?out_trade_no=…                     the family pays: the trade is SUCCESS and the signed,
//                                                    encrypted notification is posted to its notify_url
//   POST /e2e/pay?code_url=…                         the same for the trade of a scanned code (the text
//                                                    of the QR code a screen shows)
//   GET  /healthz
// Keys come from the environment (playwright.config.ts makes them once per run).
import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is required`);
  return v;
};
const port = Number(env('FAKE_WECHATPAY_PORT'));
const mchId = env('WECHATPAY_MCH_ID');
const appId = env('WECHATPAY_APP_ID');
const merchantSerial = env('WECHATPAY_MCH_SERIAL_NO');
const merchantPublicKey = env('FAKE_WECHATPAY_MERCHANT_PUBLIC_KEY');
const platformSerial = env('WECHATPAY_PLATFORM_SERIAL');
const platformPrivateKey = env('FAKE_WECHATPAY_PLATFORM_PRIVATE_KEY');
const apiV3Key = env('WECHATPAY_APIV3_KEY');

/** out_trade_no → trade, in creation order. */
const trades = new Map();

function signed(body) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(platformPrivateKey, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': platformSerial,
  };
}

function answer(res, status, payload) {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', ...signed(body) });
  res.end(body);
}

function signedByMerchant(req, body) {
  const h = String(req.headers.authorization ?? '');
  if (!h.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
  const f = Object.fromEntries([...h.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  if (f.mchid !== mchId || f.serial_no !== merchantSerial) return false;
  if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
  return createVerify('RSA-SHA256')
    .update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
    .verify(merchantPublicKey, f.signature ?? '', 'base64');
}

const transaction = (t) => ({
  appid: appId,
  mchid: mchId,
  out_trade_no: t.outTradeNo,
  transaction_id: t.transactionId ?? undefined,
  trade_type: 'NATIVE',
  trade_state: t.state,
  trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : '未支付',
  bank_type: 'OTHERS',
  success_time: t.successTime ?? undefined,
  payer: { openid: 'oE2E-family' },
  amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
});

/** Posts the notification of a paid trade to the merchant, as the gateway does. */
async function notify(t) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(transaction(t)), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: `EV-${randomBytes(8).toString('hex')}`,
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const res = await fetch(t.notifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signed(body) },
    body,
  });
  return res.status;
}

async function readBody(req) {
  let s = '';
  for await (const chunk of req) s += String(chunk);
  return s;
}

const server = createServer((req, res) => {
  void (async () => {
    const u = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const body = await readBody(req);
    if (u.pathname === '/healthz') return answer(res, 200, { ok: true });
    if (req.method === 'GET' && u.pathname === '/e2e/trades')
      return answer(res, 200, { trades: [...trades.values()].reverse() });
    if (req.method === 'POST' && u.pathname === '/e2e/pay') {
      const code = u.searchParams.get('code_url');
      const t = code
        ? [...trades.values()].find((x) => x.codeUrl === code)
        : trades.get(u.searchParams.get('out_trade_no') ?? '');
      if (!t) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      t.state = 'SUCCESS';
      t.transactionId ??= `42000${randomBytes(8).toString('hex')}`;
      t.successTime ??= new Date().toISOString().slice(0, 19) + '+00:00';
      // The trade stays paid when the merchant cannot be reached: its poll of the query API finds it.
      const notified = await notify(t).catch((e) => `unreachable: ${String(e)}`);
      return answer(res, notified === 200 ? 200 : 502, { notified, trade: t });
    }
    if (!signedByMerchant(req, body)) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    if (req.method === 'POST' && u.pathname === '/v3/pay/transactions/native') {
      const b = JSON.parse(body);
      if (b.mchid !== mchId || b.appid !== appId || !Number.isInteger(b.amount?.total))
        return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      if (trades.has(b.out_trade_no))
        return answer(res, 403, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
      const codeUrl = `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}`;
      trades.set(b.out_trade_no, {
        outTradeNo: b.out_trade_no,
        codeUrl,
        total: b.amount.total,
        description: b.description,
        notifyUrl: b.notify_url,
        state: 'NOTPAY',
        transactionId: null,
        successTime: null,
      });
      return answer(res, 200, { code_url: codeUrl });
    }
    const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(u.pathname);
    if (req.method === 'GET' && m) {
      const t = trades.get(decodeURIComponent(m[1]));
      if (!t || u.searchParams.get('mchid') !== mchId)
        return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return answer(res, 200, transaction(t));
    }
    return answer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
  })().catch((e) => answer(res, 500, { code: 'SYSTEM_ERROR', message: String(e) }));
});

server.listen(port, '127.0.0.1', () => console.log(`fake WeChat Pay on http://127.0.0.1:${port}`));
