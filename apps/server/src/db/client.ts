// Opens the database: embedded PGlite in a data folder, or a PostgreSQL server by URL; applies migrations.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type pg from 'pg';
import type { PoolClient } from 'pg';
import { AUTH_CHANNEL, authChanged, parseAuthChange } from '../http/authEvents.js';
import { queryScope } from './queryScope.js';
import type { Config } from '../config.js';

export type Db = PgDatabase<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<void>;
  /** PGlite only: the data directory as a tarball, gzip unless 'none' (the test harness's template). */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /** PGlite only: runs a script of several statements (the test harness restores its copies with it). */
  exec?: (script: string) => Promise<void>;
  /** PostgreSQL with DATABASE_REPLICA_URL: the streaming replica that answers report reads. */
  replica?: Replica;
}

/** A read replica of the primary (src/http/replicaReads.ts says who reads from it). */
export interface Replica {
  db: Db;
  /**
   * When the replica's data is from: null when it has replayed everything the primary has written,
   * else the commit time of the last transaction it replayed. Throws when it cannot be reached.
   */
  asOf(): Promise<Date | null>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PostgreSQL: statement_timeout of every pooled connection (ms; 0 = none). Default 30 s. */
  statementTimeoutMs?: number;
  /** PostgreSQL: connections of the pool (default 10). */
  poolSize?: number;
  /** A PGlite data directory tarball (`dumpDataDir`) to start from: tests copy a seeded template. */
  loadDataDir?: Blob;
  /** PostgreSQL: a streaming replica of databaseUrl's server, for report reads. */
  replicaUrl?: string | undefined;
  /** How long one measure of the replica's lag serves report reads (ms; default 1000). */
  replicaLagCheckMs?: number;
}

export async function openDatabase(o: OpenOptions): Promise<Database> {
  if (o.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({
      connectionString: o.databaseUrl,
      max: o.poolSize ?? 10,
      // A runaway query is stopped by the server even when nobody cancels it.
      statement_timeout: o.statementTimeoutMs ?? 30_000,
      // No JIT compilation: a dashboard statement over a million rows paid more for compiling (up to
      // 1.7 s of inlining and optimisation, set off by the planner's inflated row estimates) than it
      // saved (docs/decisions.md "No JIT").
      options: '-c jit=off',
    });
    // An idle connection the server drops (a restart, an administrator) is replaced by the pool on the
    // next query; without a listener the pool's 'error' event would end the process.
    let closing = false;
    pool.on('error', (err) => {
      if (!closing) console.warn(`PostgreSQL dropped an idle connection: ${err.message}`);
    });
    // numeric and bigint stay strings (exact money); int8 counts come back as strings too.
    // Migrations (an index over millions of rows) may take longer than any request may: own connection, no timeout.
    const migrator = new pg.default.Pool({ connectionString: o.databaseUrl, max: 1 });
    try {
      await migrate(drizzle(migrator), { migrationsFolder: migrationsFolder() });
    } finally {
      await migrator.end();
    }
    const listener = await authListener(pg.default, o.databaseUrl, () => closing);
    trackRequestQueries(pool, listener.cancel);
    const db = drizzle(pool) as unknown as Db;
    const replica = o.replicaUrl
      ? openReplica(pg.default, drizzle, pool, o.replicaUrl, {
          max: o.poolSize ?? 10,
          statementTimeoutMs: o.statementTimeoutMs ?? 30_000,
          lagCheckMs: o.replicaLagCheckMs ?? 1000,
          closing: () => closing,
        })
      : undefined;
    return {
      db,
      kind: 'postgres',
      ...(replica ? { replica: replica.replica } : {}),
      close: async () => {
        closing = true;
        await listener.close();
        await replica?.end();
        await pool.end();
      },
      ping: async () => {
        await pool.query('select 1');
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = o.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = o.loadDataDir
    ? await PGlite.create(dir, { loadDataDir: o.loadDataDir })
    : await PGlite.create(dir);
  const db = drizzle(client) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  // PGlite runs the listeners before the writing statement returns: invalidation is immediate.
  await client.listen(AUTH_CHANNEL, (payload) => authChanged(parseAuthChange(payload)));
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
    exec: async (script) => {
      await client.exec(script);
    },
    ping: async () => {
      await client.query('select 1');
    },
  };
}

/**
 * The tarball an embedded data folder without a database yet starts from (DATA_DIR_TEMPLATE), read
 * into memory; undefined when none is configured, the folder already holds a database, or the
 * database is a PostgreSQL server.
 */
export function dataDirTemplate(
  c: Pick<Config, 'DATABASE_URL' | 'DATA_DIR_TEMPLATE' | 'dataDir'>,
): Blob | undefined {
  if (c.DATABASE_URL || !c.DATA_DIR_TEMPLATE || existsSync(path.join(c.dataDir, 'PG_VERSION')))
    return undefined;
  return new Blob([readFileSync(path.resolve(c.DATA_DIR_TEMPLATE))]);
}

/** The drizzle-kit migrations folder, found from src/db (dev, tests) or dist (built server). */
function migrationsFolder(): string {
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((p) => existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found)
    throw new Error(
      `No migrations found (looked in ${candidates.join(', ')}); run "pnpm --filter @bo/server db:generate".`,
    );
  return found;
}

type PgModule = typeof pg;

/** "16/B374D848" → a number that orders write-ahead log positions. */
const lsnValue = (lsn: string): bigint => {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/**
 * The replica's pool: read-only transactions by default (a write routed there by mistake fails
 * loudly instead of silently waiting for a primary), the same timeouts as the primary's, its own
 * cancellations (a backend of the replica is cancelled on the replica).
 */
function openReplica(
  pg: PgModule,
  drizzle: (p: InstanceType<PgModule['Pool']>) => unknown,
  primary: InstanceType<PgModule['Pool']>,
  url: string,
  o: { max: number; statementTimeoutMs: number; lagCheckMs: number; closing: () => boolean },
) {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.max,
    statement_timeout: o.statementTimeoutMs,
    options: '-c jit=off -c default_transaction_read_only=on',
  });
  pool.on('error', (err) => {
    if (!o.closing()) console.warn(`The read replica dropped an idle connection: ${err.message}`);
  });
  const cancel = (pid: number) => {
    const c = new pg.Client({ connectionString: url });
    c.connect()
      .then(() => c.query('select pg_cancel_backend($1)', [pid]))
      .catch(() => undefined)
      .finally(() => void c.end().catch(() => undefined));
  };
  trackRequestQueries(pool, cancel);
  // One lag check serves every report read of the next lagCheckMs (a dashboard asks ten at once).
  let checked: { at: number; asOf: Promise<Date | null> } | undefined;
  const measure = async (): Promise<Date | null> => {
    const [p, r] = await Promise.all([
      primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
      pool.query<{ lsn: string | null; at: Date | null }>(
        'select pg_last_wal_replay_lsn()::text as lsn, pg_last_xact_replay_timestamp() as at',
      ),
    ]);
    const written = p.rows[0]?.lsn;
    const replayed = r.rows[0]?.lsn;
    if (!written || !replayed)
      throw new Error('DATABASE_REPLICA_URL is not a streaming replica (not in recovery)');
    if (lsnValue(replayed) >= lsnValue(written)) return null;
    return r.rows[0]?.at ?? new Date(0);
  };
  const replica: Replica = {
    db: drizzle(pool) as Db,
    asOf: () => {
      const now = Date.now();
      if (!checked || now - checked.at >= o.lagCheckMs) {
        const asOf = measure();
        checked = { at: now, asOf };
        // A failed check is not reused: the next read asks again.
        asOf.catch(() => {
          if (checked?.asOf === asOf) checked = undefined;
        });
      }
      return checked.asOf;
    },
  };
  return { replica, end: () => pool.end() };
}

/**
 * A dedicated connection that LISTENs for the auth triggers' notifications (cache invalidation
 * across servers) and sends cancellations. Reconnects after a drop; whatever was cached before the
 * drop may have missed a notification, so every cache is cleared then.
 */
async function authListener(pg: PgModule, url: string, closing: () => boolean) {
  let client: InstanceType<PgModule['Client']> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let cancels: Promise<void> = Promise.resolve();
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === AUTH_CHANNEL) authChanged(parseAuthChange(n.payload ?? ''));
    });
    c.on('error', (err) => {
      if (closing()) return;
      console.warn(`PostgreSQL listener connection lost (${err.message}); reconnecting`);
      client = undefined;
      schedule();
    });
    await c.connect();
    await c.query(`listen ${AUTH_CHANNEL}`);
    client = c;
    authChanged({ kind: 'all' });
  };
  const schedule = () => {
    retry ??= setTimeout(() => {
      retry = undefined;
      connect().catch((e: unknown) => {
        console.warn(`PostgreSQL listener: ${e instanceof Error ? e.message : String(e)}`);
        schedule();
      });
    }, 1000);
  };
  await connect();
  return {
    // One at a time: a pg client runs one query at a time, and queueing on it is deprecated.
    cancel: (pid: number) => {
      cancels = cancels
        .then(() => client?.query('select pg_cancel_backend($1)', [pid]))
        .then(
          () => undefined,
          () => undefined,
        );
    },
    close: async () => {
      if (retry) clearTimeout(retry);
      await client?.end();
    },
  };
}

type ConnectCallback = (err: Error | undefined, client: PoolClient | undefined, done: () => void) => void;

/**
 * Remembers which pooled connection runs which request's queries (queryScope), so abandoning the
 * request cancels its running statement on the server (pg_cancel_backend on that backend).
 */
function trackRequestQueries(pool: InstanceType<PgModule['Pool']>, cancel: (pid: number) => void) {
  const rawConnect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const scoped = async (): Promise<PoolClient> => {
    const scope = queryScope.getStore();
    // The client left while this request waited: its remaining queries are not started.
    if (scope?.aborted) throw new Error('request abandoned by the client');
    const c = await rawConnect();
    if (!scope) return c;
    const pid = (c as unknown as { processID?: number }).processID;
    if (pid === undefined) return c;
    const canceller = () => cancel(pid);
    scope.cancellers.add(canceller);
    const release = c.release.bind(c);
    c.release = (err?: Error | boolean) => {
      scope.cancellers.delete(canceller);
      c.release = release;
      release(err);
    };
    return c;
  };
  // pg's Pool.query uses the callback form of connect; drizzle's transactions the promise form.
  (pool as unknown as { connect: (cb?: ConnectCallback) => Promise<PoolClient> | undefined }).connect = (
    cb?: ConnectCallback,
  ) => {
    const p = scoped();
    if (!cb) return p;
    p.then(
      (c) => cb(undefined, c, () => c.release()),
      (e: unknown) => cb(e instanceof Error ? e : new Error(String(e)), undefined, () => undefined),
    );
    return undefined;
  };
}
