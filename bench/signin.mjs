// Sign-in benchmark (`pnpm bench:signin [--no-build] [--seconds N] [--addresses N] [--per-address N]`):
// the built server at its production password cost (argon2id, OWASP's minimum) on a fresh embedded
// database; references measured in the same run and process type: a raw argon2id hash at the same
// cost and an scrypt N=2^17 hash (the former storage). Then:
// - idle: sequential sign-ins of the owner, loopback round trip (the server's time plus ~1 ms);
// - flood: --addresses client addresses (127.0.0.11, .12, …: real loopback addresses, the server trusts
//   no proxy) each keep --per-address sign-ins of unknown names in flight for --seconds, while the owner
//   signs in from 127.0.0.2 once a second; reports the owner's times and what the flood got.
// Prints a table and writes bench/out/signin.json. Reported, never asserted.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, scrypt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const value = (n, d) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const seconds = Number(value('--seconds', '20'));
const addresses = Number(value('--addresses', '20'));
const perAddress = Number(value('--per-address', '8'));
const IDLE_SIGNINS = 30;
const OWNER = { username: 'admin', password: 'bench-owner-2026' };
const OWNER_ADDRESS = '127.0.0.2';
// The server's default cost (apps/server/src/shared/password.ts OWASP_COST).
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const argon2 = serverRequire('@node-rs/argon2');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (n) => Math.round(n * 10) / 10;

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

async function references() {
  const a = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await argon2.hash(randomBytes(12).toString('hex'), { ...COST, algorithm: 2 });
    a.push(performance.now() - t);
  }
  const s = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await new Promise((resolve, reject) =>
      scrypt('demo123456', randomBytes(16), 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 }, (e) =>
        e ? reject(e) : resolve(),
      ),
    );
    s.push(performance.now() - t);
  }
  return { argon2idMs: ms(median(a)), scrypt17Ms: ms(median(s)) };
}

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: OWNER.password,
      UI_DIR: path.join(dataDir, 'no-ui'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const t0 = performance.now();
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}):\n${stderr}`);
    if (performance.now() - t0 > 300_000) throw new Error('the server was not ready after 300 s');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** One client address: its own keep-alive connections, bound to that loopback address. */
function client(port, localAddress) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return (body) =>
    new Promise((resolve) => {
      const t = performance.now();
      const data = JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          agent,
          method: 'POST',
          path: '/api/auth/login?v=1.1',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            let code = res.statusCode ?? 0;
            try {
              code = JSON.parse(text).code;
            } catch {
              // not an envelope
            }
            resolve({ ms: performance.now() - t, code });
          });
        },
      );
      req.on('error', () => resolve({ ms: performance.now() - t, code: 'error' }));
      req.end(data);
    });
}

async function idle(port) {
  const owner = client(port, OWNER_ADDRESS);
  for (let i = 0; i < 3; i++) await owner(OWNER);
  const times = [];
  for (let i = 0; i < IDLE_SIGNINS; i++) {
    const r = await owner(OWNER);
    if (r.code !== 0) throw new Error(`the owner's sign-in failed: code ${r.code}`);
    times.push(r.ms);
  }
  return {
    signins: IDLE_SIGNINS,
    p50: ms(median(times)),
    p95: ms(pct(times, 95)),
    max: ms(Math.max(...times)),
  };
}

async function flood(port) {
  const end = performance.now() + seconds * 1000;
  const got = {};
  let sent = 0;
  const floodLoop = async (send) => {
    while (performance.now() < end) {
      const r = await send({ username: `nobody-${randomBytes(6).toString('hex')}`, password: 'guess-123' });
      sent += 1;
      got[r.code] = (got[r.code] ?? 0) + 1;
    }
  };
  const loops = [];
  for (let a = 0; a < addresses; a++) {
    const send = client(port, `127.0.0.${11 + a}`);
    for (let i = 0; i < perAddress; i++) loops.push(floodLoop(send));
  }
  const owner = client(port, OWNER_ADDRESS);
  const times = [];
  await sleep(1000);
  while (performance.now() < end - 1000) {
    const r = await owner(OWNER);
    if (r.code !== 0) throw new Error(`the owner's sign-in failed during the flood: code ${r.code}`);
    times.push(r.ms);
    await sleep(Math.max(0, 1000 - r.ms));
  }
  await Promise.all(loops);
  return {
    addresses,
    perAddress,
    seconds,
    floodRequests: sent,
    floodAnswers: got,
    ownerSignins: times.length,
    ownerP50: ms(median(times)),
    ownerMax: ms(Math.max(...times)),
    ownerTimes: times.map(ms),
  };
}

if (!args.includes('--no-build')) {
  const b = spawnSync('pnpm', ['--filter', '@bo/server', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const refs = await references();
console.log(`references: raw argon2id hash ${refs.argon2idMs} ms, scrypt N=2^17 ${refs.scrypt17Ms} ms`);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-signin-'));
const server = await startServer(dir);
let result;
try {
  const idleRun = await idle(server.port);
  console.log(
    `idle sign-in: p50 ${idleRun.p50} ms (${(idleRun.p50 / refs.argon2idMs).toFixed(2)}× a raw hash), p95 ${idleRun.p95} ms`,
  );
  const floodRun = await flood(server.port);
  console.log(
    `during a flood of unknown names from ${addresses} addresses × ${perAddress} in flight for ${seconds} s: ` +
      `the owner's sign-in p50 ${floodRun.ownerP50} ms, max ${floodRun.ownerMax} ms (${floodRun.ownerSignins} sign-ins); ` +
      `flood answers by code ${JSON.stringify(floodRun.floodAnswers)}`,
  );
  result = {
    at: new Date().toISOString(),
    // The same run's ratios: they move less than the times when other work shares the machine.
    ratios: {
      idleVsRawHash: +(idleRun.p50 / refs.argon2idMs).toFixed(2),
      idleVsScrypt17: +(idleRun.p50 / refs.scrypt17Ms).toFixed(3),
      floodOwnerVsIdle: +(floodRun.ownerP50 / idleRun.p50).toFixed(1),
    },
    cores: os.availableParallelism(),
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    cost: COST,
    references: refs,
    idle: idleRun,
    flood: floodRun,
  };
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
mkdirSync(path.join(root, 'bench/out'), { recursive: true });
writeFileSync(path.join(root, 'bench/out/signin.json'), JSON.stringify(result, null, 2));
console.log(JSON.stringify({ ...result, flood: { ...result.flood, ownerTimes: undefined } }));
