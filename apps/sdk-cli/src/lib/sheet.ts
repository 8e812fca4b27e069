// Streaming spreadsheet I/O: xlsx read by the bounded reader of @bo/domain, written with exceljs, and a
// small CSV reader/writer: rows flow through without holding a 100k-row file in memory.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { readXlsxRows, SheetReadError, type SheetLimits } from '@bo/domain/xlsx-read';
import { sheetDate } from '@bo/domain';
import { CliError } from './errors.js';

export type SheetFormat = 'xlsx' | 'csv';

export function formatOf(file: string): SheetFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.csv') return 'csv';
  throw new CliError(`${file}: only .xlsx and .csv files are supported`, 2);
}

/** One row of a sheet: its spreadsheet row number (1-based, header = 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A cell value as text: dates as YYYY-MM-DD (with time when it has one), rich text and formulas by their text. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  // A numeric cell to the 15 significant digits Excel shows (a formula's 33.250000000000004 is 33.25).
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(15))) : '';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) {
    // exceljs gives a sheet's wall-clock date and time as UTC.
    const d = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    const hasTime = v.getUTCHours() || v.getUTCMinutes() || v.getUTCSeconds();
    return hasTime ? `${d} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}` : d;
  }
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText))
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return String(o.error);
  }
  return JSON.stringify(v);
}

/**
 * The CLI's spreadsheet limits: larger than the server's upload limits (the CLI sends rows in chunks of
 * 500), still bounded so that a hostile or broken file is refused instead of exhausting memory.
 */
export const CLI_SHEET_LIMITS: SheetLimits = {
  maxUnzippedBytes: 512 * 1024 * 1024,
  maxRows: 1_000_000,
  maxColumns: 200,
  maxCellChars: 32_767,
};
/** Largest .xlsx read (it is read into memory for its zip directory; 1,000,000 rows take about 40 MB). */
export const CLI_MAX_XLSX_BYTES = 200 * 1024 * 1024;

async function* readXlsx(file: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const size = (await stat(file)).size;
  if (size > CLI_MAX_XLSX_BYTES)
    throw new CliError(`${file}: larger than ${CLI_MAX_XLSX_BYTES / 1024 / 1024} MB (limit)`, 2);
  try {
    for await (const r of readXlsxRows(await readFile(file), limits))
      yield { row: r.rowNo, cells: r.cells.map(cellText) };
  } catch (e) {
    if (e instanceof SheetReadError) throw new CliError(`${file}: ${e.message}`, 2);
    throw e;
  }
}

/** A CSV record parser (RFC 4180: quotes, doubled quotes, newlines inside quotes; BOM stripped). */
export async function* parseCsv(
  chunks: AsyncIterable<string>,
  maxFieldChars = Number.POSITIVE_INFINITY,
): AsyncGenerator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let first = true;
  for await (let chunk of chunks) {
    if (first) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i];
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else field += c;
        continue;
      }
      if (c === '"') {
        if (afterQuote) field += '"'; // a doubled quote inside a quoted field
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (c === ',') {
        record.push(field);
        field = '';
      } else if (c === '\n') {
        record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        yield record;
        record = [];
        field = '';
      } else field += c;
    }
    // Checked per chunk: a field never grows past the limit by more than one chunk.
    if (field.length > maxFieldChars)
      throw new CliError(`a cell has more than ${maxFieldChars} characters (limit)`, 2);
  }
  if (field !== '' || record.length) {
    record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    yield record;
  }
}

async function* readCsv(file: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  let n = 0;
  for await (const rec of parseCsv(createReadStream(file, { encoding: 'utf8' }), limits.maxCellChars)) {
    n += 1;
    if (n > limits.maxRows + 1) throw new CliError(`${file}: more than ${limits.maxRows} rows (limit)`, 2);
    if (rec.length > limits.maxColumns && rec.slice(limits.maxColumns).some((c) => c.trim() !== ''))
      throw new CliError(`${file}: more than ${limits.maxColumns} columns (limit)`, 2);
    // Bytes that are not UTF-8 were read as U+FFFD: a CSV saved in another encoding (GBK by Excel).
    if (rec.some((c) => c.includes('\uFFFD')))
      throw new CliError(
        `${file}: row ${n} is not UTF-8 text (a CSV saved as GBK/ANSI?); save it as "CSV UTF-8" or use .xlsx`,
        2,
      );
    yield { row: n, cells: rec.map((c) => c.trim()) };
  }
}

/** Reads the first sheet of an .xlsx or a .csv file row by row, skipping blank rows. */
export async function* readSheet(
  file: string,
  limits: SheetLimits = CLI_SHEET_LIMITS,
): AsyncGenerator<SheetRow> {
  const rows = formatOf(file) === 'xlsx' ? readXlsx(file, limits) : readCsv(file, limits);
  for await (const r of rows) {
    if (r.cells.some((c) => c !== '')) yield r;
  }
}

/**
 * A cell for xlsx: a point in time (an instant, ISO text with a zone, a day) a date cell at Beijing
 * time (sheetDate of @bo/domain, the server's exports alike); numbers and booleans stay typed;
 * objects become JSON.
 */
function xlsxCell(v: unknown): { value: ExcelJS.CellValue; numFmt?: string } {
  if (v === null || v === undefined) return { value: null };
  const d = sheetDate(v);
  if (d) return { value: d.value, numFmt: d.numFmt };
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return { value: v };
  return { value: JSON.stringify(v) };
}
function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  const d = sheetDate(v);
  const s = d ? d.text : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface SheetWriter {
  add(values: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens a streaming writer; the header row goes first (bold in xlsx). */
export async function openSheetWriter(
  file: string,
  headers: string[],
  o: { sheetName?: string } = {},
): Promise<SheetWriter> {
  const format = formatOf(file);
  // The xlsx writer reports a missing folder only on its stream, after the rows: checked first, so
  // an export never ends "done" with no file written.
  const folder = path.dirname(path.resolve(file));
  const where = await stat(folder).catch(() => null);
  if (!where?.isDirectory()) throw new CliError(`${file}: the folder ${folder} does not exist`, 2);
  if (format === 'xlsx') {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useStyles: true,
      useSharedStrings: false,
    });
    const ws = wb.addWorksheet(o.sheetName ?? 'Sheet1');
    const head = ws.addRow(headers);
    head.font = { bold: true };
    head.commit();
    return {
      add: async (values) => {
        const cells = values.map(xlsxCell);
        const row = ws.addRow(cells.map((c) => c.value));
        cells.forEach((c, i) => {
          if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
        });
        row.commit();
      },
      close: async () => {
        ws.commit();
        await wb.commit();
      },
    };
  }
  const out = createWriteStream(file, { encoding: 'utf8' });
  // A BOM lets Excel open UTF-8 (Chinese) text correctly.
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('\ufeff' + headers.map(csvValue).join(',') + '\r\n');
  return {
    add: (values) => write(values.map(csvValue).join(',') + '\r\n'),
    close: () =>
      new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve()))),
  };
}

/** Writes a whole sheet from an (async) iterable of rows. Returns the number of data rows. */
export async function writeSheet(
  file: string,
  headers: string[],
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>,
): Promise<number> {
  const w = await openSheetWriter(file, headers);
  let n = 0;
  for await (const r of rows) {
    await w.add(r);
    n += 1;
  }
  await w.close();
  return n;
}
