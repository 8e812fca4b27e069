// Backup and restore of the whole database (docs/operations.md).
// - Embedded database (PGlite): the server owns the data folder, so a backup is taken through the
//   running server, over a control socket in the data folder (only who may read the data folder may
//   ask): the server dumps the data directory as a gzip tarball between two statements (PGlite runs
//   one at a time, so the copy is a consistent point in time). With no server running, the folder is
//   opened directly. A restore writes the tarball into an empty data folder.
// - PostgreSQL: pg_dump's custom format (a consistent snapshot while the server runs) and pg_restore
//   into an empty database, in one transaction.
// The file's first bytes say which it is: gzip (1f 8b) for the embedded database, "PGDMP" for pg_dump.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';

export type BackupKind = 'pglite' | 'postgres';

export class BackupError extends Error {}

/**
 * The control socket of a data folder. A Unix socket path is limited to about 100 bytes: a deep data
 * folder gets a socket in the system's temporary folder named after the folder's path.
 */
export function controlSocketPath(dataDir: string): string {
  const inFolder = path.join(dataDir, 'control.sock');
  if (Buffer.byteLength(inFolder) <= 100) return inFolder;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `bo-${hash}.sock`);
}

/** The kind of a backup file, from its first bytes; undefined when it is neither. */
export async function backupKindOf(file: string): Promise<BackupKind | undefined> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await fh.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    return undefined;
  } finally {
    await fh.close();
  }
}

/**
 * Serves backups of the embedded database on the data folder's control socket while the server
 * runs: `GET /backup` answers the data directory as a gzip tarball. The socket is readable and
 * writable by the server's user only.
 */
export async function startControlSocket(dataDir: string, database: Database): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir;
  if (!dump)
    throw new Error('startControlSocket: only the embedded database is backed up through the server');
  const socket = controlSocketPath(dataDir);
  // A socket left by a server that did not stop cleanly is in the way of listening.
  await rm(socket, { force: true });
  await mkdir(path.dirname(socket), { recursive: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end('GET /backup\n');
      return;
    }
    void (async () => {
      try {
        // Dirty pages are written first, so a restore replays as little of the log as possible.
        await database.db.execute(sql`checkpoint`);
        const blob = await dump('gzip');
        const body = Buffer.from(await blob.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length });
        res.end(body);
      } catch (e) {
        res.writeHead(500).end(e instanceof Error ? e.message : String(e));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      void rm(socket, { force: true });
    });
}

/** Asks the running server of a data folder for a backup; undefined when no server answers there. */
async function backupThroughServer(dataDir: string): Promise<Buffer | undefined> {
  const socket = controlSocketPath(dataDir);
  if (!existsSync(socket)) return undefined;
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: socket, path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new BackupError(`The server could not write the backup: ${body.toString('utf8')}`));
      });
      res.on('error', reject);
    });
    // A socket file without a server behind it (the server was killed): open the folder directly.
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? resolve(undefined) : reject(e),
    );
  });
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** The machine's PostgreSQL client programs: PGBIN, the newest of /usr/lib/postgresql, or PATH. */
export function pgProgram(name: 'pg_dump' | 'pg_restore', pgBin?: string): string {
  const dirs = [pgBin, ...['18', '17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`)].filter(
    (d): d is string => Boolean(d),
  );
  const found = dirs.find((d) => existsSync(path.join(d, name)));
  return found ? path.join(found, name) : name;
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupError(
              `${path.basename(program)} was not found: install PostgreSQL's client programs (apt-get install postgresql-client) or set PGBIN to their folder.`,
            )
          : e,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${path.basename(program)} failed (exit ${code}):\n${err.trim()}`)),
    );
  });
}

export interface BackupTarget {
  /** A PostgreSQL server; otherwise the embedded database of dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Where pg_dump and pg_restore are (config PGBIN); else the newest installed, else PATH. */
  pgBin?: string | undefined;
}

/** Writes a backup of the configured database to `file`; says which kind it wrote and how. */
export async function backup(
  target: BackupTarget,
  file: string,
): Promise<{ kind: BackupKind; via: 'server' | 'folder' | 'pg_dump'; bytes: number }> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run(pgProgram('pg_dump', target.pgBin), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${target.databaseUrl}`,
    ]);
    return { kind: 'postgres', via: 'pg_dump', bytes: (await stat(file)).size };
  }
  const viaServer = await backupThroughServer(target.dataDir);
  if (viaServer) {
    await writeFile(file, viaServer);
    return { kind: 'pglite', via: 'server', bytes: viaServer.length };
  }
  if (isEmptyFolder(target.dataDir))
    throw new BackupError(
      `There is no database in ${target.dataDir} to back up (set DATA_DIR or DATABASE_URL).`,
    );
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(target.dataDir);
  try {
    await client.exec('checkpoint');
    const body = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await writeFile(file, body);
    return { kind: 'pglite', via: 'folder', bytes: body.length };
  } finally {
    await client.close();
  }
}

/** Tables of the database's schemas (the application's and the migrations' own). */
async function userTables(db: Db): Promise<Array<{ schema: string; name: string }>> {
  const r = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`)) as unknown as { rows: Array<{ schema: string; name: string }> };
  return r.rows;
}

/** Restores a backup into an empty data folder or an empty PostgreSQL database. */
export async function restore(target: BackupTarget, file: string): Promise<{ kind: BackupKind }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = await backupKindOf(file);
  if (!kind)
    throw new BackupError(
      `${file} is not a backup of this system (neither the embedded database's nor pg_dump's).`,
    );
  if (target.databaseUrl) {
    if (kind !== 'postgres')
      throw new BackupError(
        `${file} is a backup of the embedded database: restore it into a data folder (unset DATABASE_URL, set DATA_DIR to an empty folder).`,
      );
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const r = await client.query<{ n: string }>(
        `select count(*) as n from information_schema.tables
         where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      if (Number(r.rows[0]?.n ?? 0) > 0)
        throw new BackupError(
          'The database of DATABASE_URL is not empty: restore into a new, empty database (createdb) and point DATABASE_URL at it.',
        );
    } finally {
      await client.end();
    }
    await run(pgProgram('pg_restore', target.pgBin), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return { kind };
  }
  if (kind !== 'pglite')
    throw new BackupError(
      `${file} is a pg_dump backup of a PostgreSQL server: restore it with DATABASE_URL set to an empty database.`,
    );
  if (!isEmptyFolder(target.dataDir))
    throw new BackupError(
      `${target.dataDir} is not empty: restore into an empty data folder (set DATA_DIR to a new folder), then start the server on it.`,
    );
  await mkdir(target.dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(target.dataDir, { loadDataDir: new Blob([await readFile(file)]) });
  // Opened once, the restored folder is checked to answer before the command says it is done.
  await client.query('select 1');
  await client.close();
  return { kind };
}

/**
 * A digest per table: its row count and an order-independent hash of its rows' text. Two databases
 * with the same digests hold the same data (the backup test compares a restore with its source).
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await userTables(db)) {
    const name = `${t.schema}.${t.name}`;
    const r = (await db.execute(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '')
        as digest from "${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}" x`),
    )) as unknown as { rows: Array<{ digest: string }> };
    out[name] = r.rows[0]?.digest ?? '';
  }
  return out;
}
