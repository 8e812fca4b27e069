// Messenger QR, enterprise messaging and dashboard SSO sign-in against a fake provider on loopback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@bo/api-sdk';
import { users } from '../src/slices/system/tables.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

/** Codes the fake provider knows: code → identity. */
const DING_CODES: Record<string, { unionId: string; nick: string; mobile?: string }> = {
  'code-linked': { unionId: 'union-director', nick: '王建国' },
  'code-mobile': { unionId: 'union-new', nick: '李晓燕', mobile: '13900000034' },
  'code-stranger': { unionId: 'union-nobody', nick: '路人', mobile: '13000000000' },
};
const WX_CODES: Record<string, string> = { 'wx-ok': 'wx-finance', 'wx-stranger': 'wx-nobody' };

interface Fake {
  server: Server;
  url: string;
  calls: string[];
}

async function fakeProvider(): Promise<Fake> {
  const calls: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let s = '';
    for await (const chunk of req) s += String(chunk);
    return s ? (JSON.parse(s) as Record<string, string>) : {};
  };
  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://x');
      calls.push(`${req.method} ${u.pathname}`);
      if (req.method === 'POST' && u.pathname === '/v1.0/oauth2/userAccessToken') {
        const b = await readBody(req);
        if (
          b.clientId !== 'ding-id' ||
          b.clientSecret !== 'ding-secret' ||
          b.grantType !== 'authorization_code'
        )
          return json(res, 400, { code: 'invalidClient', message: 'bad client' });
        if (b.code === 'code-broken')
          return json(res, 400, { code: 'invalidAuthCode', message: '授权码已失效 invalid auth code' });
        if (!b.code || !DING_CODES[b.code])
          return json(res, 400, { code: 'invalidAuthCode', message: 'unknown code' });
        return json(res, 200, { accessToken: `at-${b.code}`, expireIn: 7200 });
      }
      if (req.method === 'GET' && u.pathname === '/v1.0/contact/users/me') {
        const at = String(req.headers['x-acs-dingtalk-access-token'] ?? '');
        const who = DING_CODES[at.replace(/^at-/, '')];
        return who
          ? json(res, 200, who)
          : json(res, 401, { code: 'InvalidAuthentication', message: 'bad token' });
      }
      if (u.pathname === '/cgi-bin/gettoken') {
        if (u.searchParams.get('corpid') !== 'corp-1' || u.searchParams.get('corpsecret') !== 'sec-a')
          return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        return json(res, 200, { errcode: 0, access_token: 'wx-token', expires_in: 7200 });
      }
      if (u.pathname === '/cgi-bin/auth/getuserinfo') {
        if (u.searchParams.get('access_token') !== 'wx-token')
          return json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' });
        const id = WX_CODES[u.searchParams.get('code') ?? ''];
        return id
          ? json(res, 200, { errcode: 0, userid: id })
          : json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
      }
      return json(res, 404, { message: 'no such path' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { server, url: `http://127.0.0.1:${port}`, calls };
}

let fake: Fake;
let t: TestServer;
beforeAll(async () => {
  fake = await fakeProvider();
  t = await startTestServer({
    env: {
      LOGIN_FAILURE_DELAY_MS: '0',
      DINGTALK_BASE_URL: fake.url,
      DINGTALK_CLIENT_ID: 'ding-id',
      DINGTALK_CLIENT_SECRET: 'ding-secret',
      DINGTALK_REDIRECT_URL: 'http://127.0.0.1:5173/auth',
      WXCP_BASE_URL: fake.url,
      WXCP_CORP_ID: 'corp-1',
      WXCP_APPS: 'app-a:sec-a,app-b:sec-wrong',
    },
  });
  await t.deps.db.update(users).set({ dingUserId: 'union-director' }).where(eq(users.username, 'director'));
  await t.deps.db.update(users).set({ mobile: '13900000034' }).where(eq(users.username, 'sales'));
  await t.deps.db.update(users).set({ wxcpUserId: 'wx-finance' }).where(eq(users.username, 'finance'));
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake?.server.close(r));
});

describe('messenger QR sign-in', () => {
  it('maps the messenger identity to the linked account', async () => {
    const user = await t.sdk().system.dingQrLogin({ body: { code: 'code-linked', type: 2 } });
    expect(user.username).toBe('director');
    expect((await t.sdk(user.token).system.userInfo()).username).toBe('director');
    expect(fake.calls).toContain('POST /v1.0/oauth2/userAccessToken');
    expect(fake.calls).toContain('GET /v1.0/contact/users/me');
  });

  it('falls back to the mobile number when the identity is not linked yet', async () => {
    expect((await t.sdk().system.dingQrLogin({ body: { code: 'code-mobile', type: 2 } })).username).toBe(
      'sales',
    );
    // The identity is now linked: a later change of mobile number keeps working.
    await t.deps.db.update(users).set({ mobile: '13900009999' }).where(eq(users.username, 'sales'));
    expect((await t.sdk().system.dingQrLogin({ body: { code: 'code-mobile', type: 2 } })).username).toBe(
      'sales',
    );
  });

  it('refuses an identity without an account', async () => {
    const e = await expectApiError(
      t.sdk().system.dingQrLogin({ body: { code: 'code-stranger', type: 2 } }),
      ErrorCode.noPermission,
    );
    expect(e.message).toContain('not linked to any account');
  });

  it("passes on the provider's error clearly", async () => {
    const e = await expectApiError(
      t.sdk().system.dingQrLogin({ body: { code: 'code-broken', type: 2 } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('invalid auth code');
    expect(e.message).toContain('failed');
  });

  it('answers the dashboard SSO code with the same exchange (DingTalk settings by default)', async () => {
    expect((await t.sdk().system.loginDashboard({ query: { code: 'code-linked' } })).username).toBe(
      'director',
    );
  });

  it('tells the login page which methods are configured, with the QR authorize URL', async () => {
    const o = await t.sdk().system.loginOptions();
    expect(o.dingQr.enabled).toBe(true);
    const url = new URL(o.dingQr.authorizeUrl ?? '');
    expect(url.searchParams.get('client_id')).toBe('ding-id');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:5173/auth');
    expect(o.wxcp).toEqual({ enabled: true, appIds: ['app-a', 'app-b'] });
    expect(o.dashboardSso.enabled).toBe(true);
  });
});

describe('enterprise messaging sign-in', () => {
  it('maps the user id of the configured app to the account', async () => {
    expect(
      (await t.sdk().system.wxcpLogin({ params: { appid: 'app-a' }, query: { code: 'wx-ok' } })).username,
    ).toBe('finance');
  });

  it('refuses a member without an account', async () => {
    await expectApiError(
      t.sdk().system.wxcpLogin({ params: { appid: 'app-a' }, query: { code: 'wx-stranger' } }),
      ErrorCode.noPermission,
    );
  });

  it('an unknown app id is not configured; a wrong app secret is a provider error', async () => {
    await expectApiError(
      t.sdk().system.wxcpLogin({ params: { appid: 'app-z' }, query: { code: 'wx-ok' } }),
      ErrorCode.notConfigured,
    );
    const e = await expectApiError(
      t.sdk().system.wxcpLogin({ params: { appid: 'app-b' }, query: { code: 'wx-ok' } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('invalid credential');
  });
});

describe('without configuration', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ env: { LOGIN_FAILURE_DELAY_MS: '0' } });
  });
  afterAll(async () => bare?.close());

  it('answers 503 naming the method, and loginOptions says disabled', async () => {
    const e = await expectApiError(
      bare.sdk().system.dingQrLogin({ body: { code: 'x', type: 2 } }),
      ErrorCode.notConfigured,
    );
    expect(e.message).toContain('messenger QR sign-in');
    await expectApiError(
      bare.sdk().system.wxcpLogin({ params: { appid: 'a' }, query: { code: 'x' } }),
      ErrorCode.notConfigured,
    );
    await expectApiError(bare.sdk().system.loginDashboard({ query: { code: 'x' } }), ErrorCode.notConfigured);
    expect(await bare.sdk().system.loginOptions()).toEqual({
      password: true,
      dingQr: { enabled: false, authorizeUrl: null, clientId: null },
      wxcp: { enabled: false, appIds: [] },
      dashboardSso: { enabled: false },
    });
  });

  it('an unreachable provider is a clear 503 too', async () => {
    const dead = await startTestServer({
      env: { DINGTALK_BASE_URL: 'http://127.0.0.1:9', DINGTALK_CLIENT_ID: 'a', DINGTALK_CLIENT_SECRET: 'b' },
    });
    try {
      const e = await expectApiError(
        dead.sdk().system.dingQrLogin({ body: { code: 'x', type: 2 } }),
        ErrorCode.notConfigured,
      );
      expect(e.message).toContain('unreachable');
    } finally {
      await dead.close();
    }
  }, 120_000);
});
