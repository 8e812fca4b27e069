// List totals: exact up to LIST_COUNT_EXACT_LIMIT rows, above it the planner's estimate, flagged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
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
    const page = await admin.clues.list({ query: { pageSize: 2 } });
    expect(page.totalEstimated).toBe(true);
    // Never less than what was seen to match.
    expect(page.total).toBeGreaterThan(5);
    expect(page.list).toHaveLength(2);
  });

  it('counts exactly, without the flag, up to the limit', async () => {
    const page = await admin.clues.list({ query: { flowState: 'invalid_pending', pageSize: 20 } });
    expect(page.totalEstimated).toBeUndefined();
    expect(page.total).toBe(page.list.length);
    expect(page.total).toBeLessThanOrEqual(5);
  });
});
