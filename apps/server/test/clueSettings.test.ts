import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { rolePrivileges } from '../src/slices/system/tables.js';
import { sheetValues } from '../src/shared/xlsx.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
const year = new Date().getUTCFullYear();
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

async function xlsx(header: string[], rows: unknown[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('targets');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}
const TARGET_HEADER = [
  '年份* / year',
  '目标类型* / type',
  '校区编码* / campus code',
  '员工编码 / employee code',
  ...Array.from({ length: 12 }, (_, i) => `${i + 1}月 / m${i + 1}`),
];

describe('channels', () => {
  it('lists channels with their type and group names for any signed-in user', async () => {
    const sales = await t.as('sales');
    const page = await sales.clueSettings.channelList({ query: { pageSize: 50 } });
    const baidu = page.list.find((c) => c.code === 'BAIDU');
    expect(baidu).toMatchObject({
      name: '百度推广',
      channelTypeName: '付费推广',
      channelGroupName: '线上推广',
    });
    expect((await sales.clueSettings.channelTypes()).map((x) => x.code)).toContain('REFERRAL');
    const multi = await sales.clueSettings.channelListMulti({ query: { typeCodes: 'REFERRAL,NATURAL' } });
    expect(multi.map((c) => c.code).sort()).toEqual(['PHONE', 'REFER_OLD', 'REFER_STAFF', 'WALKIN']);
  });

  it('saves a channel referencing a type and a channel group, refusing unknown ones and duplicates', async () => {
    const c = await admin.clueSettings.channelSave({
      body: { code: 'KUAISHOU', name: '快手', channelTypeCode: 'NEWMEDIA', channelGroupCode: 'ONLINE' },
    });
    expect(c).toMatchObject({ channelTypeName: '新媒体', channelGroupName: '线上推广', version: 1 });
    const e1 = await expectApiError(
      admin.clueSettings.channelSave({ body: { code: 'X1', name: '某渠道', channelTypeCode: 'NOPE' } }),
      ErrorCode.validation,
    );
    expect(e1.field).toBe('channelTypeCode');
    const e2 = await expectApiError(
      admin.clueSettings.channelSave({
        body: { code: 'X2', name: '某渠道2', channelTypeCode: 'PAID', channelGroupCode: 'NOPE' },
      }),
      ErrorCode.validation,
    );
    expect(e2.field).toBe('channelGroupCode');
    const dup = await expectApiError(
      admin.clueSettings.channelSave({ body: { code: 'X3', name: '抖音', channelTypeCode: 'PAID' } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('name');
    await admin.clueSettings.channelUpdateStatus({ body: { code: 'KUAISHOU', validstatus: 0 } });
    expect((await admin.clueSettings.channelDetail({ query: { code: 'KUAISHOU' } })).validstatus).toBe(0);
    const multi = await admin.clueSettings.channelListMulti({ query: { typeCodes: 'NEWMEDIA' } });
    expect(multi.map((x) => x.code)).not.toContain('KUAISHOU');
  });

  it('refuses to disable a channel type that enabled channels use', async () => {
    await expectApiError(
      admin.clueSettings.channelTypeUpdateStatus({ body: { code: 'PAID', status: 0 } }),
      ErrorCode.rule,
    );
  });

  it('keeps writes to the clue settings screen', async () => {
    const sales = await t.as('sales');
    await expectApiError(
      sales.clueSettings.channelSave({ body: { code: 'Z', name: 'z', channelTypeCode: 'PAID' } }),
      ErrorCode.noPermission,
    );
  });
});

describe('settings lists', () => {
  it('lists, saves, switches and reads transfer, abandon and flow types and the reasons', async () => {
    expect((await admin.clueSettings.transferList()).total).toBe(4);
    expect(
      (await admin.clueSettings.abandonList({ query: { name: '价格' } })).list.map((x) => x.code),
    ).toEqual(['A_PRICE']);
    const f = await admin.clueSettings.flowTypeSave({ body: { code: 'F_VIDEO', name: '视频沟通' } });
    expect(f.validstatus).toBe(1);
    await admin.clueSettings.flowTypeUpdateStatus({ body: { code: 'F_VIDEO', status: 0 } });
    expect((await admin.clueSettings.flowTypeDetail({ query: { code: 'F_VIDEO' } })).validstatus).toBe(0);
    for (const list of [
      admin.clueSettings.invalidReasonList,
      admin.clueSettings.unreachReasonList,
      admin.clueSettings.undealReasonList,
    ]) {
      expect((await list()).total).toBe(5);
    }
    const ev = await admin.clueSettings.revisitEventSave({
      body: { code: 'R_BDAY', name: '生日关怀回访', dueDays: 0 },
    });
    expect(ev.dueDays).toBe(0);
  });

  it('updates and deletes customer intentions and entry methods', async () => {
    const c = await admin.clueSettings.customerIntentionSave({ body: { code: 'E', name: 'E-待定' } });
    const u = await admin.clueSettings.customerIntentionUpdate({
      body: { code: 'E', name: 'E-待观察', version: c.version },
    });
    expect(u).toMatchObject({ name: 'E-待观察', version: 2 });
    await expectApiError(
      admin.clueSettings.customerIntentionUpdate({ body: { code: 'NOPE', name: 'x', version: 1 } }),
      ErrorCode.notFound,
    );
    await admin.clueSettings.customerIntentionDelete({ query: { code: 'E' } });
    await expectApiError(
      admin.clueSettings.customerIntentionDetail({ query: { code: 'E' } }),
      ErrorCode.notFound,
    );
    const m = await admin.clueSettings.entryMethodSave({ body: { code: 'MINIAPP', name: '小程序' } });
    await admin.clueSettings.entryMethodUpdate({
      body: { code: 'MINIAPP', name: '微信小程序', version: m.version },
    });
    await admin.clueSettings.entryMethodUpdateStatus({ body: { code: 'MINIAPP', status: 0 } });
    await admin.clueSettings.entryMethodDelete({ query: { code: 'MINIAPP' } });
    expect((await admin.clueSettings.entryMethodList()).list.map((x) => x.code)).not.toContain('MINIAPP');
  });
});

describe('clue targets', () => {
  it('lists the demo targets with totals and refuses a second target of the same key', async () => {
    const page = await admin.clueSettings.clueTargetList({
      query: { targetYear: year, targetType: 1, schoolItemCode: 'SH01' },
    });
    expect(page.total).toBe(1);
    const row = page.list[0];
    expect(row?.schoolItemName).toBe('上海徐汇校区');
    expect(row?.total).toBe(
      [
        row?.m1,
        row?.m2,
        row?.m3,
        row?.m4,
        row?.m5,
        row?.m6,
        row?.m7,
        row?.m8,
        row?.m9,
        row?.m10,
        row?.m11,
        row?.m12,
      ].reduce((a, b) => (a ?? 0) + (b ?? 0), 0),
    );
    const dup = await expectApiError(
      admin.clueSettings.clueTargetSaveOrUpdate({
        body: { targetYear: year, targetType: 1, schoolItemCode: 'SH01', m1: 5 },
      }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('targetYear');
    const e = await expectApiError(
      admin.clueSettings.clueTargetSaveOrUpdate({
        body: { targetYear: year, targetType: 2, schoolItemCode: 'SH01' },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.employeeCode');
    const nobody = await expectApiError(
      admin.clueSettings.clueTargetSaveOrUpdate({
        body: { targetYear: year, targetType: 2, schoolItemCode: 'SH01', employeeCode: 'E9999' },
      }),
      ErrorCode.validation,
    );
    expect(nobody.field).toBe('employeeCode');
  });

  it('saves and updates a consultant target with a version check', async () => {
    const c = await admin.clueSettings.clueTargetSaveOrUpdate({
      body: {
        targetYear: year + 1,
        targetType: 2,
        schoolItemCode: 'SH02',
        employeeCode: 'E0003',
        m1: 10,
        m2: 12,
      },
    });
    expect(c).toMatchObject({ total: 22, version: 1 });
    const u = await admin.clueSettings.clueTargetSaveOrUpdate({
      body: {
        id: c.id,
        targetYear: year + 1,
        targetType: 2,
        schoolItemCode: 'SH02',
        employeeCode: 'E0003',
        m1: 11,
        m2: 12,
        version: 1,
      },
    });
    expect(u.total).toBe(23);
    const stale = await expectApiError(
      admin.clueSettings.clueTargetSaveOrUpdate({
        body: {
          id: c.id,
          targetYear: year + 1,
          targetType: 2,
          schoolItemCode: 'SH02',
          employeeCode: 'E0003',
          m1: 1,
          version: 1,
        },
      }),
      ErrorCode.conflict,
    );
    expect(stale.field).toBe('version');
    expect((await admin.clueSettings.clueTargetDetail({ query: { id: c.id } })).m1).toBe(11);
  });

  it('limits targets to the campuses in scope', async () => {
    await t.deps.db
      .insert(rolePrivileges)
      .values({ roleCode: 76, privilegeCode: '/setting/clues' })
      .onConflictDoNothing();
    const director = await t.as('director');
    const page = await director.clueSettings.clueTargetList({ query: { targetYear: year, pageSize: 100 } });
    expect(new Set(page.list.map((r) => r.schoolItemCode))).toEqual(
      new Set(['SH01', 'SH02', 'HZ01', 'NJ01']),
    );
    await expectApiError(
      director.clueSettings.clueTargetSaveOrUpdate({
        body: { targetYear: year + 3, targetType: 1, schoolItemCode: 'BJ01' },
      }),
      ErrorCode.noPermission,
    );
  });

  it('imports a good file as a JSON message (result 2, code 0) and re-imports without duplicates', async () => {
    const file = await xlsx(TARGET_HEADER, [
      [year + 2, 1, 'GZ01', '', 100, 80, 120, 120, 130, 140, 160, 160, 120, 110, 100, 90],
      [year + 2, 2, 'GZ01', 'E0042', 30, 25, 35, 35, 40, 40, 50, 50, 35, 30, 30, 25],
    ]);
    const r = await admin.clueSettings.clueTargetImport({ file, filename: 'targets.xlsx' });
    expect(r).toMatchObject({ result: 2, code: 0 });
    if (r.result === 2) expect(r.message).toMatch(/imported 2 rows \(2 created/);
    const again = await admin.clueSettings.clueTargetImport({ file, filename: 'targets.xlsx' });
    if (again.result === 2) expect(again.message).toMatch(/2 unchanged/);
    const page = await admin.clueSettings.clueTargetList({ query: { targetYear: year + 2 } });
    expect(page.total).toBe(2);
    expect(page.list.find((x) => x.targetType === 1)?.total).toBe(1430);
  });

  it('lists bad rows on a dry run, writes nothing and answers the result workbook (result 1)', async () => {
    const rows = [
      { targetYear: year + 4, targetType: 1, schoolItemCode: 'CD01', m1: 10 },
      { targetYear: year + 4, targetType: 1, schoolItemCode: 'NOPE', m1: 10 },
      { targetYear: year + 4, targetType: 2, schoolItemCode: 'CD01', m1: -1 },
      { targetYear: year + 4, targetType: 1, schoolItemCode: 'CD01', m1: 12 },
    ];
    const dry = await admin.clueSettings.clueTargetImportRows({ body: { rows, dryRun: true } });
    expect(dry.written).toBe(false);
    expect(dry.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'schoolItemCode'],
      [3, 'm1'],
      [3, 'employeeCode'],
      [4, 'targetYear'],
    ]);
    await admin.clueSettings.clueTargetImportRows({ body: { rows } });
    expect((await admin.clueSettings.clueTargetList({ query: { targetYear: year + 4 } })).total).toBe(0);

    const file = await xlsx(
      TARGET_HEADER,
      rows.map((r) => [r.targetYear, r.targetType, r.schoolItemCode, '', r.m1]),
    );
    const up = await admin.clueSettings.clueTargetImport({ file, filename: 'bad.xlsx' });
    expect(up.result).toBe(1);
    if (up.result !== 1) return;
    const sheet = await sheetValues(new Uint8Array(await up.file.arrayBuffer()));
    const reason = (sheet[0] ?? []).indexOf('失败原因 / reason');
    expect(String(sheet[2]?.[reason])).toMatch(/campus "NOPE" does not exist/);
    expect(String(sheet[4]?.[reason])).toMatch(/duplicates row 2\b/);
    expect((await admin.clueSettings.clueTargetList({ query: { targetYear: year + 4 } })).total).toBe(0);
  });

  it('downloads the template and the filtered list as xlsx', async () => {
    const tpl = await sheetValues(
      new Uint8Array(await (await admin.clueSettings.clueTargetTemplate()).arrayBuffer()),
    );
    expect(tpl[0]?.slice(0, 3)).toEqual(['年份* / year', '目标类型* / type', '校区编码* / campus code']);
    const data = await sheetValues(
      new Uint8Array(
        await (
          await admin.clueSettings.clueTargetExcel({ query: { targetYear: year, targetType: 1 } })
        ).arrayBuffer(),
      ),
    );
    expect(data.length).toBe(1 + 11);
  });
});
