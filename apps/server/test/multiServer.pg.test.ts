// PostgreSQL only (run by the pg step; vitest.config.ts includes *.pg.test.ts when
// TEST_DATABASE_URL is set): two server processes on one database agree on sessions and access
// within moments (LISTEN/NOTIFY, not the cache window), the recycle job runs on one server at a
// time, and an abandoned request's statement is cancelled.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createSdk, ErrorCode, type Sdk } from '@bo/api-sdk';
import { openDatabase, type Database } from '../src/db/client.js';
import { onlyOneServer } from '../src/db/singleRun.js';
import { must } from '../src/shared/must.js';
import { DEMO_PASSWORD, expectApiError, startTestServer } from './harness.js';

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL)
  throw new Error('multiServer.pg.test.ts needs PostgreSQL: run it through scripts/with-postgres.mjs');

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

let dbUrl: string;
let dbName: string;
const children: ChildProcess[] = [];

async function admin<T>(f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** Starts `node --import tsx src/main.ts` on the shared database; answers its API base URL. */
function startServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        SEED_DEMO: 'true',
        PORT: '0',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        LOG_LEVEL: 'silent',
        LOGIN_FAILURE_DELAY_MS: '0',
        // A long window: a change seen on the other server within seconds came by notification.
        AUTH_CACHE_SECONDS: '120',
        CLUE_RECYCLE_INTERVAL_MINUTES: '0',
        UI_DIR: path.join(serverDir, 'no-ui'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /API:\s+(http:\/\/\S+\/api)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

/** Retries `check` until it passes or `ms` elapse (the other server hears of a change asynchronously). */
async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let a: string;
let b: string;
const sdk = (base: string, token?: string): Sdk =>
  createSdk({ baseURL: base, getToken: () => token, locale: 'en' });
const login = async (base: string, username: string) =>
  (await sdk(base).system.login({ body: { username, password: DEMO_PASSWORD } })).token;

beforeAll(async () => {
  dbName = `t_multi_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const u = new URL(must(PG_URL, 'url'));
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  a = await startServer(); // migrates and seeds
  b = await startServer();
}, 180_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
});

describe('two servers on one PostgreSQL', () => {
  it('share sessions: a token from server A works on server B, and logout on A ends it on B', async () => {
    const token = await login(a, 'sales');
    expect((await sdk(b, token).system.userInfo()).username).toBe('sales');
    await sdk(a, token).system.logout();
    await eventually(() =>
      expectApiError(sdk(b, token).system.userInfo(), ErrorCode.tokenInvalid).then(() => {}),
    );
  });

  it('see a role given and a grant taken on server A on server B within moments', async () => {
    const adminA = sdk(a, await login(a, 'admin'));
    const hrB = sdk(b, await login(b, 'hr'));
    await expectApiError(hrB.system.authInfos({ query: {} }), ErrorCode.noPermission); // cached on B now
    await adminA.system.roleSave({ body: { code: 92, name: '账号查看2', description: 'Sees accounts' } });
    await adminA.system.rolePrivilegeSave({ body: { code: 92, privilegeCodes: ['/setting/systemUsers'] } });
    const hr = must((await adminA.system.authInfos({ query: { username: 'hr' } })).list[0], 'hr');
    await adminA.system.authInfoSave({
      body: {
        id: hr.id,
        version: hr.version,
        username: 'hr',
        name: hr.name,
        roles: [30, 92],
        regions: hr.regions,
        campuses: hr.campuses,
        employeeCode: hr.employeeCode,
      },
    });
    await eventually(async () => {
      expect((await hrB.system.authInfos({ query: {} })).total).toBeGreaterThan(0);
    });
    await adminA.system.rolePrivilegeSave({ body: { code: 92, privilegeCodes: ['/home'] } });
    await eventually(() =>
      expectApiError(hrB.system.authInfos({ query: {} }), ErrorCode.noPermission).then(() => {}),
    );
  });

  it('serve the role list from their caches and show a role saved on server A on server B within moments', async () => {
    const adminA = sdk(a, await login(a, 'admin'));
    const adminB = sdk(b, await login(b, 'admin'));
    const nameOnB = async () => (await adminB.system.roles({ query: {} })).find((r) => r.code === 94)?.name;
    expect(await nameOnB()).toBeUndefined(); // the list is cached on B now
    await adminA.system.roleSave({ body: { code: 94, name: '双机角色', description: '' } });
    await eventually(async () => expect(await nameOnB()).toBe('双机角色'));
    const r = must(
      (await adminA.system.roles({ query: {} })).find((x) => x.code === 94),
      'role 94',
    );
    await adminA.system.roleSave({
      body: { code: 94, name: '双机角色（改）', description: '', version: r.version },
    });
    await eventually(async () => expect(await nameOnB()).toBe('双机角色（改）'));
  });

  it('runs a job of one name on one server at a time (advisory lock)', async () => {
    const dbs: Database[] = [
      await openDatabase({ databaseUrl: dbUrl }),
      await openDatabase({ databaseUrl: dbUrl }),
    ];
    try {
      let ran = 0;
      const job = async () => {
        ran += 1;
        await new Promise((r) => setTimeout(r, 500));
        return 'done';
      };
      const results = await Promise.all(
        dbs.map((d) => onlyOneServer(d.db, 'postgres', 'clues.recycle', job)),
      );
      expect(ran).toBe(1);
      expect(results.filter((r) => r === 'done')).toHaveLength(1);
      // Released with its transaction: the next run goes ahead.
      expect(await onlyOneServer(must(dbs[1], 'db').db, 'postgres', 'clues.recycle', job)).toBe('done');
    } finally {
      for (const d of dbs) await d.close();
    }
  });
});

describe('an abandoned request', () => {
  it('has its running statement cancelled on the database', async () => {
    const t = await startTestServer();
    try {
      const token = await t.login('admin');
      await t.sdk(token).system.role({ params: { code: 1 } }); // the session is cached: only the role's query will wait
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`lock table roles in access exclusive mode`);
        locked();
        await held;
      });
      await isLocked;
      const waiting = async () => {
        const r = (await t.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) as unknown as { rows: Array<{ n: number }> };
        return r.rows[0]?.n ?? 0;
      };
      const gone = new AbortController();
      const request = fetch(`${t.baseURL}/system/role/1`, { headers: { token }, signal: gone.signal }).catch(
        (e: unknown) => e,
      );
      await eventually(async () => expect(await waiting()).toBe(1));
      gone.abort();
      expect(await request).toBeInstanceOf(Error);
      // Cancelled while the lock is still held: nobody waits for it any more.
      await eventually(async () => expect(await waiting()).toBe(0));
      release();
      await holder;
    } finally {
      t.app.server.closeAllConnections();
      await t.close();
    }
  });
});
