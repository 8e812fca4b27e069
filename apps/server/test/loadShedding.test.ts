// Load shedding: beyond the running and the waiting requests the server answers 503 at once with
// the envelope's code and a bilingual message, and recovers as soon as the load is gone. Password
// sign-ins wait in the password pool's fair lines instead (test/signinThrottle.test.ts).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@bo/api-sdk';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer({
    env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '1', QUEUE_TIMEOUT_MS: '60000' },
  });
  token = await t.login('admin');
});
afterAll(async () => {
  // The aborted fetch can leave a half-closed keep-alive socket that would hold the graceful close.
  t?.app.server.closeAllConnections();
  await t?.close();
});

/**
 * GET /system/role/1 as admin (a read of the roles table on every request: the role list itself is
 * served from the access-data cache), the status and the envelope.
 */
const roles = async (signal?: AbortSignal) => {
  const r = await fetch(`${t.baseURL}/system/role/1`, { headers: { token }, ...(signal ? { signal } : {}) });
  return { status: r.status, body: (await r.json()) as { code: number; message: string } };
};

/** Holds an exclusive lock on roles (so /system/role/1 waits) until the returned function is called. */
async function blockRoles(): Promise<{ release: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let locked = () => {};
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`lock table roles in access exclusive mode`);
    locked();
    await held;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

describe('load shedding', () => {
  it('answers 503 "server busy" when the queue is full, and serves again once the load is gone', async () => {
    const lock = await blockRoles();
    const running = roles();
    const waiting = roles();
    // Let the first two reach the server (one running, one queued).
    await new Promise((r) => setTimeout(r, 300));
    const shed = await roles();
    expect(shed.status).toBe(503);
    expect(shed.body.code).toBe(ErrorCode.notConfigured);
    expect(shed.body.message).toBe('服务器繁忙，请稍后再试 / Server busy, try again shortly');
    await lock.release();
    expect((await running).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect((await roles()).status).toBe(200);
  });

  it('gives the place of a client that left the queue to the next one', async () => {
    const lock = await blockRoles();
    const running = roles();
    const gone = new AbortController();
    const abandoned = roles(gone.signal).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    gone.abort();
    expect(await abandoned).toBeInstanceOf(Error);
    await new Promise((r) => setTimeout(r, 100));
    // The queue place is free again: this one waits instead of being shed.
    const next = roles();
    await new Promise((r) => setTimeout(r, 100));
    await lock.release();
    expect((await running).status).toBe(200);
    expect((await next).status).toBe(200);
  });

  it('checks a password sign-in while the line is full: it waits in the password pool instead', async () => {
    // Two requests whose bodies have not arrived hold the running place and the waiting one (the
    // line is taken when a request arrives, before its body is read), without any database work.
    const url = new URL(`${t.baseURL}/auth/logout`);
    const held = [0, 1].map(() => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '2' },
      });
      const answered = new Promise<number>((resolve) =>
        req.on('response', (r) => resolve(r.statusCode ?? 0)),
      );
      req.on('error', () => undefined);
      req.flushHeaders();
      return { req, answered };
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await roles()).status).toBe(503);
    const signIn = await fetch(`${t.baseURL}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-here', password: 'guess' }),
    });
    expect(((await signIn.json()) as { code: number }).code).toBe(ErrorCode.validation);
    for (const h of held) h.req.end('{}');
    await Promise.all(held.map((h) => h.answered));
    expect((await roles()).status).toBe(200);
  });
});
