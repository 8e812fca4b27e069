// A fake corporate messenger (DingTalk-style) for the QR sign-in journey, on loopback:
//   GET  /oauth2/auth                  the authorize page: redirects at once to redirect_uri?code=…&state=…
//   POST /v1.0/oauth2/userAccessToken  code → accessToken (checks client id and secret)
//   GET  /v1.0/contact/users/me        accessToken (x-acs-dingtalk-access-token) → { unionId, nick, mobile }
//   GET  /healthz                      for Playwright's webServer check
// Every code it issues maps to one person whose mobile is FAKE_PROVIDER_MOBILE, so the server's
// exchange finds the account carrying that mobile number.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.FAKE_PROVIDER_PORT ?? 3311);
const clientId = process.env.FAKE_PROVIDER_CLIENT_ID ?? 'e2e-ding-id';
const clientSecret = process.env.FAKE_PROVIDER_CLIENT_SECRET ?? 'e2e-ding-secret';
const person = {
  unionId: process.env.FAKE_PROVIDER_UNION_ID ?? 'union-e2e-qr',
  nick: process.env.FAKE_PROVIDER_NICK ?? '扫码用户',
  mobile: process.env.FAKE_PROVIDER_MOBILE ?? '13800000088',
};

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
