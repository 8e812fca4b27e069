import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellText, formatOf, parseCsv, readSheet, writeSheet, type SheetRow } from './sheet.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sdk-cli-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(file: string): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const r of readSheet(file)) out.push(r);
  return out;
}
async function* of(...chunks: string[]) {
  for (const c of chunks) yield c;
}
async function records(...chunks: string[]) {
  const out: string[][] = [];
  for await (const r of parseCsv(of(...chunks))) out.push(r);
  return out;
}

const headers = ['编码 code', '名称 name', 'amount', 'note'];
const rows = [
  ['C001', '北京朝阳校区', 1234.5, 'plain'],
  ['C002', 'Shanghai, "Pudong"', 0, 'line one\nline two'],
  ['C003', '', 7, null],
];

describe('CSV', () => {
  it('parses quotes, doubled quotes, commas and newlines inside quotes, CRLF and a BOM', async () => {
    expect(await records('\ufeffa,b\r\n"x, y","say ""hi"""\r\n"multi\nline",', 'z\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', 'z'],
    ]);
  });

  it('handles a quote split across chunks and a last line without newline', async () => {
    expect(await records('"a"', '"b",c\nd,e')).toEqual([
      ['a"b', 'c'],
      ['d', 'e'],
    ]);
  });
});

describe('round trips', () => {
  for (const ext of ['csv', 'xlsx'] as const) {
    it(`writes and reads back a .${ext} file with the spreadsheet row numbers`, async () => {
      const file = path.join(dir, `round.${ext}`);
      expect(await writeSheet(file, headers, rows)).toBe(3);
      const back = await readAll(file);
      expect(back.map((r) => r.row)).toEqual([1, 2, 3, 4]);
      expect(back[0]?.cells).toEqual(headers);
      expect(back[1]?.cells).toEqual(['C001', '北京朝阳校区', '1234.5', 'plain']);
      expect(back[2]?.cells).toEqual(['C002', 'Shanghai, "Pudong"', '0', 'line one\nline two']);
      expect(back[3]?.cells.slice(0, 3)).toEqual(['C003', '', '7']);
    });
  }

  it('writes CSV with a BOM so Excel reads UTF-8', () => {
    expect(readFileSync(path.join(dir, 'round.csv'), 'utf8').charCodeAt(0)).toBe(0xfeff);
  });

  it('skips blank rows but keeps the numbers of the others', async () => {
    const file = path.join(dir, 'blank.xlsx');
    await writeSheet(file, ['a'], [['1'], [''], ['3']]);
    expect((await readAll(file)).map((r) => [r.row, r.cells[0]])).toEqual([
      [1, 'a'],
      [2, '1'],
      [4, '3'],
    ]);
  });

  it('streams a large file', async () => {
    const file = path.join(dir, 'big.xlsx');
    const n = 20_000;
    function* gen() {
      for (let i = 0; i < n; i += 1) yield [`K${i}`, `name ${i}`, i];
    }
    await writeSheet(file, ['k', 'name', 'i'], gen());
    let count = 0;
    let last: SheetRow | undefined;
    for await (const r of readSheet(file)) {
      count += 1;
      last = r;
    }
    expect(count).toBe(n + 1);
    expect(last?.cells).toEqual([`K${n - 1}`, `name ${n - 1}`, String(n - 1)]);
  });
});

describe('cells', () => {
  it('gives a numeric cell as the number Excel shows, never a float artefact', () => {
    expect(cellText(10.5)).toBe('10.5');
    expect(cellText(332.5 * 0.1 + 0.000000000000004)).toBe('33.25');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(120)).toBe('120');
    expect(cellText(Number.NaN)).toBe('');
  });

  it('turns dates, rich text and formulas into text', () => {
    expect(cellText(new Date(Date.UTC(2024, 0, 5)))).toBe('2024-01-05');
    expect(cellText(new Date(Date.UTC(2024, 0, 5, 9, 30)))).toBe('2024-01-05 09:30:00');
    expect(cellText({ richText: [{ text: '北' }, { text: '京 ' }] })).toBe('北京');
    expect(cellText({ formula: 'A1+1', result: 3 })).toBe('3');
    expect(cellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(cellText(null)).toBe('');
  });

  it('accepts only .xlsx and .csv', () => {
    expect(formatOf('a.XLSX')).toBe('xlsx');
    expect(() => formatOf('a.xls')).toThrow(/only .xlsx and .csv/);
  });
});

describe('limits', () => {
  const small = { maxUnzippedBytes: 1024 * 1024, maxRows: 2, maxColumns: 3, maxCellChars: 10 };
  const readWith = async (file: string) => {
    const out: SheetRow[] = [];
    for await (const r of readSheet(file, small)) out.push(r);
    return out;
  };

  it('refuses an xlsx past a limit, naming it, and reads one within them', async () => {
    const ok = path.join(dir, 'limits-ok.xlsx');
    await writeSheet(
      ok,
      ['a', 'b'],
      [
        ['1', '2'],
        ['3', '4'],
      ],
    );
    expect((await readWith(ok)).length).toBe(3);
    const rowsFile = path.join(dir, 'limits-rows.xlsx');
    await writeSheet(rowsFile, ['a'], [['1'], ['2'], ['3']]);
    await expect(readWith(rowsFile)).rejects.toThrow(/more than 2 rows \(limit\)/);
    const cellFile = path.join(dir, 'limits-cell.xlsx');
    await writeSheet(cellFile, ['a'], [['x'.repeat(11)]]);
    await expect(readWith(cellFile)).rejects.toThrow(/more than 10 characters \(limit\)/);
  });

  it('refuses a csv past a limit, naming it', async () => {
    const cols = path.join(dir, 'limits-cols.csv');
    await writeSheet(cols, ['a', 'b', 'c', 'd'], [['1', '2', '3', '4']]);
    await expect(readWith(cols)).rejects.toThrow(/more than 3 columns \(limit\)/);
    const cell = path.join(dir, 'limits-cell.csv');
    await writeSheet(cell, ['a'], [['y'.repeat(100_000)]]);
    await expect(readWith(cell)).rejects.toThrow(/more than 10 characters \(limit\)/);
  });
});

describe('encodings', () => {
  it('refuses a CSV that is not UTF-8 (Excel’s GBK), naming the row and the way out', async () => {
    const file = path.join(dir, 'gbk.csv');
    // "校区编码,校区名称" in GBK: bytes that are no UTF-8.
    writeFileSync(file, Buffer.from([0xd0, 0xa3, 0xc7, 0xf8, 0xb1, 0xe0, 0xc2, 0xeb, 0x2c, 0x41, 0x0a]));
    await expect(readAll(file)).rejects.toThrow(
      /gbk\.csv: row 1 is not UTF-8 text .*"CSV UTF-8" or use \.xlsx/,
    );
  });
});

describe('output', () => {
  it('refuses to write into a folder that does not exist, before any row', async () => {
    for (const ext of ['xlsx', 'csv'])
      await expect(writeSheet(path.join(dir, 'nowhere', `a.${ext}`), ['a'], [['1']])).rejects.toThrow(
        /nowhere[/\\]a\.(xlsx|csv): the folder .*nowhere does not exist/,
      );
  });
});
