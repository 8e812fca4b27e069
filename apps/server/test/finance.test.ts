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

describe('finance simple lists', () => {
  it('lists the demo pay types and bill types for selectors', async () => {
    const sales = await t.as('sales');
    const pays = await sales.finance.payTypes();
    expect(pays.map((p) => p.name)).toEqual(['微信支付', '支付宝', '银行转账', 'POS刷卡', '现金']);
    expect((await sales.finance.billTypes()).length).toBeGreaterThanOrEqual(4);
  });

  it('creates, updates with a version check and refuses a duplicate code or name', async () => {
    const created = await admin.finance.refundReasonSave({ body: { code: 'T_MOVE', name: '测试原因' } });
    expect(created).toMatchObject({ code: 'T_MOVE', name: '测试原因', validstatus: 1, version: 1 });
    const e1 = await expectApiError(
      admin.finance.refundReasonSave({ body: { code: 'T_MOVE', name: '另一个' } }),
      ErrorCode.conflict,
    );
    expect(e1.field).toBe('code');
    const e2 = await expectApiError(
      admin.finance.refundReasonSave({ body: { code: 'T_MOVE2', name: '家庭搬迁' } }),
      ErrorCode.conflict,
    );
    expect(e2.field).toBe('name');
    const updated = await admin.finance.refundReasonSave({
      body: { code: 'T_MOVE', name: '测试原因2', version: 1 },
    });
    expect(updated.version).toBe(2);
    const stale = await expectApiError(
      admin.finance.refundReasonSave({ body: { code: 'T_MOVE', name: '测试原因3', version: 1 } }),
      ErrorCode.conflict,
    );
    expect(stale.field).toBe('version');
    await admin.finance.refundReasonUpdateStatus({ body: { code: 'T_MOVE', status: 0 } });
    expect((await admin.finance.refundReasonDetail({ query: { code: 'T_MOVE' } })).validstatus).toBe(0);
    const page = await admin.finance.refundReasonList({ query: { validstatus: 0 } });
    expect(page.list.map((r) => r.code)).toEqual(['T_MOVE']);
  });

  it('keeps tax rates exact (0–100, two decimals) and pages them', async () => {
    const r = await admin.finance.taxRateSave({ body: { code: 'TAX9', name: '农产品9%', rate: '9.5' } });
    expect(r.rate).toBe('9.50');
    await expectApiError(
      admin.finance.taxRateSave({ body: { code: 'TAXX', name: '错误', rate: '100.01' } }),
      ErrorCode.validation,
    );
    await expectApiError(
      admin.finance.taxRateSave({ body: { code: 'TAXY', name: '错误2', rate: '6.001' } }),
      ErrorCode.validation,
    );
    const page = await admin.finance.taxRatePage({ body: { pageIdx: 1, pageSize: 10 } });
    expect(page.list.map((x) => x.rate)).toEqual(['0.00', '3.00', '6.00', '9.50', '13.00']);
  });

  it('refuses to disable a pay type still used by valid bank accounts', async () => {
    const e = await expectApiError(
      admin.finance.payTypeUpdateStatus({ body: { code: 'BANK', status: 0 } }),
      ErrorCode.rule,
    );
    expect(e.message).toMatch(/bank account/);
  });

  it('answers income types with their bill type and tax rate, filtered by bill type', async () => {
    const bills = await admin.finance.billTypes();
    const receipt = bills.find((b) => b.code === 'RECEIPT');
    const rows = await admin.finance.queryIncomeTypes({ body: { billTypeIds: [receipt?.id ?? 0] } });
    expect(rows.map((r) => [r.name, r.billTypeName, r.taxRate])).toEqual([['定金', '收据', '0.00']]);
    const e = await expectApiError(
      admin.finance.incomeTypeSave({ body: { code: 'X1', name: '新收入', billTypeId: 99999 } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('billTypeId');
  });

  it('saves a pay function name under a pay type', async () => {
    const pays = await admin.finance.payTypes();
    const cash = pays.find((p) => p.code === 'CASH');
    const r = await admin.finance.payFunctionNameSave({
      body: { code: 'CASH_SAFE', name: '保险柜现金', payTypeId: cash?.id ?? 0 },
    });
    expect(r.payTypeName).toBe('现金');
    const page = await admin.finance.payFunctionNamePage({ body: { name: '现金' } });
    expect(page.list.map((x) => x.code)).toContain('CASH_SAFE');
  });

  it('keeps materiel prices exact', async () => {
    const m = await admin.finance.materielSave({ body: { code: 'M900', name: '训练垫', price: 0.1 } });
    expect(m.price).toBe('0.10');
    const c = await admin.finance.currencySave({ body: { code: 'EUR', name: '欧元', symbol: '€' } });
    expect(c.symbol).toBe('€');
  });
});

describe('bank accounts', () => {
  it('saves an account of a campus and pay type, unique by account number', async () => {
    const pays = await admin.finance.payTypes();
    const wechat = pays.find((p) => p.code === 'WECHAT')?.id ?? 0;
    const a = await admin.finance.bankAccountSave({
      body: {
        accountNo: '6214 8301 0000 1234',
        accountName: '上海启明康复教育科技有限公司',
        bankName: '招商银行',
        schoolItemCode: 'SH01',
        payTypeId: wechat,
      },
    });
    expect(a).toMatchObject({
      accountNo: '6214830100001234',
      schoolItemName: '上海徐汇校区',
      payTypeName: '微信支付',
      version: 1,
    });
    const dup = await expectApiError(
      admin.finance.bankAccountSave({
        body: {
          accountNo: '6214830100001234',
          accountName: '另一个',
          bankName: '招商银行',
          schoolItemCode: 'SH02',
          payTypeId: wechat,
        },
      }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('accountNo');
    const sel = await admin.finance.queryBankAccounts({ body: { schoolCode: 'SH01', payTypeIds: [wechat] } });
    expect(sel.map((x) => x.accountNo)).toEqual(['6214830100001234']);
    const e = await expectApiError(
      admin.finance.bankAccountSave({
        body: {
          accountNo: '12345678901',
          accountName: 'x',
          bankName: 'y',
          schoolItemCode: 'NOPE',
          payTypeId: wechat,
        },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('schoolItemCode');
  });

  it('limits lists and selectors to the campuses in scope and refuses a campus outside', async () => {
    // The regional director (HD campuses) gets the finance settings screen for this test.
    await t.deps.db
      .insert(rolePrivileges)
      .values({ roleCode: 76, privilegeCode: '/setting/finance' })
      .onConflictDoNothing();
    const director = await t.as('director');
    const page = await director.finance.bankAccountList({ query: { pageSize: 100 } });
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.list.map((r) => r.schoolItemCode))).toEqual(
      new Set(['SH01', 'SH02', 'HZ01', 'NJ01']),
    );
    await expectApiError(
      director.finance.queryBankAccounts({ body: { schoolCode: 'BJ01', payTypeIds: [] } }),
      ErrorCode.noPermission,
    );
    const bj = (await admin.finance.bankAccountList({ query: { schoolItemCode: 'BJ01' } })).list[0];
    await expectApiError(
      director.finance.bankAccountDetail({ query: { id: bj?.id ?? 0 } }),
      ErrorCode.noPermission,
    );
    const pays = await admin.finance.payTypes();
    await expectApiError(
      director.finance.bankAccountSave({
        body: {
          accountNo: '99990000111',
          accountName: 'x',
          bankName: '中国银行',
          schoolItemCode: 'BJ01',
          payTypeId: pays[0]?.id ?? 0,
        },
      }),
      ErrorCode.noPermission,
    );
    const sales = await t.as('sales');
    await expectApiError(sales.finance.bankAccountList(), ErrorCode.noPermission);
  });

  it('downloads the import template', async () => {
    const blob = await admin.finance.bankAccountTemplate();
    const rows = await sheetValues(new Uint8Array(await blob.arrayBuffer()));
    expect(rows[0]?.[0]).toBe('银行账号 / account number');
    expect(rows[1]?.[5]).toBe('BANK');
  });

  it('imports a good file, re-imports it without duplicates', async () => {
    const header = [
      '银行账号* / account number',
      '户名* / account name',
      '开户银行* / bank',
      '开户支行 / branch',
      '校区编码* / campus code',
      '支付方式编码* / pay type code',
    ];
    const file = await xlsx(header, [
      ['6217000010000001', '杭州启明', '中国建设银行', '西湖支行', 'HZ01', 'BANK'],
      ['6217000010000002', '杭州启明', '中国建设银行', '西湖支行', 'HZ01', '支付宝'],
    ]);
    const r = await admin.finance.bankAccountImport({ file, filename: 'accounts.xlsx' });
    expect(r.result).toBe(2);
    if (r.result === 2) {
      expect(r.code).toBe(0);
      expect(r.message).toMatch(/imported 2 rows \(2 created/);
    }
    const again = await admin.finance.bankAccountImport({ file, filename: 'accounts.xlsx' });
    if (again.result === 2) expect(again.message).toMatch(/2 unchanged/);
    const page = await admin.finance.bankAccountList({ query: { keyword: '621700001000000' } });
    expect(page.total).toBe(2);
  });

  it('lists bad rows on a dry run, writes nothing of a failed batch and answers the result workbook', async () => {
    const rows = [
      {
        accountNo: '6217000020000001',
        accountName: '成都启明',
        bankName: '交通银行',
        schoolItemCode: 'CD01',
        payTypeCode: 'BANK',
      },
      {
        accountNo: '12',
        accountName: '成都启明',
        bankName: '交通银行',
        schoolItemCode: 'CD01',
        payTypeCode: 'BANK',
      },
      {
        accountNo: '6217000020000003',
        accountName: '成都启明',
        bankName: '交通银行',
        schoolItemCode: 'CD01',
        payTypeCode: 'NOPE',
      },
    ];
    const dry = await admin.finance.bankAccountImportRows({ body: { rows, dryRun: true } });
    expect(dry.written).toBe(false);
    expect(dry.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'accountNo'],
      [3, 'payTypeCode'],
    ]);
    const real = await admin.finance.bankAccountImportRows({ body: { rows, dryRun: false } });
    expect(real.written).toBe(false);
    expect(
      (await admin.finance.bankAccountList({ query: { schoolItemCode: 'CD01', keyword: '62170000200' } }))
        .total,
    ).toBe(0);

    const header = [
      '银行账号* / account number',
      '户名* / account name',
      '开户银行* / bank',
      '校区编码* / campus code',
      '支付方式编码* / pay type code',
    ];
    const file = await xlsx(
      header,
      rows.map((r) => [r.accountNo, r.accountName, r.bankName, r.schoolItemCode, r.payTypeCode]),
    );
    const up = await admin.finance.bankAccountImport({ file, filename: 'bad.xlsx' });
    expect(up.result).toBe(1);
    if (up.result !== 1) return;
    expect(up.filename).toMatch(/^导入结果_\d{8}\.xlsx$/);
    const sheet = await sheetValues(new Uint8Array(await up.file.arrayBuffer()));
    const reasonCol = (sheet[0] ?? []).indexOf('失败原因 / reason');
    expect(sheet[2]?.[0]).toBe(3);
    expect(String(sheet[2]?.[reasonCol])).toMatch(/8 to 30 digits/);
    expect(String(sheet[3]?.[reasonCol])).toMatch(/pay type "NOPE" does not exist/);
    expect(
      (await admin.finance.bankAccountList({ query: { schoolItemCode: 'CD01', keyword: '62170000200' } }))
        .total,
    ).toBe(0);
  });

  it('refuses a file that is not a workbook with a JSON message', async () => {
    const r = await admin.finance.bankAccountImport({ file: new Blob(['not excel']), filename: 'x.xlsx' });
    expect(r.result).toBe(2);
    if (r.result === 2) expect(r.code).toBe(ErrorCode.validation);
  });
});

describe('dictionary reasons', () => {
  it('keeps two levels: save, saveSecond, info, findAll, select, update and deletes', async () => {
    const first = await admin.finance.dictReasonSave({ body: { reasonType: 'leave', name: '请假原因' } });
    expect(first.parentId).toBeNull();
    const a = await admin.finance.dictReasonSaveSecond({ body: { parentId: first.id, name: '生病' } });
    const b = await admin.finance.dictReasonSaveSecond({ body: { parentId: first.id, name: '出游' } });
    expect(a).toMatchObject({ parentId: first.id, parentName: '请假原因', reasonType: 'leave' });
    const dup = await expectApiError(
      admin.finance.dictReasonSaveSecond({ body: { parentId: first.id, name: '生病' } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('name');
    await expectApiError(
      admin.finance.dictReasonSaveSecond({ body: { parentId: a.id, name: '三级' } }),
      ErrorCode.validation,
    );
    const info = await admin.finance.dictReasonInfo({ params: { id: first.id } });
    expect(info.children?.map((c) => c.name)).toEqual(['生病', '出游']);
    const upd = await admin.finance.dictReasonUpdate({
      body: { id: b.id, name: '外出旅游', version: b.version },
    });
    expect(upd.name).toBe('外出旅游');
    const all = await admin.finance.dictReasonFindAll({ query: { reasonType: 'leave' } });
    expect(all.map((r) => [r.name, r.children?.length])).toEqual([['请假原因', 2]]);
    const sel = await admin.finance.dictReasonSelect({ query: { parentId: first.id } });
    expect(sel.map((x) => x.name)).toEqual(['生病', '外出旅游']);
    const page = await admin.finance.dictReasonPage({ body: { reasonType: 'refund' } });
    expect(page.list.map((r) => r.name)).toEqual(['家庭原因', '孩子原因', '服务原因']);
    await expectApiError(admin.finance.dictReasonDeleteById({ params: { id: first.id } }), ErrorCode.rule);
    await admin.finance.dictReasonDeleteById({ params: { id: a.id } });
    await admin.finance.dictReasonDeleteByParentId({ params: { id: first.id } });
    await admin.finance.dictReasonDeleteById({ params: { id: first.id } });
    await expectApiError(admin.finance.dictReasonInfo({ params: { id: first.id } }), ErrorCode.notFound);
  });
});
