// Fails when the drizzle tables and the migrations disagree: runs drizzle-kit generate against a
// copy of drizzle/ in a temporary folder and fails if it would write a migration (a table changed
// without `pnpm db:generate`), or if it cannot decide without asking (a rename needs a human).
// Usage: pnpm --filter @bo/server db:check (also part of `pnpm test`'s lint step).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '..');
const drizzleDir = path.join(server, 'drizzle');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bo-migration-check-'));
try {
  cpSync(drizzleDir, tmp, { recursive: true });
  const before = new Set(readdirSync(tmp));
  // drizzle-kit prefixes the out folder with './', so it must be relative to the server folder.
  const out = path.relative(server, tmp);
  const r = spawnSync(
    'pnpm',
    [
      'exec',
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema.ts',
      '--out',
      out,
      '--name',
      'pending',
    ],
    { cwd: server, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const added = readdirSync(tmp).filter((f) => !before.has(f) && f.endsWith('.sql'));
  if (r.status !== 0) {
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    console.error(
      '\nmigrations: drizzle-kit generate failed (a rename it would ask about?). Run pnpm --filter @bo/server db:generate --name what_changed and answer it.',
    );
    process.exit(1);
  }
  if (added.length > 0) {
    console.error(
      'migrations: the tables changed but no migration was generated. This migration is missing:\n',
    );
    for (const f of added) console.error(`--- ${f}\n${readFileSync(path.join(tmp, f), 'utf8')}`);
    console.error(
      'Run: pnpm --filter @bo/server db:generate --name what_changed (then commit the new files under apps/server/drizzle).',
    );
    process.exit(1);
  }
  console.log('migrations: the tables and apps/server/drizzle agree.');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
