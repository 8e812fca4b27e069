// once, on PGlite: configuration and the embedded database's folder; nothing here reaches PostgreSQL.
// The start-up contract of issue 2: bad configuration is a clear message, and the embedded
// database keeps its data across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { isEmpty, seed } from '../src/seed/index.js';
import { roles } from '../src/slices/system/tables.js';

describe('configuration', () => {
  it('names the variable and the problem for a bad value, and points to the README', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    const bad = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(/PORT="70000"/);
    expect(bad).toThrow('DATABASE_URL="mysql://x": must start with postgres:// or postgresql://');
    expect(bad).toThrow(/README\.md/);
  });

  it('defaults to the embedded database in .data under the working directory', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.dataDir).toBe('/srv/app/.data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.HOST).toBe('127.0.0.1');
  });
});

describe('embedded database', () => {
  it('keeps its data when the server stops and starts again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-restart-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(await isEmpty(first.db)).toBe(true);
      // The administrator's seed (accounts, roles, privileges): data enough, without the demo's cost.
      await seed(
        first.db,
        { kind: 'admin', password: 'restart-check-1' },
        { scale: 1, now: new Date('2026-11-22T08:00:00Z'), scryptLogN: 10 },
      );
      const [before] = await first.db.select({ n: count() }).from(roles);
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect(await isEmpty(second.db)).toBe(false);
      const [after] = await second.db.select({ n: count() }).from(roles);
      expect(after?.n).toBe(before?.n);
      expect(after?.n).toBeGreaterThan(0);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
