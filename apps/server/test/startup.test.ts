// once, on PGlite: configuration and the embedded database's folder; nothing here reaches PostgreSQL.
// The start-up contract of issue 2: bad configuration is a clear message, and the embedded
// database keeps its data across a restart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.js';
import { dataDirTemplate, openDatabase } from '../src/db/client.js';
import { isEmpty, seed } from '../src/seed/index.js';
import { roles } from '../src/slices/system/tables.js';
import { must } from '../src/shared/must.js';

describe('configuration', () => {
  it('names the variable and the problem for a bad value, and points to the configuration reference', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    const bad = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(/PORT="70000"/);
    expect(bad).toThrow('DATABASE_URL="mysql://x": must start with postgres:// or postgresql://');
    expect(bad).toThrow(/docs\/configuration\.md/);
  });

  it('defaults to the embedded database in .data under the working directory', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.dataDir).toBe('/srv/app/.data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.HOST).toBe('127.0.0.1');
  });
});

describe('embedded database', () => {
  it('keeps its data when the server stops and starts again, and a new folder starts from its dump', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-restart-'));
    const copyDir = path.join(os.tmpdir(), `${path.basename(dir)}-copy`);
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(await isEmpty(first.db)).toBe(true);
      // The administrator's seed (accounts, roles, privileges): data enough, without the demo's cost.
      await seed(
        first.db,
        { kind: 'admin', password: 'restart-check-1' },
        { scale: 1, now: new Date('2026-11-22T08:00:00Z'), passwordCost: { memoryKib: 1024, timeCost: 1 } },
      );
      const [before] = await first.db.select({ n: count() }).from(roles);
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect(await isEmpty(second.db)).toBe(false);
      const [after] = await second.db.select({ n: count() }).from(roles);
      expect(after?.n).toBe(before?.n);
      expect(after?.n).toBeGreaterThan(0);

      // DATA_DIR_TEMPLATE: a new folder starts as a copy of a dumped one, with its rows; a folder
      // that already holds a database, or a PostgreSQL server, ignores the template.
      const tarball = path.join(dir, '..', `${path.basename(dir)}.tar`);
      writeFileSync(
        tarball,
        Buffer.from(await (await must(second.dumpDataDir, 'dump')('none')).arrayBuffer()),
      );
      await second.close();
      expect(
        dataDirTemplate({ dataDir: dir, DATA_DIR_TEMPLATE: tarball, DATABASE_URL: undefined }),
      ).toBeUndefined();
      expect(
        dataDirTemplate({ dataDir: copyDir, DATA_DIR_TEMPLATE: tarball, DATABASE_URL: 'postgres://x/y' }),
      ).toBeUndefined();
      expect(
        dataDirTemplate({ dataDir: copyDir, DATA_DIR_TEMPLATE: undefined, DATABASE_URL: undefined }),
      ).toBeUndefined();
      const template = dataDirTemplate({
        dataDir: copyDir,
        DATA_DIR_TEMPLATE: tarball,
        DATABASE_URL: undefined,
      });
      expect(template).toBeInstanceOf(Blob);
      const copy = await openDatabase({ dataDir: copyDir, ...(template ? { loadDataDir: template } : {}) });
      const [copied] = await copy.db.select({ n: count() }).from(roles);
      expect(copied?.n).toBe(before?.n);
      await copy.close();
      rmSync(tarball, { force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(copyDir, { recursive: true, force: true });
    }
  }, 120_000);
});
