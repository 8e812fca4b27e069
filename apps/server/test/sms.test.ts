// Text messages through Tencent Cloud SMS SendSms against a fake peer on loopback that checks the
// TC3 signature, action, version and region as Tencent Cloud does; the clue screens' sends go through it.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

const KEY = { secretId: 'AKIDsms0001', secretKey: 'sms-secret-key' };
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The TC3-HMAC-SHA256 check of the peer, written out from Tencent's documentation (service sms). */
function signedRight(req: IncomingMessage, body: string): boolean {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!m || m[1] !== KEY.secretId) return false;
  const ts = String(req.headers['x-tc-timestamp']);
  const date = m[2] ?? '';
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${sha256(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${sha256(canonical)}`;
  const k1 = createHmac('sha256', `TC3${KEY.secretKey}`).update(date).digest();
  const k2 = createHmac('sha256', k1).update('sms').digest();
  const k3 = createHmac('sha256', k2).update('tc3_request').digest();
  return createHmac('sha256', k3).update(toSign).digest('hex') === m[3];
}

const sent: Array<Record<string, unknown>> = [];
let refuse: string | null = null;
let peer: Server;
let url = '';

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const RequestId = `req-${sent.length}`;
      let answer: unknown;
      if (!signedRight(req, body))
        answer = {
          Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature' }, RequestId },
        };
      else if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11')
        answer = { Response: { Error: { Code: 'InvalidAction', Message: 'action/version' }, RequestId } };
      else if (req.headers['x-tc-region'] !== 'ap-guangzhou')
        answer = { Response: { Error: { Code: 'InvalidParameter', Message: 'region' }, RequestId } };
      else {
        const p = JSON.parse(body) as { PhoneNumberSet: string[] };
        sent.push(p);
        answer = {
          Response: {
            SendStatusSet: p.PhoneNumberSet.map((n, i) => ({
              SerialNo: `2640:${sent.length}${i}`,
              PhoneNumber: n,
              Fee: 1,
              SessionContext: '',
              Code: refuse ?? 'Ok',
              Message: refuse ? 'the number is refused' : 'send success',
              IsoCode: 'CN',
            })),
            RequestId,
          },
        };
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => peer.close(r));
});

const clueBody = (phone: string) => ({
  childName: '周子涵',
  parentName: '周敏',
  phone,
  gender: 2,
  birthDate: '2020-03-01',
  schoolItemCode: 'SH01',
  channel: 'WALKIN',
});

/** A visited clue of the sales consultant with an assessment. */
async function assessed(sales: Sdk, phone: string) {
  const t0 = Date.now();
  const c = await sales.clues.clueSave({ body: clueBody(phone) });
  await sales.clues.intoSchoolSave({
    body: { clueId: c.clueId, visitAt: new Date(t0 + 3600_000).toISOString() },
  });
  await sales.clues.clueConfirmSave({ body: { clueId: c.clueId } });
  const m = await sales.clues.matriculationSave({
    body: { clueId: c.clueId, matriculationType: 'language', conclusion: '语言发育落后约3个月' },
  });
  return { c, m };
}

describe('text messages configured', () => {
  let t: TestServer;
  let sales: Sdk;
  beforeAll(async () => {
    t = await startTestServer({
      env: {
        SMS_BASE_URL: url,
        SMS_SECRET_ID: KEY.secretId,
        SMS_SECRET_KEY: KEY.secretKey,
        SMS_SDK_APP_ID: '1400009099',
        SMS_SIGN_NAME: '星语康复',
        SMS_TEMPLATES: 'evaluate=449739,evaluationResult=449740',
        PUBLIC_URL: 'https://bo.example.com',
      },
    });
    sales = await t.as('sales');
  });
  afterAll(async () => t?.close());

  it('sends the assessment result link with its template and records the send', async () => {
    const { c, m } = await assessed(sales, '13966600001');
    const before = sent.length;
    const s = await sales.clues.matriculationSend({ params: { id: m.id } });
    expect(sent).toHaveLength(before + 1);
    expect(sent[before]).toEqual({
      PhoneNumberSet: ['+8613966600001'],
      SmsSdkAppId: '1400009099',
      SignName: '星语康复',
      TemplateId: '449740',
      TemplateParamSet: ['周子涵', s.link],
    });
    expect(s.link).toMatch(/^https:\/\/bo\.example\.com\/p\/result\/[A-Za-z0-9_-]{43}$/);
    expect(s.phone).toBe(c.phone);
    expect((await sales.clues.entranceAssessment({ query: { clueId: c.clueId } })).sends).toHaveLength(1);
  });

  it('sends the evaluation link with the evaluate template', async () => {
    const { m } = await assessed(sales, '13966600002');
    const before = sent.length;
    const s = await sales.clues.sendEvaluate({
      query: { uuid: m.uuid, phone: '13966600002', matriculationType: 'language' },
    });
    expect(s.link).toMatch(/^https:\/\/bo\.example\.com\/p\/evaluate\/[A-Za-z0-9_-]{43}$/);
    expect(sent[before]).toMatchObject({ TemplateId: '449739', TemplateParamSet: [s.link] });
  });

  it('answers 503 with the provider reason and records nothing when the number is refused', async () => {
    const { c, m } = await assessed(sales, '13966600003');
    refuse = 'LimitExceeded.PhoneNumberDailyLimit';
    try {
      const e = await expectApiError(
        sales.clues.matriculationSend({ params: { id: m.id } }),
        ErrorCode.notConfigured,
      );
      expect(e.message).toContain('LimitExceeded.PhoneNumberDailyLimit');
    } finally {
      refuse = null;
    }
    expect((await sales.clues.entranceAssessment({ query: { clueId: c.clueId } })).sends).toHaveLength(0);
  });
});

describe('text messages not configured', () => {
  let t: TestServer;
  let sales: Sdk;
  beforeAll(async () => {
    t = await startTestServer();
    sales = await t.as('sales');
  });
  afterAll(async () => t?.close());

  it('answers 503 naming Tencent Cloud SMS and records nothing', async () => {
    const { c, m } = await assessed(sales, '13966600004');
    const e = await expectApiError(
      sales.clues.matriculationSend({ params: { id: m.id } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('Tencent Cloud SMS');
    expect((await sales.clues.entranceAssessment({ query: { clueId: c.clueId } })).sends).toHaveLength(0);
  });
});
