import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { rolePrivileges } from '../src/slices/system/tables.js';
import { sheetValues } from '../src/shared/xlsx.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

async function xlsx(header: string[], rows: unknown[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}
const COST_HEADER = [
  '月份* / month',
  '校区编码* / campus code',
  '房租 / rent',
  '人工成本 / labour',
  '水电物业 / utilities and property',
  '市场费用 / marketing',
  '教具耗材 / materials',
  '其他成本 / other',
];

describe('school cost', () => {
  it('lists the demo months with exact totals', async () => {
    const page = await admin.schoolFinance.schoolCostList({ query: { schoolItemCode: 'SH01' } });
    expect(page.total).toBe(3);
    const r = page.list[0];
    expect(r?.schoolItemName).toBe('上海徐汇校区');
    const cents = (v: string | undefined) => Math.round(Number(v ?? '0') * 100);
    expect(cents(r?.total)).toBe(
      [r?.rent, r?.labour, r?.utilities, r?.marketing, r?.materials, r?.other].reduce(
        (s, v) => s + cents(v),
        0,
      ),
    );
  });

  it('imports a good file (JSON message), upserts on re-import and exports the data', async () => {
    const file = await xlsx(COST_HEADER, [
      ['2030-01', 'SH01', 86000, '215000.5', 9800.25, 32000, 6500, 0],
      ['2030-01', 'BJ01', 90000, 200000, 10000, 30000, 5000, 1200.1],
    ]);
    const r = await admin.schoolFinance.schoolCostImport({ file, filename: 'cost.xlsx' });
    expect(r).toMatchObject({ result: 2, code: 0 });
    if (r.result === 2) expect(r.message).toMatch(/2 created/);
    const again = await admin.schoolFinance.schoolCostImport({ file, filename: 'cost.xlsx' });
    if (again.result === 2) expect(again.message).toMatch(/2 unchanged/);
    const page = await admin.schoolFinance.schoolCostList({ query: { month: '2030-01' } });
    expect(page.total).toBe(2);
    const sh = page.list.find((x) => x.schoolItemCode === 'SH01');
    expect(sh).toMatchObject({
      labour: '215000.50',
      utilities: '9800.25',
      total: '349300.75',
      updatedBy: 'admin',
    });
    // A changed amount updates the same row.
    const res = await admin.schoolFinance.schoolCostImportRows({
      body: {
        rows: [
          {
            month: '2030-1',
            schoolItemCode: 'SH01',
            rent: '90000',
            labour: '215000.50',
            utilities: '9800.25',
            marketing: 32000,
            materials: 6500,
          },
        ],
      },
    });
    expect(res.errors).toEqual([]);
    expect(res).toMatchObject({ updated: 1, created: 0, written: true });
    expect(
      (await admin.schoolFinance.schoolCostList({ query: { month: '2030-01', schoolItemCode: 'SH01' } }))
        .list[0]?.total,
    ).toBe('353300.75');
    const data = await sheetValues(
      new Uint8Array(
        await (
          await admin.schoolFinance.schoolCostExportData({
            query: { monthFrom: '2030-01', monthTo: '2030-12' },
          })
        ).arrayBuffer(),
      ),
    );
    expect(data.length).toBe(3);
    expect(data[0]).toContain('合计 / total');
  });

  it('exports the template’s columns first, and the exported file uploads back unchanged', async () => {
    const tpl = await sheetValues(
      new Uint8Array(await (await admin.schoolFinance.schoolCostExport()).arrayBuffer()),
    );
    const exported = new Uint8Array(
      await (
        await admin.schoolFinance.schoolCostExportData({
          query: { monthFrom: '2030-01', monthTo: '2030-12' },
        })
      ).arrayBuffer(),
    );
    const data = await sheetValues(exported);
    const template = tpl[0] ?? [];
    expect(data[0]?.slice(0, template.length)).toEqual(template);
    expect(data[0]?.slice(template.length)).toEqual(['校区名称 / campus', '合计 / total']);
    expect(data.length).toBeGreaterThan(1);
    const r = await admin.schoolFinance.schoolCostImport({
      file: new Blob([exported]),
      filename: 'back.xlsx',
    });
    expect(r).toMatchObject({ result: 2, code: 0 });
    expect(JSON.stringify(r)).toMatch(new RegExp(`未变${data.length - 1}|${data.length - 1} unchanged`));
  });

  it('validates every row, writes nothing of a failed batch and answers the result workbook', async () => {
    const rows = [
      { month: '2031-02', schoolItemCode: 'SH01', rent: '100' },
      { month: '2031-13', schoolItemCode: 'SH01', rent: '100' },
      { month: '2031-02', schoolItemCode: 'NOPE', rent: '100' },
      { month: '2031-02', schoolItemCode: 'SH02', rent: '-5' },
      { month: '2031-02', schoolItemCode: 'SH02', rent: '1.005' },
      { month: '2031-02', schoolItemCode: 'SH01', rent: '200' },
    ];
    const dry = await admin.schoolFinance.schoolCostImportRows({ body: { rows, dryRun: true } });
    expect(dry.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'month'],
      [3, 'schoolItemCode'],
      [4, 'rent'],
      [5, 'rent'],
      [6, 'month'],
    ]);
    await admin.schoolFinance.schoolCostImportRows({ body: { rows } });
    expect((await admin.schoolFinance.schoolCostList({ query: { month: '2031-02' } })).total).toBe(0);
    const file = await xlsx(
      COST_HEADER,
      rows.map((r) => [r.month, r.schoolItemCode, r.rent]),
    );
    const up = await admin.schoolFinance.schoolCostImport({ file, filename: 'bad.xlsx' });
    expect(up.result).toBe(1);
    if (up.result !== 1) return;
    const sheet = await sheetValues(new Uint8Array(await up.file.arrayBuffer()));
    const reason = (sheet[0] ?? []).indexOf('失败原因 / reason');
    expect(String(sheet[4]?.[reason])).toMatch(/金额不能为负数/);
    expect((await admin.schoolFinance.schoolCostList({ query: { month: '2031-02' } })).total).toBe(0);
  });

  it('downloads the template and keeps the screen to its privilege and scope', async () => {
    const tpl = await sheetValues(
      new Uint8Array(await (await admin.schoolFinance.schoolCostExport()).arrayBuffer()),
    );
    expect(tpl[0]).toEqual(COST_HEADER);
    const sales = await t.as('sales');
    await expectApiError(sales.schoolFinance.schoolCostList(), ErrorCode.noPermission);
    await t.deps.db
      .insert(rolePrivileges)
      .values({ roleCode: 76, privilegeCode: '/setting/revenueCost' })
      .onConflictDoNothing();
    const director = await t.as('director');
    const page = await director.schoolFinance.schoolRevenueList({ query: { pageSize: 100 } });
    expect(new Set(page.list.map((r) => r.schoolItemCode))).toEqual(
      new Set(['SH01', 'SH02', 'HZ01', 'NJ01']),
    );
    const r = await director.schoolFinance.schoolRevenueImportRows({
      body: { rows: [{ month: '2032-01', schoolItemCode: 'BJ01', course: 1 }] },
    });
    expect(r.errors[0]?.reason).toMatch(/outside your scope/);
  });
});

describe('school revenue', () => {
  it('imports revenue rows and lists them', async () => {
    const header = [
      '月份* / month',
      '校区编码* / campus code',
      '课程收入 / course',
      '评估收入 / assessment',
      '教材收入 / materials',
      '其他收入 / other',
    ];
    const r = await admin.schoolFinance.schoolRevenueImport({
      file: await xlsx(header, [['2030-03', 'GZ01', 468000, 23600, 5400, 1200]]),
      filename: 'rev.xlsx',
    });
    expect(r).toMatchObject({ result: 2, code: 0 });
    const page = await admin.schoolFinance.schoolRevenueList({ query: { month: '2030-03' } });
    expect(page.list[0]).toMatchObject({ schoolItemCode: 'GZ01', course: '468000.00', total: '498200.00' });
    const tpl = await sheetValues(
      new Uint8Array(await (await admin.schoolFinance.schoolRevenueExport()).arrayBuffer()),
    );
    expect(tpl[0]).toEqual(header);
    expect(
      (
        await sheetValues(
          new Uint8Array(
            await (
              await admin.schoolFinance.schoolRevenueExportData({ query: { month: '2030-03' } })
            ).arrayBuffer(),
          ),
        )
      ).length,
    ).toBe(2);
  });
});

describe('monthly uploads', () => {
  it('imports centre uploads per campus and consultant uploads per employee, upserting', async () => {
    const header = ['月份* / month', '校区编码* / campus code', '金额* / amount'];
    const r = await admin.schoolFinance.centerAdvanceIncomeUpload({
      file: await xlsx(header, [['2030-05', 'SH01', 420000.5]]),
      filename: 'c.xlsx',
    });
    expect(r).toMatchObject({ result: 2, code: 0 });
    const r2 = await admin.schoolFinance.centerAdvanceIncomeUpload({
      file: await xlsx(header, [['2030-05', 'SH01', 430000]]),
      filename: 'c.xlsx',
    });
    if (r2.result === 2) expect(r2.message).toMatch(/1 updated/);
    const list = await admin.schoolFinance.monthlyAdvanceList({
      query: { kind: 'centerAdvanceIncome', month: '2030-05' },
    });
    expect(list.list.map((x) => [x.schoolItemCode, x.amount])).toEqual([['SH01', '430000.00']]);
    // The consumption upload of the same month and campus is a different row.
    await admin.schoolFinance.centerAdvanceConsumerImportRows({
      body: { rows: [{ month: '2030-05', schoolItemCode: 'SH01', amount: 1 }] },
    });
    expect(
      (
        await admin.schoolFinance.monthlyAdvanceList({
          query: { kind: 'centerAdvanceConsumer', month: '2030-05' },
        })
      ).total,
    ).toBe(1);

    const noEmp = await admin.schoolFinance.consultantAdvanceIncomeImportRows({
      body: { rows: [{ month: '2030-05', schoolItemCode: 'SH01', amount: 5 }], dryRun: true },
    });
    expect(noEmp.errors[0]?.column).toBe('employeeCode');
    const unknown = await admin.schoolFinance.consultantAdvanceIncomeImportRows({
      body: {
        rows: [{ month: '2030-05', schoolItemCode: 'SH01', employeeCode: 'E9999', amount: 5 }],
        dryRun: true,
      },
    });
    expect(unknown.errors[0]?.reason).toMatch(/employee "E9999" does not exist/);
    const ok = await admin.schoolFinance.growthConsultantAdvanceConsumerImportRows({
      body: {
        rows: [
          { month: '2030-05', schoolItemCode: 'SH01', employeeCode: 'E0007', amount: '70000' },
          { month: '2030-05', schoolItemCode: 'SH01', employeeCode: 'E0008', amount: '65000.5' },
        ],
      },
    });
    expect(ok).toMatchObject({ created: 2, written: true });
    const bad = await admin.schoolFinance.consultantAdvanceIncomeUpload({
      file: await xlsx(
        ['月份* / month', '校区编码* / campus code', '员工编码* / employee code', '金额* / amount'],
        [['2030-05', 'SH01', 'E0003', 'abc']],
      ),
      filename: 'bad.xlsx',
    });
    expect(bad.result).toBe(1);
  });

  it('downloads each upload template', async () => {
    const tpl = await sheetValues(
      new Uint8Array(await (await admin.schoolFinance.growthConsultantAdvanceIncomeTemplate()).arrayBuffer()),
    );
    expect(tpl[0]).toEqual([
      '月份* / month',
      '校区编码* / campus code',
      '员工编码* / employee code',
      '金额* / amount',
    ]);
    for (const dl of [
      admin.schoolFinance.centerAdvanceIncomeTemplate,
      admin.schoolFinance.centerAdvanceConsumerTemplate,
      admin.schoolFinance.consultantAdvanceIncomeTemplate,
      admin.schoolFinance.growthConsultantAdvanceConsumerTemplate,
    ]) {
      expect((await dl()).size).toBeGreaterThan(1000);
    }
  });
});
