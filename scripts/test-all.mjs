// README's test command: type check, lint (with format and the migrations check), unit + integration on PGlite, integration on a
// throwaway PostgreSQL, then e2e in Chromium against the built system. The packages' vitest suites
// run two at a time (the machine has 2 cores; each suite is self-contained: in-memory PGlite, port 0).
// Prints per-step timings and, as its very last line, "N passed, N failed" with the real counts of
// every runner (a failed check counts as one failure). `pnpm test unit e2e` runs only those steps.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
const STEPS = ['typecheck', 'lint', 'unit', 'pg', 'e2e'];
const only = process.argv.slice(2);
for (const s of only) {
  if (!STEPS.includes(s)) {
    console.error(`unknown step "${s}"; steps: ${STEPS.join(', ')}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
const want = (step) => only.length === 0 || only.includes(step);
/** Suites run at once: 2 on this 2-core machine (TEST_CONCURRENCY overrides). */
const CONCURRENCY = Math.max(
  1,
  Number(process.env.TEST_CONCURRENCY ?? Math.min(2, os.availableParallelism?.() ?? 2)),
);

let passed = 0;
let failed = 0;
const failures = [];
const timings = [];
const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a step in the foreground (its output streams as it comes). */
const run = (label, cmd, args, opts = {}) => {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(' ')}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: opts.cwd ?? root, env: { ...env, ...opts.env } });
  const ms = Date.now() - t;
  timings.push([label, ms, r.status === 0]);
  console.log(
    `━━ ${label}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${secs(ms)}`,
  );
  return r.status === 0;
};

/** Runs a step in the background with its output buffered, printed in one block when it ends. */
const runBuffered = (label, cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      env: { ...env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (e) => chunks.push(Buffer.from(String(e))));
    child.on('close', (code, signal) => {
      const ms = Date.now() - t;
      timings.push([label, ms, code === 0]);
      process.stdout.write(`\n━━ ${label}: ${cmd} ${args.join(' ')}\n`);
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(
        `━━ ${label}: ${code === 0 ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${secs(ms)}\n`,
      );
      resolve(code === 0);
    });
  });

/** Runs tasks with at most `n` at a time. */
async function pool(tasks, n) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker));
  return results;
}

const check = (label, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
};
/** Adds a vitest JSON report's counts; a run that failed without a report counts as one failure. */
const countVitest = (label, file, ok) => {
  if (!existsSync(file)) return check(`${label} (no report)`, false);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (r.numTotalTests === 0) return check(`${label} (ran no test)`, false);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests > 0) failures.push(`${label} (${r.numFailedTests} tests)`);
  else if (!ok) check(`${label} (suite error)`, false);
};
const vitestArgs = (file) => [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

/** The packages with a tsconfig, largest program first. */
const TYPED = [
  'apps/server',
  'apps/backoffice',
  'apps/sdk-cli',
  'e2e',
  'packages/api-sdk',
  'packages/ui-kit',
  'packages/domain',
];

// Longest first, so the two slots stay busy.
const packages = [
  'apps/server',
  'apps/backoffice',
  'apps/sdk-cli',
  'packages/domain',
  'packages/api-sdk',
  'packages/ui-kit',
];

async function main() {
  // The checks read the sources only and do not depend on each other. Type check and lint go
  // together, a package at a time (scripts/check-package.mjs): lint's type-aware rule reads the types
  // of the program the type check built, instead of a second program per package; lint-rest.mjs
  // lints the JavaScript and anything no package's tsconfig holds. Largest first.
  const checks = [];
  if (want('typecheck') || want('lint'))
    for (const p of TYPED) checks.push([`types+lint ${p}`, 'node', ['scripts/check-package.mjs', p]]);
  if (want('lint'))
    checks.push(
      ['lint (rest)', 'node', ['scripts/lint-rest.mjs', ...TYPED]],
      ['format', 'pnpm', ['exec', 'prettier', '--check', '.', '--log-level=warn']],
      ['migrations', 'node', ['scripts/check-migrations.mjs'], { cwd: path.join(root, 'apps/server') }],
    );
  if (checks.length) {
    console.log(`\n━━ checks: ${checks.map((c) => c[0]).join(', ')}, ${CONCURRENCY} at a time`);
    const results = await pool(
      checks.map(
        ([label, cmd, args, opts]) =>
          () =>
            runBuffered(label, cmd, args, opts),
      ),
      CONCURRENCY,
    );
    checks.forEach(([label], i) => check(label, results[i]));
  }
  if (want('unit')) {
    console.log(`\n━━ unit and integration on PGlite: ${packages.length} suites, ${CONCURRENCY} at a time`);
    const tasks = packages.map((p) => async () => {
      const name = p.split('/')[1];
      const file = path.join(out, `${name}.json`);
      const ok = await runBuffered(`unit ${name}`, 'pnpm', vitestArgs(file), { cwd: path.join(root, p) });
      return () => countVitest(`unit ${name}`, file, ok);
    });
    for (const count of await pool(tasks, CONCURRENCY)) count();
  }
  if (want('pg')) {
    const file = path.join(out, 'server-postgres.json');
    const ok = run(
      'integration on PostgreSQL',
      'node',
      ['scripts/with-postgres.mjs', 'pnpm', ...vitestArgs(file)],
      { cwd: path.join(root, 'apps/server') },
    );
    countVitest('server on PostgreSQL', file, ok);
  }
  if (want('e2e')) {
    const built = run('build', 'pnpm', [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@bo/server',
      '--filter=@bo/backoffice',
      '--output-logs=errors-only',
    ]);
    check('build', built);
    if (built) {
      const file = path.join(out, 'e2e.json');
      const ok = run('e2e (Chromium)', 'pnpm', ['exec', 'playwright', 'test'], {
        cwd: path.join(root, 'e2e'),
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      });
      if (existsSync(file)) {
        const s = JSON.parse(readFileSync(file, 'utf8')).stats;
        passed += s.expected + (s.flaky ?? 0);
        failed += s.unexpected;
        if (s.unexpected) failures.push(`e2e (${s.unexpected} tests)`);
        else if (!ok) check('e2e (run error)', false);
        if (s.expected + s.unexpected + (s.flaky ?? 0) === 0) check('e2e (ran no test)', false);
      } else check('e2e (no report)', false);
    }
  }
}

try {
  await main();
} catch (e) {
  console.error(e);
  check('test runner', false);
}
console.log('\nTimings:');
for (const [label, ms, ok] of timings)
  console.log(`  ${label.padEnd(30)} ${secs(ms).padStart(8)}${ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(30)} ${secs(Date.now() - started).padStart(8)}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
