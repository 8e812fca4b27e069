// Once per `vitest run`: migrate and demo-seed one template database, which every test file then
// copies instead of migrating and seeding its own (seconds per file, most of a small file's time).
// PGlite: the seeded data directory as a tarball in a temporary file, loaded per file (not gzipped:
// every file would inflate it again, and PGlite tries a plain untar before inflating).
// PostgreSQL (TEST_DATABASE_URL): a template database, copied per file with CREATE DATABASE … TEMPLATE.
// The seed time is fixed for the run and handed to the files, whose clocks start at it: a copy is
// then exactly what a fresh seed at that instant would have been.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seed } from '../src/seed/index.js';
import { TEST_PASSWORD_COST, type DbTemplate } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate | null;
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * When the run's data was seeded and every file's clock starts: now, or TEST_SEEDED_AT (an ISO
 * instant) to run the suite as if it started then — a minute before midnight in Shanghai, on the
 * last day of a month or of a year — which finds the tests that hold only at some hours.
 */
function seedInstant(): string {
  const at = process.env.TEST_SEEDED_AT;
  if (!at) return new Date().toISOString();
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) throw new Error(`TEST_SEEDED_AT=${at}: not an ISO instant`);
  return d.toISOString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seededAt = seedInstant();
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_NO_TEMPLATE === '1') {
    project.provide('dbTemplate', null);
    return async () => undefined;
  }
  if (pgUrl) {
    const name = `tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(pgUrl, `create database ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await seed(
      database.db,
      { kind: 'demo' },
      { scale: 1, now: new Date(seededAt), passwordCost: TEST_PASSWORD_COST },
    );
    // CREATE DATABASE … TEMPLATE refuses a template with open connections.
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', database: name, seededAt });
    return () => adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
  }
  // The test command (scripts/test-all.mjs) lets the suites of one run share one PGlite template.
  const shared = process.env.BO_TEST_TEMPLATE_DIR;
  if (shared) {
    const made = await sharedTemplate(shared, () => pgliteTemplate(shared, seededAt));
    project.provide('dbTemplate', made);
    return async () => undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-test-template-'));
  project.provide('dbTemplate', await pgliteTemplate(dir, seededAt));
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** Seeds a PGlite database and writes its data directory as a tarball into `dir`. */
async function pgliteTemplate(dir: string, seededAt: string): Promise<DbTemplate> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seed(
    database.db,
    { kind: 'demo' },
    { scale: 1, now: new Date(seededAt), passwordCost: TEST_PASSWORD_COST },
  );
  if (!database.dumpDataDir) throw new Error('PGlite database without dumpDataDir');
  // A checkpoint first: each file's copy then starts without replaying the seed's write-ahead log.
  await database.db.execute(sql`checkpoint`);
  const tarball = await database.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  return { kind: 'pglite', file, seededAt };
}

/**
 * The template in `dir` made by whichever suite of the run came first; the others wait for it (a
 * lock folder) and read its description.
 */
async function sharedTemplate(dir: string, make: () => Promise<DbTemplate>): Promise<DbTemplate> {
  const described = path.join(dir, 'template.json');
  const lock = path.join(dir, 'lock');
  // Seeding takes well under a minute: a lock older than that was left by a suite that died.
  const giveUp = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > giveUp) throw new Error(`the test template's lock ${lock} was never released`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (existsSync(described)) return JSON.parse(readFileSync(described, 'utf8')) as DbTemplate;
    const made = await make();
    writeFileSync(described, JSON.stringify(made));
    return made;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
