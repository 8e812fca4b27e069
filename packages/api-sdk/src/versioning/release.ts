// The released contract snapshots (contract-snapshots/<version>.json) and the version check: the
// package's version must be at least the step the contract's change since the last release needs.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contract } from '../contract/index.js';
import { compareContracts, contractShape, type Comparison, type ContractShape } from './contractShape.js';

export const packageDir = path.resolve(import.meta.dirname, '../..');
export const snapshotsDir = path.join(packageDir, 'contract-snapshots');

const parse = (v: string) => v.split('.').map(Number) as [number, number, number];
const cmp = (a: string, b: string) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

export const packageVersion = (): string =>
  (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;

/** The newest snapshot: the last released version's contract. */
export function lastReleased(): ContractShape {
  const versions = readdirSync(snapshotsDir)
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => f.slice(0, -'.json'.length))
    .sort(cmp);
  const last = versions.at(-1);
  if (!last) throw new Error(`no snapshot in ${snapshotsDir}`);
  return JSON.parse(readFileSync(path.join(snapshotsDir, `${last}.json`), 'utf8')) as ContractShape;
}

/** The smallest version after `released` that a change of the given level allows. */
export function nextVersion(released: string, level: Comparison['level']): string {
  const [a, b, c] = parse(released);
  if (level === 'major') return `${a + 1}.0.0`;
  if (level === 'minor') return `${a}.${b + 1}.0`;
  if (level === 'patch') return `${a}.${b}.${c + 1}`;
  return released;
}

export interface VersionCheck extends Comparison {
  released: string;
  current: string;
  /** The least version the package must carry. */
  needed: string;
  ok: boolean;
}

/** Compares the current contract with the last release; ok when the package's version is enough. */
export function checkVersion(): VersionCheck {
  const before = lastReleased();
  const current = packageVersion();
  const cmpResult = compareContracts(before, contractShape(contract, current));
  const needed = nextVersion(before.version, cmpResult.level);
  return { ...cmpResult, released: before.version, current, needed, ok: cmp(current, needed) >= 0 };
}

/** One endpoint a line: a release's diff of snapshots reads endpoint by endpoint. */
export function formatShape(s: ContractShape): string {
  const lines = Object.entries(s.endpoints).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n "version": ${JSON.stringify(s.version)},\n "endpoints": {\n${lines.join(',\n')}\n }\n}\n`;
}

/** Writes the current contract as the snapshot of the package's version (at a release). */
export function writeSnapshot(): string {
  const version = packageVersion();
  const file = path.join(snapshotsDir, `${version}.json`);
  if (existsSync(file)) throw new Error(`${file} exists: a released version's snapshot is never rewritten`);
  writeFileSync(file, formatShape(contractShape(contract, version)));
  return file;
}
