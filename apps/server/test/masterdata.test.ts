// The generic master-data engine, exercised through the organisation record types (regions, campuses, cities, ranks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ErrorCode,
  SHEETS,
  columnOfHeader,
  exportColumns,
  templateColumns,
  type Sdk,
  type SheetDef,
} from '@bo/api-sdk';
import { fieldLabel } from '@bo/domain';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { auditLog, rolePrivileges } from '../src/slices/system/tables.js';
import { cities } from '../src/slices/organisation/tables.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  await t.deps.db
    .insert(rolePrivileges)
    .values({ roleCode: 76, privilegeCode: '/setting/campus' })
    .onConflictDoNothing();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const lastAudit = async (action: string, target: string) => {
  const [a] = await t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return a;
};

describe('list', () => {
  it('filters exactly, by contains, and pages with the total of the whole result', async () => {
    const hd = await admin.organisation.schoolItemList({
      query: { provincetypecode: 'HD', pageIdx: 1, pageSize: 2 },
    });
    expect(hd.total).toBe(4);
    expect(hd.list).toHaveLength(2);
    expect(hd.list.every((c) => c.provincetypecode === 'HD')).toBe(true);
    const p2 = await admin.organisation.schoolItemList({
      query: { provincetypecode: 'HD', pageIdx: 2, pageSize: 2 },
    });
    expect(p2.list.map((c) => c.code)).not.toContain(hd.list[0]?.code);
    expect(p2.total).toBe(4);
    // A page past the last: no row, and still the total of the whole result.
    const past = await admin.organisation.schoolItemList({
      query: { provincetypecode: 'HD', pageIdx: 9, pageSize: 2 },
    });
    expect(past).toMatchObject({ list: [], total: 4, pageIdx: 9 });
    // A row carries its fields only (the count travels apart).
    expect(Object.keys(hd.list[0] ?? {})).not.toContain('__pageTotal');
    const like = await admin.organisation.schoolItemList({ query: { name: '北京' } });
    expect(like.list.map((c) => c.code).sort()).toEqual(['BJ01', 'BJ02']);
    expect(like.list[0]?.provincetypename).toBe('华北区');
    expect(like.list[0]?.cityname).toBe('北京市');
    const none = await admin.organisation.schoolItemList({ query: { name: '%' } });
    expect(none.total).toBe(0);
  });

  it('limits a list to the caller’s regions', async () => {
    const director = await t.as('director');
    const all = await director.organisation.schoolItemList({ query: { pageSize: 100 } });
    expect(all.list.map((c) => c.provincetypecode)).toEqual(expect.arrayContaining(['HD']));
    expect(all.list.every((c) => c.provincetypecode === 'HD')).toBe(true);
  });
});

describe('save', () => {
  it('creates, reads back, updates with the version, and refuses a stale version', async () => {
    const created = await admin.organisation.cityRankSave({
      body: { code: 'T4', name: '三线城市', sort: 4 },
    });
    expect(created).toMatchObject({ code: 'T4', name: '三线城市', validstatus: 1, version: 1 });
    const created2 = await admin.organisation.citySave({
      body: { code: 'WX', name: '无锡市', rankcode: 'T4', divisioncode: '320200' },
    });
    expect(created2.rankname).toBe('三线城市');
    const updated = await admin.organisation.citySave({
      body: { code: 'WX', name: '无锡', rankcode: 'T4', divisioncode: '320200', version: 1 },
    });
    expect(updated).toMatchObject({ name: '无锡', version: 2 });
    const stale = await expectApiError(
      admin.organisation.citySave({ body: { code: 'WX', name: '无锡市', rankcode: 'T4', version: 1 } }),
      ErrorCode.conflict,
    );
    expect(stale.field).toBe('version');
    const audit = await lastAudit('city.update', 'cities:WX');
    expect(audit?.detail).toMatchObject({ changes: { name: ['无锡市', '无锡'] } });
    expect(audit?.username).toBe('admin');
  });

  it('refuses a duplicate code or name with 409 naming the field', async () => {
    const code = await expectApiError(
      admin.organisation.cityRankSave({ body: { code: 'T1', name: '别的级别' } }),
      ErrorCode.conflict,
    );
    expect(code.field).toBe('code');
    const name = await expectApiError(
      admin.organisation.cityRankSave({ body: { code: 'T9', name: '一线城市' } }),
      ErrorCode.conflict,
    );
    expect(name.field).toBe('name');
  });

  it('refuses a missing or disabled parent naming the field', async () => {
    const e = await expectApiError(
      admin.organisation.citySave({ body: { code: 'ZZ', name: '某市', rankcode: 'NOPE' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('rankcode');
  });

  it('refuses invalid input at the edge naming the field', async () => {
    const e = await expectApiError(
      admin.organisation.cityRankSave({ body: { code: 'bad code!', name: 'x' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.code');
  });
});

describe('status', () => {
  it('disables and enables with an audit row old → new', async () => {
    await admin.organisation.cityRankSave({ body: { code: 'T5', name: '四线城市' } });
    await admin.organisation.cityRankSave({
      body: { code: 'T5', name: '四线城市', validstatus: 1, version: 1 },
    });
    expect(await admin.organisation.cityRankList({ query: { status: 1 } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'T5' })]),
    );
    // status through the region switch
    await admin.organisation.provinceTypeSave({ body: { code: 'DB', name: '东北区' } });
    expect(await admin.organisation.provinceTypeUpdateStatus({ body: { code: 'DB', status: 0 } })).toBe(true);
    const d = await admin.organisation.provinceTypeDetail({ query: { code: 'DB' } });
    expect(d).toMatchObject({ validstatus: 0, version: 2 });
    const a = await lastAudit('provinceType.status', 'province_types:DB');
    expect(a?.detail).toEqual({ field: 'validstatus', from: 1, to: 0 });
    await admin.organisation.provinceTypeUpdateStatus({ body: { code: 'DB', validstatus: 1 } });
    const b = await lastAudit('provinceType.status', 'province_types:DB');
    expect(b?.detail).toEqual({ field: 'validstatus', from: 0, to: 1 });
  });

  it('keeps the status of a record saved without one', async () => {
    const r = await admin.organisation.provinceTypeSave({ body: { code: 'XB', name: '西北区' } });
    await admin.organisation.provinceTypeUpdateStatus({ body: { code: 'XB', status: 0 } });
    const saved = await admin.organisation.provinceTypeSave({
      body: { code: 'XB', name: '西北大区', version: r.version + 1 },
    });
    expect(saved).toMatchObject({ name: '西北大区', validstatus: 0, version: r.version + 2 });
  });

  it('answers 404 for an unknown key', async () => {
    await expectApiError(
      admin.organisation.provinceTypeUpdateStatus({ body: { code: 'NOPE', status: 0 } }),
      ErrorCode.notFound,
    );
    await expectApiError(admin.organisation.cityDetail({ query: { code: 'NOPE' } }), ErrorCode.notFound);
  });

  it('refuses to disable a record with valid children (422)', async () => {
    await expectApiError(
      admin.organisation.cityUpdateStatus({ body: { code: 'SH', status: 0 } }),
      ErrorCode.rule,
    );
  });
});

describe('import', () => {
  const rows = [
    { code: 'SUZ', name: '苏州市', rankcode: 'T2', divisioncode: '320500' },
    { code: 'NB', name: '宁波市', rankcode: 'T3', divisioncode: '330200' },
    { code: 'SH', name: '上海市', rankcode: 'T1', divisioncode: '310100' },
  ];
  it('dry-runs good rows without writing, then writes them; a re-run creates no duplicates', async () => {
    const dry = await admin.organisation.cityImport({ body: { rows, dryRun: true } });
    expect(dry).toMatchObject({
      total: 3,
      created: 2,
      updated: 0,
      unchanged: 1,
      errors: [],
      dryRun: true,
      written: false,
    });
    expect(await t.deps.db.select().from(cities).where(eq(cities.code, 'SUZ'))).toHaveLength(0);
    const real = await admin.organisation.cityImport({ body: { rows, dryRun: false } });
    expect(real).toMatchObject({ created: 2, unchanged: 1, written: true });
    const again = await admin.organisation.cityImport({ body: { rows } });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, written: true });
    const changed = await admin.organisation.cityImport({ body: { rows: [{ ...rows[0], name: '苏州' }] } });
    expect(changed).toMatchObject({ updated: 1 });
    expect(await t.deps.db.select().from(cities).where(eq(cities.code, 'SUZ'))).toHaveLength(1);
  });

  it('lists bad rows with row, column and reason, and a real run writes nothing', async () => {
    const bad = [
      { code: 'XA', name: '西安市', rankcode: 'T2' },
      { code: 'XA', name: '西安', rankcode: 'T2' },
      { code: 'WH', name: '', rankcode: 'T2' },
      { code: 'ZZ', name: '郑州市', rankcode: 'NOPE' },
      { code: 'FS', name: '上海市', rankcode: 'T2' },
    ];
    const dry = await admin.organisation.cityImport({ body: { rows: bad, dryRun: true, firstRow: 2 } });
    expect(dry.written).toBe(false);
    expect(dry.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'code' }),
        expect.objectContaining({ row: 4, column: 'name' }),
        expect.objectContaining({ row: 5, column: 'rankcode' }),
        expect.objectContaining({ row: 6, column: 'name' }),
      ]),
    );
    const real = await admin.organisation.cityImport({ body: { rows: bad } });
    expect(real.written).toBe(false);
    expect(real.errors.length).toBeGreaterThan(0);
    expect(await t.deps.db.select().from(cities).where(eq(cities.code, 'XA'))).toHaveLength(0);
  });
});

describe('import errors', () => {
  it('reports every field that fails in a row at once, each naming the field in words', async () => {
    const r = await admin.organisation.schoolItemImport({
      body: {
        rows: [
          { code: 'OK01', name: '好校区', provincetypecode: 'HD', citycode: 'SH' },
          { code: '', name: '', provincetypecode: '', citycode: '', sort: 'x', validstatus: 7 },
        ],
        dryRun: true,
        firstRow: 2,
      },
    });
    const row3 = r.errors.filter((e) => e.row === 3);
    // One error per field, every field at once.
    expect(row3.map((e) => e.column).sort()).toEqual(
      ['citycode', 'code', 'name', 'provincetypecode', 'sort', 'validstatus'].sort(),
    );
    // In words: the catalogue's label or the schema's own text, never the API name of the field.
    for (const e of row3) {
      const label = fieldLabel([e.column]);
      expect(e.reason).toMatch(/[\u4e00-\u9fff].* \/ /);
      if (!['code', 'name', 'sort'].includes(e.column)) expect(e.reason).not.toContain(e.column);
      else expect(e.reason.includes(label['zh-CN']) || e.reason.includes(label.en), e.reason).toBe(true);
    }
    expect(r.errors.filter((e) => e.row === 2)).toEqual([]);
  });
});

describe('scope', () => {
  it('refuses to read or change another region’s campus (403)', async () => {
    const director = await t.as('director');
    await expectApiError(
      director.organisation.schoolItemDetail({ query: { code: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.organisation.schoolItem({ params: { id: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.organisation.schoolItemUpdateStatus({ body: { code: 'BJ01', status: 0 } }),
      ErrorCode.noPermission,
    );
    const bj = await admin.organisation.schoolItemDetail({ query: { code: 'BJ01' } });
    await expectApiError(
      director.organisation.schoolItemSave({
        body: {
          code: bj.code,
          name: '改名',
          provincetypecode: bj.provincetypecode,
          citycode: 'BJ',
          version: bj.version,
        },
      }),
      ErrorCode.noPermission,
    );
    const mine = await director.organisation.schoolItemDetail({ query: { code: 'SH01' } });
    expect(mine.code).toBe('SH01');
  });

  it('refuses import rows outside the scope as row errors', async () => {
    const director = await t.as('director');
    const r = await director.organisation.schoolItemImport({
      body: {
        rows: [{ code: 'BJ09', name: '北京丰台校区', provincetypecode: 'HB', citycode: 'BJ' }],
        dryRun: true,
      },
    });
    expect(r.errors[0]).toMatchObject({ row: 1 });
  });
});

describe('export', () => {
  it('exports the whole filtered result in the caller’s scope as a workbook', async () => {
    const director = await t.as('director');
    const blob = await director.organisation.schoolItemExport({ query: { status: 1 } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const ws = wb.worksheets[0];
    const codes: string[] = [];
    ws?.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes.sort()).toEqual(['HZ01', 'NJ01', 'SH01', 'SH02']);
    expect(ws?.getRow(1).getCell(2).value).toBe('校区名称 / campus name');
  });

  /** The header row and the data rows of a downloaded workbook, as the JSON import takes them. */
  async function readExport(blob: Blob, sheet: SheetDef) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const ws = wb.worksheets[0];
    const header: string[] = [];
    ws?.getRow(1).eachCell((c, i) => void (header[i] = String(c.value)));
    const rows: Record<string, unknown>[] = [];
    ws?.eachRow((row, n) => {
      if (n === 1) return;
      const r: Record<string, unknown> = {};
      row.eachCell((c, i) => {
        const col = columnOfHeader(sheet, header[i] ?? '');
        if (col && !col.readOnly && c.value !== null && c.value !== '') r[col.field] = c.value;
      });
      rows.push(r);
    });
    return { header: header.slice(1), rows };
  }

  it.each([
    ['campuses', (s: Sdk) => s.organisation.schoolItemExport({ query: {} }), 'schoolItemImport'],
    ['courses', (s: Sdk) => s.courses.courseExport({ query: {} }), 'courseImport'],
  ] as const)(
    '%s: the export has the import template’s headers and imports back unchanged',
    async (kind, download, importer) => {
      const sheet = SHEETS[kind];
      const { header, rows } = await readExport(await download(admin), sheet);
      expect(header).toEqual(exportColumns(sheet).map((c) => c.header));
      expect(header.slice(0, templateColumns(sheet).length)).toEqual(
        templateColumns(sheet).map((c) => c.header),
      );
      expect(rows.length).toBeGreaterThan(0);
      const body = { rows, dryRun: true };
      const r =
        importer === 'schoolItemImport'
          ? await admin.organisation.schoolItemImport({ body })
          : await admin.courses.courseImport({ body });
      expect(r.errors).toEqual([]);
      expect(r).toMatchObject({ created: 0, updated: 0, unchanged: rows.length });
    },
  );
});
