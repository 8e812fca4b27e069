// Lists the explicit paths of spec §7 (../shared/spec/endpoints-explicit.txt) that the contract does
// not declare yet, and the count of those it does. Path parameters compare by position only
// (`{id}` and `:id` are the same). Run: `node --import tsx scripts/endpoint-coverage.mjs`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogue } from '../packages/api-sdk/src/contract/index.ts';

const listFile = path.resolve(import.meta.dirname, '../../shared/spec/endpoints-explicit.txt');
if (!existsSync(listFile)) {
  console.error(`the checklist is missing: ${listFile} (the spec folder sits beside the project)`);
  process.exit(2);
}
const shape = (p) => p.replace(/:[A-Za-z0-9_]+/g, ':p').replace(/\{[^}]+\}/g, ':p');
const declared = new Set(catalogue().map((e) => shape(e.endpoint.path)));
const wanted = [
  ...new Set(
    readFileSync(listFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => shape(l.trim().split(/\s+/)[1] ?? '')),
  ),
];
const missing = wanted.filter((w) => !declared.has(w));
for (const m of missing) console.log(m);
console.log(
  `${wanted.length - missing.length} of ${wanted.length} explicit paths declared, ${missing.length} missing`,
);
