// Spreadsheet helpers shared by every import and export: templates, reading an uploaded sheet into rows
// keyed by API field names, data workbooks, and the import-result workbook of spec §5/§9.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXPORT_NAMES, exportFileName, sheetDate } from '@bo/domain';
import type { DownloadResult, TImportResult, TImportRowError } from '@bo/api-sdk';
import { readXlsxRows, SheetReadError, type CellValue, type SheetLimits } from '@bo/domain/xlsx-read';
import type { Config } from '../config.js';
import { badInput } from '../http/errors.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of a template, an import or an export. */
export interface XlsxColumn {
  /** The API field name the column maps to. */
  key: string;
  /** The header shown (Chinese first); the key itself and the English part are accepted on import too. */
  header: string;
  width?: number;
  /** Kept as text in the template (codes, account numbers: Excel would turn them into numbers). */
  text?: boolean;
  /** Must be present in an uploaded sheet's header row. */
  required?: boolean;
}

/** A row read from a sheet: the values by API field, and the sheet's row number. */
export interface SheetRow {
  rowNo: number;
  values: Record<string, unknown>;
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
const ERROR_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E1' } };

function addSheet(wb: ExcelJS.Workbook, name: string, columns: XlsxColumn[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name.slice(0, 31));
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? Math.max(12, c.header.length * 2 + 2),
    style: c.text ? { numFmt: '@' } : {},
  }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell) => (cell.fill = HEADER_FILL));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

const toBuffer = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());

/** A workbook of one sheet: the header row and the given rows (values by API field). */
export async function workbook(
  sheetName: string,
  columns: XlsxColumn[],
  rows: Record<string, unknown>[],
): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, sheetName, columns);
  for (const r of rows) addSheetRow(ws, columns, r);
  return toBuffer(wb);
}

/**
 * Adds a row of values by API field: a point in time (an instant, ISO text with a zone, a
 * 'YYYY-MM-DD' day) becomes a date cell at Beijing time with its format (sheetDate of @bo/domain),
 * text columns stay text, objects become JSON.
 */
function addSheetRow(ws: ExcelJS.Worksheet, columns: XlsxColumn[], r: Record<string, unknown>): ExcelJS.Row {
  const formats: Array<[string, string]> = [];
  const values: Record<string, ExcelJS.CellValue> = {};
  for (const c of columns) {
    const v = r[c.key];
    if (v === null || v === undefined) values[c.key] = null;
    else if (c.text) values[c.key] = String(v);
    else {
      const d = sheetDate(v);
      if (d) {
        values[c.key] = d.value;
        formats.push([c.key, d.numFmt]);
      } else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') values[c.key] = v;
      else values[c.key] = JSON.stringify(v);
    }
  }
  const row = ws.addRow(values);
  for (const [key, numFmt] of formats) row.getCell(key).numFmt = numFmt;
  return row;
}

/** A download of a workbook. */
export const xlsxFile = (filename: string, body: Uint8Array): DownloadResult => ({
  filename,
  contentType: XLSX_TYPE,
  body,
});

/**
 * A workbook of one sheet written by exceljs's streaming writer while `next` reads the rows in
 * batches (it gets the last row of the previous batch, for a keyset read), so a large result never
 * sits in memory whole. Scope and filter checks belong before the call: once the download streams, an
 * error can only cut it short.
 */
export function streamedWorkbook<R extends Record<string, unknown>>(o: {
  filename: string;
  sheetName: string;
  columns: XlsxColumn[];
  batch: number;
  next: (last: R | null) => Promise<R[]>;
}): DownloadResult {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet(o.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = o.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? Math.max(12, c.header.length * 2 + 2),
    style: c.text ? { numFmt: '@' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  const write = async () => {
    for (let last: R | null = null; ;) {
      const rows = await o.next(last);
      for (const r of rows) addSheetRow(ws, o.columns, r).commit();
      if (rows.length < o.batch) break;
      last = rows[rows.length - 1] ?? null;
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return { filename: o.filename, contentType: XLSX_TYPE, body: out };
}

/** An import template: the header row and example rows, as a download named '<name>模板.xlsx'. */
export async function templateFile(
  name: string,
  columns: XlsxColumn[],
  examples: Record<string, unknown>[] = [],
): Promise<DownloadResult> {
  return xlsxFile(`${name}导入模板.xlsx`, await workbook(name, columns, examples));
}

/**
 * The plain text of a cell value (rich text, formulas, hyperlinks and dates included); null when empty.
 * A numeric cell is its number to the 15 significant digits Excel shows (a formula's 33.250000000000004
 * is the 33.25 the user sees); text is kept as typed, so "10,5" in a text cell reaches the strict
 * amount schema and is refused there.
 */
export function cellText(v: ExcelJS.CellValue): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? Number(v.toPrecision(15)) : null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) {
    // Excel dates carry no zone: exceljs gives them as UTC.
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof v === 'object') {
    if ('result' in v) return cellText((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in v)
      return cellText((v as ExcelJS.CellRichTextValue).richText.map((p) => p.text).join(''));
    if ('text' in v) return cellText((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return null;
  }
  return null;
}

/** A header as compared: without required marks and spaces, lower case. */
const normHeader = (h: string) => h.replace(/[*＊\s]/g, '').toLowerCase();
const headerNames = (c: XlsxColumn) => new Set([c.key, c.header, ...c.header.split('/')].map(normHeader));

/** A streamed cell as the value an import sees: text trimmed (blank = null), dates as ISO, booleans 1/0. */
function streamedText(v: CellValue): string | number | null {
  if (v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return v.trim() === '' ? null : v.trim();
}

/** The sheet limits of the configuration (docs/configuration.md). */
export const sheetLimits = (c: Config): SheetLimits => ({
  maxUnzippedBytes: c.SHEET_MAX_UNZIPPED_MB * 1024 * 1024,
  maxRows: c.SHEET_MAX_ROWS,
  maxColumns: c.SHEET_MAX_COLUMNS,
  maxCellChars: c.SHEET_MAX_CELL_CHARS,
});

/**
 * Reads the first sheet of an uploaded xlsx, streamed and bounded by `limits` (a file past one is refused
 * with 400 naming the limit): the header row (row 1) is matched to the columns by header text or API field
 * name; every later row with a value becomes a row. Refuses a file that is not an xlsx or lacks a required
 * column (400 naming 'file').
 */
export async function readSheet(
  data: Buffer | Uint8Array,
  columns: XlsxColumn[],
  limits: SheetLimits,
): Promise<SheetRow[]> {
  const byCol = new Map<number, XlsxColumn>();
  const rows: SheetRow[] = [];
  let headed = false;
  try {
    for await (const row of readXlsxRows(data, limits)) {
      if (!headed) {
        headed = true;
        if (row.rowNo === 1) {
          row.cells.forEach((cell, i) => {
            const t = streamedText(cell);
            if (t === null) return;
            const name = normHeader(String(t));
            const c = columns.find((x) => headerNames(x).has(name));
            if (c) byCol.set(i, c);
          });
          continue;
        }
      }
      const values: Record<string, unknown> = {};
      let any = false;
      for (const [i, c] of byCol) {
        const t = streamedText(row.cells[i] ?? null);
        if (t === null) continue;
        values[c.key] = c.text ? String(t) : t;
        any = true;
      }
      if (any) rows.push({ rowNo: row.rowNo, values });
    }
  } catch (e) {
    if (e instanceof SheetReadError) throw badInput('file', e.message);
    throw e;
  }
  // Checked after the whole (bounded) read, so every file meets the limits whatever its headers.
  assertColumns(columns, byCol);
  if (rows.length === 0) throw badInput('file', '文件中没有数据行 / the sheet has no data rows');
  return rows;
}

function assertColumns(columns: XlsxColumn[], byCol: Map<number, XlsxColumn>) {
  const found = new Set([...byCol.values()].map((c) => c.key));
  const missing = columns.filter((c) => c.required && !found.has(c.key));
  if (missing.length)
    throw badInput(
      'file',
      `缺少列：${missing.map((c) => c.header).join('、')} / missing columns: ${missing.map((c) => c.key).join(', ')}`,
    );
}

/**
 * The import-result workbook (spec §5, §9 'import result'): every row of the file with its sheet row
 * number and, for rows that failed, the column and reason; failed rows are highlighted.
 */
export async function importResultFile(
  columns: XlsxColumn[],
  rows: SheetRow[],
  errors: TImportRowError[],
  today: Date,
): Promise<DownloadResult> {
  const wb = new ExcelJS.Workbook();
  const cols: XlsxColumn[] = [
    { key: '__row', header: '行号 / row', width: 10 },
    ...columns,
    { key: '__result', header: '结果 / result', width: 12 },
    { key: '__column', header: '错误列 / column', width: 16 },
    { key: '__reason', header: '失败原因 / reason', width: 60 },
  ];
  const ws = addSheet(wb, EXPORT_NAMES.importResult['zh-CN'], cols);
  const byRow = new Map<number, TImportRowError[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  const seen = new Set<number>();
  for (const r of rows) {
    seen.add(r.rowNo);
    const errs = byRow.get(r.rowNo) ?? [];
    const added = addSheetRow(ws, cols, {
      ...r.values,
      __row: r.rowNo,
      __result: errs.length ? '失败 / failed' : '未导入 / not imported',
      __column: errs.map((e) => e.column).join('; '),
      __reason: errs.map((e) => e.reason).join('; '),
    });
    if (errs.length) added.eachCell((cell) => (cell.fill = ERROR_FILL));
  }
  // Errors of no data row (e.g. the whole file) come last.
  for (const e of errors)
    if (!seen.has(e.row))
      ws.addRow({ __row: e.row, __result: '失败 / failed', __column: e.column, __reason: e.reason });
  return xlsxFile(exportFileName(EXPORT_NAMES.importResult['zh-CN'], today), await toBuffer(wb));
}

/** The message of an import that wrote every row. */
export const importedMessage = (r: TImportResult) =>
  `导入成功，共${r.total}行（新增${r.created}，更新${r.updated}，未变${r.unchanged}） / imported ${r.total} rows (${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged)`;

/**
 * An xlsx upload of spec §5: reads the sheet, imports its rows all-or-nothing through `importRows`
 * (rows keyed by API field, numbered from 1), and answers a JSON message when every row imported or the
 * import-result workbook (rows with their reasons) when any failed — then nothing was written.
 */
export async function runFileImport(o: {
  file: { data: Buffer | Uint8Array };
  columns: XlsxColumn[];
  limits: SheetLimits;
  today: Date;
  importRows: (
    rows: Record<string, unknown>[],
    o: { dryRun: boolean; firstRow: number },
  ) => Promise<TImportResult>;
}): Promise<DownloadResult | { message: string }> {
  const rows = await readSheet(o.file.data, o.columns, o.limits);
  // Rows are numbered as in the sheet (messages such as "duplicates row 3" then name sheet rows); with
  // blank rows in between, row numbers are mapped back by position.
  const first = rows[0]?.rowNo ?? 2;
  const contiguous = rows.every((x, i) => x.rowNo === first + i);
  const r = await o.importRows(
    rows.map((x) => x.values),
    { dryRun: false, firstRow: contiguous ? first : 1 },
  );
  if (r.errors.length === 0) return { message: importedMessage(r) };
  const errors = contiguous
    ? r.errors
    : r.errors.map((e) => ({ ...e, row: rows[e.row - 1]?.rowNo ?? e.row }));
  return importResultFile(o.columns, rows, errors, o.today);
}

/** Reads a workbook's first sheet back as arrays of cell texts (tests and tools). */
export async function sheetValues(data: Buffer | Uint8Array): Promise<(string | number | null)[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: (string | number | null)[][] = [];
  ws?.eachRow({ includeEmpty: true }, (row, rowNo) => {
    const cells: (string | number | null)[] = [];
    for (let i = 1; i <= ws.columnCount; i += 1) cells.push(cellText(row.getCell(i).value));
    out[rowNo - 1] = cells;
  });
  return out;
}
