// The published reference and package.json's subpaths follow the contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../contract/index.js';
import { packageDir, packageVersion } from '../versioning/release.js';
import { slices } from '../../scripts/entries.js';
import { renderReference } from './reference.js';

const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  publishConfig: { exports: Record<string, unknown> };
  dependencies: Record<string, string>;
};

describe('the published package', () => {
  it('REFERENCE.md is the one the contract writes (pnpm --filter @bo/api-sdk reference)', () => {
    const file = readFileSync(path.join(packageDir, 'REFERENCE.md'), 'utf8');
    expect(file === renderReference(contract, packageVersion())).toBe(true);
  });

  it('has one subpath per slice of the contract, in the workspace and when published, and no other', () => {
    const names = slices(packageDir).map(([n]) => n);
    expect(names).toEqual(Object.keys(contract));
    const want = ['.', ...names.map((n) => `./${n}`), './package.json'];
    expect(Object.keys(pkg.exports)).toEqual(want);
    expect(Object.keys(pkg.publishConfig.exports)).toEqual(want);
  });

  it('depends on nothing that exists only in this workspace', () => {
    expect(Object.values(pkg.dependencies).filter((v) => v.startsWith('workspace:'))).toEqual([]);
  });
});
