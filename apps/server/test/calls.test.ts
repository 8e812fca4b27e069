import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { startTestServer, expectApiError, type TestServer } from './harness.js';
import { auditLog } from '../src/slices/system/tables.js';

// ---- fake provider peers: they check the signature / sign as the providers do ----

const TCCC = { appId: '1400000001', secretId: 'AKIDtest0001', secretKey: 'tccc-secret-key' };
const ZHICHI = { appId: 'zc-app-1', appKey: 'zc-app-key' };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString('utf8')));
    req.on('end', () => resolve(s));
  });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Tencent Cloud API 3.0 signature check, written out from Tencent's documentation. */
function tc3Valid(req: IncomingMessage, body: string, secretKey: string): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m || m[1] !== TCCC.secretId || m[3] !== 'ccc' || m[4] !== 'content-type;host') return false;
  const ts = String(req.headers['x-tc-timestamp']);
  const date = m[2] ?? '';
  if (new Date(Number(ts) * 1000).toISOString().slice(0, 10) !== date) return false;
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${sha256(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/ccc/tc3_request\n${sha256(canonical)}`;
  const k1 = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const k2 = createHmac('sha256', k1).update('ccc').digest();
  const k3 = createHmac('sha256', k2).update('tc3_request').digest();
  return createHmac('sha256', k3).update(toSign).digest('hex') === m[5];
}

const tcccPeer = {
  secretKey: TCCC.secretKey,
  ttlSeconds: 3600,
  calls: [] as Array<{ action: string; params: Record<string, unknown> }>,
};
/** Sobot's V6 call centre as published: company and agent tokens, agent settings, agent login/logout. */
const zhichiPeer = {
  appKey: ZHICHI.appKey,
  companyTokens: [] as string[],
  /** Tokens the peer has let expire (answered with HTTP 401). */
  expired: new Set<string>(),
  agentTokens: 0,
  calls: 0,
  agents: new Map([['1001', { ext: '5001', phone: '13900000001' }]]),
  requests: [] as Array<{ path: string; body: Record<string, unknown> | null }>,
};

async function listen(
  handler: (req: IncomingMessage, body: string) => unknown,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(handler(req, body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const v6 = (kind: string, data: Record<string, unknown>) => ({
  apiVersion: '6.2.0',
  status: 'Success',
  code: 200,
  message: 'OK',
  reason: 'OK',
  kind,
  creationTime: Date.now(),
  data,
});
const v6Error = (code: number, message: string) => ({
  apiVersion: '6.2.0',
  status: 'Failure',
  code,
  message,
  reason: message,
});

async function listenZhichi(): Promise<{ server: Server; url: string }> {
  const answer = (req: IncomingMessage, body: string): [number, unknown] => {
    const u = new URL(req.url ?? '/', 'http://x');
    const b = body ? (JSON.parse(body) as Record<string, unknown>) : null;
    const str = (k: string) => (typeof b?.[k] === 'string' ? (b[k] as string) : '');
    if (req.method === 'POST' && (u.pathname === '/tokens/company' || u.pathname === '/tokens/agent')) {
      const sign = createHash('md5')
        .update(str('appId') + str('currentTime') + str('responseType') + zhichiPeer.appKey)
        .digest('hex');
      if (str('responseType') !== 'token' || str('appId') !== ZHICHI.appId || sign !== str('sign'))
        return [401, v6Error(401, 'sign签名错误 invalid sign')];
      if (u.pathname === '/tokens/agent') {
        if (!zhichiPeer.agents.has(str('agentNo'))) return [400, v6Error(400, 'agent not found')];
        zhichiPeer.agentTokens += 1;
        return [
          200,
          {
            response_type: 'token',
            access_token: `za-${str('agentNo')}-${zhichiPeer.agentTokens}`,
            expires_in: 86400,
          },
        ];
      }
      const token = `zt-${zhichiPeer.companyTokens.length + 1}`;
      zhichiPeer.companyTokens.push(token);
      return [200, { response_type: 'token', access_token: token, expires_in: 86400 }];
    }
    const auth = String(req.headers.authorization ?? '');
    if (!zhichiPeer.companyTokens.includes(auth) || zhichiPeer.expired.has(auth))
      return [401, v6Error(401, 'access_token expired')];
    zhichiPeer.requests.push({ path: u.pathname + u.search, body: b });
    if (req.method === 'GET' && u.pathname === '/callservice/v6/cc-config/api/agents') {
      const a = zhichiPeer.agents.get(u.searchParams.get('agent') ?? '');
      if (u.searchParams.get('agentType') !== '0' || !a) return [200, v6Error(404, 'agent not found')];
      return [200, v6('Agent', { agentID: u.searchParams.get('agent'), ...a })];
    }
    if (req.method === 'POST' && u.pathname === '/callservice/v6/webmsg/agent/_login') {
      if (!zhichiPeer.agents.has(str('agentID'))) return [200, v6Error(404, 'agent not found')];
      if (!['sip', 'pstn'].includes(str('phoneType')) || typeof b?.bindExt !== 'string')
        return [200, v6Error(400, 'phoneType and bindExt are required')];
      if (str('phoneType') === 'pstn' && !str('bindMobile'))
        return [200, v6Error(400, 'bindMobile is required for pstn')];
      return [
        200,
        v6('AgentLogin', {
          agentState: str('agentState') || '2',
          reasonCode: '0',
          phoneType: str('phoneType'),
          bindExt: str('bindExt'),
          bindMobile: str('bindMobile'),
        }),
      ];
    }
    if (req.method === 'POST' && u.pathname === '/callservice/v6/webmsg/agent/_makeCall') {
      if (!zhichiPeer.agents.has(str('agentID'))) return [200, v6Error(404, 'agent not found')];
      if (!/^1\d{10}$/.test(str('destinationNumber')))
        return [200, v6Error(400, 'destinationNumber is invalid')];
      zhichiPeer.calls += 1;
      return [200, v6('MakeCall', { callID: `zc-${zhichiPeer.calls}`, agentID: str('agentID') })];
    }
    if (req.method === 'POST' && u.pathname === '/callservice/v6/webmsg/agent/_logout')
      return str('agentID') ? [200, v6('AgentLogout', {})] : [200, v6Error(400, 'agentID is required')];
    return [404, v6Error(404, 'no such api')];
  };
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const [status, json] = answer(req, body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let tccc: { server: Server; url: string };
let zhichi: { server: Server; url: string };
let t: TestServer;
let director: Sdk;
let esales: Sdk;
let sales: Sdk;
let resourceId: number;

beforeAll(async () => {
  tccc = await listen((req, body) => {
    const RequestId = 'req-1';
    if (!tc3Valid(req, body, tcccPeer.secretKey))
      return {
        Response: {
          Error: {
            Code: 'AuthFailure.SignatureFailure',
            Message:
              'The provided credentials could not be validated. Please check your signature is correct.',
          },
          RequestId,
        },
      };
    const action = String(req.headers['x-tc-action']);
    const params = JSON.parse(body) as Record<string, unknown>;
    tcccPeer.calls.push({ action, params });
    if (params.SdkAppId !== Number(TCCC.appId))
      return { Response: { Error: { Code: 'InvalidParameterValue', Message: 'SdkAppId' }, RequestId } };
    if (action === 'CreateSDKLoginToken')
      return {
        Response: {
          Token: `tok-${String(params.SeatUserId)}-${tcccPeer.calls.length}`,
          ExpiredTime: Math.floor(Number(req.headers['x-tc-timestamp'])) + tcccPeer.ttlSeconds,
          SdkURL: `https://tccc.qcloud.com/assets/tccc-sdk.js?sdkAppId=${TCCC.appId}`,
          RequestId,
        },
      };
    if (action === 'ModifyStaff') return { Response: { RequestId } };
    return { Response: { Error: { Code: 'InvalidAction', Message: action }, RequestId } };
  });
  zhichi = await listenZhichi();
  t = await startTestServer({
    env: {
      TCCC_BASE_URL: tccc.url,
      TCCC_SDK_APP_ID: TCCC.appId,
      TCCC_SECRET_ID: TCCC.secretId,
      TCCC_SECRET_KEY: TCCC.secretKey,
      ZHICHI_BASE_URL: zhichi.url,
      ZHICHI_APP_ID: ZHICHI.appId,
      ZHICHI_APP_KEY: ZHICHI.appKey,
    },
  });
  [director, esales, sales] = await Promise.all([t.as('director'), t.as('esales'), t.as('sales')]);
  const mine = await esales.resources.queryResourceList({ query: { scope: 'mine', status: 'following' } });
  resourceId = mine.list[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
  tccc?.server.close();
  zhichi?.server.close();
});

let seq = 0;
const session = () => `test-session-${(seq += 1)}`;
const startAt = () => new Date(t.clock.now().getTime() - 10 * 60_000).toISOString();

describe('call records', () => {
  it('saves a call, completes it on a second save of the session, and refuses the session to another agent', async () => {
    const sessionId = session();
    const start = startAt();
    const first = await esales.calls.save({
      body: {
        sessionId,
        resourceId,
        phone: '13900001234',
        startAt: start,
        callType: 'first_call',
        provider: 'tencent',
      },
    });
    expect(first).toMatchObject({
      sessionId,
      resourceId,
      direction: 'out',
      durationSeconds: 0,
      result: 'no_answer',
      qualityState: 'unscored',
    });
    expect(first.schoolItemCode).not.toBeUndefined();
    const end = new Date(new Date(start).getTime() + 95_000).toISOString();
    const done = await esales.calls.save({
      body: {
        sessionId,
        resourceId,
        phone: '13900001234',
        startAt: start,
        endAt: end,
        callType: 'first_call',
        recordingUrl: 'https://rec.example.com/1.mp3',
      },
    });
    expect(done.id).toBe(first.id);
    expect(done).toMatchObject({
      durationSeconds: 95,
      result: 'answered',
      recordingUrl: 'https://rec.example.com/1.mp3',
    });
    const bySession = await esales.calls.getBySessionId({ query: { sessionId } });
    expect(bySession.id).toBe(first.id);
    const e = await expectApiError(
      sales.calls.save({ body: { sessionId, phone: '13900001234', startAt: start } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('sessionId');
    const bad = await expectApiError(
      esales.calls.save({
        body: {
          sessionId: session(),
          phone: '13900001234',
          startAt: start,
          endAt: new Date(new Date(start).getTime() - 1000).toISOString(),
        },
      }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.endAt');
  });

  it('accepts only an http or https recording URL', async () => {
    for (const recordingUrl of ['javascript:alert(1)', 'data:text/html,x', 'ftp://rec.example.com/1.mp3']) {
      const e = await expectApiError(
        esales.calls.save({
          body: { sessionId: session(), phone: '13900001234', startAt: startAt(), recordingUrl },
        }),
        ErrorCode.validation,
      );
      expect(e.field).toBe('body.recordingUrl');
      expect(e.message).toContain('http');
    }
    const ok = await esales.calls.save({
      body: {
        sessionId: session(),
        phone: '13900001234',
        startAt: startAt(),
        recordingUrl: 'http://rec.example.com/2.mp3',
      },
    });
    expect(ok.recordingUrl).toBe('http://rec.example.com/2.mp3');
  });

  it('lists calls by scope and filters; agents see only their own', async () => {
    const mine = await esales.calls.list({ query: { pageSize: 500 } });
    const me = mine.list[0]?.userId;
    expect(mine.total).toBeGreaterThan(10);
    expect(mine.list.every((c) => c.userId === me)).toBe(true);
    const theirs = await sales.calls.list({ query: { pageSize: 500 } });
    expect(theirs.list.some((c) => c.userId === me)).toBe(false);
    const all = await director.calls.list({ query: { pageSize: 500 } });
    expect(all.total).toBeGreaterThan(mine.total);
    const long = await director.calls.list({ query: { minDuration: 300, direction: 'out', pageSize: 500 } });
    expect(long.list.every((c) => c.durationSeconds >= 300 && c.direction === 'out')).toBe(true);
    const scored = await director.calls.listAll({ query: { qualityState: 'scored' } });
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.every((c) => c.qualityTotal !== null)).toBe(true);
    const users = await director.calls.callUserList();
    expect(users.map((u) => u.username).sort()).toEqual(
      expect.arrayContaining(['esales', 'esales2', 'sales']),
    );
    await expectApiError(
      sales.calls.getById({ query: { id: mine.list[0]?.id ?? 0 } }),
      ErrorCode.noPermission,
    );
  });

  it('counts calls per user and day for the workbench', async () => {
    const c = await esales.calls.count({ query: {} });
    expect(c.rows.every((r) => r.date === c.rows[0]?.date)).toBe(true);
    expect(c.total).toBe(c.rows.reduce((s, r) => s + r.total, 0));
    const week = await director.calls.count({ query: { startDate: '2000-01-01', endDate: '2100-01-01' } });
    expect(new Set(week.rows.map((r) => r.userId)).size).toBeGreaterThan(1);
  });

  it('keeps the transcript/notes of a call', async () => {
    const call = await esales.calls.save({
      body: {
        sessionId: session(),
        resourceId,
        phone: '13900001235',
        startAt: startAt(),
        durationSeconds: 30,
      },
    });
    expect((await esales.calls.content({ query: { id: call.id } })).content).toBe('');
    const saved = await esales.calls.content({
      query: { id: call.id },
      body: { content: '家长约周六上午到校评估' },
    });
    expect(saved.content).toBe('家长约周六上午到校评估');
    expect((await director.calls.getById({ query: { id: call.id } })).content).toBe('家长约周六上午到校评估');
    await expectApiError(
      sales.calls.content({ query: { id: call.id }, body: { content: 'x' } }),
      ErrorCode.noPermission,
    );
  });

  it('scores a call once; re-scoring needs the current version and is kept and audited', async () => {
    const call = await esales.calls.save({
      body: {
        sessionId: session(),
        resourceId,
        phone: '13900001236',
        startAt: startAt(),
        durationSeconds: 120,
      },
    });
    const items = [
      { code: 'greeting', name: '开场问候', score: 90 },
      { code: 'needs', name: '需求挖掘', score: 75 },
      { code: 'closing', name: '邀约促成', score: 80 },
    ];
    await expectApiError(
      esales.calls.qualitySave({ body: { callId: call.id, items } }),
      ErrorCode.noPermission,
    );
    const bad = await expectApiError(
      director.calls.qualitySave({ body: { callId: call.id, items, total: 90 } }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.total');
    await expectApiError(
      director.calls.qualitySave({
        body: { callId: call.id, items: [{ code: 'x', name: 'x', score: 101 }] },
      }),
      ErrorCode.validation,
    );
    const s1 = await director.calls.qualitySave({ body: { callId: call.id, items, comment: '不错' } });
    expect(s1).toMatchObject({ version: 1, total: 82, current: true, reviewerName: '王建国' });
    const again = await expectApiError(
      director.calls.qualitySave({ body: { callId: call.id, items } }),
      ErrorCode.conflict,
    );
    expect(again.field).toBe('version');
    await expectApiError(
      director.calls.qualitySave({ body: { callId: call.id, items, version: 5 } }),
      ErrorCode.conflict,
    );
    const s2 = await director.calls.qualitySave({
      body: {
        callId: call.id,
        items: items.map((i) => ({ ...i, score: 60 })),
        comment: '复核下调',
        version: 1,
      },
    });
    expect(s2).toMatchObject({ version: 2, total: 60, current: true });
    const d = await director.calls.getById({ query: { id: call.id } });
    expect(d.qualityTotal).toBe(60);
    expect(d.quality.map((q) => [q.version, q.current, q.total])).toEqual([
      [2, true, 60],
      [1, false, 82],
    ]);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'call.qualityRescore'), eq(auditLog.target, `call_records:${call.id}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.detail).toMatchObject({ version: 2, total: 60, previousTotal: 82 });
    // A scored call can no longer be deleted by its agent.
    await expectApiError(esales.calls.deleteById({ query: { id: call.id } }), ErrorCode.noPermission);
  });

  it('lets an agent delete an own unscored call; it leaves the lists', async () => {
    const call = await esales.calls.save({
      body: { sessionId: session(), phone: '13900001237', startAt: startAt() },
    });
    await esales.calls.deleteById({ query: { id: call.id } });
    await expectApiError(esales.calls.getById({ query: { id: call.id } }), ErrorCode.notFound);
    expect((await esales.calls.listAll({ query: { phone: '13900001237' } })).length).toBe(0);
  });
});

describe('Tencent Cloud Contact Center adapter', () => {
  it('signs the agent in with a TC3-signed CreateSDKLoginToken and answers the SDK URL and call token', async () => {
    const l = await esales.calls.tencentLogin({ body: { phone: '13800000001' } });
    expect(l).toMatchObject({
      provider: 'tencent',
      agentId: 'esales',
      sdkUrl: expect.stringContaining('tccc-sdk.js'),
    });
    expect(l.token).toMatch(/^tok-esales-/);
    expect(tcccPeer.calls.at(-1)).toEqual({
      action: 'CreateSDKLoginToken',
      params: { SdkAppId: Number(TCCC.appId), SeatUserId: 'esales' },
    });
  });

  it('keeps the seat alive and renews the token when under five minutes are left', async () => {
    const k = await esales.calls.tencentKeepAlive({ query: { email: 'esales' } });
    expect(k).toMatchObject({ online: true, renewed: null });
    t.clock.advance(3600_000 - 60_000);
    const r = await esales.calls.tencentKeepAlive({ query: {} });
    expect(r.renewed?.token).toMatch(/^tok-esales-/);
    await expectApiError(
      esales.calls.tencentKeepAlive({ query: { email: 'esales2' } }),
      ErrorCode.noPermission,
    );
  });

  it('binds the agent phone (ModifyStaff) and pops the screen for a callee', async () => {
    await esales.calls.tencentBinding({ body: { phone: '13800000002' } });
    expect(tcccPeer.calls.at(-1)).toEqual({
      action: 'ModifyStaff',
      params: { SdkAppId: Number(TCCC.appId), Email: 'esales', Phone: '13800000002' },
    });
    const res = await esales.resources.queryResourceDetail({ query: { id: resourceId } });
    const pop = await esales.calls.tencentFlashMsg({ query: { bj: res.phone, zj: '02161230000' } });
    expect(pop.resource?.rescode).toBe(res.rescode);
    expect(pop.message).toContain(res.rescode);
    expect(pop.lastCall).not.toBeNull();
  });

  it('answers a bad signature with the provider’s error, clearly', async () => {
    tcccPeer.secretKey = 'another-key';
    try {
      const e = await expectApiError(esales.calls.tencentLogin(), ErrorCode.notConfigured);
      expect(e.message).toContain('AuthFailure.SignatureFailure');
      expect(e.message).toContain('Tencent Cloud Contact Center failed');
    } finally {
      tcccPeer.secretKey = TCCC.secretKey;
    }
  });

  it('signs out idempotently; keep-alive then asks to sign in again', async () => {
    await esales.calls.tencentLogout();
    await esales.calls.tencentLogout();
    await expectApiError(esales.calls.tencentKeepAlive({ query: {} }), ErrorCode.rule);
  });
});

describe('Zhichi (Sobot) V6 call-centre adapter', () => {
  const login = () => sales.calls.zhichiLogin({ query: { jobNumber: '1001', phone: '13800000003' } });

  it('answers a wrong sign with the provider’s message', async () => {
    zhichiPeer.appKey = 'wrong';
    try {
      const e = await expectApiError(login(), ErrorCode.notConfigured);
      expect(e.message).toContain('invalid sign');
    } finally {
      zhichiPeer.appKey = ZHICHI.appKey;
    }
  });

  it('signs the agent in with the company token, answers an agent token, and signs out', async () => {
    const before = zhichiPeer.requests.length;
    const l = await login();
    expect(l).toMatchObject({ provider: 'zhichi', agentId: '1001', sdkUrl: null });
    // The browser gets the agent's own token, never the company token.
    expect(l.token).toMatch(/^za-1001-/);
    expect(zhichiPeer.requests.slice(before)).toEqual([
      { path: '/callservice/v6/cc-config/api/agents?agentType=0&agent=1001', body: null },
      {
        path: '/callservice/v6/webmsg/agent/_login',
        body: {
          agentID: '1001',
          agentType: '0',
          bindExt: '5001',
          phoneType: 'pstn',
          bindMobile: '13800000003',
          agentState: '1',
          edgeOut: '1',
        },
      },
    ]);
    await sales.calls.zhichiLogout({ query: { jobNumber: '1001' } });
    expect(zhichiPeer.requests.at(-1)).toEqual({
      path: '/callservice/v6/webmsg/agent/_logout',
      body: { agentID: '1001', agentType: '0' },
    });
  });

  it('reuses the company token, and fetches a new one once when the provider says it expired', async () => {
    await login();
    const issued = zhichiPeer.companyTokens.length;
    await login();
    expect(zhichiPeer.companyTokens.length).toBe(issued);
    zhichiPeer.expired.add(zhichiPeer.companyTokens.at(-1) ?? '');
    await login();
    expect(zhichiPeer.companyTokens.length).toBe(issued + 1);
  });

  it('dials from the agent’s own live seat: the centre calls back, and the call is recorded under its id', async () => {
    await login();
    const before = zhichiPeer.requests.length;
    const out = await sales.calls.zhichiMakeCall({ query: { jobNumber: '1001', phone: '13700000009' } });
    expect(out).toEqual({ sessionId: expect.stringMatching(/^zc-\d+$/), callerPhone: '13800000003' });
    expect(zhichiPeer.requests.slice(before)).toEqual([
      {
        path: '/callservice/v6/webmsg/agent/_makeCall',
        body: { agentID: '1001', agentType: '0', destinationNumber: '13700000009' },
      },
    ]);
    const saved = await sales.calls.save({
      body: {
        sessionId: out.sessionId,
        phone: '13700000009',
        callerPhone: out.callerPhone,
        direction: 'out',
        callType: 'follow',
        provider: 'zhichi',
        startAt: '2026-11-20T02:00:00.000Z',
        endAt: null,
      },
    });
    expect(await sales.calls.getBySessionId({ query: { sessionId: out.sessionId } })).toMatchObject({
      id: saved.id,
      provider: 'zhichi',
    });
  });

  it('refuses to dial from a seat that is signed out or belongs to someone else', async () => {
    await login();
    await expectApiError(
      esales.calls.zhichiMakeCall({ query: { jobNumber: '1001', phone: '13700000009' } }),
      ErrorCode.rule,
    );
    await sales.calls.zhichiLogout({ query: { jobNumber: '1001' } });
    const before = zhichiPeer.requests.length;
    await expectApiError(
      sales.calls.zhichiMakeCall({ query: { jobNumber: '1001', phone: '13700000009' } }),
      ErrorCode.rule,
    );
    expect(zhichiPeer.requests.length).toBe(before);
  });

  it('names the provider’s reason when the agent is unknown there', async () => {
    const e = await expectApiError(
      sales.calls.zhichiLogin({ query: { jobNumber: '9999', phone: '13800000003' } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('404: agent not found');
  });
});

describe('not configured', () => {
  it('tells the panel which call centre is configured: Tencent first, then Zhichi, else none', async () => {
    expect(await esales.calls.centre()).toEqual({ provider: 'tencent' });
    const saved = { ...t.deps.config };
    try {
      Object.assign(t.deps.config, { TCCC_SECRET_KEY: undefined });
      expect(await esales.calls.centre()).toEqual({ provider: 'zhichi' });
      Object.assign(t.deps.config, { ZHICHI_APP_ID: undefined });
      expect(await esales.calls.centre()).toEqual({ provider: null });
    } finally {
      Object.assign(t.deps.config, saved);
    }
  });

  it('answers 503 for the providers without configuration', async () => {
    const saved = { ...t.deps.config };
    Object.assign(t.deps.config, { TCCC_BASE_URL: undefined, ZHICHI_APP_KEY: undefined });
    try {
      const e = await expectApiError(esales.calls.tencentLogin(), ErrorCode.notConfigured);
      expect(e.message).toContain('is not configured');
      await expectApiError(
        esales.calls.tencentBinding({ body: { phone: '13800000002' } }),
        ErrorCode.notConfigured,
      );
      await expectApiError(
        sales.calls.zhichiLogin({ query: { jobNumber: '1001', phone: '13800000003' } }),
        ErrorCode.notConfigured,
      );
      // Sign-out of the shell never fails on a missing call centre.
      await expect(esales.calls.tencentLogout()).resolves.toBe(true);
    } finally {
      Object.assign(t.deps.config, saved);
    }
  });
});
