// on both engines: exports stream by key batches and counts come from each engine's planner statistics.
// The long lists' pages count as every list counts (exactly up to LIST_COUNT_EXACT_LIMIT, 3 here,
// else the planner's estimate, flagged) and their exports stream the whole filtered result, read by
// key batch after batch: the sign records (课时明细) and the pay records (付款记录).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import { sheetValues } from '../src/shared/xlsx.js';
import { signRecordBatch, signWhere, type SignRecord } from '../src/slices/teaching/reports.js';
import { payRecordBatch, recordWhere } from '../src/slices/orders/queries.js';
import type { AuthUser } from '../src/http/auth.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let user: AuthUser;

beforeAll(async () => {
  t = await startTestServer({ env: { LIST_COUNT_EXACT_LIMIT: '3' } });
  admin = await t.as('admin');
  const u = await t.deps.auth.resolve(await t.login('admin'), '127.0.0.1');
  if (!u) throw new Error('admin signs in');
  user = u;
});
afterAll(async () => t?.close());

const sheetOf = async (blob: Blob) => sheetValues(new Uint8Array(await blob.arrayBuffer()));

describe('sign records', () => {
  it('estimate a large total, walk by key across batches, and export every row', async () => {
    const all = await admin.teaching.pageCourseSign({ query: { pageIdx: 1, pageSize: 500 } });
    expect(all.list.length).toBeGreaterThan(3);
    expect(all.list.length).toBeLessThan(500);
    expect(all.totalEstimated).toBe(true);
    const walked: SignRecord[] = [];
    for (let last: SignRecord | null = null; ;) {
      const rows = await signRecordBatch(t.deps, signWhere(user, {}), last, 2);
      walked.push(...rows);
      if (rows.length < 2) break;
      last = rows.at(-1) ?? null;
    }
    expect(walked.map((r) => r.attendanceId)).toEqual(all.list.map((r) => r.attendanceId));
    const sheet = await sheetOf(await admin.teaching.pageCourseSignExport({ query: {} }));
    expect(sheet).toHaveLength(all.list.length + 1);
  });

  it('count a small filter exactly', async () => {
    const first = (await admin.teaching.pageCourseSign({ query: { pageIdx: 1, pageSize: 1 } })).list[0];
    if (!first) throw new Error('the demo has sign records');
    const one = await admin.teaching.pageCourseSign({
      query: { from: first.lessonDate, to: first.lessonDate, name: first.studentName, pageSize: 50 },
    });
    expect(one.list.length).toBeLessThanOrEqual(3);
    expect(one.totalEstimated).toBeUndefined();
    expect(one.total).toBe(one.list.length);
  });
});

describe('pay records', () => {
  it('estimate a large total, walk by key across batches, and export every row', async () => {
    const all = await admin.orders.payRecordPage({ body: { pageIdx: 1, pageSize: 500 } });
    expect(all.list.length).toBeGreaterThan(3);
    expect(all.list.length).toBeLessThan(500);
    expect(all.totalEstimated).toBe(true);
    const walked: number[] = [];
    for (let last: number | null = null; ;) {
      const rows = await payRecordBatch(t.deps.db, recordWhere(user, {}), last, 2);
      walked.push(...rows.map((r) => r.id));
      if (rows.length < 2) break;
      last = rows.at(-1)?.id ?? null;
    }
    expect(walked).toEqual(all.list.map((r) => r.id));
    const sheet = await sheetOf(await admin.orders.payRecordExport({ body: {} }));
    expect(sheet).toHaveLength(all.list.length + 1);
  });
});

describe('the other long lists', () => {
  it('orders and students flag an estimated total beyond the exact limit, and count a small filter exactly', async () => {
    const orders = await admin.orders.orderList({ query: { pageIdx: 1, pageSize: 500 } });
    expect(orders.list.length).toBeGreaterThan(3);
    expect(orders.totalEstimated).toBe(true);
    const code = orders.list[0]?.code ?? '';
    const one = await admin.orders.orderList({ query: { keyword: code } });
    expect(one).toMatchObject({ total: 1, list: [{ code }] });
    expect(one.totalEstimated).toBeUndefined();
    const students = await admin.students.students({ query: { pageIdx: 1, pageSize: 500 } });
    expect(students.list.length).toBeGreaterThan(3);
    expect(students.totalEstimated).toBe(true);
  });
});
