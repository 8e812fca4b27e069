// Electronic contracts and the special survey over HTTP, against a fake e-signature provider and a
// fake text-message peer on loopback. The provider peer checks the app id and the HMAC-SHA256 request
// signature as its documentation describes; callbacks are signed the way the provider signs them.
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TSpecialSurveyInput } from '@bo/api-sdk';
import { sendAndSign } from '../src/slices/contracts/econtracts.js';
import { eContracts } from '../src/slices/contracts/tables.js';
import { students } from '../src/slices/students/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

const APP = { id: '7438000001', secret: 'esign-app-secret-0001' };
const PDF = Buffer.from('%PDF-1.4\n% signed by the guardian\n%%EOF\n');

interface Flow {
  id: string;
  status: number;
  signer: string;
  title: string;
  fields: Record<string, string>;
}
const flows = new Map<string, Flow>();
const texts: { phone: string; params: string[] }[] = [];
let downloads = 0;
let peer: Server;
let peerUrl = '';

/** The request signature as the provider recomputes it (written from its documentation). */
function signedRight(req: IncomingMessage, body: string): boolean {
  const md5 = body ? createHash('md5').update(body, 'utf8').digest('base64') : '';
  if (body && req.headers['content-md5'] !== md5) return false;
  const toSign = [
    req.method ?? '',
    String(req.headers.accept ?? ''),
    md5,
    body ? String(req.headers['content-type'] ?? '') : '',
    '',
    req.url ?? '',
  ].join('\n');
  const want = createHmac('sha256', APP.secret).update(toSign, 'utf8').digest('base64');
  return (
    req.headers['x-tsign-open-app-id'] === APP.id &&
    req.headers['x-tsign-open-auth-mode'] === 'Signature' &&
    req.headers['x-tsign-open-ca-signature'] === want
  );
}

function answer(req: IncomingMessage, body: string): unknown {
  const url = req.url ?? '';
  if (url === '/') {
    // The text-message peer (its own signature is sms.test.ts's business).
    const p = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateParamSet: string[] };
    texts.push({ phone: p.PhoneNumberSet[0] ?? '', params: p.TemplateParamSet });
    return { Response: { SendStatusSet: [{ Code: 'Ok', SerialNo: `sms-${texts.length}` }], RequestId: 'r' } };
  }
  if (!signedRight(req, body)) return { code: 401, message: '签名校验失败' };
  const b = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
  if (url === '/v3/files/create-by-doc-template') {
    const components = b.components as { componentKey: string; componentValue: string }[];
    return {
      code: 0,
      data: {
        fileId: `file-${flows.size + 1}`,
        fields: Object.fromEntries(components.map((c) => [c.componentKey, c.componentValue])),
      },
    };
  }
  if (url === '/v3/sign-flow/create-by-file') {
    const id = `flow-${flows.size + 1}`;
    const signer = (b.signers as { psnSignerInfo: { psnAccount: string } }[])[0];
    flows.set(id, {
      id,
      status: 1,
      signer: signer?.psnSignerInfo.psnAccount ?? '',
      title: String((b.signFlowConfig as { signFlowTitle: string }).signFlowTitle),
      fields: {},
    });
    return { code: 0, data: { signFlowId: id } };
  }
  const m = /^\/v3\/sign-flow\/([^/]+)\/(sign-url|detail|file-download-url)$/.exec(url);
  const flow = m ? flows.get(decodeURIComponent(m[1] ?? '')) : undefined;
  if (!m || !flow) return { code: 404, message: 'no such flow' };
  if (m[2] === 'sign-url')
    return { code: 0, data: { shortUrl: `https://t.esign.example/${flow.id}-${texts.length}` } };
  if (m[2] === 'detail') return { code: 0, data: { signFlowId: flow.id, signFlowStatus: flow.status } };
  return {
    code: 0,
    data: { files: [{ fileId: 'f', fileName: 'c.pdf', downloadUrl: `${peerUrl}/download/${flow.id}` }] },
  };
}

let t: TestServer;
let director: Sdk;
let sales: Sdk;
let dir: string;
let sh01: { id: number; phone: string; name: string };
let sh01b: number;
let bj01: number;

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.url?.startsWith('/download/')) {
        downloads += 1;
        res.setHeader('content-type', 'application/pdf');
        res.end(PDF);
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(req, body)));
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'bo-econtracts-'));
  t = await startTestServer({
    env: {
      UPLOAD_DIR: dir,
      PUBLIC_URL: 'https://bo.example.com',
      ESIGN_BASE_URL: peerUrl,
      ESIGN_APP_ID: APP.id,
      ESIGN_APP_SECRET: APP.secret,
      ESIGN_TEMPLATE_ID: 'tpl-service-contract',
      SMS_BASE_URL: peerUrl,
      SMS_SECRET_ID: 'AKIDsms0001',
      SMS_SECRET_KEY: 'sms-secret-key',
      SMS_SDK_APP_ID: '1400009099',
      SMS_SIGN_NAME: '星语康复',
      SMS_TEMPLATES: 'eContract=552001',
    },
  });
  [director, sales] = await Promise.all([t.as('director'), t.as('sales')]);
  const [a, b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(2);
  const [c] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!a || !b || !c) throw new Error('the demo seed has two students in SH01 and one in BJ01');
  sh01 = { id: a.id, phone: a.phone, name: a.name };
  sh01b = b.id;
  bj01 = c.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => peer.close(r));
  await rm(dir, { recursive: true, force: true });
});

const orderOf = async (studentId: number) =>
  (
    await sales.orders.create({
      body: { schoolItemCode: 'SH01', studentId, orderType: 0, items: [{ courseCode: 'C001', quantity: 2 }] },
    })
  ).id;

const survey = (studentId: number, version?: number): TSpecialSurveyInput => ({
  studentId,
  answers: {
    conditions: ['autism', 'other'],
    conditionOther: '对噪音敏感',
    communication: 'limited',
    toileting: 'withHelp',
    seizureHistory: false,
    allergies: '花生',
    emergencyContactName: '王芳',
    emergencyContactPhone: '13811112222',
  },
  guardianConsent: true,
  ...(version ? { version } : {}),
});

/** A callback as the provider sends it: hex HMAC-SHA256 over timestamp + the raw body. */
async function callback(flowId: string, status: number, secret = APP.secret) {
  const body = JSON.stringify({ action: 'SIGN_FLOW_COMPLETE', signFlowId: flowId, signFlowStatus: status });
  const ts = String(t.clock.now().getTime());
  const res = await fetch(`${t.baseURL}/contract/contract/esignNotify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-tsign-open-app-id': APP.id,
      'x-tsign-open-timestamp': ts,
      'x-tsign-open-signature': createHmac('sha256', secret)
        .update(ts + body)
        .digest('hex'),
    },
    body,
  });
  return res.status;
}

describe('special survey', () => {
  it('is filled once per student with the guardian’s consent, corrected with its version, kept in the campus', async () => {
    expect(await director.contracts.specialSurveyOne({ query: { studentId: sh01.id } })).toEqual({
      survey: null,
    });
    const bad = await expectApiError(
      director.contracts.specialSurveySave({
        body: { ...survey(sh01.id), answers: { ...survey(sh01.id).answers, conditionOther: '' } },
      }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.answers.conditionOther');
    const first = await director.contracts.specialSurveySave({ body: survey(sh01.id) });
    expect(first.version).toBe(1);
    await expectApiError(director.contracts.specialSurveySave({ body: survey(sh01.id) }), ErrorCode.conflict);
    const second = await director.contracts.specialSurveySave({
      body: { ...survey(sh01.id, 1), answers: { ...survey(sh01.id).answers, seizureHistory: true } },
    });
    expect(second).toEqual({ id: first.id, version: 2 });
    await expectApiError(
      director.contracts.specialSurveySave({ body: survey(sh01.id, 1) }),
      ErrorCode.conflict,
    );
    const form = await director.contracts.specialSurveyForm({ params: { id: first.id } });
    expect(form.answers).toMatchObject({
      seizureHistory: true,
      allergies: '花生',
      conditions: ['autism', 'other'],
    });
    expect(await director.contracts.specialSurveyOne({ query: { studentId: sh01.id } })).toEqual({
      survey: form,
    });
    await expectApiError(
      director.contracts.specialSurveySave({ body: survey(bj01) }),
      ErrorCode.noPermission,
    );
  });
});

describe('electronic contracts', () => {
  it('are refused before the special survey and outside the campus', async () => {
    const p = await director.contracts.eContractPermissions({ query: { stuId: sh01b } });
    expect(p).toMatchObject({ configured: true, surveyDone: false, canSend: false });
    const o = await orderOf(sh01b);
    const e = await expectApiError(
      director.contracts.eContractSend({ body: { orderId: o } }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('specialSurvey');
    await expectApiError(
      director.contracts.eContractsOfStudent({ query: { stuId: bj01 } }),
      ErrorCode.noPermission,
    );
  });

  it('are sent to the guardian by text, resent with a fresh link, signed by the verified callback once', async () => {
    const orderId = await orderOf(sh01.id);
    const p = await director.contracts.eContractPermissions({ query: { stuId: sh01.id } });
    expect(p).toMatchObject({ configured: true, surveyDone: true, canSend: true, signerPhone: sh01.phone });
    expect(p.orders.map((o) => o.orderId)).toContain(orderId);

    const before = { flows: flows.size, texts: texts.length };
    const sent = await director.contracts.eContractSend({ body: { orderId } });
    expect(sent).toMatchObject({ status: 10, sendCount: 1, signerPhone: sh01.phone, hasSignedFile: false });
    expect(sent.code).toMatch(/^DZ\d{10}$/);
    expect(flows.size).toBe(before.flows + 1);
    const flowId = `flow-${flows.size}`;
    expect(flows.get(flowId)?.signer).toBe(sh01.phone);
    expect(texts.at(-1)).toEqual({
      phone: `+86${sh01.phone}`,
      params: [sh01.name, `https://t.esign.example/${flowId}-${before.texts}`],
    });

    const again = await director.contracts.eContractSend({ body: { orderId } });
    expect(again).toMatchObject({ id: sent.id, sendCount: 2 });
    expect(flows.size).toBe(before.flows + 1);
    expect(texts.at(-1)?.params[1]).toBe(`https://t.esign.example/${flowId}-${before.texts + 1}`);

    flows.set(flowId, { ...(flows.get(flowId) as Flow), status: 2 });
    expect(await callback(flowId, 2, 'a-forged-secret')).toBe(401);
    const [unsigned] = await t.deps.db.select().from(eContracts).where(eq(eContracts.id, sent.id));
    expect(unsigned?.status).toBe(10);

    expect(await callback(flowId, 2)).toBe(200);
    expect(await callback(flowId, 2)).toBe(200);
    expect(downloads).toBe(1);
    const [signed] = await director.contracts.eContractsOfStudent({ query: { stuId: sh01.id } });
    expect(signed).toMatchObject({ id: sent.id, status: 20, hasSignedFile: true });
    const res = await fetch(`${t.baseURL}/contract/contract/signedFile/${sent.id}`, {
      headers: { token: await t.login('director') },
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    await expectApiError(director.contracts.eContractSend({ body: { orderId } }), ErrorCode.conflict);
  });

  it('take the provider’s state on sync; a refused one may be sent again as a new flow', async () => {
    const orderId = await orderOf(sh01.id);
    const sent = await director.contracts.eContractSend({ body: { orderId } });
    const flowId = `flow-${flows.size}`;
    expect((await director.contracts.eContractSync({ query: { id: sent.id } })).status).toBe(10);
    flows.set(flowId, { ...(flows.get(flowId) as Flow), status: 7 });
    expect((await director.contracts.eContractSync({ query: { id: sent.id } })).status).toBe(30);
    const next = await director.contracts.eContractSend({ body: { orderId } });
    expect(next.id).not.toBe(sent.id);
    expect(flows.size).toBe(Number(flowId.slice(5)) + 1);
  });

  it('start one flow when two sends of an order cross', async () => {
    const orderId = await orderOf(sh01.id);
    const before = flows.size;
    const results = await Promise.allSettled([
      director.contracts.eContractSend({ body: { orderId } }),
      director.contracts.eContractSend({ body: { orderId } }),
    ]);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: ErrorCode.conflict });
    expect(flows.size).toBe(before + 1);
    const rows = await t.deps.db.select().from(eContracts).where(eq(eContracts.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it('answer 503 naming what is missing when the provider is not configured', async () => {
    const user = await t.deps.auth.resolve(await t.login('director'), '127.0.0.1');
    if (!user) throw new Error('no session');
    const orderId = await orderOf(sh01.id);
    const deps = { ...t.deps, config: { ...t.config, ESIGN_APP_SECRET: undefined } };
    await expect(sendAndSign(deps, user, orderId)).rejects.toMatchObject({
      httpStatus: 503,
      message: expect.stringContaining('ESIGN_APP_SECRET') as unknown,
    });
  });
});
