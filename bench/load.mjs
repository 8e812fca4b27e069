// Load benchmark (`pnpm bench:load [--seconds N] [--pg-scale N] [--no-pg] [--no-pglite] [--mixed-only]
// [--mixed-seconds N]`): each measured endpoint against its two references in the same run
// (apps/server/scripts/bench-load-server.ts), at 10 and 100 connections, on the embedded database at the
// demo scale and on PostgreSQL (--pg-url) at --pg-scale (default 16667, about a million clues);
// BENCH_ONLY=a,b limits it to endpoints whose names start so. Then the mixed load: 100 connections of
// signed-in reads of four roles (lists, details, dashboards on their default period) for
// --mixed-seconds (default 20), against the same mix answered from memory (× bare), with p50/p99 per
// request kind and the server's peak RSS. Prints tables, writes bench/out/load.json.
// Reported, never asserted.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverEnv } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const value = (n, d) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const seconds = Number(value('--seconds', '5'));
const pgScale = value('--pg-scale', '16667');
const CONNECTIONS = [10, 100];
const mixedOnly = args.includes('--mixed-only');
const mixedSeconds = value('--mixed-seconds', '20');
const MIXED_CONNECTIONS = 100;

const loadgen = (url, c, token, mixFile) =>
  new Promise((resolve) => {
    let out = '';
    const child = spawn(
      process.execPath,
      mixFile
        ? [path.join(root, 'bench/loadgen.mjs'), '--mix', mixFile, String(c), mixedSeconds]
        : [path.join(root, 'bench/loadgen.mjs'), url, String(c), String(seconds), token ?? ''],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => resolve(JSON.parse(out.trim())));
  });

/**
 * CPU (ms) used so far by the PostgreSQL backends of one database on this machine (their command line
 * names it: `postgres: user db host(port) state`); 0 for the embedded database or a remote server.
 */
function backendCpuMs(db) {
  if (!db || process.platform !== 'linux') return 0;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres: ') || !cmd.split(' ').includes(db)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
    } catch {
      // the backend ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * One load run with the CPU it cost: the server process's and the database backends' CPU over the
 * run, per request (ms). Unlike req/s it does not move much when other work shares the machine.
 */
async function run(url, c, token, info, db, mixFile) {
  const cpu = async () => (await (await fetch(`http://127.0.0.1:${info.ref}/cpu`)).json()).us / 1000;
  const rss = async () => (await (await fetch(`http://127.0.0.1:${info.ref}/rss`)).json()).rss;
  const [s0, d0] = [await cpu(), backendCpuMs(db)];
  // The server's resident memory, sampled through the run: its peak is what the machine must hold.
  let peakRss = await rss();
  const sampling = setInterval(() => {
    rss().then(
      (v) => (peakRss = Math.max(peakRss, v)),
      () => undefined,
    );
  }, 250);
  const r = await loadgen(url, c, token, mixFile);
  clearInterval(sampling);
  const [s1, d1] = [await cpu(), backendCpuMs(db)];
  return { ...r, peakRss, cpuMs: r.requests ? (s1 - s0 + (d1 - d0)) / r.requests : 0 };
}

async function measure(label, env) {
  const db = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : '';
  let server;
  const info = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-load-server.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: serverEnv(env),
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
  for (const e of mixedOnly ? [] : info.endpoints) {
    for (const c of CONNECTIONS) {
      const real = await run(`http://127.0.0.1:${info.app}${e.url}`, c, e.token, info, db);
      const bare = await run(`http://127.0.0.1:${info.ref}/bare/${e.i}`, c, '', info, db);
      const sqlRef = await run(`http://127.0.0.1:${info.ref}/sql/${e.i}`, c, '', info, db);
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
        // CPU per request (server + its database backends), ms, and the SQL route's over ours.
        cpuMs: +real.cpuMs.toFixed(3),
        sqlCpuMs: +sqlRef.cpuMs.toFixed(3),
        cpuVsSql: real.cpuMs ? +(sqlRef.cpuMs / real.cpuMs).toFixed(2) : 0,
        rssMB: Math.round(rss / 1048576),
      };
      console.log(JSON.stringify(r));
      results.push(r);
    }
  }
  // The mixed load, and the same mix answered from memory by the reference port.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bo-mix-'));
  const real = path.join(tmp, 'real.json');
  const bare = path.join(tmp, 'bare.json');
  writeFileSync(
    real,
    JSON.stringify(info.mixed.map((m) => ({ ...m, url: `http://127.0.0.1:${info.app}${m.url}` }))),
  );
  writeFileSync(
    bare,
    JSON.stringify(
      info.mixed.map((m, i) => ({ name: m.name, url: `http://127.0.0.1:${info.ref}/mixbare/${i}` })),
    ),
  );
  const m = await run('', MIXED_CONNECTIONS, '', info, db, real);
  const b = await run('', MIXED_CONNECTIONS, '', info, db, bare);
  rmSync(tmp, { recursive: true, force: true });
  mixedResults.push({
    db: label,
    connections: MIXED_CONNECTIONS,
    seconds: Number(mixedSeconds),
    kinds: info.mixed.length,
    requests: m.requests,
    rps: Math.round(m.rps),
    p50: +m.p50.toFixed(1),
    p99: +m.p99.toFixed(1),
    errors: m.errors + m.non2xx,
    bareRps: Math.round(b.rps),
    vsBare: +(m.rps / b.rps).toFixed(3),
    peakRssMB: Math.round(m.peakRss / 1048576),
    byName: m.byName,
  });
  console.log(JSON.stringify(mixedResults.at(-1)));
  server.kill('SIGTERM');
  return results;
}

const mixedResults = [];

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
  JSON.stringify({ at: new Date().toISOString(), seconds, results: all, mixed: mixedResults }, null, 2),
);
console.log(
  '\n| database | mixed load | req/s | p50 / p99 ms | errors | bare req/s | × bare | peak RSS MB | slowest p99 |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of mixedResults) {
  const slowest = Object.entries(r.byName ?? {}).sort((a, b) => b[1].p99 - a[1].p99)[0];
  console.log(
    `| ${r.db} | ${r.connections} connections, ${r.kinds} kinds of request, ${r.seconds} s | ${r.rps} | ${r.p50} / ${r.p99} | ${r.errors} | ${r.bareRps} | ${r.vsBare} | ${r.peakRssMB} | ${slowest ? `${slowest[0]} ${slowest[1].p99.toFixed(0)} ms` : ''} |`,
  );
}
console.log(
  '\n| database | endpoint | conn | req/s | p50 / p99 ms | errors | bare req/s | SQL req/s | × bare | × SQL | CPU ms/req (SQL route) | CPU × SQL | RSS MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of all)
  console.log(
    `| ${r.db} | ${r.endpoint} | ${r.connections} | ${r.rps} | ${r.p50} / ${r.p99} | ${r.errors + r.non2xx} | ${r.bareRps} | ${r.sqlRps} | ${r.vsBare} | ${r.vsSql} | ${r.cpuMs} (${r.sqlCpuMs}) | ${r.cpuVsSql} | ${r.rssMB} |`,
  );
