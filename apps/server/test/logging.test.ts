import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let app: FastifyInstance;
let logged = '';

beforeAll(async () => {
  t = await startTestServer({ demo: false });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
  app = await buildApp({ ...t.deps, config: { ...t.deps.config, LOG_LEVEL: 'info' } }, { logStream: stream });
  // A route whose query fails in the database with the request's values as parameters, as a
  // service's would: the log must name the failure, not the values.
  app.post('/api/test/failing-insert', async (req) => {
    const { phone, name } = req.body as { phone: string; name: string };
    await t.deps.db.execute(sql`select ${phone}::integer as p, ${name}::date as n`);
    return { ok: true };
  });
  app.post('/api/test/racing-insert', async () => {
    await t.deps.db.execute(sql`do $$ begin raise unique_violation using message = 'taken'; end $$`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

it('logs a database error by its code and SQL text, never the phone or name of the request', async () => {
  const phone = '13912345678x';
  const name = '王小明-secret';
  const res = await app.inject({ method: 'POST', url: '/api/test/failing-insert', payload: { phone, name } });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toMatchObject({ code: 500 });
  const line = logged.split('\n').find((l) => l.includes('unhandled error'));
  expect(line).toBeDefined();
  expect(line).toMatch(/"sqlstate":"(22P02|22003)"/);
  expect(line).toContain('::integer');
  expect(logged).not.toContain('13912345678');
  expect(logged).not.toContain('王小明');
});

it('answers a unique key taken by a concurrent writer with 409, not 500', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/test/racing-insert' });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ code: 409 });
});
