// The slices of the contract and their source files, read from src/lazy.ts's loaders (one line per
// slice): the build's entries and the package's subpath exports come from the same list.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** [[slice, source file relative to the package]] in contract order; `root` is the package's folder. */
export function slices(root = process.cwd()): [string, string][] {
  const lazy = readFileSync(path.join(root, 'src/lazy.ts'), 'utf8');
  return [...lazy.matchAll(/^ {2}(\w+): \(\) => import\('\.\/contract\/([\w/]+)\.js'\)/gm)].map(
    ([, name, file]): [string, string] => [name ?? '', `src/contract/${file ?? ''}.ts`],
  );
}

/** tsup entries: { orders: 'src/contract/orders.ts', ... }. */
export function sliceEntries(root = process.cwd()): Record<string, string> {
  return Object.fromEntries(slices(root));
}
