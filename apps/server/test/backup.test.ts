// on both engines: the embedded database backs up through the server, PostgreSQL in pg_dump's format.
// Backup and restore (docs/operations.md): a backup taken while the server runs restores into an
// empty data folder (embedded database) or an empty database (PostgreSQL) with every table's digest
// identical; a restore never writes over existing data.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { backup, backupKindOf, restore, startControlSocket, tableDigests } from '../src/ops/backup.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-backup-'));
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** This file's PostgreSQL database (the PostgreSQL run only). */
function pgUrl(): string {
  if (!t.databaseUrl) throw new Error('no PostgreSQL database in this run');
  return t.databaseUrl;
}

/** A database of its own on the test's PostgreSQL server, dropped at the end. */
async function emptyPostgres(source: string) {
  const pg = await import('pg');
  const name = `restore_${Date.now().toString(36)}`;
  const admin = new pg.default.Client({ connectionString: source });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(source);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.default.Client({ connectionString: source });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe('a backup', () => {
  it('restores with every table identical, taken while the server answers requests', async () => {
    // Something written just before the backup is in it.
    const sdk = await t.as('admin');
    const before = await tableDigests(t.deps.db);
    expect(Object.keys(before).length).toBeGreaterThan(50);
    const file = path.join(dir, 'first.backup');
    if (t.database.kind === 'pglite') {
      // The embedded database: through the server's control socket, with requests in flight.
      const dataDir = path.join(dir, 'live');
      const stop = await startControlSocket(dataDir, t.database);
      try {
        const [r] = await Promise.all([backup({ dataDir }, file), sdk.system.userInfo()]);
        expect(r).toMatchObject({ kind: 'pglite', via: 'server' });
      } finally {
        await stop();
      }
      expect(await backupKindOf(file)).toBe('pglite');
      const restored = path.join(dir, 'restored');
      await restore({ dataDir: restored }, file);
      const copy = await openDatabase({ dataDir: restored });
      try {
        expect(await tableDigests(copy.db)).toEqual(before);
      } finally {
        await copy.close();
      }
    } else {
      const source = pgUrl();
      const r = await backup({ databaseUrl: source, dataDir: dir }, file);
      expect(r).toMatchObject({ kind: 'postgres', via: 'pg_dump' });
      expect(await backupKindOf(file)).toBe('postgres');
      const target = await emptyPostgres(source);
      try {
        await restore({ databaseUrl: target.url, dataDir: dir }, file);
        const copy = await openDatabase({ databaseUrl: target.url });
        try {
          expect(await tableDigests(copy.db)).toEqual(before);
        } finally {
          await copy.close();
        }
      } finally {
        await target.drop();
      }
    }
  });

  it('is never restored over existing data, nor into the other kind of database', async () => {
    const notEmpty = path.join(dir, 'not-empty');
    const file = path.join(dir, 'other.backup');
    if (t.database.kind === 'pglite') {
      const dump = t.database.dumpDataDir;
      if (!dump) throw new Error('the embedded database dumps its folder');
      writeFileSync(file, Buffer.from(await (await dump('gzip')).arrayBuffer()));
      await restore({ dataDir: notEmpty }, file);
      await expect(restore({ dataDir: notEmpty }, file)).rejects.toThrow(/not empty/);
      await expect(
        restore({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/x', dataDir: dir }, file),
      ).rejects.toThrow(/backup of the embedded database/);
    } else {
      await backup({ databaseUrl: pgUrl(), dataDir: dir }, file);
      // The source itself is not empty.
      await expect(restore({ databaseUrl: pgUrl(), dataDir: dir }, file)).rejects.toThrow(/not empty/);
      await expect(restore({ dataDir: path.join(dir, 'fresh') }, file)).rejects.toThrow(/pg_dump backup/);
    }
    writeFileSync(path.join(dir, 'junk'), 'hello');
    await expect(restore({ dataDir: path.join(dir, 'junk-target') }, path.join(dir, 'junk'))).rejects.toThrow(
      /not a backup/,
    );
  });
});
