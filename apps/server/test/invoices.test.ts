// Invoices over HTTP against a fake tax-invoice provider on loopback that checks the signed envelope
// and signs its answers: content configurations, requests never above the paid money not yet
// invoiced (to the cent, also when two arrive at once), asynchronous issue, red-letter reversal (红冲)
// issued by the provider the same way, refused signatures.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { reverseInvoice, sendToProvider, taxWithin } from '../src/slices/invoices/service.js';
import { students } from '../src/slices/students/tables.js';
import { auditLog } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

const APP = { id: 'cmb-app-0001', secret: 'cmb-invoice-secret' };
const sign = (secret: string, f: Record<string, string>) =>
  createHmac('sha256', secret)
    .update(
      Object.keys(f)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}=${f[k] ?? ''}`)
        .join('&'),
    )
    .digest('hex');

interface Issued {
  biz: Record<string, unknown>;
  state: 'PROCESSING' | 'SUCCESS' | 'FAILED';
}
const issued = new Map<string, Issued>();
let answerSecret = APP.secret;
let peer: Server;
let peerUrl = '';
let t: TestServer;
let finance: Sdk;
let director: Sdk;
let admin: Sdk;
let sh01: number;
let bj01: number;
let contentId: number;

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const f = JSON.parse(body) as Record<string, string>;
      const ok = f.appid === APP.id && f.sign === sign(APP.secret, f);
      const biz = JSON.parse(f.biz_content ?? '{}') as Record<string, unknown>;
      const serial = String(biz.serial_no);
      let out: Record<string, unknown> = {};
      let code = 'SUCCESS';
      const blue = issued.get(String(biz.original_serial_no));
      if (!ok) code = 'SIGN_ERROR';
      else if (req.url === '/invoice/v1/blue/issue') {
        if (!issued.has(serial)) issued.set(serial, { biz, state: 'PROCESSING' });
        out = { serial_no: serial, status: 'ACCEPTED' };
      } else if (req.url === '/invoice/v1/red/issue') {
        // As the tax office does: a red invoice only for an issued blue one, named by its number.
        if (
          blue?.state !== 'SUCCESS' ||
          biz.original_invoice_no !== `2431000000${String(biz.original_serial_no).slice(-8)}`
        )
          code = 'ORIGINAL_NOT_FOUND';
        else {
          if (!issued.has(serial)) issued.set(serial, { biz, state: 'PROCESSING' });
          out = { serial_no: serial, status: 'ACCEPTED' };
        }
      } else if (req.url === '/invoice/v1/blue/query' || req.url === '/invoice/v1/red/query') {
        const i = issued.get(serial);
        out = !i
          ? { serial_no: serial, status: 'FAILED', fail_reason: 'unknown serial' }
          : i.state === 'SUCCESS'
            ? {
                serial_no: serial,
                status: 'SUCCESS',
                invoice_no: `2431000000${serial.slice(-8)}`,
                invoice_code: '031001900111',
                invoice_time: '2030-01-02T03:04:05Z',
                pdf_url: `https://einvoice.example/pdf/${serial}.pdf`,
              }
            : i.state === 'FAILED'
              ? { serial_no: serial, status: 'FAILED', fail_reason: '购方税号有误' }
              : { serial_no: serial, status: 'PROCESSING' };
      }
      const a: Record<string, string> = {
        return_code: code,
        return_msg: code === 'SUCCESS' ? 'ok' : code,
        timestamp: String(Math.floor(t.clock.now().getTime() / 1000)),
        biz_content: JSON.stringify(out),
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ...a, sign: sign(answerSecret, a) }));
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  t = await startTestServer({
    env: {
      CMB_INVOICE_BASE_URL: peerUrl,
      CMB_INVOICE_APP_ID: APP.id,
      CMB_INVOICE_SECRET: APP.secret,
      CMB_INVOICE_SELLER_TAX_NO: '91310000MA1K000001',
      CMB_INVOICE_SELLER_NAME: '星语康复教育科技有限公司',
    },
  });
  [finance, director, admin] = await Promise.all([t.as('finance'), t.as('director'), t.as('admin')]);
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = a.id;
  bj01 = b.id;
  contentId = (
    await finance.invoices.contentCreate({
      body: { name: '康复训练服务费', taxCode: '3070201020000000000', taxRate: '3' },
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => peer.close(r));
});

/** An order of the student with ¥(quantity × price) paid in cash and approved. */
async function paidOrder(studentId = sh01, schoolItemCode = 'SH01') {
  const created = await admin.orders.create({
    body: { schoolItemCode, studentId, orderType: 0, items: [{ courseCode: 'C001', quantity: 2 }] },
  });
  const d = await admin.orders.detail({ params: { id: created.id } });
  const r = await admin.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return { id: created.id, paid: d.payable };
}

const request = (orderId: number, amount: string) => ({
  orderId,
  amount,
  contentId,
  buyerType: 1 as const,
  buyerName: '王芳',
  email: 'family@example.com',
});

const cents = (yuan: string) => Math.round(Number(yuan) * 100);

describe('invoice content configurations', () => {
  it('keep names unique and changes versioned', async () => {
    await expectApiError(
      finance.invoices.contentCreate({
        body: { name: '康复训练服务费', taxCode: '3070201020000000000', taxRate: '6' },
      }),
      ErrorCode.conflict,
    );
    const c = await finance.invoices.contentGetById({ query: { id: contentId } });
    expect(c).toMatchObject({ taxRate: '3.00', validstatus: 1, version: 1 });
    const other = await finance.invoices.contentCreate({
      body: { name: '评估服务费', taxCode: '3070201020000000000', taxRate: '6.5' },
    });
    const u = await finance.invoices.contentUpdate({
      body: {
        id: other.id,
        version: 1,
        name: '评估服务费',
        taxCode: '3070201020000000000',
        taxRate: '6',
        validstatus: 0,
      },
    });
    expect(u.version).toBe(2);
    await expectApiError(
      finance.invoices.contentUpdate({
        body: { id: other.id, version: 1, name: '评估服务费', taxCode: '3070201020000000000', taxRate: '6' },
      }),
      ErrorCode.conflict,
    );
    const page = await finance.invoices.contentPage({ query: { validstatus: 0 } });
    expect(page.list.map((r) => r.id)).toEqual([other.id]);
  });
});

describe('invoices', () => {
  it('take at most the paid money not yet invoiced, to the cent, with the tax within the amount', async () => {
    const o = await paidOrder();
    const total = cents(o.paid);
    const part = (total - 1) / 100;
    const first = await finance.invoices.insert({ body: request(o.id, part.toFixed(2)) });
    expect(first).toMatchObject({ status: 10, amount: part.toFixed(2), taxRate: '3.00' });
    expect(cents(first.taxAmount)).toBe(taxWithin(total - 1, 300));
    const e = await expectApiError(finance.invoices.insert({ body: request(o.id, '0.02') }), ErrorCode.rule);
    expect(e.field).toBe('amount');
    const last = await finance.invoices.insert({ body: request(o.id, '0.01') });
    // The order detail's card lists exactly that order's invoices.
    const ofOrder = await finance.invoices.page({ query: { orderId: o.id } });
    expect(ofOrder.list.map((r) => r.id)).toEqual([last.id, first.id]);
    const [row] = await finance.invoices
      .orders({ query: { stuId: sh01 } })
      .then((l) => l.filter((x) => x.orderId === o.id));
    expect(row).toMatchObject({ paid: o.paid, invoiced: o.paid, available: '0.00' });
    await finance.invoices.cancel({ body: { invoiceId: last.id } });
    const [freed] = await finance.invoices
      .orders({ query: { stuId: sh01 } })
      .then((l) => l.filter((x) => x.orderId === o.id));
    expect(freed?.available).toBe('0.01');
  });

  it('let only one of two requests for the same money through', async () => {
    const o = await paidOrder();
    const results = await Promise.allSettled([
      finance.invoices.insert({ body: request(o.id, o.paid) }),
      finance.invoices.insert({ body: request(o.id, o.paid) }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as { code: number }).code).toBe(ErrorCode.rule);
  });

  it('are issued asynchronously by the provider: accepted, then issued with a number and a PDF', async () => {
    const o = await paidOrder();
    const inv = await finance.invoices.insert({
      body: {
        ...request(o.id, o.paid),
        buyerType: 2,
        buyerName: '某某保险公司',
        buyerTaxNo: '91310000ma1k000002',
      },
    });
    await expectApiError(finance.invoices.pdfUrl({ query: { invoiceId: inv.id } }), ErrorCode.rule);
    const sent = await finance.invoices.cmbCreate({ body: { invoiceId: inv.id } });
    expect(sent.status).toBe(20);
    expect(issued.get(inv.code)?.biz).toMatchObject({
      serial_no: inv.code,
      seller_tax_no: '91310000MA1K000001',
      buyer_type: 'ENTERPRISE',
      buyer_tax_no: '91310000MA1K000002',
      total_amount: o.paid,
      items: [{ name: '康复训练服务费', tax_rate: '0.03', amount: o.paid, tax_amount: inv.taxAmount }],
    });
    await expectApiError(finance.invoices.cmbCreate({ body: { invoiceId: inv.id } }), ErrorCode.conflict);
    expect((await finance.invoices.detail({ query: { invoiceId: inv.id } })).status).toBe(20);
    issued.set(inv.code, { ...(issued.get(inv.code) as Issued), state: 'SUCCESS' });
    const done = await finance.invoices.detail({ query: { invoiceId: inv.id } });
    expect(done).toMatchObject({ status: 30, invoiceNo: `2431000000${inv.code.slice(-8)}` });
    expect(await finance.invoices.pdfUrl({ query: { invoiceId: inv.id } })).toEqual({
      url: `https://einvoice.example/pdf/${inv.code}.pdf`,
    });
    const listed = await finance.invoices.page({ query: { keyword: inv.code } });
    expect(listed.list.map((r) => r.status)).toEqual([30]);

    // 红冲: finance only; the red invoice is issued by the provider naming the original, which
    // stays issued (its money held) until the provider answers that the red one exists.
    const reverse = { invoiceId: inv.id, reason: '抬头开错' };
    await expectApiError(director.invoices.reverse({ body: reverse }), ErrorCode.noPermission);
    const red = await finance.invoices.reverse({ body: reverse });
    expect(red).toMatchObject({
      status: 20,
      reversesId: inv.id,
      amount: `-${o.paid}`,
      taxAmount: `-${inv.taxAmount}`,
      orderId: o.id,
    });
    expect(issued.get(red.code)?.biz).toMatchObject({
      serial_no: red.code,
      original_serial_no: inv.code,
      original_invoice_no: done.invoiceNo,
      original_invoice_code: '031001900111',
      red_reason: '抬头开错',
      total_amount: `-${o.paid}`,
      items: [{ amount: `-${o.paid}`, tax_amount: `-${inv.taxAmount}` }],
    });
    await expectApiError(finance.invoices.reverse({ body: reverse }), ErrorCode.conflict);
    expect((await finance.invoices.detail({ query: { invoiceId: red.id } })).status).toBe(20);
    expect((await finance.invoices.detail({ query: { invoiceId: inv.id } })).status).toBe(30);
    const held = (await finance.invoices.orders({ query: { stuId: sh01 } })).find((x) => x.orderId === o.id);
    expect(held).toMatchObject({ invoiced: o.paid, available: '0.00' });

    issued.set(red.code, { ...(issued.get(red.code) as Issued), state: 'SUCCESS' });
    expect(await finance.invoices.detail({ query: { invoiceId: red.id } })).toMatchObject({
      status: 70,
      invoiceNo: `2431000000${red.code.slice(-8)}`,
    });
    expect((await finance.invoices.detail({ query: { invoiceId: inv.id } })).status).toBe(60);
    expect(await finance.invoices.pdfUrl({ query: { invoiceId: red.id } })).toEqual({
      url: `https://einvoice.example/pdf/${red.code}.pdf`,
    });
    await expectApiError(finance.invoices.reverse({ body: reverse }), ErrorCode.conflict);
    await expectApiError(
      finance.invoices.reverse({ body: { invoiceId: red.id, reason: '再冲' } }),
      ErrorCode.rule,
    );
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.reverse'), eq(auditLog.target, `invoices:${inv.code}`)));
    expect(audit?.detail).toMatchObject({ red: red.code, reason: '抬头开错' });
    const [row] = (await finance.invoices.orders({ query: { stuId: sh01 } })).filter(
      (x) => x.orderId === o.id,
    );
    expect(row).toMatchObject({ invoiced: '0.00', available: o.paid });
  });

  it('keep the original issued when its red invoice is refused or failed, and let it be reversed again', async () => {
    const o = await paidOrder();
    const inv = await finance.invoices.insert({ body: request(o.id, o.paid) });
    await finance.invoices.cmbCreate({ body: { invoiceId: inv.id } });
    issued.set(inv.code, { ...(issued.get(inv.code) as Issued), state: 'SUCCESS' });
    await finance.invoices.detail({ query: { invoiceId: inv.id } });
    const reverse = { body: { invoiceId: inv.id, reason: '服务中止' } };

    answerSecret = 'a-forged-secret';
    try {
      await expectApiError(finance.invoices.reverse(reverse), ErrorCode.notConfigured);
    } finally {
      answerSecret = APP.secret;
    }
    const refused = await finance.invoices.page({ query: { stuId: sh01, status: 40 } });
    expect(refused.list.filter((r) => r.reversesId === inv.id).map((r) => r.amount)).toEqual([`-${o.paid}`]);

    const red = await finance.invoices.reverse(reverse);
    issued.set(red.code, { ...(issued.get(red.code) as Issued), state: 'FAILED' });
    expect(await finance.invoices.detail({ query: { invoiceId: red.id } })).toMatchObject({
      status: 40,
      failReason: '购方税号有误',
    });
    expect((await finance.invoices.detail({ query: { invoiceId: inv.id } })).status).toBe(30);
    expect((await finance.invoices.reverse(reverse)).status).toBe(20);
  });

  it('free the amount when the provider fails the invoice', async () => {
    const o = await paidOrder();
    const inv = await finance.invoices.insert({ body: request(o.id, o.paid) });
    await finance.invoices.cmbCreate({ body: { invoiceId: inv.id } });
    issued.set(inv.code, { ...(issued.get(inv.code) as Issued), state: 'FAILED' });
    expect(await finance.invoices.detail({ query: { invoiceId: inv.id } })).toMatchObject({
      status: 40,
      failReason: '购方税号有误',
    });
    expect((await finance.invoices.insert({ body: request(o.id, o.paid) })).status).toBe(10);
  });

  it('refuse an answer the provider did not sign, keeping the request to send again', async () => {
    const o = await paidOrder();
    const inv = await finance.invoices.insert({ body: request(o.id, o.paid) });
    answerSecret = 'a-forged-secret';
    try {
      const e = await expectApiError(
        finance.invoices.cmbCreate({ body: { invoiceId: inv.id } }),
        ErrorCode.notConfigured,
      );
      expect(e.message).toMatch(/signature/);
    } finally {
      answerSecret = APP.secret;
    }
    expect((await finance.invoices.detail({ query: { invoiceId: inv.id } })).status).toBe(10);
    expect((await finance.invoices.cmbCreate({ body: { invoiceId: inv.id } })).status).toBe(20);
  });

  it('stay in their campus and answer 503 when the provider is not configured', async () => {
    const b = await paidOrder(bj01, 'BJ01');
    await expectApiError(director.invoices.orders({ query: { stuId: bj01 } }), ErrorCode.noPermission);
    const inv = await finance.invoices.insert({ body: request(b.id, b.paid) });
    await expectApiError(director.invoices.detail({ query: { invoiceId: inv.id } }), ErrorCode.noPermission);
    const user = await t.deps.auth.resolve(await t.login('finance'), '127.0.0.1');
    if (!user) throw new Error('no session');
    const deps = { ...t.deps, config: { ...t.config, CMB_INVOICE_SECRET: undefined } };
    await expect(sendToProvider(deps, user, inv.id)).rejects.toMatchObject({
      httpStatus: 503,
      message: expect.stringContaining('CMB_INVOICE_SECRET') as unknown,
    });
    // Reversing goes through the provider too: refused before anything is written.
    await expect(reverseInvoice(deps, user, inv.id, '')).rejects.toMatchObject({ httpStatus: 503 });
  });
});
