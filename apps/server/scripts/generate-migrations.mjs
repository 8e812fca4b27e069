// Generates the SQL migrations from the drizzle tables (drizzle-kit generate).
// Until the first release the history is squashed into one initial migration (see docs/decisions.md):
// pass --squash to regenerate it from scratch.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
const squash = process.argv.includes('--squash');
if (squash) rmSync(new URL('../drizzle', import.meta.url), { recursive: true, force: true });
const args = ['exec', 'drizzle-kit', 'generate', ...(squash ? ['--name', 'init'] : [])];
const r = spawnSync('pnpm', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
