// Makes the upgrade fixture of a release: a database created by this build's migrations and demo
// seed, kept in test/fixtures/upgrade/<release>/ as
//   data.sql     — every row of the app's tables and every sequence position, to load (on
//                  PostgreSQL or PGlite) over the release's own migrations;
//   pgdata.tar.br — the embedded PGlite data folder itself (what an older build leaves in .data/),
//                  a tar compressed with brotli (a third of gzip's size: the folder is mostly empty pages);
//   manifest.json — the migrations it was made with and the row count of every table.
// Run it on the release commit, before the next schema change (docs/developing.md "Migrations"):
//   pnpm --filter @bo/server exec tsx scripts/make-upgrade-fixture.ts r1
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client.js';
import { seed } from '../src/seed/index.js';

const release = process.argv[2];
if (!release || !/^[a-z0-9_-]+$/.test(release)) {
  console.error('Name the release: tsx scripts/make-upgrade-fixture.ts r1');
  process.exit(2);
}
const server = path.resolve(import.meta.dirname, '..');
const outDir = path.join(server, 'test/fixtures/upgrade', release);
// A fixed clock, so the demo data (and the fixture) only change when the code does.
const NOW = new Date('2026-11-01T02:00:00.000Z');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-fixture-'));
try {
  const database = await openDatabase({ dataDir });
  await seed(
    database.db,
    { kind: 'demo' },
    { scale: 1, now: NOW, passwordCost: { memoryKib: 1024, timeCost: 1 } },
  );
  await database.close();

  const pg = await PGlite.create(dataDir);
  const tables = (
    await pg.query<{ s: string; t: string }>(
      `select table_schema as s, table_name as t from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE'
       order by table_schema, table_name`,
    )
  ).rows;
  const q = (s: string, t: string) => `"${s}"."${t}"`;
  const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const lines = [
    `-- Rows of release ${release} (scripts/make-upgrade-fixture.ts); load over its migrations.`,
    'SET client_encoding = UTF8;',
  ];
  const counts: Record<string, number> = {};
  for (const { s, t } of tables) {
    const r = await pg.query<{ j: string | null; n: number }>(
      `select json_agg(x order by x)::text as j, count(*)::int as n from ${q(s, t)} x`,
    );
    const row = r.rows[0];
    counts[`${s}.${t}`] = row?.n ?? 0;
    if (!row?.j) continue;
    lines.push(
      `INSERT INTO ${q(s, t)} SELECT * FROM json_populate_recordset(NULL::${q(s, t)}, ${lit(row.j)});`,
    );
  }
  const seqs = await pg.query<{ s: string; n: string; v: string | null }>(
    `select schemaname as s, sequencename as n, last_value::text as v from pg_sequences
     where schemaname = 'public' order by 1, 2`,
  );
  for (const x of seqs.rows)
    if (x.v !== null) lines.push(`SELECT setval(${lit(`${q(x.s, x.n)}`)}, ${x.v}, true);`);
  const migrations = (
    await pg.query<{ hash: string; created_at: string }>(
      'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
    )
  ).rows;
  const archive = await pg.dumpDataDir('none');
  await pg.close();

  const journal = JSON.parse(readFileSync(path.join(server, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'data.sql'), `${lines.join('\n')}\n`);
  const tar = Buffer.from(await archive.arrayBuffer());
  const br = brotliCompressSync(tar, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 },
  });
  writeFileSync(path.join(outDir, 'pgdata.tar.br'), br);
  writeFileSync(
    path.join(outDir, 'manifest.json'),
    `${JSON.stringify({ release, madeAt: NOW.toISOString(), migrations: journal.entries.map((e) => e.tag), applied: migrations.length, rows: counts }, null, 2)}\n`,
  );
  console.log(
    `fixture ${release}: ${tables.length} tables, written to ${path.relative(process.cwd(), outDir)}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
