// on both engines: the migration's data step on each engine.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import type { AuthUser } from '../src/http/auth.js';
import { pendingDecisions } from '../src/slices/approvals/index.js';
// The clue kinds register when their module loads.
import '../src/slices/clues/approvals.js';

const MIGRATIONS = join(import.meta.dirname, '..', 'drizzle');
const tmp = mkdtempSync(join(tmpdir(), 'approvals-migration-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The migrations before the engine's, as a database made by the previous release was migrated. */
function previousRelease(): string {
  const dir = join(tmp, 'previous');
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const upTo = journal.entries.findIndex((e) => e.tag.endsWith('_approval_engine'));
  const entries = journal.entries.slice(0, upTo);
  for (const e of entries) cpSync(join(MIGRATIONS, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

interface Opened {
  db: Db;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

async function openPglite(): Promise<Opened> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create('memory://');
  const d = drizzle(client);
  return {
    db: d as unknown as Db,
    migrate: (folder) => migrate(d, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Opened> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const pool = new pg.default.Pool({ connectionString: u.toString(), max: 2 });
  const d = drizzle(pool);
  return {
    db: d as unknown as Db,
    migrate: (folder) => migrate(d, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

const director: AuthUser = {
  id: 2,
  username: 'director',
  name: '王建国',
  roles: [76],
  privileges: new Set(),
  isAdmin: false,
  allScope: false,
  provinceTypes: ['HD'],
  schoolItems: ['SH01'],
  employeeCode: null,
  sessionId: 0,
  mustChangePassword: false,
};

describe('upgrading a database of the previous release', () => {
  it('moves its clue approvals onto the engine: ids kept, the pending one still decidable', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const o = url ? await openPostgres(url) : await openPglite();
    try {
      await o.migrate(previousRelease());
      await o.db.execute(sql`
        insert into clues (id, cluecode, child_name, parent_name, phone, flow_state, school_item_code, pending_from, pending_approval_id, owner_user_id)
        values (7, 'XS00000007', '小明', '王芳', '13800000007', 'invalid_pending', 'SH01', 'following', 41, 3),
               (8, 'XS00000008', '小红', '李娜', '13800000008', 'following', 'SH01', null, null, 3)`);
      await o.db.execute(sql`
        insert into clue_approvals (id, kind, status, clue_id, from_state, from_user_id, from_school_item_code, to_school_item_code, reason, requested_by, decided_by, decided_at, comment)
        values (41, 'invalid', 5, 7, 'following', 3, 'SH01', 'SH01', '空号', 3, null, null, null),
               (40, 'abandon', 30, 8, 'following', 3, 'SH01', 'SH01', '不考虑', 3, 2, now(), '继续跟进')`);
      await o.migrate(MIGRATIONS);
      // Both drivers answer raw SQL as { rows }.
      const q = async <T>(s: SQL) => ((await o.db.execute(s)) as unknown as { rows: T[] }).rows;
      const rows = await q<{ id: number; kind: string; status: number }>(
        sql`select id, kind, status from approval_requests order by id`,
      );
      expect(rows.map((r) => [r.id, r.kind, r.status])).toEqual([
        [40, 'clueAbandon', 30],
        [41, 'clueInvalid', 5],
      ]);
      const pending = await pendingDecisions(o.db, director);
      expect(pending.map((r) => [r.id, r.subjectId, r.subjectCode, r.reason])).toEqual([
        [41, 7, 'XS00000007', '空号'],
      ]);
      const history = await q<{ request_id: number; decision: string; comment: string }>(
        sql`select request_id, decision, comment from approval_decisions`,
      );
      expect(history).toEqual([{ request_id: 40, decision: 'reject', comment: '继续跟进' }]);
      const next = await q<{ id: number }>(
        sql`insert into approval_requests (kind, subject_type, subject_id, steps) values ('clueInvalid', 'clue', 8, '[]') returning id`,
      );
      expect(Number(next[0]?.id)).toBe(42);
    } finally {
      await o.close();
    }
    // Migrates a database of its own twice over: seconds of CPU, many more on a busy machine.
  }, 120_000);
});
