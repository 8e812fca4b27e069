// README's test command: type check, lint, unit + integration on PGlite, integration on a
// throwaway PostgreSQL, then e2e in Chromium against the built system. Prints one closing line
// "N passed, N failed" with the real counts of every runner (a failed check counts as one failure).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: process.env.CI ? '0' : '1' };
const only = process.argv.slice(2); // e.g. `pnpm test unit e2e`
const want = (step) => only.length === 0 || only.includes(step);

let passed = 0;
let failed = 0;
const failures = [];
const run = (label, cmd, args, opts = {}) => {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(' ')}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: opts.cwd ?? root, env: { ...env, ...opts.env } });
  console.log(`━━ ${label}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return r.status === 0;
};
const check = (label, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
};
/** Adds a vitest JSON report's counts; a run that failed without a report counts as one failure. */
const countVitest = (label, file, ok) => {
  if (!existsSync(file)) return check(label, false);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (r.numTotalTests === 0) return check(`${label} (ran no test)`, false);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests > 0) failures.push(`${label} (${r.numFailedTests} tests)`);
  else if (!ok) check(`${label} (suite error)`, false);
};

const packages = ['packages/domain', 'packages/api-sdk', 'packages/ui-kit', 'apps/server', 'apps/sdk-cli', 'apps/backoffice'];

if (want('typecheck')) check('typecheck', run('typecheck', 'pnpm', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']));
if (want('lint')) check('lint', run('lint', 'pnpm', ['exec', 'eslint', '.', '--max-warnings=0']));
if (want('unit')) {
  for (const p of packages) {
    const name = p.split('/')[1];
    const file = path.join(out, `${name}.json`);
    const ok = run(`unit ${name}`, 'pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { cwd: path.join(root, p) });
    countVitest(`unit ${name}`, file, ok);
  }
}
if (want('pg')) {
  const file = path.join(out, 'server-postgres.json');
  const ok = run('integration on PostgreSQL', 'node', ['scripts/with-postgres.mjs', 'pnpm', 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { cwd: path.join(root, 'apps/server') });
  countVitest('server on PostgreSQL', file, ok);
}
if (want('e2e')) {
  const built = run('build', 'pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@bo/server', '--filter=@bo/backoffice', '--output-logs=errors-only']);
  check('build', built);
  if (built) {
    const file = path.join(out, 'e2e.json');
    const ok = run('e2e (Chromium)', 'pnpm', ['exec', 'playwright', 'test'], { cwd: path.join(root, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file } });
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

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
