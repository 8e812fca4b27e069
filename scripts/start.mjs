// README's start command: builds what is needed (saying so, with the time it takes), then starts the
// one server (API + UI) on the embedded database with demo data on first start. Ctrl-C stops it
// cleanly: the server closes its database and this script exits 0, so pnpm has nothing to report.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const secs = (t) => `${Math.round((Date.now() - t) / 1000)} s`;

let child = null;
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    // The terminal sends Ctrl-C to the whole group; the child stops itself, we only wait for it.
    stopping = true;
    if (child && sig === 'SIGTERM') child.kill(sig);
  });

/** turbo's build of the server and the UI (and what they use), with the log style asked. */
const turboBuild = (logs, stdout) =>
  spawn(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@bo/server',
      '--filter=@bo/backoffice',
      `--output-logs=${logs}`,
    ],
    { cwd: root, env, stdio: ['ignore', stdout, 'inherit'] },
  );

/** Runs the build, printing each package as turbo starts it and a heartbeat while it works. */
function build() {
  return new Promise((resolve) => {
    const t = Date.now();
    console.log(
      'Building the server and the UI (the first time takes one to three minutes on two cores; later starts reuse the build)…',
    );
    child = turboBuild('hash-only', 'pipe');
    const beat = setInterval(() => console.log(`  … still building (${secs(t)})`), 30_000);
    let rest = '';
    child.stdout.on('data', (d) => {
      rest += String(d);
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        // turbo prints "<pkg>:<task>: cache hit/miss …" once per task at its start.
        const m = /^(@bo\/[\w-]+):build: cache (hit|miss)/.exec(line.trim());
        if (m) console.log(`  ${m[1]}: ${m[2] === 'hit' ? 'up to date' : 'building'} (${secs(t)})`);
      }
    });
    child.on('exit', (code) => {
      clearInterval(beat);
      child = null;
      if (code === 0) {
        console.log(`Built in ${secs(t)}.`);
        return resolve(0);
      }
      if (stopping) return resolve(code ?? 1);
      // Show what failed: the packages that built are cached, so this repeats only the failure.
      console.log('The build failed; its output:');
      child = turboBuild('errors-only', 'inherit');
      child.on('exit', (again) => resolve(again || code || 1));
    });
  });
}

const built = await build();
if (stopping) process.exit(0);
if (built !== 0) process.exit(built);
child = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  cwd: root,
  env,
});
child.on('exit', (code) => process.exit(stopping ? 0 : (code ?? 0)));
