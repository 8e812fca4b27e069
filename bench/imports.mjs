// Imports benchmark (`pnpm bench:imports [--rows N] [--kinds clues,students,orders] [--pglite | --pg]`):
// a 100,000-row sheet of clues, of students and of orders (of those students), generated as .xlsx, each
// imported through the operator's CLI (`sdk-cli import <kind> file.xlsx`, its own process, timed from its
// start) against the real server: first `--dry-run` alone, then the import (the CLI's dry run of the
// whole file, then the write), on a fresh embedded database (PGlite) and on a throwaway PostgreSQL
// (apps/server/scripts/with-postgres.mjs), both seeded with the demo data. The reference in the same
// run: a plain multi-row insert of the same rows (5000 a statement, text cells, no checks) into a bare
// table through the same driver (apps/server/scripts/bench-imports.ts). Checks that the rows created
// equal the file's. Prints a table and writes bench/out/imports.json. Reported, never asserted.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverCommand, serverEnv } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const value = (n, d) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const rows = value('--rows', '100000');
const kinds = value('--kinds', 'clues,students,orders').split(',');
const dbs = args.includes('--pglite')
  ? ['pglite']
  : args.includes('--pg')
    ? ['postgres']
    : ['pglite', 'postgres'];
const server = path.join(root, 'apps/server');
const cli = path.join(root, 'apps/sdk-cli/bin/sdk-cli.mjs');

/** Starts the benchmark server on `db`; resolves its ready line and the child. */
function startServer(db, dir) {
  const command = serverCommand('scripts/bench-imports.ts', db === 'pglite');
  const child = spawn(command[0], command[1], {
    cwd: server,
    env: serverEnv({
      SEED_DEMO: 'true',
      BENCH_ROWS: rows,
      BENCH_DIR: dir,
      ...(db === 'pglite' ? { DATA_DIR: path.join(dir, 'data') } : {}),
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`the benchmark server exited ${code}`)));
  });
  return { ready, exited };
}

/** Runs the CLI; resolves its wall time (ms), exit code and output. */
function runCli(argv, s) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...argv, '--url', s.url, '--token', s.token], {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ ms: Math.round(performance.now() - t0), code, out }));
  });
}

/** The CLI's start alone (`sdk-cli --help`: tsx, the contract, the commands), part of every run's time. */
async function cliStart() {
  const t0 = performance.now();
  await new Promise((resolve) =>
    spawn(process.execPath, [cli, '--help'], { stdio: 'ignore' }).on('exit', resolve),
  );
  return Math.round(performance.now() - t0) / 1000;
}

const call = async (s, p) => (await (await fetch(s.url.replace(/\/api$/, '') + p)).json()).data;

const results = [];
for (const db of dbs) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-imports-'));
  const { ready, exited } = startServer(db, dir);
  const s = await ready;
  const startS = await cliStart();
  console.log(`${s.db}: the CLI starts in ${startS.toFixed(1)} s (included in each time below)`);
  try {
    for (const kind of kinds) {
      const file = s.files[kind];
      const dry = await runCli(
        ['import', kind, file, '--dry-run', '--errors', path.join(dir, `${kind}.dry.xlsx`)],
        s,
      );
      const run = await runCli(['import', kind, file, '--errors', path.join(dir, `${kind}.errors.xlsx`)], s);
      const ref = await call(s, `/__bench/ref/${kind}`);
      const created = (await call(s, '/__bench/count'))[kind];
      const r = {
        db: s.db,
        kind,
        rows: Number(rows),
        dryRunS: dry.ms / 1000,
        importS: run.ms / 1000,
        rowsPerSecond: Math.round(Number(rows) / (run.ms / 1000)),
        referenceS: ref.ms / 1000,
        cliStartS: startS,
        ratio: Math.round((run.ms / Math.max(ref.ms, 1)) * 10) / 10,
        created,
        exit: [dry.code, run.code],
      };
      results.push(r);
      console.log(
        `${r.db.padEnd(8)} ${kind.padEnd(9)} ${rows} rows: dry run ${r.dryRunS.toFixed(1)} s, import ${r.importS.toFixed(1)} s (${r.rowsPerSecond} rows/s), reference insert ${r.referenceS.toFixed(1)} s, ratio ${r.ratio}; created ${created}${dry.code || run.code ? ` — exit ${dry.code}/${run.code}\n${dry.out}\n${run.out}` : ''}`,
      );
    }
  } finally {
    await call(s, '/__bench/quit').catch(() => undefined);
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
mkdirSync(path.join(root, 'bench/out'), { recursive: true });
writeFileSync(path.join(root, 'bench/out/imports.json'), JSON.stringify(results, null, 2));
