// `pnpm backup FILE` and `pnpm restore FILE` (docs/operations.md): the same configuration as the
// server (DATABASE_URL, or DATA_DIR for the embedded database).
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backup, BackupError, restore } from './backup.js';

const usage = `Usage:
  pnpm backup FILE    write a backup of the database (the server may be running)
  pnpm restore FILE   restore a backup into an empty data folder (DATA_DIR) or an empty database (DATABASE_URL)`;

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, pgBin: config.PGBIN };
  const where = config.DATABASE_URL
    ? 'the PostgreSQL database of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  const started = Date.now();
  if (command === 'backup') {
    console.log(`Backing up ${where}…`);
    const r = await backup(target, file);
    const how = { server: 'through the running server', folder: 'from its folder', pg_dump: 'with pg_dump' }[
      r.via
    ];
    console.log(
      `Wrote ${path.resolve(file)} (${(r.bytes / 1024 / 1024).toFixed(1)} MiB, ${how}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    console.log(`Restoring ${path.resolve(file)} into ${where}…`);
    await restore(target, file);
    console.log(
      `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server on it: pnpm start`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof BackupError || e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
