// Load benchmark (`pnpm bench:load [--seconds N] [--pg-scale N] [--no-pg] [--no-pglite]`): each
// measured endpoint against its two references in the same run (apps/server/scripts/bench-load-server.ts), at 10 and
// 100 connections, on the embedded database at the demo scale and on a throwaway PostgreSQL at
// --pg-scale (default 16667, about a million clues). Prints a table, writes bench/out/load.json.
// Reported, never asserted.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const value = (n, d) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const seconds = Number(value('--seconds', '5'));
const pgScale = value('--pg-scale', '16667');
const CONNECTIONS = [10, 100];

const loadgen = (url, c, token) =>
  new Promise((resolve) => {
    let out = '';
    const child = spawn(
      process.execPath,
      [path.join(root, 'bench/loadgen.mjs'), url, String(c), String(seconds), token ?? ''],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => resolve(JSON.parse(out.trim())));
  });

async function measure(label, env) {
  let server;
  const info = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-load-server.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', SCRYPT_LOG_N: '10', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server = child;
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{"app"'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`load server exited ${code}`)));
  });
  const results = [];
  for (const e of info.endpoints) {
    for (const c of CONNECTIONS) {
      const real = await loadgen(`http://127.0.0.1:${info.app}${e.url}`, c, e.token);
      const bare = await loadgen(`http://127.0.0.1:${info.ref}/bare/${e.i}`, c);
      const sqlRef = await loadgen(`http://127.0.0.1:${info.ref}/sql/${e.i}`, c);
      const rss = (await (await fetch(`http://127.0.0.1:${info.ref}/rss`)).json()).rss;
      const r = {
        db: label,
        endpoint: e.name,
        connections: c,
        rps: Math.round(real.rps),
        p50: +real.p50.toFixed(1),
        p99: +real.p99.toFixed(1),
        errors: real.errors,
        non2xx: real.non2xx,
        bareRps: Math.round(bare.rps),
        sqlRps: Math.round(sqlRef.rps),
        vsBare: +(real.rps / bare.rps).toFixed(3),
        vsSql: +(real.rps / sqlRef.rps).toFixed(2),
        rssMB: Math.round(rss / 1048576),
      };
      console.log(JSON.stringify(r));
      results.push(r);
    }
  }
  server.kill('SIGTERM');
  return results;
}

const all = [];
if (!args.includes('--no-pglite')) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-load-'));
  all.push(...(await measure('PGlite (demo scale)', { DATA_DIR: dir })));
  rmSync(dir, { recursive: true, force: true });
}
if (!args.includes('--no-pg')) {
  const url = value('--pg-url', '');
  if (url)
    all.push(
      ...(await measure(`PostgreSQL (SEED_SCALE=${pgScale})`, {
        DATABASE_URL: url,
        SEED_DEMO: 'true',
        SEED_SCALE: pgScale,
      })),
    );
  else
    console.log(
      'PostgreSQL: pass --pg-url (a database seeded or empty; it is seeded at --pg-scale when empty)',
    );
}
mkdirSync(path.join(root, 'bench/out'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/out/load.json'),
  JSON.stringify({ at: new Date().toISOString(), seconds, results: all }, null, 2),
);
console.log(
  '\n| database | endpoint | conn | req/s | p50 / p99 ms | errors | bare req/s | SQL req/s | × bare | × SQL | RSS MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of all)
  console.log(
    `| ${r.db} | ${r.endpoint} | ${r.connections} | ${r.rps} | ${r.p50} / ${r.p99} | ${r.errors + r.non2xx} | ${r.bareRps} | ${r.sqlRps} | ${r.vsBare} | ${r.vsSql} | ${r.rssMB} |`,
  );
