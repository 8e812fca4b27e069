// PostgreSQL with a streaming standby (scripts/with-postgres.mjs starts one): with
// DATABASE_REPLICA_URL, dashboards, reports and list exports are read from the replica and say when
// their data is from while it lags; commands, and what a user reads back right after one, stay on
// the primary.
import { shanghaiDate } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import pg from 'pg';
import { answeredByReplica } from '../src/http/replicaReads.js';
import { baseline, call, endpoints, label, pool } from './contractKit.js';
import { startTestServer, type TestServer } from './harness.js';

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_DATABASE_REPLICA_URL)
  throw new Error(
    'replica.pg.test.ts needs PostgreSQL and its standby: run it through scripts/with-postgres.mjs',
  );

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let adminToken: string;
/** A superuser session on the standby's copy of this file's database: pauses and resumes its replay. */
let standby: pg.Client;

beforeAll(async () => {
  // The lag is measured afresh for every read. Other test files write to the same PostgreSQL server
  // meanwhile (its WAL is shared), so a caught-up standby is a few milliseconds behind now and then: a
  // delay of a second is the notice, and the paused standby is waited for until it reaches it.
  t = await startTestServer({
    replica: true,
    env: { REPLICA_LAG_NOTICE_MS: '1000', REPLICA_LAG_CHECK_MS: '0' },
  });
  adminToken = await t.login('admin');
  admin = t.sdk(adminToken);
  sales = await t.as('sales');
  const u = new URL(process.env.TEST_DATABASE_REPLICA_URL ?? '');
  u.pathname = new URL(t.databaseUrl ?? '').pathname;
  standby = new pg.Client({ connectionString: u.toString() });
  await standby.connect();
});
afterAll(async () => {
  await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
  await standby?.end();
  await t?.close();
});

function clueSummaryEndpoint() {
  const c = endpoints().find((e) => e.slice === 'reports' && e.name === 'clueSummary');
  if (!c) throw new Error('reports.clueSummary is not in the contract');
  return c.endpoint;
}

/** The report's data-as-of header once the standby is level (another file's write may briefly lead it). */
async function asOfOnceLevel(summary: () => Promise<{ headers: Headers }>) {
  let header = '';
  for (let i = 0; i < 50 && header !== 'current'; i++) {
    await caughtUp();
    header = (await summary()).headers.get('x-data-as-of') ?? '';
  }
  return header;
}

async function caughtUp() {
  const replica = t.deps.replica;
  if (!replica) throw new Error('no replica');
  for (let i = 0; (await replica.asOf()) !== null; i++) {
    if (i > 300) throw new Error('the standby did not catch up in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a read replica', () => {
  it('answers the reports, lagging visibly while its replay is paused, while commands and read-backs use the primary', async () => {
    const today = shanghaiDate(t.clock.now());
    const filter = { schoolItemCode: 'SH01', startDate: today, endDate: today };
    const summary = () => call(t.baseURL, clueSummaryEndpoint(), { query: filter }, adminToken);
    await caughtUp();
    const before = await admin.reports.clueSummary({ query: filter });
    expect(await asOfOnceLevel(summary)).toBe('current');

    await standby.query('select pg_wal_replay_pause()');
    const c = await sales.clues.clueSave({
      body: {
        childName: '林小雨',
        parentName: '林芳',
        phone: '13912345678',
        gender: 1,
        birthDate: '2020-05-01',
        schoolItemCode: 'SH01',
        channel: 'WALKIN',
      },
    });
    // Read back right after the command: the primary has it.
    expect((await admin.clues.detail({ query: { clueId: c.clueId } })).childName).toBe('林小雨');
    // The report is the replica's: not yet, and it says when its data is from.
    expect((await admin.reports.clueSummary({ query: filter })).clues).toBe(before.clues);
    let lagging = 'current';
    for (let i = 0; lagging === 'current'; i++) {
      if (i > 100) throw new Error('the paused standby never said it lags');
      await new Promise((r) => setTimeout(r, 100));
      lagging = (await summary()).headers.get('x-data-as-of') ?? '';
    }
    expect(Number.isNaN(Date.parse(lagging))).toBe(false);
    expect(Date.parse(lagging)).toBeLessThanOrEqual(Date.now());

    await standby.query('select pg_wal_replay_resume()');
    await caughtUp();
    expect((await admin.reports.clueSummary({ query: filter })).clues).toBe(before.clues + 1);
    expect(await asOfOnceLevel(summary)).toBe('current');
  });

  it('answers every endpoint routed to it without writing (a read-only session would refuse a write)', async () => {
    await caughtUp();
    const routed = endpoints().filter((c) => answeredByReplica(c.slice, c.name, c.endpoint));
    expect(routed.length).toBeGreaterThan(100);
    const failures: string[] = [];
    await pool(routed, 4, async (c) => {
      const r = await call(t.baseURL, c.endpoint, baseline(c.endpoint), adminToken);
      if (r.status >= 500 || !r.headers.get('x-data-as-of'))
        failures.push(
          `${label(c)} → ${r.status} ${r.headers.get('x-data-as-of') ?? 'not from the replica'} ${r.text}`,
        );
    });
    expect(failures).toEqual([]);
  });
});
