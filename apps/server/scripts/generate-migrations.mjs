// Generates the next SQL migration from the drizzle tables (drizzle-kit generate).
// The history is never squashed: every schema change is a new migration after the last one, so a
// database made by any earlier release upgrades in place. Usage: pnpm db:generate --name what_changed
import { spawnSync } from 'node:child_process';
const i = process.argv.indexOf('--name');
const name = i > 0 ? process.argv[i + 1] : undefined;
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Name the migration: pnpm --filter @bo/server db:generate --name what_changed (a-z, 0-9, _)');
  process.exit(2);
}
const r = spawnSync('pnpm', ['exec', 'drizzle-kit', 'generate', '--name', name], { stdio: 'inherit' });
process.exit(r.status ?? 1);
