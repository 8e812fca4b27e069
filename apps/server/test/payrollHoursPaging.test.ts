// The hours behind a period (courseexport) page through the lessons, then the imported hours, with
// the lessons counted as every list counts them: exactly up to LIST_COUNT_EXACT_LIMIT (1 here), else
// the planner's estimate, flagged — and the pages still meet the imported hours where the lessons end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import type { THoursRow } from '@bo/api-sdk';
import { salaryExtraHours } from '../src/slices/payroll/tables.js';
import { hoursBatch, hoursFilter } from '../src/slices/payroll/hours.js';
import { sheetValues } from '../src/shared/xlsx.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let hr: Sdk;
let period: { year: number; month: number; schoolItemCode: string };

beforeAll(async () => {
  t = await startTestServer({ env: { LIST_COUNT_EXACT_LIMIT: '1' } });
  hr = await t.as('hr');
  // SH01's computed month in the demo (the month before last), with two hours given outside the
  // timetable of its own (the demo imports other campuses' hours of that month).
  const d = new Date(Date.UTC(t.clock.now().getUTCFullYear(), t.clock.now().getUTCMonth() - 2, 1));
  period = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, schoolItemCode: 'SH01' };
  const day = `${String(period.year)}-${String(period.month).padStart(2, '0')}-15`;
  await t.deps.db.insert(salaryExtraHours).values(
    ['T001', 'T002'].map((teacherCode, i) => ({
      schoolItemCode: 'SH01',
      teacherCode,
      workDate: day,
      payType: 'home',
      hours: String(i + 1),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })),
  );
});
afterAll(async () => t?.close());

describe('the hours behind a period, paged', () => {
  it('walks every lesson then every imported hour, page by page, with the lessons estimated', async () => {
    const all = await hr.payroll.hoursPage({ query: { ...period, pageSize: 200 } });
    const lessons = all.list.filter((r) => r.source === 'lesson').length;
    // More lessons than the exact limit: their total is the planner's estimate.
    expect(lessons).toBeGreaterThan(1);
    expect(all.totalEstimated).toBe(true);
    expect(all.list.slice(lessons).map((r) => [r.source, r.teacherCode, r.hours])).toEqual([
      ['extra', 'T001', 1],
      ['extra', 'T002', 2],
    ]);
    const walked = [];
    for (let pageIdx = 1; pageIdx <= Math.ceil(all.list.length / 2) + 1; pageIdx++) {
      const p = await hr.payroll.hoursPage({ query: { ...period, pageSize: 2, pageIdx } });
      walked.push(...p.list);
    }
    expect(walked).toEqual(all.list);
    // Straight to the page past the last lesson (no earlier page read): the imported hours are there.
    const last = await hr.payroll.hoursPage({
      query: { ...period, pageSize: 1, pageIdx: lessons + 2 },
    });
    expect(last.list.map((r) => r.teacherCode)).toEqual(['T002']);
  });

  it('counts a small filter exactly, the imported hours included', async () => {
    // No lesson is T002's: nothing to estimate.
    const p = await hr.payroll.hoursPage({ query: { ...period, keyword: 'T002', pageSize: 20 } });
    expect(p.totalEstimated).toBeUndefined();
    expect(p.total).toBe(1);
    expect(p.list).toMatchObject([{ source: 'extra', teacherCode: 'T002', hours: 2 }]);
  });

  it('streams the whole period to the export by key, batch after batch, lessons then imported hours', async () => {
    const user = await t.deps.auth.resolve(await t.login('hr'), '127.0.0.1');
    if (!user) throw new Error('hr signs in');
    const f = await hoursFilter(t.deps.db, { deps: t.deps, user, ip: '127.0.0.1' }, period);
    const all = await hr.payroll.hoursPage({ query: { ...period, pageSize: 200 } });
    // One row a batch: every step crosses a key, one of them from the last lesson to the first import.
    const streamed: THoursRow[] = [];
    for (let last: THoursRow | null = null; ;) {
      const rows = await hoursBatch(t.deps.db, f, last, 1);
      streamed.push(...rows);
      if (rows.length < 1) break;
      last = rows[0] ?? null;
    }
    expect(streamed).toEqual(all.list);
    const sheet = await sheetValues(
      new Uint8Array(await (await hr.payroll.hoursExport({ query: { ...period } })).arrayBuffer()),
    );
    expect(sheet.slice(1).map((r) => r[2])).toEqual(all.list.map((r) => r.teacherCode));
  });
});
