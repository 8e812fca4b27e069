// Starts the real server on loopback over a database of its own for one test file: PGlite in
// memory by default, or a new database on the PostgreSQL of TEST_DATABASE_URL. With demo data it
// copies the run's seeded template (test/global-setup.ts) rather than migrating and seeding again.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ApiError, createSdk, type Sdk } from '@bo/api-sdk';
import { shanghaiDayStart } from '@bo/domain';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { seed } from '../src/seed/index.js';
import { sessionResolver } from '../src/slices/system/sessions.js';
import { DEMO_PASSWORD } from '../src/slices/system/seed.js';
import type { AppDeps, Ports } from '../src/deps.js';
import { composeDeps } from '../src/composition.js';
import { copyOfTemplate, giveBack } from './templateCopies.js';
import { TEST_PASSWORD_COST, TEST_PASSWORD_ENV, type DbTemplate } from './template.js';
import { passwordHasher } from '../src/shared/passwordPool.js';

export { DEMO_PASSWORD };

/** A clock tests can set and move. */
export interface TestClock {
  now: () => Date;
  set(d: Date | string): void;
  advance(ms: number): void;
  /**
   * `ms` from now, or halfway to the end of today in Shanghai when that comes sooner: an instant
   * still today whatever the hour the run's template was seeded at (TEST_SEEDED_AT).
   */
  laterToday(ms: number): Date;
}
export function testClock(start: Date | string = new Date()): TestClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    laterToday: (ms) => {
      const dayEnd = shanghaiDayStart(new Date(t)).getTime() + 24 * 3600_000;
      return new Date(t + Math.min(ms, Math.floor((dayEnd - t) / 2)));
    },
    set: (d) => void (t = new Date(d).getTime()),
    advance: (ms) => void (t += ms),
  };
}

export interface TestServer {
  baseURL: string;
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  /** PostgreSQL runs: the URL of this file's own database. */
  databaseUrl?: string;
  clock: TestClock;
  config: Config;
  /** An SDK client; with a token it calls as that user. */
  sdk(token?: string): Sdk;
  /** Signs in a demo account and returns its token. */
  login(username: string, password?: string): Promise<string>;
  /** An SDK client signed in as a demo account. */
  as(username: string): Promise<Sdk>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Seed demo data (default true). */
  demo?: boolean;
  env?: Record<string, string>;
  /**
   * PostgreSQL runs only: report reads on the run's streaming standby (TEST_DATABASE_REPLICA_URL),
   * as with DATABASE_REPLICA_URL.
   */
  replica?: boolean;
  /** Ports of the file's own in place of the slices' (e.g. fake orders for the payments slice). */
  ports?: Partial<Ports>;
}

/** The standby's URL of the same database, once the standby has replayed its creation. */
async function replicaOf(primaryUrl: string): Promise<string> {
  const standby = process.env.TEST_DATABASE_REPLICA_URL;
  if (!standby)
    throw new Error(
      'a replica test needs TEST_DATABASE_REPLICA_URL: run it through scripts/with-postgres.mjs',
    );
  const u = new URL(standby);
  u.pathname = new URL(primaryUrl).pathname;
  const pg = await import('pg');
  for (let i = 0; ; i++) {
    const c = new pg.default.Client({ connectionString: u.toString() });
    try {
      await c.connect();
      await c.end();
      return u.toString();
    } catch (e) {
      await c.end().catch(() => undefined);
      if (i >= 300) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The run's seeded template, when the global setup prepared one (not in other packages' runs). */
function runTemplate(): DbTemplate | undefined {
  try {
    return inject('dbTemplate') ?? undefined;
  } catch {
    // inject() throws outside a vitest worker.
    return undefined;
  }
}

async function freshPostgres(
  url: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = await import('pg');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  // PostgreSQL 15+ copies a template block by block through the write-ahead log unless told to copy
  // its files: for the seeded template (about 100 MB) the file copy took a third of the time.
  const version = await admin.query<{ v: string }>('select current_setting($1) as v', ['server_version_num']);
  const strategy = Number(version.rows[0]?.v ?? 0) >= 150000 ? ' strategy file_copy' : '';
  await admin.query(
    template ? `create database ${name} template ${template}${strategy}` : `create database ${name}`,
  );
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.default.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(o: TestServerOptions = {}): Promise<TestServer> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const found = o.demo === false ? undefined : runTemplate();
  const template = found && (found.kind === 'postgres') === Boolean(pgUrl) ? found : undefined;
  // The clock starts at the template's seed time: a copy is what a fresh seed then would have been.
  const clock = testClock(template?.seededAt);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...TEST_PASSWORD_ENV,
    ...o.env,
  });
  const fresh = pgUrl
    ? await freshPostgres(pgUrl, template?.kind === 'postgres' ? template.database : undefined)
    : undefined;
  const database =
    template?.kind === 'pglite'
      ? await copyOfTemplate(template.file, async () => new Blob([await readFile(template.file)]))
      : await openDatabase(
          fresh
            ? {
                databaseUrl: fresh.url,
                ...(o.replica
                  ? { replicaUrl: await replicaOf(fresh.url), replicaLagCheckMs: config.REPLICA_LAG_CHECK_MS }
                  : {}),
              }
            : { dataDir: 'memory://' },
        );
  if (o.replica && !database.replica) throw new Error('a replica test runs on PostgreSQL (pnpm test:pg)');
  if (!template)
    await seed(database.db, o.demo === false ? { kind: 'none' } : { kind: 'demo' }, {
      scale: 1,
      now: clock.now(),
      passwordCost: TEST_PASSWORD_COST,
    });
  const auth = sessionResolver(database.db, config, clock.now);
  const deps: AppDeps = composeDeps(
    {
      db: database.db,
      dbKind: database.kind,
      config,
      now: clock.now,
      auth,
      passwords: passwordHasher(config),
      ping: database.ping,
      ...(database.replica ? { replica: database.replica } : {}),
    },
    o.ports ? { ports: o.ports } : {},
  );
  const app = await buildApp(deps, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const baseURL = `http://127.0.0.1:${port}/api`;
  const sdk = (token?: string) =>
    createSdk({ baseURL, getToken: () => token, locale: 'en', sendLanguage: false });
  const login = async (username: string, password = DEMO_PASSWORD) =>
    (await sdk().system.login({ body: { username, password } })).token;
  return {
    baseURL,
    app,
    deps,
    database,
    ...(fresh ? { databaseUrl: fresh.url } : {}),
    clock,
    config,
    sdk,
    login,
    as: async (username) => sdk(await login(username)),
    close: async () => {
      await app.close();
      // Its invalidation listener would keep this database alive in a process other files reuse.
      auth.close();
      if (template?.kind === 'pglite') await giveBack(database);
      else await database.close();
      await fresh?.drop();
    },
  };
}

/** Asserts a promise rejects with an ApiError of the given code; returns the error. */
export async function expectApiError(p: Promise<unknown>, code: number): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.code !== code) throw new Error(`expected error code ${code}, got ${e.code}: ${e.message}`);
      return e;
    }
    throw e;
  }
  throw new Error(`expected error code ${code}, but the call succeeded`);
}
