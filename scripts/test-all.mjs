// README's test command: type check, lint (with format and the migrations check), unit + integration
// on PGlite, integration on a throwaway PostgreSQL, and e2e in Chromium against the built system.
// Every step goes into one pool, two at a time (the machine has 2 cores; each suite is
// self-contained: in-memory PGlite or its own database, port 0), e2e once the build has ended.
// Prints per-step timings and, as its very last line, "N passed, N failed" with the real counts of
// every runner (a failed check counts as one failure). `pnpm test unit e2e` runs only those steps.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// One seeded PGlite template for every suite of the run that uses one (apps/server/test/global-setup.ts).
const templateDir = mkdtempSync(path.join(os.tmpdir(), 'bo-test-run-'));
process.on('exit', () => rmSync(templateDir, { recursive: true, force: true }));
const env = {
  ...process.env,
  BO_TEST_TEMPLATE_DIR: templateDir,
  TURBO_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
const STEPS = ['typecheck', 'lint', 'unit', 'pg', 'e2e', 'example'];
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
const flaky = [];
const timings = [];
const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

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

/**
 * Runs tasks at most `n` at a time, in the order given, a task only once the tasks it comes `after`
 * and those it `needs` have ended; a task whose needed task failed is not started (its `skip`
 * answers for it). Resolves with each task's result by label.
 */
async function schedule(tasks, n) {
  const results = new Map();
  const pending = [...tasks];
  let running = 0;
  await new Promise((resolve) => {
    const startReady = () => {
      while (running < n) {
        const i = pending.findIndex((t) =>
          [...(t.after ?? []), ...(t.needs ?? [])].every((l) => results.has(l)),
        );
        if (i < 0) break;
        const [t] = pending.splice(i, 1);
        if ((t.needs ?? []).some((l) => results.get(l) === false)) {
          results.set(t.label, t.skip?.() ?? false);
          continue;
        }
        running += 1;
        t.run().then((r) => {
          results.set(t.label, r);
          running -= 1;
          if (pending.length === 0 && running === 0) resolve();
          else startReady();
        });
      }
      if (pending.length === 0 && running === 0) resolve();
    };
    startReady();
  });
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
/** Adds Playwright's JSON report's counts; retried passes are named, never hidden. */
const countPlaywright = (file, ok) => {
  if (!existsSync(file)) return check('e2e (no report)', false);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  if (s.unexpected) failures.push(`e2e (${s.unexpected} tests)`);
  else if (!ok) check('e2e (run error)', false);
  if (s.expected + s.unexpected + (s.flaky ?? 0) === 0) check('e2e (ran no test)', false);
  if (s.flaky) flaky.push(...flakyTitles(r.suites ?? []));
};
/** Titles of the tests that failed first and passed on their retry. */
function flakyTitles(suites, titles = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'flaky') titles.push(`${spec.file}:${spec.line} ${spec.title}`);
    flakyTitles(suite.suites ?? [], titles);
  }
  return titles;
}
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
  // One pool of CONCURRENCY slots: the checks and the build, then the packages' suites (the server's,
  // the longest, first), then the server's suite on PostgreSQL; the journeys start once the build has
  // ended and a slot frees after the UI's suite, and run beside the rest (below).
  // Each phase already keeps both cores busy (the server's suites run a fork per core, the journeys
  // a browser beside the server): running the heavy phases side by side was no faster (2026-11-23,
  // the same suite: 1552 s against 1530 s in phases), since they only fought over the same cores.
  // Nor was the PostgreSQL run beside the journeys, one file at a time (1258 s against 1192 s: the
  // journeys took 613 s instead of 442).
  const tasks = [];
  const server = path.join(root, 'apps/server');
  const checkTask = ([label, cmd, args, opts]) => ({
    label,
    run: async () => {
      const ok = await runBuffered(label, cmd, args, opts);
      check(label, ok);
      return ok;
    },
  });
  const vitest = (label, cwd, file, opts = {}) => ({
    label,
    after: opts.after,
    run: async () => {
      const ok = await runBuffered(label, opts.cmd ?? 'pnpm', [...(opts.prefix ?? []), ...vitestArgs(file)], {
        cwd,
        env: opts.env,
      });
      countVitest(label, file, ok);
      return ok;
    },
  });
  // The checks read the sources only. Type check and lint go together, a package at a time
  // (scripts/check-package.mjs): lint's type-aware rule reads the types of the program the type
  // check built; lint-rest.mjs lints the JavaScript and anything no package's tsconfig holds.
  const checks = [];
  if (want('typecheck') || want('lint'))
    for (const p of TYPED) checks.push([`types+lint ${p}`, 'node', ['scripts/check-package.mjs', p]]);
  if (want('lint'))
    checks.push(
      ['lint (rest)', 'node', ['scripts/lint-rest.mjs', ...TYPED]],
      ['format', 'pnpm', ['exec', 'prettier', '--check', '.', '--log-level=warn']],
      ['migrations', 'node', ['scripts/check-migrations.mjs'], { cwd: server }],
      ['docs figures', 'node', ['--import', 'tsx', 'scripts/docs-figures.mjs', '--check']],
      // From the app's folder: the features' registry it loads compiles with the app's tsconfig (JSX).
      [
        'docs map',
        'node',
        ['--import', 'tsx', '../../scripts/docs-map.mjs', '--check'],
        { cwd: path.join(root, 'apps/backoffice') },
      ],
    );
  tasks.push(...checks.map(checkTask));
  if (want('e2e'))
    tasks.push({
      label: 'build',
      run: async () => {
        const ok = await runBuffered('build', 'pnpm', [
          'exec',
          'turbo',
          'run',
          'build',
          '--filter=@bo/server',
          '--filter=@bo/backoffice',
          '--output-logs=errors-only',
        ]);
        check('build', ok);
        return ok;
      },
    });
  const units = want('unit') ? packages.map((p) => `unit ${p.split('/')[1]}`) : [];
  for (const p of want('unit') ? packages : []) {
    const name = p.split('/')[1];
    // With the PostgreSQL run to follow, the server's PGlite run leaves it the files that run the same
    // on both engines (apps/server/vitest.config.ts, `leftToPostgres`): each runs once, on the faster.
    const env = p === 'apps/server' && want('pg') ? { TEST_ON_POSTGRES_TOO: '1' } : undefined;
    tasks.push(vitest(`unit ${name}`, path.join(root, p), path.join(out, `${name}.json`), { env }));
  }
  if (want('pg'))
    tasks.push(
      vitest('integration on PostgreSQL', server, path.join(out, 'server-postgres.json'), {
        cmd: 'node',
        prefix: ['scripts/with-postgres.mjs', 'pnpm'],
        after: units,
      }),
    );
  if (want('e2e'))
    tasks.push({
      label: 'e2e (Chromium)',
      needs: ['build'],
      // After the UI's suite (by then the server's suite has made the run's template, which the
      // journeys' servers copy; without it they seed their own): the journeys run beside the last
      // suites and the PostgreSQL run. Alone they left about a third of the two cores idle while the
      // browser waited (vmstat, 2026-11-29), which the suites beside them now use.
      after: want('unit') ? ['unit backoffice'] : [],
      skip: () => check('e2e (not run: the build failed)', false),
      run: async () => {
        const file = path.join(out, 'e2e.json');
        // One worker (E2E_WORKERS overrides): two, each with its own app server and database, were
        // measured slower on this 2-core machine (2026-11-23: 525 s against about 450 s; every
        // journey took twice as long: the browser and the server already keep both cores busy).
        const ok = await runBuffered('e2e (Chromium)', 'pnpm', ['exec', 'playwright', 'test'], {
          cwd: path.join(root, 'e2e'),
          env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_WORKERS: process.env.E2E_WORKERS ?? '1' },
        });
        countPlaywright(file, ok);
        return ok;
      },
    });
  // The SDK from outside the workspace: packed, installed by npm into a plain Node project, run
  // against the built server (scripts/example-nightly.mjs; it builds what the build step has not).
  if (want('example'))
    tasks.push({
      label: 'example (SDK from outside)',
      after: [...(want('e2e') ? ['build'] : []), ...units],
      run: async () => {
        const ok = await runBuffered('example (SDK from outside)', 'node', ['scripts/example-nightly.mjs']);
        check('example (SDK from outside)', ok);
        return ok;
      },
    });
  console.log(`\n━━ ${tasks.map((t) => t.label).join(', ')}; ${CONCURRENCY} at a time`);
  await schedule(tasks, CONCURRENCY);
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
if (flaky.length)
  console.log(`\nPassed only on a retry (flaky: to be fixed):\n${flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
