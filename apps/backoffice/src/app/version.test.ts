import { describe, expect, it, vi } from 'vitest';
import { checkForUpdate, hasNewVersion, mainAsset } from './version';
import { isChunkLoadError, reloadOnce, wantsReload } from './reload';

const html = (name: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="/assets/${name}.js"></script><link rel="stylesheet" href="/assets/index-x.css"></head></html>`;

describe('update check', () => {
  it('reads the main script of a built index.html', () => {
    expect(mainAsset(html('index-AbC123'))).toBe('/assets/index-AbC123.js');
    expect(mainAsset('<script type="module" src="/src/main.tsx"></script>')).toBeNull();
  });
  it('reports a new version only when the script name changed', () => {
    expect(hasNewVersion('/assets/index-A.js', html('index-B'))).toBe(true);
    expect(hasNewVersion('/assets/index-A.js', html('index-A'))).toBe(false);
    expect(hasNewVersion(null, html('index-B'))).toBe(false);
    expect(hasNewVersion('/assets/index-A.js', 'maintenance page')).toBe(false);
  });
  it('fetches without cache and treats failures as no news', async () => {
    const ok = vi.fn(async () => new Response(html('index-B')));
    expect(await checkForUpdate('/assets/index-A.js', ok as unknown as typeof fetch)).toBe(true);
    expect((ok.mock.calls[0] as unknown[] | undefined)?.[1]).toMatchObject({ cache: 'no-store' });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkForUpdate('/assets/index-A.js', down as unknown as typeof fetch)).toBe(false);
  });
});

describe('reload on chunk failure', () => {
  it('recognises chunk failures and DOMExceptions', () => {
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 3 failed.'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/Home-x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(wantsReload(new DOMException('The operation was aborted', 'AbortError'))).toBe(true);
  });
  it('reloads once, not in a loop', () => {
    const store = new Map<string, string>();
    const s = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const reload = vi.fn();
    expect(reloadOnce(100_000, s, reload)).toBe(true);
    expect(reloadOnce(105_000, s, reload)).toBe(false);
    expect(reloadOnce(120_000, s, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
