// on both engines: list totals above the exact limit are each engine's planner estimates.
// List totals: exact up to LIST_COUNT_EXACT_LIMIT rows, above it the planner's estimate, flagged.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer({ env: { LIST_COUNT_EXACT_LIMIT: '5' } });
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('list totals', () => {
  it('answers an estimate, flagged, when more rows match than the exact limit', async () => {
    await t.database.db.execute(sql`analyze clues`);
    const page = await admin.clues.list({ query: { pageSize: 2 } });
    expect(page.totalEstimated).toBe(true);
    // Never less than what was seen to match.
    expect(page.total).toBeGreaterThan(5);
    expect(page.list).toHaveLength(2);
    // The planner's estimate of the whole filter, not of the capped count (the limit, 6).
    const exact = (await t.database.db.execute(sql`select count(*)::int as n from clues`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    const n = exact.rows[0]?.n ?? 0;
    expect(n).toBeGreaterThan(20);
    expect(page.total).toBeGreaterThan(n / 2);
    expect(page.total).toBeLessThan(n * 2);
  });

  it('counts exactly, without the flag, up to the limit', async () => {
    const page = await admin.clues.list({ query: { flowState: 'invalid_pending', pageSize: 20 } });
    expect(page.totalEstimated).toBeUndefined();
    expect(page.total).toBe(page.list.length);
    expect(page.total).toBeLessThanOrEqual(5);
  });

  it("reuses a large filter's estimate while the user pages, and counts again after LIST_ESTIMATE_TTL_MS", async () => {
    // Statements the list runs: the rows and, without a reused estimate, the capped count and the
    // EXPLAIN. `select` is also called to build the filter's subquery (not a statement): for the
    // reuse key, and afresh for the capped count and for the EXPLAIN.
    const select = vi.spyOn(t.deps.db, 'select');
    const execute = vi.spyOn(t.deps.db, 'execute');
    const statements = async (pageIdx: number) => {
      select.mockClear();
      execute.mockClear();
      const page = await admin.clues.list({ query: { pageSize: 2, pageIdx, channel: undefined } });
      return { page, selects: select.mock.calls.length, explains: execute.mock.calls.length };
    };
    try {
      t.clock.advance(31_000); // whatever an earlier test left is stale
      const first = await statements(1);
      expect(first.page.totalEstimated).toBe(true);
      expect(first).toMatchObject({ selects: 5, explains: 1 });
      const second = await statements(2);
      expect(second).toMatchObject({ selects: 2, explains: 0 });
      expect(second.page.total).toBe(first.page.total);
      expect(second.page.totalEstimated).toBe(true);
      expect(second.page.list.map((c) => c.clueId)).not.toEqual(first.page.list.map((c) => c.clueId));
      // Another filter is its own entry.
      select.mockClear();
      await admin.clues.list({ query: { pageSize: 2, flowState: 'invalid_pending' } });
      expect(select.mock.calls.length).toBe(4);
      t.clock.advance(30_000);
      expect(await statements(1)).toMatchObject({ selects: 5, explains: 1 });
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });
});
