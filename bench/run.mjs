// Benchmarks (`pnpm bench [--scale N] [--requests N] [--no-build] [--no-pg]`): server cold start to a
// ready /healthz on PGlite (fresh data folder, then reopening it) and on a throwaway PostgreSQL,
// p50/p95 latency of list endpoints on loopback, and the gzip size of what the browser loads
// (bench/bundle.mjs: the first page, /login, the largest chunk and screen). Prints a table and
// writes bench/out/latest.json. Never asserted by tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bundle, describeBundle } from './bundle.mjs';
import { sdkBundle, describeSdk } from './sdk.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const scale = Number(value('--scale', '1'));
const requests = Number(value('--requests', '200'));
const serverMain = path.join(root, 'apps/server/dist/main.js');

/** List endpoints measured (GET, signed in as admin); ones the server does not have yet are skipped. */
const LIST_ENDPOINTS = [
  ['system.authInfos', '/system/authinfos?pageIdx=1&pageSize=20'],
  ['system.roles', '/system/roles'],
  ['system.menu', '/system/privilegetypes?groupcode=2'],
  ['organisation.schoolItemList', '/teach/schoolitems?pageIdx=1&pageSize=20'],
  ['dictionaries.dictList', '/sysDict/dictList?pageIdx=1&pageSize=20'],
  ['clues.list', '/clue/list?pageIdx=1&pageSize=20'],
  ['clues.mylist', '/clue/mylist?pageIdx=1&pageSize=20'],
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts the built server and measures spawn → first healthy /healthz. */
async function startServer(env, label) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_SCALE: String(scale),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited !== null)
      throw new Error(`${label}: the server exited (${exited}) before it was ready:\n${stderr}`);
    if (performance.now() - t0 > 300_000) {
      child.kill('SIGKILL');
      throw new Error(`${label}: not ready after 300 s`);
    }
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const readyMs = performance.now() - t0;
  return {
    base,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n) => Math.round(n * 10) / 10;

/** Signs in as admin and times `requests` sequential calls per list endpoint. */
async function latency(base) {
  const login = await fetch(`${base}/api/auth/login?v=1.1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo123456' }),
  });
  const env = await login.json();
  if (env.code !== 0) throw new Error(`sign-in failed: ${env.message}`);
  const headers = { token: env.data.token };
  const out = {};
  for (const [name, p] of LIST_ENDPOINTS) {
    const url = `${base}/api${p}${p.includes('?') ? '&' : '?'}v=1.1`;
    const first = await fetch(url, { headers });
    const body = await first.json();
    if (body.code !== 0) {
      out[name] = { skipped: `code ${body.code}: ${String(body.message).slice(0, 60)}` };
      continue;
    }
    for (let i = 0; i < 10; i += 1) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
    const times = [];
    for (let i = 0; i < requests; i += 1) {
      const t = performance.now();
      const r = await fetch(url, { headers });
      await r.arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const rows = Array.isArray(body.data) ? body.data.length : (body.data?.total ?? null);
    out[name] = {
      requests,
      p50: round(pct(times, 50)),
      p95: round(pct(times, 95)),
      max: round(times.at(-1)),
      rows,
    };
  }
  return out;
}

async function pglite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
  try {
    const fresh = await startServer({ DATA_DIR: dir }, 'PGlite fresh');
    await fresh.stop();
    const reopen = await startServer({ DATA_DIR: dir }, 'PGlite reopen');
    const lat = await latency(reopen.base);
    await reopen.stop();
    return {
      freshStartMs: Math.round(fresh.readyMs),
      reopenStartMs: Math.round(reopen.readyMs),
      latency: lat,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs inside apps/server/scripts/with-postgres.mjs (TEST_DATABASE_URL set): writes its figures to a file. */
async function postgresChild(outFile) {
  const url = process.env.TEST_DATABASE_URL;
  const fresh = await startServer({ DATABASE_URL: url, SEED_DEMO: 'true' }, 'PostgreSQL fresh');
  await fresh.stop();
  const again = await startServer({ DATABASE_URL: url }, 'PostgreSQL restart');
  const lat = await latency(again.base);
  await again.stop();
  writeFileSync(
    outFile,
    JSON.stringify({
      freshStartMs: Math.round(fresh.readyMs),
      restartMs: Math.round(again.readyMs),
      latency: lat,
    }),
  );
}

function postgres() {
  const tmp = path.join(os.tmpdir(), `bo-bench-pg-${process.pid}.json`);
  const r = spawnSync(
    process.execPath,
    [
      'apps/server/scripts/with-postgres.mjs',
      process.execPath,
      'bench/run.mjs',
      '--pg-child',
      tmp,
      '--scale',
      String(scale),
      '--requests',
      String(requests),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: process.env,
    },
  );
  if (r.status !== 0 || !existsSync(tmp)) return { skipped: `PostgreSQL run failed (exit ${r.status})` };
  const res = JSON.parse(readFileSync(tmp, 'utf8'));
  rmSync(tmp, { force: true });
  return res;
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGB: round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage1m: round(os.loadavg()[0] ?? 0),
  };
}

function printLatency(title, lat) {
  console.log(`  ${title}`);
  for (const [name, r] of Object.entries(lat)) {
    if (r.skipped) console.log(`    ${name.padEnd(30)} skipped (${r.skipped})`);
    else
      console.log(
        `    ${name.padEnd(30)} p50 ${String(r.p50).padStart(6)} ms   p95 ${String(r.p95).padStart(6)} ms   (${r.requests} requests, ${r.rows ?? '?'} rows)`,
      );
  }
}

async function main() {
  if (flag('--pg-child')) return postgresChild(value('--pg-child'));
  if (!flag('--no-build')) {
    const b = spawnSync(
      'pnpm',
      [
        'exec',
        'turbo',
        'run',
        'build',
        '--filter=@bo/server',
        '--filter=@bo/backoffice',
        '--output-logs=errors-only',
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
    );
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  if (!existsSync(serverMain)) throw new Error('apps/server/dist/main.js is missing: run pnpm build');
  const result = { date: new Date().toISOString(), machine: machine(), scale, requests };
  console.log(
    `Benchmarks ${result.date} on ${result.machine.cores} cores (${result.machine.cpu}), Node ${result.machine.node}, load average ${result.machine.loadAverage1m}, SEED_SCALE=${scale}`,
  );
  result.bundle = bundle();
  for (const line of describeBundle(result.bundle)) console.log(line);
  result.sdk = await sdkBundle();
  for (const line of describeSdk(result.sdk)) console.log(line);
  result.pglite = await pglite();
  console.log(
    `PGlite: cold start ${result.pglite.freshStartMs} ms on a fresh data folder (migrations + demo seed), ${result.pglite.reopenStartMs} ms reopening it`,
  );
  printLatency('latency on PGlite:', result.pglite.latency);
  if (!flag('--no-pg')) {
    result.postgres = postgres();
    if (result.postgres.skipped) console.log(`PostgreSQL: skipped (${result.postgres.skipped})`);
    else {
      console.log(
        `PostgreSQL: cold start ${result.postgres.freshStartMs} ms on an empty database (migrations + demo seed), ${result.postgres.restartMs} ms restarting`,
      );
      printLatency('latency on PostgreSQL:', result.postgres.latency);
    }
  }
  mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  writeFileSync(path.join(root, 'bench/out/latest.json'), JSON.stringify(result, null, 2) + '\n');
  console.log('\nwritten to bench/out/latest.json');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
