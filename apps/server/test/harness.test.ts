// The test harness itself: each server gets its own copy of the run's seeded template.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clueChannelSigns, clues } from '../src/db/schema.js';
import { startTestServer, testClock, type TestServer } from './harness.js';

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

describe('fresh seeds', () => {
  it('a server with its own clock is seeded fresh at that time', async () => {
    const t = await startTestServer({ clock: testClock('2026-01-05T02:00:00Z') });
    try {
      const [r] = await t.database.db
        .select({ at: sql<string>`max(${clueChannelSigns.createdAt})::text` })
        .from(clueChannelSigns);
      expect(new Date(r?.at ?? 0).toISOString()).toBe('2026-01-05T02:00:00.000Z');
    } finally {
      await t.close();
    }
    // Migrating and seeding from scratch is what the template spares the other files: slow on a busy machine.
  }, 120_000);
});
