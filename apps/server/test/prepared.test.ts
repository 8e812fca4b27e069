// on both engines: prepared statements are the drivers' own.
// Prepared reads (src/db/prepared.ts): built once per database, run inside a transaction on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { preparedRead } from '../src/db/prepared.js';
import { roles } from '../src/slices/system/tables.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('prepared reads', () => {
  it('builds the statement once per database and answers with the current rows and the given values', async () => {
    let builds = 0;
    const names = preparedRead('test_role_names', (db, name) => {
      builds += 1;
      return db
        .select({ name: roles.name })
        .from(roles)
        .where(sql`${roles.code} >= ${sql.placeholder('from')}::int`)
        .orderBy(asc(roles.code))
        .prepare(name);
    });
    const first = await names(t.deps.db, { from: 90 });
    const all = await names(t.deps.db, { from: 0 });
    expect(all.length).toBeGreaterThan(first.length);
    expect(builds).toBe(1);
    // Inside a transaction it runs on the transaction: it sees the transaction's own writes.
    await t.deps.db
      .transaction(async (tx) => {
        await tx.insert(roles).values({ code: 990, name: '事务内角色' });
        expect((await names(tx, { from: 990 })).map((r) => r.name)).toEqual(['事务内角色']);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
      });
    expect(await names(t.deps.db, { from: 990 })).toEqual([]);
  });

  it('refuses a second read under a name already taken (a named statement is one text)', () => {
    preparedRead('test_taken', () => ({ execute: async () => [] }));
    expect(() => preparedRead('test_taken', () => ({ execute: async () => [] }))).toThrow(/declared twice/);
  });
});
