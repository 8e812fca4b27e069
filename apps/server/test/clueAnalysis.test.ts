import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { clues } from '../src/slices/clues/tables.js';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

// A small data set of our own on a day no demo clue falls on (D), checked against hand-computed figures.
const D = '2027-03-10';
const SECRET = 'baidu-secret-0123456789';
const ingest = (body: Record<string, unknown>) =>
  fetch(`${t.baseURL}/clue/ingest/baidu`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-token': SECRET },
    body: JSON.stringify(body),
  });
let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let director: Sdk;
let seq = 0;
const phone = () => `137${String(++seq).padStart(8, '0')}`;
const body = (o: Record<string, unknown> = {}) => ({
  childName: '测试童',
  parentName: '测试家长',
  phone: phone(),
  gender: 1,
  schoolItemCode: 'SH01',
  channel: 'WALKIN',
  ...o,
});
const day = { startDate: D, endDate: D };
const ids: Record<string, number> = {};

async function signIn() {
  [admin, sales, director] = await Promise.all([t.as('admin'), t.as('sales'), t.as('director')]);
}
const rowsOf = async (blob: Blob) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await blob.arrayBuffer());
  const ws = wb.worksheets[0];
  const out: unknown[][] = [];
  ws?.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
};

beforeAll(async () => {
  t = await startTestServer({ env: { CLUE_WEBHOOK_SECRET_BAIDU: SECRET } });
  t.clock.set(`${D}T10:00:00+08:00`);
  await signIn();
  // c1 (SH01, sales): followed after 30 min, visited, converted; recommended by 张三, intention A.
  const c1 = await sales.clues.clueSave({ body: body({ recommender: '张三', intention: 'A' }) });
  // c2 (SH01, sales): REFER_OLD by 张三, first follow after 2.5 h.
  const c2 = await sales.clues.clueSave({
    body: body({ channel: 'REFER_OLD', recommender: '张三', intention: 'A' }),
  });
  // c3 (SH01, sales): marked invalid (approved by the director), never followed.
  const c3 = await sales.clues.clueSave({ body: body({ intention: 'B' }) });
  // c4 (SH02, director): stays in the pool.
  const c4 = await director.clues.clueSave({ body: body({ schoolItemCode: 'SH02', channel: 'DOUYIN' }) });
  // c5 (BJ01, admin): outside the director's region.
  const c5 = await admin.clues.clueSave({ body: body({ schoolItemCode: 'BJ01' }) });
  // c6 (SH01, sales): given back to the high sea without a follow-up, then claimed again.
  const c6 = await sales.clues.clueSave({ body: body() });
  // A Baidu lead (search ads) creating a clue in HZ01, and a repeated phone routed to c5.
  expect(
    (
      await ingest({
        leadId: 'ca-lead-1',
        phone: phone(),
        parentName: '百度家长',
        schoolItemCode: 'HZ01',
        campaignName: '秋季关键词',
      })
    ).status,
  ).toBe(200);
  expect((await ingest({ leadId: 'ca-lead-2', phone: c5.phone, campaignName: '秋季关键词' })).status).toBe(
    200,
  );
  Object.assign(ids, {
    c1: c1.clueId,
    c2: c2.clueId,
    c3: c3.clueId,
    c4: c4.clueId,
    c5: c5.clueId,
    c6: c6.clueId,
  });

  t.clock.advance(30 * 60_000);
  await sales.clues.followSave({ body: { clueId: c1.clueId, content: '电话沟通' } });
  await sales.calls.save({
    body: {
      sessionId: 'ca-1',
      clueId: c1.clueId,
      phone: c1.phone,
      startAt: t.clock.now().toISOString(),
      durationSeconds: 180,
      result: 'answered',
    },
  });
  await sales.calls.save({
    body: {
      sessionId: 'ca-2',
      clueId: c2.clueId,
      phone: c2.phone,
      startAt: t.clock.now().toISOString(),
      durationSeconds: 0,
      result: 'no_answer',
    },
  });
  await sales.clues.intoSchoolSave({
    body: { clueId: c1.clueId, visitAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() },
  });
  await sales.clues.clueConfirmSave({ body: { clueId: c1.clueId } });
  await sales.clues.studentCreate({
    body: {
      clueId: c1.clueId,
      name: '测试童',
      gender: 1,
      parentName: '测试家长',
      phone: c1.phone,
      schoolItemCode: 'SH01',
    },
  });
  t.clock.advance(2 * 3600_000);
  await signIn();
  await sales.clues.followSave({ body: { clueId: c2.clueId, content: '微信沟通' } });
  const inv = await sales.clues.invalidSubmit({ body: { clueId: c3.clueId, reason: '空号' } });
  await director.clues.invalidApprove({ body: { id: inv.id ?? 0, pass: true } });
  await sales.clues.highSeaReject({ query: { cluecode: c6.cluecode } });
  await sales.clues.receiveClue({ body: { clueId: c6.clueId } });
});
afterAll(async () => t?.close());

describe('clue reports', () => {
  it('school: per campus figures, and the director of HD does not see BJ01', async () => {
    const r = await admin.clueAnalysis.school({ query: day });
    const sh01 = r.rows.find((x) => x.key === 'SH01');
    expect(sh01?.values).toEqual({
      newClues: 4,
      assigned: 4,
      followed24h: 2,
      visited: 1,
      converted: 1,
      invalid: 1,
      conversionRate: 0.25,
    });
    expect(r.rows.find((x) => x.key === 'SH02')?.values).toMatchObject({
      newClues: 1,
      assigned: 0,
      followed24h: 0,
      converted: 0,
    });
    expect(r.rows.find((x) => x.key === 'BJ01')?.values.newClues).toBe(1);
    expect(r.totals).toMatchObject({ newClues: 7, converted: 1 });

    const d = await director.clueAnalysis.school({ query: day });
    expect(d.rows.map((x) => x.key).sort()).toEqual(['HZ01', 'SH01', 'SH02']);
    expect(d.totals.newClues).toBe(6);
    await expectApiError(
      director.clueAnalysis.school({ query: { ...day, schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(sales.clueAnalysis.school({ query: day }), ErrorCode.noPermission);
  });

  it('detail rows behind a figure', async () => {
    const conv = await admin.clueAnalysis.schoolDetail({
      query: { ...day, key: 'SH01', metric: 'converted' },
    });
    expect(conv.total).toBe(1);
    expect(conv.list[0]?.clueId).toBe(ids.c1);
    const inv = await admin.clueAnalysis.schoolDetail({ query: { ...day, key: 'SH01', metric: 'invalid' } });
    expect(inv.list.map((x) => x.clueId)).toEqual([ids.c3]);
    const rate = await admin.clueAnalysis.schoolDetail({
      query: { ...day, key: 'SH01', metric: 'conversionRate' },
    });
    expect(rate.total).toBe(1);
  });

  it('channel, recommender, hook, goods, high sea', async () => {
    const ch = await director.clueAnalysis.channel({ query: day });
    expect(ch.rows.find((x) => x.key === 'WALKIN')?.values).toEqual({
      clues: 3,
      valid: 2,
      validRate: 0.6667,
      visited: 1,
      visitRate: 0.3333,
      converted: 1,
      conversionRate: 0.3333,
    });
    expect(ch.rows.find((x) => x.key === 'REFER_OLD')?.values.clues).toBe(1);

    const rec = await sales.clueAnalysis.recommender({ query: day });
    expect(rec.rows).toEqual([
      { key: '张三', name: '张三', values: { clues: 2, visited: 1, converted: 1, conversionRate: 0.5 } },
    ]);

    const hook = await director.clueAnalysis.hook({ query: { ...day, schoolItemCode: 'SH01' } });
    expect(hook.rows[0]?.values).toEqual({
      clues: 4,
      within1h: 1,
      within24h: 1,
      within72h: 0,
      later: 0,
      never: 2,
      covered24h: 2,
      coverage24hRate: 0.5,
    });

    const goods = await director.clueAnalysis.goods({ query: day });
    expect(goods.rows.find((x) => x.key === 'A')?.values).toEqual({
      clues: 2,
      converted: 1,
      conversionRate: 0.5,
    });

    const hs = await director.clueAnalysis.highSea({ query: day });
    expect(hs.rows).toHaveLength(1);
    expect(hs.rows[0]?.values).toMatchObject({ entered: 1, byReject: 1, claimed: 1, claimedConverted: 0 });
  });

  it('activity and search: ad leads per source, search clues per campaign', async () => {
    const a = await admin.clueAnalysis.activity({ query: day });
    expect(a.rows.find((x) => x.key === 'baidu')?.values).toEqual({
      leads: 2,
      created: 1,
      routed: 1,
      converted: 0,
      conversionRate: 0,
    });
    expect(a.rows.find((x) => x.key === 'douyin')?.values.leads).toBe(0);
    // The director does not see the lead routed to BJ01.
    expect(
      (await director.clueAnalysis.activity({ query: day })).rows.find((x) => x.key === 'baidu')?.values,
    ).toMatchObject({ leads: 1, routed: 0 });
    const routed = await admin.clueAnalysis.activityDetail({
      query: { ...day, key: 'baidu', metric: 'routed' },
    });
    expect(routed.list.map((x) => x.clueId)).toEqual([ids.c5]);
    const s = await director.clueAnalysis.search({ query: day });
    expect(s.rows).toEqual([
      {
        key: '秋季关键词',
        name: '秋季关键词',
        values: { clues: 1, valid: 1, visited: 0, converted: 0, conversionRate: 0 },
      },
    ]);
  });

  it('call report per consultant', async () => {
    const r = await director.clueAnalysis.call({ query: day });
    const row = r.rows.find((x) => x.name === '李晓燕');
    expect(row?.values).toEqual({ calls: 2, connected: 1, minutes: 3, cluesCalled: 2, avgQuality: null });
    const d = await director.clueAnalysis.callDetail({
      query: { ...day, key: row?.key ?? '', metric: 'connected' },
    });
    expect(d.list.map((x) => x.clueId)).toEqual([ids.c1]);
  });

  it('work condition of the day', async () => {
    const r = await director.clueAnalysis.workCondition({ query: { date: D } });
    const row = r.rows.find((x) => x.name === '李晓燕');
    expect(row?.values).toMatchObject({ follows: 2, calls: 2, visitsScheduled: 1, conversions: 1 });
    // Overdue: the consultant's working clues whose next follow-up time has passed (demo clues included).
    const [o] = await t.deps.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(clues)
      .where(
        and(
          eq(clues.ownerUserId, Number(row?.key)),
          inArray(clues.flowState, ['following', 'visit_scheduled', 'visited', 'assessed']),
          lt(clues.nextVisitAt, t.clock.now()),
        ),
      );
    expect(row?.values.overdue).toBe(o?.n);
    const week = await director.clueAnalysis.workCondition({ query: { date: '2027-03-14', period: 'week' } });
    expect(week.rows.find((x) => x.name === '李晓燕')?.values.follows).toBe(2);
    expect(
      (await director.clueAnalysis.workCondition({ query: { date: '2027-03-09' } })).rows.find(
        (x) => x.name === '李晓燕',
      )?.values.follows ?? 0,
    ).toBe(0);
  });

  it('the export matches the JSON', async () => {
    const r = await director.clueAnalysis.school({ query: day });
    const rows = await rowsOf(await director.clueAnalysis.schoolExcel({ body: day }));
    expect(rows[0]).toEqual(['校区', ...r.columns.map((c) => c.zh)]);
    expect(rows).toHaveLength(r.rows.length + 2);
    r.rows.forEach((x, i) => expect(rows[i + 1]).toEqual([x.name, ...r.columns.map((c) => x.values[c.key])]));
    expect(rows.at(-1)?.[0]).toBe('合计');
  });

  it('clueFull pages and its streamed export holds the whole filtered result', async () => {
    const p = await director.clueAnalysis.clueFull({ query: { ...day, pageSize: 2 } });
    expect(p.total).toBe(6);
    expect(p.list).toHaveLength(2);
    const c1 = (await director.clueAnalysis.clueFull({ query: { ...day, pageSize: 50 } })).list.find(
      (x) => x.clueId === ids.c1,
    );
    expect(c1).toMatchObject({
      followCount: 1,
      firstFollowHours: 0.5,
      calls: 1,
      callsConnected: 1,
      callSeconds: 180,
      flowState: 'converted',
    });
    const rows = await rowsOf(await director.clueAnalysis.clueFullExcel({ body: day }));
    expect(rows).toHaveLength(7);
    expect(rows[0]?.[0]).toBe('线索编号');
  });
});
