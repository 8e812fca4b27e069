// Fails when the server's modules import each other in a cycle (docs/decisions.md "A composition
// root"): a cycle made module-level state depend on import order. Type-only imports do not count
// (they vanish at run time). Run by `pnpm lint` (root) and `pnpm --filter @bo/server check:cycles`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(
  'pnpm',
  [
    'exec',
    'dpdm',
    '--no-warning',
    '--no-tree',
    '--no-progress',
    '--transform',
    '--tsconfig',
    'tsconfig.json',
    '--exit-code',
    'circular:1',
    'src/**/*.ts',
    'test/**/*.ts',
    'scripts/**/*.ts',
  ],
  { cwd: root, encoding: 'utf8' },
);
const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
if (r.status !== 0) {
  console.error(out.trim());
  console.error('\nImport cycles in apps/server: break each (docs/developing.md "Wiring").');
  process.exit(1);
}
console.log('apps/server: no import cycle.');
