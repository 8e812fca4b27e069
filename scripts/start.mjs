// README's start command: builds what is needed, then starts the one server (API + UI) on the
// embedded database with demo data on first start.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
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
  { stdio: 'inherit', cwd: root, env },
);
if (b.status !== 0) process.exit(b.status ?? 1);
const child = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  cwd: root,
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
