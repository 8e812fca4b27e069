// on both engines: the health answer names the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, catalogue } from '@bo/api-sdk';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('platform', () => {
  it('answers /healthz after checking the database', async () => {
    const res = await fetch(t.baseURL.replace('/api', '/healthz'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('signs in a demo account and returns the token object of spec §3', async () => {
    const user = await t.sdk().system.login({ body: { username: 'sales', password: 'demo123456' } });
    expect(user.token.length).toBeGreaterThan(30);
    expect(user.roles).toEqual([{ code: 34, name: '课程顾问' }]);
    expect(user.schoolItems.map((s) => s.code)).toEqual(['SH01']);
  });

  it('refuses input that fails the schema with HTTP 400 naming the field, never a 500', async () => {
    const res = await fetch(`${t.baseURL}/auth/login?v=1.1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 12 }),
    });
    expect(res.status).toBe(400);
    const env = (await res.json()) as { code: number; field: string };
    expect(env.code).toBe(ErrorCode.validation);
    expect(env.field).toBe('body.password');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await fetch(`${t.baseURL}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(ErrorCode.validation);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await fetch(`${t.baseURL}/no/such/thing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(ErrorCode.notFound);
  });

  it('refuses a signed-in endpoint without a token with the token-failed message', async () => {
    const e = await expectApiError(t.sdk().system.userInfo(), ErrorCode.tokenInvalid);
    expect(e.message).toBe('Token验证失败!');
  });

  it('revokes the session on logout', async () => {
    const token = await t.login('sales');
    await t.sdk(token).system.logout();
    await expectApiError(t.sdk(token).system.userInfo(), ErrorCode.tokenInvalid);
  });

  it('registers a route for every declared endpoint', () => {
    for (const e of catalogue()) {
      const url = '/api' + e.path.replace(/\{(\w+)\}/g, 'x');
      expect(
        t.app.hasRoute({ method: e.method, url: '/api' + e.path.replace(/\{(\w+)\}/g, ':$1') }),
        `${e.method} ${url}`,
      ).toBe(true);
    }
  });

  it('declares an access rule on every endpoint', () => {
    for (const e of catalogue())
      expect(['public', 'signedIn', 'privilege'], `${e.slice}.${e.name}`).toContain(e.endpoint.access?.kind);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = (await (await fetch(`${t.baseURL}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
  });
});
