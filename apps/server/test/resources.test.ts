import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, SHEETS, exportColumns, exportValue, templateColumns, type Sdk } from '@bo/api-sdk';
import { startTestServer, expectApiError, type TestServer } from './harness.js';
import { sheetValues } from '../src/shared/xlsx.js';

let t: TestServer;
let admin: Sdk;
let director: Sdk;
let esales: Sdk;
let esales2: Sdk;
let sales: Sdk;
let esalesId: number;
let esales2Id: number;

let n = 0;
/** A fresh phone no seed uses. */
const phone = () => `1470000${String(1000 + (n += 1)).slice(-4)}`;

beforeAll(async () => {
  t = await startTestServer();
  [admin, director, esales, esales2, sales] = await Promise.all([
    t.as('admin'),
    t.as('director'),
    t.as('esales'),
    t.as('esales2'),
    t.as('sales'),
  ]);
  const picks = await director.resources.getUserListByRoles({ body: { roleCodes: [5] } });
  esalesId = picks.find((p) => p.username === 'esales')?.id ?? 0;
  esales2Id = picks.find((p) => p.username === 'esales2')?.id ?? 0;
});
afterAll(async () => t?.close());

const newResource = (sdk: Sdk, over: Record<string, unknown> = {}) =>
  sdk.resources.save({
    body: { name: '测试家长', childName: '小测', phone: phone(), schoolItemCode: 'SH01', ...over },
  });

describe('resources: lifecycle', () => {
  it('a supervisor creates a new resource, assigns it, the specialist follows and sends it to a campus as a clue', async () => {
    const r = await newResource(director);
    expect(r.status).toBe('new');
    expect(r.rescode).toMatch(/^ZY\d{8}$/);
    expect(r.provinceTypeCode).toBe('HD');

    const d = await director.resources.dist({ body: { ids: [r.id], userIds: [esalesId] } });
    expect(d).toEqual({ count: 1, byUser: [{ userId: esalesId, count: 1 }] });

    const detail = await esales.resources.queryResourceDetail({ query: { id: r.id } });
    expect(detail.status).toBe('assigned');
    expect(detail.actions).toEqual(expect.arrayContaining(['follow', 'send', 'abandon', 'invalid']));

    const f = await esales.resources.saveFlow({
      body: { id: r.id, content: '电话沟通，家长有意向', level: 'A', version: detail.version },
    });
    expect(f.action).toBe('follow');
    const after = await esales.resources.queryResourceDetail({ query: { id: r.id } });
    expect(after.status).toBe('following');
    expect(after.level).toBe('A');
    expect(after.followCount).toBe(1);

    const sent = await esales.resources.send({
      query: { id: r.id, schoolItemCode: 'SH02', version: after.version },
    });
    expect(sent.outcome).toBe('created');
    const clue = await director.clues.detail({ query: { clueId: sent.clueId } });
    expect(clue.phone).toBe(r.phone);
    expect(clue.schoolItemCode).toBe('SH02');
    expect(clue.flowState).toBe('pool');
    const final = await esales.resources.queryResourceDetail({ query: { id: r.id } });
    expect(final.status).toBe('sent');
    expect(final.cluecode).toBe(sent.cluecode);
    expect(final.flows.map((x) => x.action)).toEqual(['send', 'follow', 'dist', 'create']);
  });

  it('refuses illegal transitions with 422 naming the state', async () => {
    const r = await newResource(director);
    // A new resource cannot be followed or sent before it is assigned.
    const e1 = await expectApiError(
      director.resources.saveFlow({ body: { id: r.id, content: 'x' } }),
      ErrorCode.rule,
    );
    expect(e1.message).toContain('"new"');
    await expectApiError(director.resources.send({ query: { id: r.id } }), ErrorCode.rule);
    await director.resources.invalid({ body: { id: r.id, reason: '空号' } });
    // Invalid is final.
    await expectApiError(
      director.resources.dist({ body: { ids: [r.id], userIds: [esalesId] } }),
      ErrorCode.rule,
    );
    await expectApiError(director.resources.receive({ body: { id: r.id } }), ErrorCode.rule);
  });

  it('abandon puts a resource in the pool; another specialist receives it; a second claim is refused', async () => {
    const r = await newResource(esales);
    expect(r.status).toBe('assigned');
    expect(r.ownerUserId).toBe(esalesId);
    await esales.resources.abandonSave({ body: { id: r.id, reason: '多次联系不上' } });
    const pool = await esales2.resources.queryResourceList({ query: { scope: 'pool', keyword: r.phone } });
    expect(pool.list.map((x) => x.id)).toEqual([r.id]);
    expect(pool.list[0]?.status).toBe('abandoned');
    const got = await esales2.resources.receive({ body: { id: r.id } });
    expect(got.ownerUserId).toBe(esales2Id);
    expect(got.status).toBe('assigned');
    const e = await expectApiError(esales.resources.receive({ body: { id: r.id } }), ErrorCode.conflict);
    expect(e.message).toContain('someone else has taken');
  });

  it('of two simultaneous claims of a pool resource exactly one wins', async () => {
    const r = await newResource(director);
    const results = await Promise.allSettled([
      esales.resources.receive({ body: { id: r.id } }),
      esales2.resources.receive({ body: { id: r.id } }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((x) => x.status === 'rejected');
    expect((lost as PromiseRejectedResult | undefined)?.reason).toMatchObject({ code: ErrorCode.conflict });
  });

  it('transfer hands a resource to another specialist; a stale version is a 409', async () => {
    const r = await newResource(esales);
    await esales.resources.transfer({
      body: { id: r.id, toUserId: esales2Id, reason: '工作量调整', version: r.version },
    });
    const d = await esales2.resources.queryResourceDetail({ query: { id: r.id } });
    expect(d.ownerUserId).toBe(esales2Id);
    const e = await expectApiError(
      esales2.resources.modifyChannel({ body: { id: r.id, channel: 'DOUYIN', version: r.version } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('version');
    await esales2.resources.modifyChannel({ body: { id: r.id, channel: 'DOUYIN', version: d.version } });
    await expectApiError(
      esales2.resources.modifyChannel({ body: { id: r.id, channel: 'NOPE' } }),
      ErrorCode.validation,
    );
    const m = await esales2.resources.modifyBaseInfo({
      body: { id: r.id, name: '新名字', schoolItemCode: 'HZ01', level: 'B', version: d.version + 1 },
    });
    expect(m.name).toBe('新名字');
    expect(m.channel).toBe('DOUYIN');
    expect(m.schoolItemCode).toBe('HZ01');
  });

  it('only supervisors distribute', async () => {
    const r = await newResource(director);
    await expectApiError(
      esales.resources.dist({ body: { ids: [r.id], userIds: [esalesId] } }),
      ErrorCode.noPermission,
    );
    // A non-specialist cannot be an assignee.
    const salesUser = (await admin.system.allUsers({ query: { name: 'sales' } })).find(
      (u) => u.username === 'sales',
    );
    const e = await expectApiError(
      director.resources.dist({ body: { ids: [r.id], userIds: [salesUser?.id ?? 0] } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.userIds');
  });
});

describe('resources: duplicate phones', () => {
  it('refuses a resource whose phone a working resource or an active clue holds', async () => {
    const p = phone();
    await newResource(esales, { phone: p });
    const e = await expectApiError(newResource(esales2, { phone: p }), ErrorCode.conflict);
    expect(e.field).toBe('phone');
    const ex = await esales2.resources.clueExists({ query: { phone: p } });
    expect(ex.exists).toBe(true);
    expect(ex.resource?.ownerName).toBe('赵*');

    const p2 = phone();
    await sales.clues.clueSave({
      body: { childName: '小李', parentName: '李女士', phone: p2, schoolItemCode: 'SH01' },
    });
    const e2 = await expectApiError(newResource(esales, { phone: p2 }), ErrorCode.conflict);
    expect(e2.message).toContain('clue');
  });

  it('send refuses a phone that became a clue meanwhile, naming the owner; route=1 hands it to the clue owner', async () => {
    const r = await newResource(esales);
    // The phone enters as a clue of the consultant while the specialist works the resource.
    const clue = await sales.clues.clueSave({
      body: { childName: '小王', parentName: '王先生', phone: r.phone, schoolItemCode: 'SH01' },
    });
    const e = await expectApiError(
      esales.resources.send({ query: { id: r.id, schoolItemCode: 'SH01' } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('phone');
    expect(e.message).toContain(clue.cluecode);
    expect((await esales.resources.queryResourceDetail({ query: { id: r.id } })).status).toBe('assigned');

    const routed = await esales.resources.send({ query: { id: r.id, schoolItemCode: 'SH01', route: true } });
    expect(routed).toMatchObject({ outcome: 'routed', clueId: clue.clueId, ownerName: '李晓燕' });
    const flows = await sales.clues.flows({ query: { clueId: clue.clueId } });
    expect(flows[0]?.content).toContain(r.rescode);
  });

  it('send with an owner gives the clue to that consultant of the campus', async () => {
    const r = await newResource(esales);
    const salesUser = (await admin.system.allUsers({ query: { name: 'sales' } })).find(
      (u) => u.username === 'sales',
    );
    const sent = await esales.resources.send({
      query: { id: r.id, schoolItemCode: 'SH01', ownerUserId: salesUser?.id },
    });
    expect(sent.ownerName).toBe('李晓燕');
    const clue = await sales.clues.detail({ query: { clueId: sent.clueId } });
    expect(clue.flowState).toBe('following');
    const e = await expectApiError(
      esales.resources.send({
        query: { id: (await newResource(esales)).id, schoolItemCode: 'SH02', ownerUserId: salesUser?.id },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('query.ownerUserId');
  });
});

describe('resources: scope', () => {
  it('specialists see their own resources and the pool, supervisors their campuses and regions', async () => {
    const mine = await newResource(esales);
    const other = await newResource(esales2);
    const list = await esales.resources.queryResourceList({ query: { pageSize: 500 } });
    expect(
      list.list.every(
        (x) =>
          x.ownerUserId === esalesId || (x.ownerUserId === null && ['new', 'abandoned'].includes(x.status)),
      ),
    ).toBe(true);
    expect(list.list.some((x) => x.id === mine.id)).toBe(true);
    expect(list.list.some((x) => x.id === other.id)).toBe(false);
    await expectApiError(
      esales.resources.queryResourceDetail({ query: { id: other.id } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      esales.resources.saveFlow({ body: { id: other.id, content: 'x' } }),
      ErrorCode.noPermission,
    );

    const all = await director.resources.queryResourceList({ query: { pageSize: 500 } });
    expect(all.list.some((x) => x.id === other.id)).toBe(true);
    const summary = await director.resources.queryResourceListSummary({ query: {} });
    expect(summary.total).toBe(all.total);
    expect(summary.byStatus.find((s) => s.status === 'sent')?.count).toBeGreaterThan(0);

    // A resource of another region is outside the director's scope.
    const bj = await admin.resources.save({
      body: { name: '北京家长', phone: phone(), schoolItemCode: 'BJ01' },
    });
    await expectApiError(
      director.resources.queryResourceDetail({ query: { id: bj.id } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.resources.save({ body: { name: '越权', phone: phone(), schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
  });

  it('seeds demo resources in every state for the e-sales specialists', async () => {
    const s = await admin.resources.queryResourceListSummary({ query: { endDate: '2000-01-01' } });
    expect(s.total).toBe(0);
    const all = await admin.resources.queryResourceListSummary({ query: {} });
    expect(all.total).toBeGreaterThanOrEqual(35);
    for (const st of ['new', 'assigned', 'following', 'sent', 'invalid', 'abandoned'] as const)
      expect(all.byStatus.find((x) => x.status === st)?.count).toBeGreaterThan(0);
  });

  it('lists the specialists for the assignee pickers and the levels', async () => {
    const picks = await director.resources.getUserListByRoles({ body: { roleCodes: [5] } });
    expect(picks.map((p) => p.username).sort()).toEqual(['esales', 'esales2']);
    const levels = await esales.resources.getResLevel();
    expect(levels.map((l) => l.code)).toEqual(['A', 'B', 'C', 'D']);
  });
});

async function xlsx(rows: Array<Record<string, string>>): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('资源');
  ws.addRow(['联系人姓名', '手机号', '孩子姓名', '校区编码', '等级']);
  for (const r of rows)
    ws.addRow([r.name ?? '', r.phone ?? '', r.childName ?? '', r.schoolItemCode ?? '', r.level ?? '']);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

describe('resources: import', () => {
  it('a bad row: the result workbook lists it and nothing is written; a clean file imports; a re-run creates no duplicates', async () => {
    const good = [phone(), phone()];
    const before = (await director.resources.queryResourceList({ query: {} })).total;
    const bad = await esales.resources.importESalesRes({
      file: await xlsx([
        { name: '周女士', phone: good[0] ?? '', schoolItemCode: 'SH01', level: 'A' },
        { name: '吴先生', phone: '12345', schoolItemCode: 'SH01' },
        { name: '', phone: good[1] ?? '', schoolItemCode: 'XX99' },
      ]),
      filename: 'res.xlsx',
    });
    expect(bad.result).toBe(1);
    if (bad.result !== 1) return;
    const cells = await sheetValues(Buffer.from(await bad.file.arrayBuffer()));
    const text = JSON.stringify(cells);
    expect(text).toContain('a mobile number of 11 digits');
    expect(text).toContain('no such campus');
    expect(cells[2]?.[0]).toBe(3); // sheet row number of the bad phone
    expect((await director.resources.queryResourceList({ query: {} })).total).toBe(before);

    const file = await xlsx([
      { name: '周女士', phone: good[0] ?? '', schoolItemCode: 'SH01', level: 'A' },
      { name: '郑先生', phone: good[1] ?? '', childName: '小郑', schoolItemCode: 'HZ01' },
    ]);
    const okRes = await esales.resources.importESalesRes({ file, filename: 'res.xlsx' });
    expect(okRes).toMatchObject({ result: 2, code: 0 });
    expect((await director.resources.queryResourceList({ query: {} })).total).toBe(before + 2);

    const again = await esales.resources.importESalesRes({ file, filename: 'res.xlsx' });
    expect(again.result).toBe(1);
    if (again.result === 1)
      expect(JSON.stringify(await sheetValues(Buffer.from(await again.file.arrayBuffer())))).toContain(
        'duplicate',
      );
    expect((await director.resources.queryResourceList({ query: {} })).total).toBe(before + 2);
  });

  it('the template has the shared sheet’s headers; the list exported in that shape uploads back as duplicates only', async () => {
    const template = await sheetValues(
      Buffer.from(await (await admin.resources.importTemplate()).arrayBuffer()),
    );
    expect(template[0]).toEqual(templateColumns(SHEETS.resources).map((c) => c.header));
    // The list's export (browser or CLI) writes the template's columns, then the read-only ones.
    const cols = exportColumns(SHEETS.resources);
    // Resources still worked (an invalid one's phone is free again: the import would create it anew).
    const list = (await esales.resources.queryResourceList({ query: { pageSize: 50 } })).list
      .filter((r) => ['new', 'assigned', 'following', 'abandoned'].includes(r.status))
      .slice(0, 5);
    expect(list.length).toBeGreaterThan(0);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(SHEETS.resources.name);
    ws.addRow(cols.map((c) => c.header));
    for (const r of list) ws.addRow(cols.map((c) => exportValue(c, r as Record<string, unknown>) ?? ''));
    const before = (await director.resources.queryResourceList({ query: {} })).total;
    const res = await esales.resources.importESalesRes({
      file: new Blob([await wb.xlsx.writeBuffer()]),
      filename: 'export.xlsx',
    });
    expect(res.result).toBe(1);
    if (res.result === 1) {
      const cells = await sheetValues(Buffer.from(await res.file.arrayBuffer()));
      const reasons = JSON.stringify(cells.slice(1));
      expect(reasons).toContain('duplicate');
      expect(reasons).not.toContain('no such');
    }
    expect((await director.resources.queryResourceList({ query: {} })).total).toBe(before);
  });

  it('the JSON batch import reports errors and duplicates and honours dryRun', async () => {
    const p = phone();
    const dry = await esales.resources.importRows({
      body: { rows: [{ name: '甲', phone: p, schoolItemCode: 'SH01' }], dryRun: true },
    });
    // What the import would do, nothing written: a second dry run still would create it.
    expect(dry).toEqual({ total: 1, created: 1, skipped: 0, errors: [], duplicates: [] });
    expect(
      await esales.resources.importRows({
        body: { rows: [{ name: '甲', phone: p, schoolItemCode: 'SH01' }], dryRun: true },
      }),
    ).toEqual(dry);
    const err = await esales.resources.importRows({
      body: {
        rows: [
          { name: '甲', phone: p, schoolItemCode: 'SH01' },
          { name: '乙', phone: p, level: 'Z', schoolItemCode: 'SH01' },
        ],
      },
    });
    expect(err.created).toBe(0);
    expect(err.errors).toEqual([{ row: 2, column: 'level', reason: 'A, B, C or D' }]);
    const res = await esales.resources.importRows({
      body: {
        rows: [
          { name: '甲', phone: p, schoolItemCode: 'SH01' },
          { name: '乙', phone: p, schoolItemCode: 'SH01' },
        ],
      },
    });
    expect(res.created).toBe(1);
    expect(res.duplicates).toEqual([{ row: 2, phone: p, owner: '第1行 / row 1' }]);
    const rerun = await esales.resources.importRows({
      body: { rows: [{ name: '甲', phone: p, schoolItemCode: 'SH01' }] },
    });
    expect(rerun.created).toBe(0);
    expect(rerun.duplicates[0]?.owner).toContain('资源');
  });
});
