import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { privileges, rolePrivileges } from '../src/slices/system/tables.js';
import { syncPrivileges } from '../src/slices/system/seed.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('privilege sync at start', () => {
  it('adds a privilege a newer release declares, granted to its roles, and leaves existing ones alone', async () => {
    const db = t.deps.db;
    // An existing database from before /clues/taskCenter existed, and an administrator's own change.
    await db.delete(rolePrivileges).where(eq(rolePrivileges.privilegeCode, '/clues/taskCenter'));
    await db.delete(privileges).where(eq(privileges.code, '/clues/taskCenter'));
    await db.update(privileges).set({ name: '我的线索（改）' }).where(eq(privileges.code, '/clues/clueList'));

    expect(await syncPrivileges(db)).toEqual(['/clues/taskCenter']);
    const grant = await db
      .select()
      .from(rolePrivileges)
      .where(and(eq(rolePrivileges.privilegeCode, '/clues/taskCenter'), eq(rolePrivileges.roleCode, 34)));
    expect(grant).toHaveLength(1);
    const [renamed] = await db.select().from(privileges).where(eq(privileges.code, '/clues/clueList'));
    expect(renamed?.name).toBe('我的线索（改）');
    expect(await syncPrivileges(db)).toEqual([]);
  });
});
