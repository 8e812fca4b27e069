// Proves the published SDK from outside the workspace: packs packages/api-sdk, copies
// examples/nightly-payments to a folder outside the repository, installs the tarball there with npm
// (from npm's cache where it can), type-checks and builds the example against the package's
// declarations, starts the built server on a fresh database (a copy of the test run's seeded template
// when there is one), records payments dated today and creates a service account through the
// packed SDK, runs the example with that account's token and checks its workbook: every payment of
// the day, that one among them.
//   node scripts/example-nightly.mjs        (pnpm test runs it as the `example` step)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const sdkDir = path.join(root, 'packages/api-sdk');
const exampleDir = path.join(root, 'examples/nightly-payments');
const work = mkdtempSync(path.join(os.tmpdir(), 'bo-nightly-'));
const started = Date.now();
let server;
let passed = 0;
let failed = 0;

const cleanup = () => {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(1));

const log = (s) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${s}`);
/** Runs a command to its end; a quiet one's output is shown only when it fails. */
function run(cmd, args, cwd, env = {}, quiet = false) {
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: quiet ? 'pipe' : 'inherit',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    if (quiet)
      process.stdout.write(Buffer.concat([r.stdout ?? Buffer.alloc(0), r.stderr ?? Buffer.alloc(0)]));
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  }
}
const check = (what, ok, detail = '') => {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? '✓' : '✗'} ${what}${detail ? `: ${detail}` : ''}`);
};
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function main() {
  // 1. The SDK's tarball (prepack builds it: turbo, from its cache when nothing changed) and the server.
  log('building the server and packing the SDK');
  run('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@bo/server', '--output-logs=errors-only'], root, {
    TURBO_TELEMETRY_DISABLED: '1',
  });
  run('pnpm', ['pack', '--pack-destination', work], sdkDir, {}, true);
  const { version } = JSON.parse(readFileSync(path.join(sdkDir, 'package.json'), 'utf8'));
  const tarball = path.join(work, `bo-api-sdk-${version}.tgz`);
  check('pnpm pack wrote the tarball', existsSync(tarball), tarball);

  // 2. The example outside the repository, installed by npm from the tarball.
  const app = path.join(work, 'nightly-payments');
  cpSync(exampleDir, app, {
    recursive: true,
    filter: (src) => !/[\\/](node_modules|dist|out)$/.test(src) && !src.endsWith('package-lock.json'),
  });
  const pkgFile = path.join(app, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  pkg.dependencies['@bo/api-sdk'] = `file:${tarball}`;
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  log('npm install');
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app);
  const installed = JSON.parse(readFileSync(path.join(app, 'node_modules/@bo/api-sdk/package.json'), 'utf8'));
  check(
    'the installed package depends on published packages only',
    Object.keys(installed.dependencies ?? {}).every((d) => !d.startsWith('@bo/')),
    Object.keys(installed.dependencies ?? {}).join(', '),
  );
  log('tsc (the example against the package’s declarations)');
  run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json'], app);
  check('the example type-checks and builds against the installed declarations', true);

  // 3. The server on a fresh database.
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}/api`;
  const templateFile = process.env.BO_TEST_TEMPLATE_DIR
    ? path.join(process.env.BO_TEST_TEMPLATE_DIR, 'template.json')
    : '';
  const template =
    templateFile && existsSync(templateFile) ? JSON.parse(readFileSync(templateFile, 'utf8')) : null;
  log(
    `starting the server on port ${port}${template?.kind === 'pglite' ? ' (a copy of the seeded template)' : ''}`,
  );
  server = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
    cwd: work,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...(template?.kind === 'pglite' && template.file ? { DATA_DIR_TEMPLATE: template.file } : {}),
    },
  });
  // A copy of the template starts in seconds; a fresh demo seed takes about a minute of CPU.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 300 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  log('server up');

  // 4. Payments of today (Beijing time), recorded through the packed SDK as the administrator: an
  // order is never paid before it existed, so the runner reports today (BO_DATE) where the nightly
  // job, run after midnight, reports yesterday by default.
  const { createSdk } = await import(
    pathToFileURL(path.join(app, 'node_modules/@bo/api-sdk/dist/index.js')).href
  );
  let token;
  const admin = createSdk({ baseURL, getToken: () => token, locale: 'en' });
  token = (await admin.system.login({ body: { username: 'admin', password: 'demo123456' } })).token;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  // Three payments, so that the example (two rows a page below) reads more than one page.
  const students = await admin.students.students({ query: { schoolItemCode: 'SH01', pageSize: 1 } });
  const student = students.list[0];
  const references = [];
  for (let k = 0; k < 3; k++) {
    const order = await admin.orders.create({
      body: {
        schoolItemCode: 'SH01',
        studentId: student.id,
        orderType: 0,
        items: [{ courseCode: 'C001', quantity: 1 }],
      },
    });
    const detail = await admin.orders.detail({ params: { id: order.id } });
    const reference = `NIGHTLY-${order.code}`;
    await admin.orders.addPayRecord({
      body: {
        orderId: order.id,
        method: 1,
        amount: detail.payable,
        paidAt: `${day}T12:00:00+08:00`,
        reference,
      },
    });
    references.push(reference);
  }
  const expected = await admin.orders.payRecordPage({
    body: { pageIdx: 1, pageSize: 1, paidFrom: day, paidTo: day },
  });

  // 5. The example, as its nightly job would run it.
  const out = path.join(work, `payments-${day}.csv`);
  // The nightly job's own identity: a service account of the finance role (every campus), created by
  // the administrator; the example signs in with its token alone.
  const account = await admin.system.serviceAccountCreate({
    body: { name: 'nightly payments report', roles: [20], campuses: [], days: 7 },
  });
  const credentials = { BO_SERVICE_TOKEN: account.token };
  log('running the example');
  run('node', ['dist/main.js'], app, {
    BO_API_URL: baseURL,
    BO_DATE: day,
    BO_OUT: out,
    BO_PAGE_SIZE: '2',
    ...credentials,
  });
  const lines = existsSync(out)
    ? readFileSync(out, 'utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
    : [];
  check('the example wrote its workbook with a header', lines[0]?.startsWith('paid at,order,') === true, out);
  check(
    'the workbook holds every payment of the day (all pages)',
    lines.length - 1 === expected.total,
    `${lines.length - 1} rows, the server counts ${expected.total}`,
  );
  check(
    'the workbook holds the payments recorded for the day',
    references.every((r) => lines.some((l) => l.includes(r))),
    references.join(', '),
  );
}

try {
  await main();
} catch (e) {
  console.error(e);
  check('the example ran', false, e instanceof Error ? e.message : String(e));
}
// The server is this process's child: stop it and wait for it, or its handle keeps this process alive.
if (server && server.exitCode === null && server.signalCode === null) {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await stopped;
  clearTimeout(killer);
}
log('done');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
