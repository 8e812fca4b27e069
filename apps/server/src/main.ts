// Starts the server: configuration, database, migrations, first-start seed, HTTP.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { ConfigError, loadConfig } from './config.js';
import { dataDirTemplate, openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { isEmpty, seed, type SeedMode } from './seed/index.js';
import { passwordCost } from './shared/passwordPool.js';
import { processDeps } from './processDeps.js';
import { startClueJobs } from './slices/clues/jobs.js';
import { startSnapshotJobs } from './slices/dashboards/index.js';
import { CENTRE_LEADER, DEMO_PASSWORD, DEMO_USERS, syncPrivileges } from './slices/system/seed.js';
import { ESALES_USERS } from './slices/resources/seed.js';
import { startControlSocket } from './ops/backup.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function askPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const pw = await rl.question(
    'Empty production database. Choose the password of the first administrator (user "admin", 10+ characters): ',
  );
  rl.close();
  return pw.length >= 10 ? pw : undefined;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const started = Date.now();
  const template = dataDirTemplate(config);
  console.log(
    `Opening ${config.DATABASE_URL ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`} and applying its migrations…`,
  );
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    replicaUrl: config.DATABASE_REPLICA_URL,
    replicaLagCheckMs: config.REPLICA_LAG_CHECK_MS,
    dataDir: config.dataDir,
    ...(template ? { loadDataDir: template } : {}),
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    poolSize: config.DB_POOL_SIZE,
  });
  const now = () => new Date();
  let demoSeeded = false;
  if (await isEmpty(database.db)) {
    const demo = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && !config.DATABASE_URL);
    let mode: SeedMode;
    if (demo) mode = { kind: 'demo' };
    else {
      const password = config.ADMIN_PASSWORD ?? (await askPassword());
      if (!password) {
        console.error(
          'The database is empty and no demo data is wanted: set ADMIN_PASSWORD (10+ characters) for the first administrator, or SEED_DEMO=true.',
        );
        process.exit(2);
      }
      mode = { kind: 'admin', password };
    }
    const seedStarted = Date.now();
    console.log(
      mode.kind === 'demo'
        ? 'Empty database: loading the demo company (once; under a minute)…'
        : 'Empty database: creating the reference data and the first administrator…',
    );
    await seed(database.db, mode, {
      scale: config.SEED_SCALE,
      now: now(),
      passwordCost: passwordCost(config),
      progress: (step, i, n) => console.log(`  [${i}/${n}] ${step}`),
    });
    console.log(`Seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s.`);
    demoSeeded = mode.kind === 'demo';
  } else {
    const added = await syncPrivileges(database.db);
    if (added.length) console.log(`Added ${added.length} new privileges: ${added.join(', ')}`);
  }
  const uiDir = config.UI_DIR
    ? path.resolve(config.UI_DIR)
    : [path.resolve(here, '../../backoffice/dist'), path.resolve(here, '../../../apps/backoffice/dist')].find(
        (p) => existsSync(p),
      );
  // The composition root builds the app's dependencies once: the HTTP app and the jobs share them.
  const deps = processDeps(database, config, now);
  const app = await buildApp(deps, { uiDir });
  // The embedded database is backed up through the running server (pnpm backup, docs/operations.md).
  const stopControl =
    database.kind === 'pglite' ? await startControlSocket(config.dataDir, database) : undefined;
  const close = async () => {
    await stopControl?.();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await app.listen({ port: config.PORT, host: config.HOST });
  startClueJobs(deps, (m) => app.log.info(m));
  startSnapshotJobs(deps, (m) => app.log.info(m));
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  console.log(
    `\nBack office ready in ${Date.now() - started} ms on ${database.kind === 'pglite' ? `embedded PostgreSQL (${config.dataDir})` : database.replica ? 'PostgreSQL (reports on its read replica)' : 'PostgreSQL'}`,
  );
  console.log(
    `  UI:   ${uiDir ? url + '/' : '(not built: run pnpm build)'}\n  API:  ${url}/api  (reference ${url}/api/docs)\n  Health: ${url}/healthz`,
  );
  if (demoSeeded || (!config.DATABASE_URL && config.SEED_DEMO !== 'false')) {
    console.log(
      `  Demo accounts (password ${DEMO_PASSWORD}): ${[...DEMO_USERS, CENTRE_LEADER, ...ESALES_USERS].map((u) => u.username).join(', ')}`,
    );
  }
  console.log('Press Ctrl-C to stop (the data stays for the next start).');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
