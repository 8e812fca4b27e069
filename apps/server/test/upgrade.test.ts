// on both engines: an older release's database upgrades in place on each engine.
// A database made by an earlier release opens with this build: the current migrations are applied in
// place and every row is kept. The fixture (test/fixtures/upgrade/<release>, made by
// scripts/make-upgrade-fixture.ts) holds the release's rows as SQL and its embedded .data/ folder.
// On the PostgreSQL run (TEST_DATABASE_URL) the SQL is loaded on a new database; otherwise on PGlite,
// both from the SQL and from the data folder the older build left.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';

const here = import.meta.dirname;
const RELEASE = 'r1';
const fixture = path.join(here, 'fixtures/upgrade', RELEASE);
const manifest = JSON.parse(readFileSync(path.join(fixture, 'manifest.json'), 'utf8')) as {
  migrations: string[];
  rows: Record<string, number>;
};
const drizzleDir = path.join(here, '../drizzle');
const currentTags = (
  JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  }
).entries.map((e) => e.tag);

const temps: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(d);
  return d;
};
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** The release's migration folder: today's drizzle/ cut back to the migrations the release had. */
function releaseMigrations(): string {
  const dir = tempDir('bo-release-migrations-');
  cpSync(drizzleDir, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => manifest.migrations.includes(e.tag));
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * Tables a later migration removed on purpose, with the table their rows moved to (checked to hold at
 * least as many rows). Every other table of the release must keep its rows.
 */
const RETIRED: Record<string, string> = {
  // 0002_approval_engine copies every clue approval (ids kept) before 0003 drops the old table.
  'public.clue_approvals': 'public.approval_requests',
};

/** What must hold after the upgrade, on either engine. */
async function expectUpgraded(database: Database) {
  const { db } = database;
  // Raw reads: the two drivers answer execute() with { rows } of the shape asked for.
  const rows = async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  // Every migration of this build is recorded as applied, once.
  const applied = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect(Number(applied[0]?.n)).toBe(currentTags.length);
  // Every table of the release keeps its rows (a migration may add reference rows, never drop one).
  for (const [table, n] of Object.entries(manifest.rows)) {
    if (table.startsWith('drizzle.')) continue;
    const movedTo = RETIRED[table];
    if (movedTo) {
      const gone = await rows<{ t: string | null }>(sql`select to_regclass(${table})::text as t`);
      expect(gone[0]?.t, `${table} is listed as retired`).toBeNull();
      const [toSchema, toName] = movedTo.split('.');
      const moved = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(toSchema ?? 'public')}.${sql.identifier(toName ?? '')}`,
      );
      expect(Number(moved[0]?.n), `${table} → ${movedTo}`).toBeGreaterThanOrEqual(n);
      continue;
    }
    const [schema, name] = table.split('.');
    const r = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(schema ?? 'public')}.${sql.identifier(name ?? '')}`,
    );
    expect(Number(r[0]?.n), table).toBeGreaterThanOrEqual(n);
  }
  // The demo administrator is still there with the password hash the release stored.
  const admin = await rows<{ username: string; password_hash: string }>(
    sql`select username, password_hash from users where username = 'admin'`,
  );
  expect(admin[0]?.username).toBe('admin');
  expect(admin[0]?.password_hash).toMatch(/\S{20,}/);
  // 0006_city_region: the new column is filled from the cities' campuses.
  const cities = await rows<{ code: string; region: string | null }>(
    sql`select code, province_type_code as region from cities where code in ('SH', 'BJ') order by code`,
  );
  expect(cities).toEqual([
    { code: 'BJ', region: 'HB' },
    { code: 'SH', region: 'HD' },
  ]);
  // 0012/0013: clue tags became references to tag records; every (clue, name) pair of the release is
  // the same pair now, and a name no tag record had (转介绍) got a clue-tag record.
  const released = (
    JSON.parse(
      /INSERT INTO "public"\."clue_tags" SELECT \* FROM json_populate_recordset\(NULL::"public"\."clue_tags", '(\[[\s\S]*?\])'\);/.exec(
        dataSql(),
      )?.[1] ?? '[]',
    ) as { clue_id: number; tag: string }[]
  ).map((r) => `${r.clue_id}:${r.tag}`);
  expect(released.length).toBe(manifest.rows['public.clue_tags']);
  const tagged = await rows<{ clue_id: number; name: string }>(
    sql`select t.clue_id, g.name from clue_tags t join tags g on g.id = t.tag_id and g.tag_type = 1`,
  );
  expect(tagged.map((r) => `${r.clue_id}:${r.name}`).sort()).toEqual(released.sort());
  expect(released.some((r) => r.endsWith(':转介绍'))).toBe(true);
  // The sequences continue after the release's rows: a new row does not collide.
  const next = await rows<{ id: number }>(
    sql`insert into city_ranks (code, name) values ('UPG', '升级测试') returning id`,
  );
  expect(Number(next[0]?.id)).toBeGreaterThan(manifest.rows['public.city_ranks'] ?? 0);
  // 0056 fills the monthly aggregates from the release's movements: the students' months sum to the
  // ledger, and the students holding advance receipts now are those with a balance above zero.
  const [agg] = await rows<{ months: string; ledger: string; held: string; holders: string }>(sql`
    select (select coalesce(sum(value_cents), 0) from ledger_student_months)::text as months,
      (select coalesce(sum(value_cents), 0) from student_ledger)::text as ledger,
      (select coalesce(sum(delta), 0) from holding_months where scope = '*')::text as held,
      (select count(*) from (select student_id from student_ledger group by 1 having sum(value_cents) > 0) x)::text as holders`);
  expect(agg?.months).toBe(agg?.ledger);
  expect(agg?.held).toBe(agg?.holders);
}

const dataSql = () => readFileSync(path.join(fixture, 'data.sql'), 'utf8');
const pgUrl = process.env.TEST_DATABASE_URL;

describe(`a database of release ${RELEASE} (${manifest.migrations.join(', ')})`, () => {
  if (pgUrl) {
    it('upgrades in place on PostgreSQL, keeping its rows', async () => {
      const pg = await import('pg');
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const name = `upgrade_${randomBytes(5).toString('hex')}`;
      const admin = new pg.default.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.default.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
      const u = new URL(pgUrl);
      u.pathname = `/${name}`;
      // The release's server: its migrations, then its data.
      const old = new pg.default.Client({ connectionString: u.toString() });
      await old.connect();
      await migrate(drizzle(old), { migrationsFolder: releaseMigrations() });
      await old.query(dataSql());
      await old.end();
      // This build opens it.
      const database = await openDatabase({ databaseUrl: u.toString() });
      cleanups.push(() => database.close());
      await expectUpgraded(database);
    }, 180_000);
  } else {
    it('upgrades in place on PGlite, keeping its rows', async () => {
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const dir = tempDir('bo-upgrade-sql-');
      const old = await PGlite.create(dir);
      await migrate(drizzle(old), { migrationsFolder: releaseMigrations() });
      await old.exec(dataSql());
      await old.close();
      const database = await openDatabase({ dataDir: dir });
      cleanups.push(() => database.close());
      await expectUpgraded(database);
    }, 180_000);

    it('opens the .data/ folder the older build left and upgrades it', async () => {
      const { PGlite } = await import('@electric-sql/pglite');
      const dir = tempDir('bo-upgrade-datadir-');
      const tar = brotliDecompressSync(readFileSync(path.join(fixture, 'pgdata.tar.br')));
      // Unpacks the release's folder as it was on disk, without touching its contents.
      const unpack = await PGlite.create(dir, { loadDataDir: new Blob([tar]) });
      await unpack.close();
      const database = await openDatabase({ dataDir: dir });
      cleanups.push(() => database.close());
      await expectUpgraded(database);
    }, 180_000);
  }
});
