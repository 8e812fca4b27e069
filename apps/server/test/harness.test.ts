// on both engines: the template copies are made differently per engine (a data folder; a
// CREATE DATABASE … TEMPLATE).
// The test harness itself: each server gets its own copy of the run's seeded template.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clueChannelSigns, clues } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

const countClues = async (t: TestServer, childName?: string) => {
  const [r] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(clues)
    .where(childName === undefined ? undefined : eq(clues.childName, childName));
  return r?.n;
};

describe('template copies', () => {
  let a: TestServer;
  let b: TestServer;
  // Two copies made at the same time; generous on a machine shared with other work.
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestServer(), startTestServer()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('the run prepared a template for this database kind', () => {
    expect(inject('dbTemplate')?.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('a copy holds the demo data and its clock starts at the seed time', async () => {
    expect(await countClues(a)).toBeGreaterThan(0);
    expect(a.clock.now().toISOString()).toBe(inject('dbTemplate')?.seededAt);
    const admin = await a.as('admin');
    expect((await admin.system.roles({ query: {} })).length).toBeGreaterThan(0);
  });

  it('a write in one copy is not seen by another', async () => {
    const before = await countClues(b);
    await a.database.db.update(clues).set({ childName: 'changed by a' });
    expect(await countClues(a, 'changed by a')).toBe(before);
    expect(await countClues(b, 'changed by a')).toBe(0);
    // And a server started afterwards copies the template, not a's changed data.
    const c = await startTestServer();
    try {
      expect(await countClues(c, 'changed by a')).toBe(0);
      expect(await countClues(c)).toBe(before);
    } finally {
      await c.close();
    }
  });
});

describe('the copy a process keeps for its next file', () => {
  const signs = async (t: TestServer) =>
    (await t.database.db.select({ id: clueChannelSigns.id }).from(clueChannelSigns)).map((r) => r.id);
  const addSign = async (t: TestServer) => {
    const [r] = await t.database.db
      .insert(clueChannelSigns)
      .values({ name: 'kept?', channelCode: 'c1' })
      .returning({ id: clueChannelSigns.id });
    return r?.id;
  };

  it(
    'holds the template again for the next file: rows changed, deleted and added, and sequences',
    { timeout: 120_000 },
    async () => {
      const first = await startTestServer();
      const clueCount = await countClues(first);
      const templateSigns = await signs(first);
      const added = await addSign(first);
      await first.database.db.update(clues).set({ childName: 'changed by the first file' });
      await first.database.db.delete(clueChannelSigns).where(eq(clueChannelSigns.id, templateSigns[0] ?? 0));
      await first.close();

      const second = await startTestServer();
      try {
        // PGlite: the same copy, put back; PostgreSQL: a new database from the template.
        if (process.env.TEST_DATABASE_URL) expect(second.database).not.toBe(first.database);
        else expect(second.database).toBe(first.database);
        expect(await countClues(second, 'changed by the first file')).toBe(0);
        expect(await countClues(second)).toBe(clueCount);
        expect(await signs(second)).toEqual(templateSigns);
        expect(await addSign(second)).toBe(added);
      } finally {
        await second.close();
      }
    },
  );

  it('is not kept when a file changed the schema', { timeout: 120_000 }, async () => {
    const first = await startTestServer();
    await first.database.db.execute(sql`create table scratch_of_a_file (x int)`);
    await first.close();
    const second = await startTestServer();
    try {
      expect(second.database).not.toBe(first.database);
      const r = (await second.database.db.execute(
        sql`select to_regclass('scratch_of_a_file') is null as gone`,
      )) as unknown as { rows: { gone: boolean }[] };
      expect(r.rows[0]?.gone).toBe(true);
    } finally {
      await second.close();
    }
  });
});
