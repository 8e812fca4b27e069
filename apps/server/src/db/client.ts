// Opens the database: embedded PGlite in a data folder, or a PostgreSQL server by URL; applies migrations.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';

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
}

const here = path.dirname(fileURLToPath(import.meta.url));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; 'memory://' for an in-memory database. */
  dataDir?: string;
}

export async function openDatabase(o: OpenOptions): Promise<Database> {
  if (o.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({ connectionString: o.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, an administrator) is replaced by the pool on the
    // next query; without a listener the pool's 'error' event would end the process.
    let closing = false;
    pool.on('error', (err) => {
      if (!closing) console.warn(`PostgreSQL dropped an idle connection: ${err.message}`);
    });
    // numeric and bigint stay strings (exact money); int8 counts come back as strings too.
    const db = drizzle(pool) as unknown as Db;
    await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'postgres',
      close: async () => {
        closing = true;
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
  const client = await PGlite.create(dir);
  const db = drizzle(client) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
  };
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
