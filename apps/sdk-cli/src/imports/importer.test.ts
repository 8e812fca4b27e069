import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '../lib/sheet.js';
import type { Progress } from '../lib/progress.js';
import { formatImportSummary } from '../commands/import.js';
import {
  CHUNK_SIZE,
  ERROR_REPORT_HEADERS,
  chunked,
  mapHeaders,
  runImport,
  toRecord,
  type SendChunk,
  type TBatchResult,
} from './importer.js';
import { asFlag, asNumber, findImport, IMPORTS, type ImportKind } from './registry.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sdk-cli-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kind: ImportKind = {
  name: 'campuses',
  description: 'test kind',
  endpoint: 'system.roles',
  columns: [
    { header: '校区编码', field: 'code', required: true },
    { header: '校区名称', field: 'name', required: true },
    { header: '排序', field: 'sort', parse: asNumber },
    { header: '状态', field: 'validstatus', parse: asFlag },
  ],
};
const quiet = (): Progress => ({
  setTotal: () => undefined,
  increment: () => undefined,
  stop: () => undefined,
});

/** A fake server: upserts by code, refuses names containing "bad", records every call. */
function fakeServer() {
  const store = new Map<string, string>();
  const calls: { dryRun: boolean; firstRow: number; rows: Record<string, unknown>[] }[] = [];
  const send: SendChunk = async (rows, o) => {
    calls.push({ ...o, rows });
    const res: TBatchResult = { total: rows.length, created: 0, updated: 0, unchanged: 0, errors: [] };
    const next = new Map(store);
    rows.forEach((r, i) => {
      const name = String(r.name ?? '');
      if (name.includes('bad'))
        return void res.errors.push({ row: o.firstRow + i, column: 'name', reason: 'name: refused' });
      const code = String(r.code);
      const prev = next.get(code);
      if (prev === undefined) res.created += 1;
      else if (prev === name) res.unchanged = (res.unchanged ?? 0) + 1;
      else res.updated = (res.updated ?? 0) + 1;
      next.set(code, name);
    });
    if (!o.dryRun && !res.errors.length) for (const [k, v] of next) store.set(k, v);
    return res;
  };
  return { store, calls, send };
}

async function readReport(file: string) {
  const out: string[][] = [];
  for await (const r of readSheet(file)) out.push(r.cells);
  return out;
}

describe('header mapping', () => {
  it('maps zh-CN headers and field names to fields, in any order', () => {
    const m = mapHeaders(kind, ['校区名称', 'code', '', '状态']);
    expect([...m.byIndex].map(([i, c]) => [i, c.field])).toEqual([
      [0, 'name'],
      [1, 'code'],
      [3, 'validstatus'],
    ]);
  });

  it('refuses unknown headers and missing required ones, naming them and the template', () => {
    expect(() => mapHeaders(kind, ['校区编码', '地址'])).toThrow(
      /unknown header: "地址"; missing required header: "校区名称"/,
    );
    expect(() => mapHeaders(kind, ['校区编码', '地址'])).toThrow(/sdk-cli template campuses/);
  });

  it("matches the server templates' bilingual headers by either part", () => {
    const m = mapHeaders(kind, ['校区编码* / code', '名称 / name', '状态']);
    expect([...m.byIndex].map(([i, c]) => [i, c.field])).toEqual([
      [0, 'code'],
      [1, 'name'],
      [2, 'validstatus'],
    ]);
  });

  it('refuses a header given twice', () => {
    expect(() => mapHeaders(kind, ['校区编码', '校区名称', 'code'])).toThrow(/appears twice/);
  });

  it('turns cells into fields, leaving empty cells out and reporting refused cells', () => {
    const m = mapHeaders(kind, ['校区编码', '校区名称', '排序', '状态']);
    expect(toRecord({ row: 5, cells: ['C1', ' 北京 ', '', '是'] }, m)).toEqual({
      record: { code: 'C1', name: '北京', validstatus: 1 },
      errors: [],
    });
    expect(toRecord({ row: 6, cells: ['C1', 'x', 'abc', ''] }, m).errors).toEqual([
      {
        row: 6,
        column: '排序',
        reason: '不是数字（勿用逗号、空格或科学计数法） / not a number (no commas, spaces or exponents): abc',
      },
    ]);
  });
});

describe('chunking', () => {
  it('groups a stream into chunks of at most the size', async () => {
    async function* n(k: number) {
      for (let i = 0; i < k; i += 1) yield i;
    }
    const sizes: number[] = [];
    for await (const c of chunked(n(1201), CHUNK_SIZE)) sizes.push(c.length);
    expect(sizes).toEqual([500, 500, 201]);
    for await (const _ of chunked(n(0), 500)) throw new Error('no chunk expected');
  });
});

describe('the import flow', () => {
  const header = ['校区编码', '校区名称', '排序'];
  const many = (n: number, bad: number[] = []) =>
    Array.from({ length: n }, (_, i) => [`C${i}`, bad.includes(i) ? `bad ${i}` : `campus ${i}`, String(i)]);

  it('checks every chunk with dryRun first, then imports; a re-run changes nothing', async () => {
    const file = path.join(dir, 'ok.csv');
    await writeSheet(file, header, many(1200));
    const srv = fakeServer();
    const errorsFile = path.join(dir, 'ok.errors.xlsx');
    const r = await runImport({ kind, file, dryRun: false, errorsFile, send: srv.send, progress: quiet });
    expect(srv.calls.map((c) => [c.dryRun, c.rows.length, c.firstRow])).toEqual([
      [true, 500, 2],
      [true, 500, 502],
      [true, 200, 1002],
      [false, 500, 2],
      [false, 500, 502],
      [false, 200, 1002],
    ]);
    expect(srv.calls[0]?.rows[0]).toEqual({ code: 'C0', name: 'campus 0', sort: 0 });
    expect(r).toMatchObject({
      rows: 1200,
      created: 1200,
      updated: 0,
      unchanged: 0,
      errors: [],
      written: true,
      exitCode: 0,
      report: null,
    });
    expect(srv.store.size).toBe(1200);

    const again = await runImport({ kind, file, dryRun: false, errorsFile, send: srv.send, progress: quiet });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1200, exitCode: 0 });
    expect(srv.store.size).toBe(1200);
  });

  it('writes the row-error report with the spreadsheet rows and sends nothing for real', async () => {
    const file = path.join(dir, 'bad.xlsx');
    const body = many(700, [3, 650]);
    body.splice(10, 0, ['', '', '']); // a blank row (row 12) is skipped; later rows keep their numbers
    body[20] = ['C20', 'campus 20', 'twelve'];
    await writeSheet(file, header, body);
    const srv = fakeServer();
    const errorsFile = path.join(dir, 'bad.errors.xlsx');
    const r = await runImport({ kind, file, dryRun: false, errorsFile, send: srv.send, progress: quiet });
    expect(r.exitCode).toBe(1);
    expect(r.written).toBe(false);
    expect(srv.calls.every((c) => c.dryRun)).toBe(true);
    expect(srv.store.size).toBe(0);
    // bad rows: item 3 → row 5; item 650 → after the blank row → row 653; the refused cell: row 22.
    expect(await readReport(errorsFile)).toEqual([
      ERROR_REPORT_HEADERS,
      ['5', '校区名称', 'name: refused'],
      [
        '22',
        '排序',
        '不是数字（勿用逗号、空格或科学计数法） / not a number (no commas, spaces or exponents): twelve',
      ],
      ['653', '校区名称', 'name: refused'],
    ]);
  });

  it('a clean dry run writes no report, exits 0, writes nothing, and its summary says so', async () => {
    const file = path.join(dir, 'dry.csv');
    await writeSheet(file, header, many(3));
    const srv = fakeServer();
    const errorsFile = path.join(dir, 'dry.errors.xlsx');
    const r = await runImport({ kind, file, dryRun: true, errorsFile, send: srv.send, progress: quiet });
    expect(r).toMatchObject({ exitCode: 0, created: 3, written: false, report: null });
    expect(existsSync(errorsFile)).toBe(false);
    expect(srv.store.size).toBe(0);
    const summary = formatImportSummary(kind.name, file, true, r, 0, 'en');
    expect(summary).toMatch(/error report\s+none written/);
    expect(formatImportSummary(kind.name, file, true, r, 0, 'zh-CN')).toMatch(/error report\s+未写入/);
  });

  it('stops before sending anything when a header is wrong', async () => {
    const file = path.join(dir, 'hdr.csv');
    await writeSheet(file, ['校区编码', 'oops'], [['C1', 'x']]);
    const srv = fakeServer();
    await expect(
      runImport({
        kind,
        file,
        dryRun: false,
        errorsFile: path.join(dir, 'x.xlsx'),
        send: srv.send,
        progress: quiet,
      }),
    ).rejects.toThrow(/unknown header: "oops"/);
    expect(srv.calls).toHaveLength(0);
  });
});

describe('endpoints numbering rows by position, with duplicates', () => {
  it('maps 1-based positions to the file rows and lists duplicates in the report without failing', async () => {
    const byIndex: ImportKind = { ...kind, rowNumbers: 'index' };
    const file = path.join(dir, 'index.csv');
    await writeSheet(
      file,
      ['校区编码', '校区名称'],
      [
        ['A', 'x'],
        ['', ''],
        ['B', 'dup'],
        ['C', 'y'],
      ],
    );
    const calls: boolean[] = [];
    const send: SendChunk = async (rows, o) => {
      calls.push(o.dryRun);
      const dupAt = rows.findIndex((r) => r.name === 'dup');
      return {
        total: rows.length,
        created: rows.length - 1,
        skipped: 1,
        errors: [],
        duplicates: [{ row: dupAt + 1, phone: '138', owner: 'clue C1 王' }],
      };
    };
    const errorsFile = path.join(dir, 'index.errors.xlsx');
    const r = await runImport({ kind: byIndex, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(calls).toEqual([true, false]);
    expect(r).toMatchObject({ exitCode: 0, created: 2, skipped: 1, written: true, report: errorsFile });
    expect(await readReport(errorsFile)).toEqual([
      ERROR_REPORT_HEADERS,
      ['4', 'phone', '重复，未导入 / duplicate, not imported: clue C1 王'],
    ]);
  });
});

describe('the registry', () => {
  it('has unique names, endpoints of the contract and one header per field', async () => {
    const { catalogue } = await import('@bo/api-sdk');
    const names = new Set(catalogue().map((e) => `${e.slice}.${e.name}`));
    expect(new Set(IMPORTS.map((k) => k.name)).size).toBe(IMPORTS.length);
    for (const k of IMPORTS) {
      expect(names.has(k.endpoint), k.endpoint).toBe(true);
      expect(new Set(k.columns.map((c) => c.field)).size).toBe(k.columns.length);
      expect(new Set(k.columns.map((c) => c.header)).size).toBe(k.columns.length);
      expect(findImport(k.name)).toBe(k);
    }
  });
});

describe('number cells', () => {
  it('reads plain numbers and refuses commas, separators, spaces and exponents', () => {
    expect(asNumber('12')).toBe(12);
    expect(asNumber('10.5')).toBe(10.5);
    expect(asNumber('-3')).toBe(-3);
    for (const t of ['10,5', '1,000', '1 000', '1e3', 'NaN', 'Infinity', '0x10', ''])
      expect(() => asNumber(t)).toThrow('not a number');
  });
});

describe('a dry run with errors', () => {
  const header = ['校区编码', '校区名称', '排序', '状态'];
  const many = (n: number) => Array.from({ length: n }, (_, i) => [`C${i}`, `campus ${i}`, String(i), '1']);
  /** Refuses names holding "bad" and rows without a sort (its own word on a cell the CLI left out). */
  const strict: SendChunk = async (rows, o) => {
    const res: TBatchResult = { total: rows.length, created: 0, updated: 0, unchanged: 0, errors: [] };
    rows.forEach((r, i) => {
      const row = o.firstRow + i;
      const before = res.errors.length;
      if (String(r.name ?? '').includes('bad'))
        res.errors.push({ row, column: 'name', reason: '名称不可用 / name refused' });
      if (r.sort === undefined) res.errors.push({ row, column: 'sort', reason: '必填 / required' });
      if (res.errors.length === before) res.created += 1;
    });
    return res;
  };

  it('reports every error of a row at once: a refused cell and the server’s errors on the other fields', async () => {
    const file = path.join(dir, 'every.csv');
    await writeSheet(file, header, [
      ['A1', 'fine', '1', '1'],
      ['A2', 'bad one', 'twelve', 'maybe'],
      ['A3', 'bad two', '3', '1'],
    ]);
    const r = await runImport({
      kind,
      file,
      dryRun: true,
      errorsFile: path.join(dir, 'every.errors.xlsx'),
      send: strict,
      progress: quiet,
    });
    // Row 3: the name (server), the sort and the status (refused here) — the server's "required" on the
    // sort left out is not repeated; in the order of the columns.
    expect(r.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '校区名称'],
      [3, '排序'],
      [3, '状态'],
      [4, '校区名称'],
    ]);
    expect(r).toMatchObject({ exitCode: 1, errorRows: 2, checked: 3, wouldImport: 1 });
  });

  it('counts what the progress bar showed: the same total, in rows', async () => {
    const keyed: ImportKind = { ...kind, key: { fields: ['code'], repeat: 'error' } };
    const file = path.join(dir, 'counts.csv');
    const body = many(9);
    body[2] = ['C2', 'bad', '2', '1']; // a server error
    body[4] = ['C4', 'campus 4', 'x', 'maybe']; // two cells refused here
    body.splice(6, 0, ['', '', '', '']); // a blank row: not a data row
    body[8] = ['C0', 'again', '7', '1']; // repeats row 2's code in a later chunk
    await writeSheet(file, header, body);
    const bars: { label: string; total: number; value: number; stopped: boolean }[] = [];
    const progress = (label: string, total: number): Progress => {
      const bar = { label, total, value: 0, stopped: false };
      bars.push(bar);
      return {
        setTotal: (t) => void (bar.total = t),
        increment: (n) => void (bar.value += n),
        stop: () => void (bar.stopped = true),
      };
    };
    const r = await runImport({
      kind: keyed,
      file,
      dryRun: true,
      errorsFile: path.join(dir, 'counts.errors.xlsx'),
      send: fakeServer().send,
      chunkSize: 4,
      progress,
    });
    expect(bars).toHaveLength(1);
    const [bar] = bars;
    expect(bar).toMatchObject({ label: 'checking', total: 9, value: 9, stopped: true });
    expect(r).toMatchObject({ rows: 9, checked: 9, errorRows: 3, skipped: 0, wouldImport: 6 });
    expect(r.wouldImport + r.errorRows + r.skipped).toBe(bar?.value);
    const summary = formatImportSummary(keyed.name, file, true, r, 0);
    expect(summary).toMatch(/rows checked\s+9\n/);
    expect(summary).toMatch(/would import\s+6\n/);
    expect(summary).toMatch(/rows with errors\s+3\n/);
    expect(summary).toMatch(/errors\s+4\n/);
  });
});
