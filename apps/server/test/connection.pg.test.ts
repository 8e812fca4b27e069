// PostgreSQL only (the pg step): what every pooled connection of the server is opened with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.js';

if (!process.env.TEST_DATABASE_URL)
  throw new Error('connection.pg.test.ts needs PostgreSQL: run it through scripts/with-postgres.mjs');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('a pooled connection', () => {
  it('stops a runaway statement (statement_timeout) and never JIT-compiles one', async () => {
    const settings = async () => {
      const r = (await t.deps.db.execute(
        sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`,
      )) as unknown as { rows: Array<{ jit: string; timeout: string }> };
      return r.rows[0];
    };
    // Several at once, so more than one connection of the pool answers.
    const all = await Promise.all(Array.from({ length: 4 }, settings));
    for (const s of all) expect(s).toEqual({ jit: 'off', timeout: '30s' });
  });
});
