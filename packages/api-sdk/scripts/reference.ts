// Writes REFERENCE.md from the contract: pnpm --filter @bo/api-sdk reference
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { contract } from '../src/contract/index.js';
import { renderReference } from '../src/docs/reference.js';
import { packageDir, packageVersion } from '../src/versioning/release.js';

const file = path.join(packageDir, 'REFERENCE.md');
writeFileSync(file, renderReference(contract, packageVersion()));
console.log(`wrote ${file}`);
