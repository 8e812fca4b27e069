// Says which semantic version the contract's change since the last release needs:
//   pnpm --filter @bo/api-sdk contract:version            (exit 1 when package.json's version is too low)
//   pnpm --filter @bo/api-sdk contract:version --release  (writes contract-snapshots/<version>.json)
import { readdirSync } from 'node:fs';
import { checkVersion, snapshotsDir, writeSnapshot } from '../src/versioning/release.js';

const firstRelease = readdirSync(snapshotsDir).filter((f) => f.endsWith('.json')).length === 0;
if (process.argv.includes('--release') && firstRelease) {
  console.log(`wrote ${writeSnapshot()} (the first release)`);
} else if (process.argv.includes('--release')) {
  const r = checkVersion();
  if (!r.ok) {
    console.error(
      `the contract needs ${r.needed} (a ${r.level} change since ${r.released}); package.json says ${r.current}`,
    );
    process.exit(1);
  }
  console.log(`wrote ${writeSnapshot()}`);
} else {
  const r = checkVersion();
  for (const c of r.changes)
    console.log(`${c.level.padEnd(5)} ${c.endpoint}${c.at ? ` ${c.at}` : ''}: ${c.what}`);
  console.log(
    `last release ${r.released}; change since: ${r.level}; needs ${r.needed}; package.json ${r.current}: ${r.ok ? 'ok' : 'too low'}`,
  );
  process.exit(r.ok ? 0 : 1);
}
