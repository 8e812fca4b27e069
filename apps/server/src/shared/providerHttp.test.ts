// The one provider request helper against a peer on loopback: bodies, the signing hook over the exact
// bytes sent, the verification hook, error mapping in both languages, settings, and the token cache.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import {
  TokenCache,
  flatXml,
  missingSettings,
  providerRequest,
  requireSettings,
  type Provider,
} from './providerHttp.js';

interface Seen {
  method: string;
  url: string;
  contentType: string;
  body: string;
  signature: string;
}
const seen: Seen[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        body,
        signature: String(req.headers['x-signature'] ?? ''),
      });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/refuse') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }));
        return;
      }
      if (url.pathname === '/api/html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>bad gateway</html>');
        return;
      }
      if (url.pathname === '/api/empty') {
        res.writeHead(204);
        res.end();
        return;
      }
      if (url.pathname === '/api/file') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.from('%PDF-1.4 x', 'latin1'));
        return;
      }
      const answer = JSON.stringify({ ok: true, echo: body });
      res.writeHead(200, { 'content-type': 'application/json', 'x-answer-signature': digest(answer) });
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const PEER = '测试通道 / test provider';
const peer = (o: Partial<Provider> = {}): Provider => ({
  what: PEER,
  baseUrl: base,
  sign: (r) => ({ 'x-signature': digest(`${r.method}\n${r.pathAndQuery}\n${r.contentType}\n${r.body}`) }),
  ...o,
});

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!(e instanceof AppError)) throw new Error(`expected an AppError, got ${String(e)}`);
  return e;
}

describe('providerRequest', () => {
  it('signs the request line and the exact JSON, form and XML bodies it sends', async () => {
    const calls = [
      { body: { json: { a: 1, b: '二' } }, type: 'application/json; charset=utf-8' },
      { body: { form: { a: '1', b: '二 &' } }, type: 'application/x-www-form-urlencoded; charset=utf-8' },
      { body: { xml: flatXml({ a: '1', b: '<二>' }) }, type: 'application/xml; charset=utf-8' },
    ];
    for (const c of calls) {
      seen.length = 0;
      const a = await providerRequest(peer(), { path: '/echo', query: { x: '1 2' }, body: c.body });
      const got = seen[0];
      expect(got?.url).toBe('/api/echo?x=1+2');
      expect(got?.contentType).toBe(c.type);
      expect(got?.signature).toBe(digest(`POST\n/api/echo?x=1+2\n${c.type}\n${got?.body ?? ''}`));
      expect(a.json?.echo).toBe(got?.body);
    }
    expect(flatXml({ a: '1', b: '<二>' })).toBe('<xml><a>1</a><b>&lt;二&gt;</b></xml>');
  });

  it('a GET carries no body and no content type', async () => {
    seen.length = 0;
    await providerRequest(peer(), { path: '/echo' });
    expect(seen[0]).toMatchObject({ method: 'GET', contentType: '', body: '' });
  });

  it('refuses an answer its verification hook refuses, before anything is read', async () => {
    const verifying = peer({
      verifyAnswer: (a) => (a.header('x-answer-signature') === digest(a.text) ? null : 'bad signature'),
    });
    expect((await providerRequest(verifying, { path: '/echo', body: { json: {} } })).json?.ok).toBe(true);
    const forged = peer({ verifyAnswer: () => 'Wechatpay-Signature does not verify' });
    const e = await failure(providerRequest(forged, { path: '/echo' }));
    expect([e.httpStatus, e.texts['zh-CN'], e.texts.en]).toEqual([
      503,
      '测试通道失败：应答验签失败',
      'test provider failed: answer refused: Wechatpay-Signature does not verify',
    ]);
  });

  it('maps refusals, unreadable answers and an unreachable peer to 503 in each language', async () => {
    const refused = await failure(providerRequest(peer(), { path: '/refuse' }));
    expect([refused.texts['zh-CN'], refused.texts.en]).toEqual([
      '测试通道失败：参数错误',
      'test provider failed: 参数错误',
    ]);
    const html = await failure(providerRequest(peer(), { path: '/html' }));
    expect(html.texts.en).toBe('test provider failed: HTTP 502');
    const down = await failure(providerRequest(peer({ baseUrl: 'http://127.0.0.1:9' }), { path: '/x' }));
    expect(down.texts['zh-CN']).toMatch(/^测试通道失败：无法连接 \(/);
    expect(down.texts.en).toMatch(/^test provider failed: unreachable \(/);
    // 'body': the provider reports its errors in the body; the adapter reads them.
    const inBody = await providerRequest(peer({ errors: 'body' }), { path: '/refuse' });
    expect([inBody.status, inBody.json?.code]).toEqual([400, 'PARAM_ERROR']);
  });

  it('an empty answer is an error unless the provider answers 204s, and downloads read bytes', async () => {
    expect((await failure(providerRequest(peer(), { path: '/empty' }))).texts.en).toBe(
      'test provider failed: HTTP 204',
    );
    expect((await providerRequest(peer({ emptyOk: true }), { path: '/empty' })).json).toBeNull();
    const file = await providerRequest(peer(), { path: `${base}/file`, read: 'bytes' });
    expect(file.bytes?.toString('latin1')).toBe('%PDF-1.4 x');
  });
});

describe('settings and tokens', () => {
  it('names the missing settings of a provider that is not configured', () => {
    const c = { A_KEY: 'x', A_SECRET: undefined, A_URL: '' };
    expect(missingSettings(c, ['A_KEY', 'A_SECRET', 'A_URL'])).toEqual(['A_SECRET', 'A_URL']);
    let e: unknown = null;
    try {
      requireSettings(PEER, c, ['A_KEY', 'A_SECRET']);
    } catch (x) {
      e = x;
    }
    expect(e instanceof AppError ? [e.httpStatus, e.texts.en] : e).toEqual([
      503,
      'test provider is not configured (A_SECRET)',
    ]);
  });

  it('holds a token per cache until its renewal time, and buys again once dropped', async () => {
    const one = new TokenCache();
    const other = new TokenCache();
    let bought = 0;
    const buy = () => {
      bought += 1;
      return Promise.resolve({ token: `t${bought}`, renewAt: 1_000, expiresAt: 2_000 });
    };
    expect((await one.get('k', 0, buy)).token).toBe('t1');
    expect((await one.get('k', 999, buy)).token).toBe('t1');
    // Another app instance holds its own.
    expect((await other.get('k', 0, buy)).token).toBe('t2');
    expect((await one.get('k', 1_000, buy)).token).toBe('t3');
    one.drop('k');
    expect((await one.get('k', 0, buy)).token).toBe('t4');
    expect(bought).toBe(4);
  });
});
