// Every text key a feature's code names is in the catalogue by the time its screen renders: the
// shell's (always), the list kit's and master selectors' (with the signed-in shell), or a set the
// feature declares in features/index.ts. Follows relative imports, so a screen showing another
// feature's component must declare that feature's messages too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMessages } from '../app/list/messages';
import { masterMessages } from '../app/masterMessages';
import { features, messageLoaders } from '../features';
import { shellMessages } from '../features/shell/messages';
import type { Messages } from './types';

const src = path.resolve(import.meta.dirname, '..');
const keysOf = (...sets: Messages[]) => new Set(sets.flatMap((m) => Object.keys(m['zh-CN'])));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return filesUnder(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((p) =>
    existsSync(p),
  );
}

/** The feature's own files and every file of src/features they reach through relative imports. */
function reach(feature: string): string[] {
  const seen = new Set<string>();
  const todo = filesUnder(path.join(src, 'features', feature));
  while (todo.length) {
    const file = todo.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
      const spec = m[1] ?? '';
      const target = resolveImport(file, spec);
      // messages.ts files are the declarations themselves; app/ is checked against the shell's sets.
      if (target?.startsWith(path.join(src, 'features')) && !target.endsWith('messages.ts'))
        todo.push(target);
    }
  }
  return [...seen];
}

/** String literals of a file that are keys of some message set. */
function keysNamed(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/['`]([a-zA-Z]+\.[\w.]+)['`]/g)]
    .map((m) => m[1] ?? '')
    .filter((k) => known.has(k));
}

describe('feature messages', () => {
  it('every key a feature names is in the sets it declares (or the shell’s)', async () => {
    const loaded = new Map<unknown, Messages>();
    for (const load of Object.values(messageLoaders)) loaded.set(load, await load());
    const everyKey = keysOf(shellMessages, listMessages, masterMessages, ...loaded.values());
    const missing: string[] = [];
    for (const f of features) {
      const available = keysOf(
        shellMessages,
        listMessages,
        masterMessages,
        ...f.messages.map((load) => loaded.get(load) ?? { 'zh-CN': {}, en: {} }),
      );
      for (const file of reach(f.name))
        for (const key of keysNamed(file, everyKey))
          if (!available.has(key)) missing.push(`${f.name}: ${path.relative(src, file)} names ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('the app’s shared parts use only the shell’s, list kit’s and master selectors’ texts', () => {
    const everyKey = new Set<string>();
    const base = keysOf(shellMessages, listMessages, masterMessages);
    const missing: string[] = [];
    return Promise.all(Object.values(messageLoaders).map((load) => load())).then((sets) => {
      for (const k of keysOf(...sets)) everyKey.add(k);
      for (const k of base) everyKey.add(k);
      for (const file of filesUnder(path.join(src, 'app')))
        for (const key of keysNamed(file, everyKey))
          if (!base.has(key)) missing.push(`${path.relative(src, file)} names ${key}`);
      expect(missing).toEqual([]);
    });
  });

  it('the sets a feature loads never give one key two texts (the later set would win silently)', async () => {
    const clashes: string[] = [];
    for (const f of features) {
      const sets = await Promise.all(f.messages.map((load) => load()));
      const seen = new Map<string, string>();
      for (const set of [shellMessages, listMessages, masterMessages, ...sets])
        for (const [key, text] of Object.entries(set['zh-CN'])) {
          const before = seen.get(key);
          if (before !== undefined && before !== text)
            clashes.push(`${f.name}: ${key} ('${before}' / '${text}')`);
          seen.set(key, text);
        }
    }
    expect(clashes).toEqual([]);
  });

  it('every feature folder with screens is declared once', () => {
    const names = features.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(existsSync(path.join(src, 'features', name))).toBe(true);
  });
});
