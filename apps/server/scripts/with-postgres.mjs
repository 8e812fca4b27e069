// Runs a command against a throwaway PostgreSQL server started from the machine's binaries
// (initdb + pg_ctl in a temporary folder), exposed as TEST_DATABASE_URL, with a streaming standby of
// it (pg_basebackup -R) as TEST_DATABASE_REPLICA_URL (the read-replica tests), stopped afterwards.
// Fails (never skips) when PostgreSQL or its standby cannot start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const candidates = [
  process.env.PGBIN,
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
].filter(Boolean);
const PGBIN = candidates.find((d) => existsSync(path.join(d, 'initdb')));
if (!PGBIN) {
  console.error(
    'PostgreSQL binaries not found (looked in ' +
      candidates.join(', ') +
      '). Install them: apt-get install -y postgresql',
  );
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-pg-'));
chmodSync(dir, 0o777);
const asPg = (cmd, args) =>
  isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
    : spawnSync(cmd, args, { encoding: 'utf8' });
const port = await freePort();
const data = path.join(dir, 'data');
const fail = (what, r) => {
  console.error(`PostgreSQL could not start (${what}):\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
};
let r = asPg(path.join(PGBIN, 'initdb'), [
  '-D',
  data,
  '-U',
  'postgres',
  '-A',
  'trust',
  '-E',
  'UTF8',
  '--locale=C.UTF-8',
  '--no-sync',
]);
if (r.status !== 0) fail('initdb', r);
r = asPg(path.join(PGBIN, 'pg_ctl'), [
  '-D',
  data,
  '-l',
  path.join(dir, 'log'),
  '-w',
  '-o',
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  'start',
]);
if (r.status !== 0) fail('pg_ctl start', r);

const standbyData = path.join(dir, 'standby');
const stop = () => {
  asPg(path.join(PGBIN, 'pg_ctl'), ['-D', standbyData, '-m', 'immediate', '-w', 'stop']);
  asPg(path.join(PGBIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
  rmSync(dir, { recursive: true, force: true });
};
const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;

// The standby: a base backup that follows the primary's log (-R writes its connection settings).
const standbyPort = await freePort();
r = asPg(path.join(PGBIN, 'pg_basebackup'), [
  '-h',
  '127.0.0.1',
  '-p',
  String(port),
  '-U',
  'postgres',
  '-D',
  standbyData,
  '-R',
  '-X',
  'stream',
  '--no-sync',
]);
if (r.status !== 0) {
  stop();
  fail('pg_basebackup for the standby', r);
}
r = asPg(path.join(PGBIN, 'pg_ctl'), [
  '-D',
  standbyData,
  '-l',
  path.join(dir, 'standby.log'),
  '-w',
  '-o',
  `-p ${standbyPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c hot_standby=on -c hot_standby_feedback=on`,
  'start',
]);
if (r.status !== 0) {
  stop();
  fail('pg_ctl start of the standby', r);
}
const replicaUrl = `postgresql://postgres@127.0.0.1:${standbyPort}/postgres`;
console.log(
  `PostgreSQL ${PGBIN.split('/').at(-2)} started on port ${port} for this run, its streaming standby on ${standbyPort}`,
);
const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_DATABASE_REPLICA_URL: replicaUrl },
  shell: false,
});
const onSignal = (sig) => child.kill(sig);
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
child.on('exit', (code) => {
  stop();
  process.exit(code ?? 1);
});
