// A fake corporate messenger (DingTalk-style) for the QR sign-in journey, on loopback:
//   GET  /oauth2/auth                  the authorize page: redirects at once to redirect_uri?code=…&state=…
//   POST /v1.0/oauth2/userAccessToken  code → accessToken (checks client id and secret)
//   GET  /v1.0/contact/users/me        accessToken (x-acs-dingtalk-access-token) → { unionId, nick, mobile }
//   GET  /healthz                      for Playwright's webServer check
// Every code it issues maps to one person whose mobile is FAKE_PROVIDER_MOBILE, so the server's
// exchange finds the account carrying that mobile number.
//
// And a fake Tencent Cloud Contact Center (TCCC) for the calling journey:
//   POST /                  Tencent Cloud API 3.0 (TC3-HMAC-SHA256 checked as Tencent documents it):
//                           CreateSDKLoginToken → Token, ExpiredTime, SdkURL; ModifyStaff
//   GET  /tccc/sdk.js       the Web SDK that SdkURL names: defines the global `tccc` (events.ready,
//                           on, Call.startOutboundCall, Call.hungUp, Agent.offline) as the documented
//                           SDK does, for a token it issued; calls are answered at once by the callee.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.FAKE_PROVIDER_PORT ?? 3311);
const clientId = process.env.FAKE_PROVIDER_CLIENT_ID ?? 'e2e-ding-id';
const clientSecret = process.env.FAKE_PROVIDER_CLIENT_SECRET ?? 'e2e-ding-secret';
const person = {
  unionId: process.env.FAKE_PROVIDER_UNION_ID ?? 'union-e2e-qr',
  nick: process.env.FAKE_PROVIDER_NICK ?? '扫码用户',
  mobile: process.env.FAKE_PROVIDER_MOBILE ?? '13800000088',
};

const tccc = {
  sdkAppId: Number(process.env.FAKE_TCCC_SDK_APP_ID ?? 1400000001),
  secretId: process.env.FAKE_TCCC_SECRET_ID ?? 'AKIDe2eTccc',
  secretKey: process.env.FAKE_TCCC_SECRET_KEY ?? 'e2e-tccc-secret',
  /** The line the seats call from (the screen pop's 主叫). */
  callerNumber: process.env.FAKE_TCCC_CALLER ?? '02161230000',
};
/** SDK login tokens issued (token → seat user id). */
const sdkTokens = new Map();

const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key, s) => createHmac('sha256', key).update(s, 'utf8').digest();

/** Tencent Cloud API 3.0 signature check (TC3-HMAC-SHA256 over the request as sent). */
function tc3Valid(req, body) {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!m || m[1] !== tccc.secretId || m[3] !== 'ccc') return false;
  const ts = String(req.headers['x-tc-timestamp'] ?? '');
  if (new Date(Number(ts) * 1000).toISOString().slice(0, 10) !== m[2]) return false;
  const signed = m[4].split(';');
  const headers = signed
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonical = [
    'POST',
    new URL(req.url ?? '/', 'http://x').pathname,
    '',
    headers,
    m[4],
    sha256(body),
  ].join('\n');
  const toSign = ['TC3-HMAC-SHA256', ts, `${m[2]}/ccc/tc3_request`, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${tccc.secretKey}`, m[2]), 'ccc'), 'tc3_request');
  return createHmac('sha256', key).update(toSign, 'utf8').digest('hex') === m[5];
}

function tcccApi(req, body) {
  const RequestId = randomBytes(8).toString('hex');
  const error = (Code, Message) => ({ Response: { Error: { Code, Message }, RequestId } });
  if (!tc3Valid(req, body))
    return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  let p;
  try {
    p = JSON.parse(body);
  } catch {
    return error('InvalidParameter', 'body is not JSON');
  }
  if (p.SdkAppId !== tccc.sdkAppId) return error('InvalidParameterValue', 'SdkAppId');
  const action = String(req.headers['x-tc-action'] ?? '');
  if (action === 'CreateSDKLoginToken') {
    if (typeof p.SeatUserId !== 'string' || !p.SeatUserId) return error('MissingParameter', 'SeatUserId');
    const Token = randomBytes(12).toString('hex');
    sdkTokens.set(Token, p.SeatUserId);
    const SdkURL = `http://127.0.0.1:${port}/tccc/sdk.js?sdkAppId=${tccc.sdkAppId}&userId=${encodeURIComponent(p.SeatUserId)}&token=${Token}`;
    return {
      Response: { Token, ExpiredTime: Number(req.headers['x-tc-timestamp']) + 3600, SdkURL, RequestId },
    };
  }
  if (action === 'ModifyStaff') return { Response: { RequestId } };
  return error('InvalidAction', action);
}

/** The Web SDK script for a seat: the documented surface, with calls the callee answers at once. */
function tcccSdk(seat) {
  return `(() => {
  const handlers = {};
  const emit = (event, data) => (handlers[event] || []).forEach((h) => h({ data }));
  const sessions = new Set();
  let n = 0;
  window.tccc = {
    events: { ready: 'ready', callIn: 'callIn', sessionEnded: 'sessionEnded', userAccessed: 'userAccessed' },
    on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
    Call: {
      startOutboundCall(o) {
        if (!o || !/^\\d{5,20}$/.test(String(o.phoneNumber)))
          return Promise.reject({ status: 'error', errorMsg: 'invalid phoneNumber' });
        const sessionId = 'tccc-' + ${JSON.stringify(seat)} + '-' + Date.now() + '-' + (n += 1);
        sessions.add(sessionId);
        setTimeout(() => emit('userAccessed', { sessionId }), 50);
        return Promise.resolve({ status: 'success', data: { sessionId, calleePhoneNumber: String(o.phoneNumber),
          callerPhoneNumber: ${JSON.stringify(tccc.callerNumber)}, serverType: 'staffSeat', remark: o.phoneDesc || '' } });
      },
      hungUp(o) {
        if (!o || !sessions.delete(o.sessionId)) return Promise.reject({ status: 'error', errorMsg: 'no such session' });
        setTimeout(() => emit('sessionEnded', { sessionId: o.sessionId, closeBy: 'seat' }), 0);
        return Promise.resolve({ status: 'success' });
      },
    },
    Agent: { online() {}, offline() {} },
  };
  setTimeout(() => emit('ready', {}), 100);
})();
`;
}

/** Codes issued by the authorize page (single use), and access tokens of exchanged codes. */
const codes = new Set();
const tokens = new Set();

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readJson(req) {
  let s = '';
  for await (const chunk of req) s += String(chunk);
  try {
    return s ? JSON.parse(s) : {};
  } catch {
    return {};
  }
}

const server = createServer((req, res) => {
  void (async () => {
    const u = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (u.pathname === '/healthz') return json(res, 200, { ok: true });
    if (req.method === 'POST' && u.pathname === '/') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      return json(res, 200, tcccApi(req, body));
    }
    if (req.method === 'GET' && u.pathname === '/tccc/sdk.js') {
      const seat = sdkTokens.get(u.searchParams.get('token') ?? '');
      if (!seat) return json(res, 403, { message: 'unknown SDK token' });
      // One SdkURL serves one initialisation, as Tencent's does.
      sdkTokens.delete(u.searchParams.get('token') ?? '');
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(tcccSdk(seat));
    }
    if (req.method === 'GET' && u.pathname === '/oauth2/auth') {
      const redirect = u.searchParams.get('redirect_uri');
      if (!redirect || u.searchParams.get('client_id') !== clientId)
        return json(res, 400, {
          code: 'invalidRequest',
          message: 'redirect_uri and a known client_id are required',
        });
      const code = `fake-${randomBytes(8).toString('hex')}`;
      codes.add(code);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      const state = u.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && u.pathname === '/v1.0/oauth2/userAccessToken') {
      const b = await readJson(req);
      if (b.clientId !== clientId || b.clientSecret !== clientSecret || b.grantType !== 'authorization_code')
        return json(res, 400, { code: 'invalidClient', message: 'bad client' });
      if (!codes.delete(b.code))
        return json(res, 400, { code: 'invalidAuthCode', message: 'unknown or used code' });
      const accessToken = `at-${randomBytes(8).toString('hex')}`;
      tokens.add(accessToken);
      return json(res, 200, { accessToken, expireIn: 7200 });
    }
    if (req.method === 'GET' && u.pathname === '/v1.0/contact/users/me') {
      const at = String(req.headers['x-acs-dingtalk-access-token'] ?? '');
      return tokens.has(at)
        ? json(res, 200, person)
        : json(res, 401, { code: 'InvalidAuthentication', message: 'bad token' });
    }
    return json(res, 404, { message: 'no such path' });
  })().catch((e) => json(res, 500, { message: String(e) }));
});

server.listen(port, '127.0.0.1', () => console.log(`fake provider on http://127.0.0.1:${port}`));
