// The generic import flow: read the file (streaming), map headers to fields, dry-run every chunk
// collecting row errors, write the error report, and only when the whole file is clean send it for real.
import { z } from 'zod';
import { CliError } from '../lib/errors.js';
import { createProgress, type Progress } from '../lib/progress.js';
import { readSheet, writeSheet, type SheetRow } from '../lib/sheet.js';
import { templateOf, type ImportColumn, type ImportKind } from './registry.js';

/** Rows per call unless the kind says otherwise (500 keeps each transaction short). */
export const CHUNK_SIZE = 500;
/**
 * A file of at most this many data rows is read once, into memory, for the count, the dry run and the
 * import; a larger one is streamed, read once per pass.
 */
export const KEEP_ROWS = 250_000;

/** What a batch import endpoint answers (updated/unchanged/skipped are optional for kinds that lack them). */
export const BatchResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int().optional(),
  unchanged: z.number().int().optional(),
  skipped: z.number().int().optional(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  /** Rows not created because their key already exists (clues, resources): reported, not errors. */
  duplicates: z
    .array(z.object({ row: z.number().int(), phone: z.string().optional(), owner: z.string().optional() }))
    .optional(),
});
export type TBatchResult = z.infer<typeof BatchResult>;

export interface RowError {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  /** The column's header text (or the server's field name when no column maps to it). */
  column: string;
  reason: string;
}

/** Sends one chunk: rows keyed by field, firstRow the spreadsheet row of rows[0]. */
export type SendChunk = (
  rows: Record<string, unknown>[],
  o: { dryRun: boolean; firstRow: number },
) => Promise<TBatchResult>;

export interface HeaderMap {
  /** Cell index → column. */
  byIndex: Map<number, ImportColumn>;
}

/** The names a header cell may stand for: '手机号* / phone' → 手机号* / phone, 手机号, phone. */
function headerNames(cell: string): string[] {
  const names = [cell, ...cell.split(' / ')].map((x) =>
    x
      .trim()
      .replace(/[*＊]$/, '')
      .trim(),
  );
  return [...new Set(names.filter(Boolean))];
}

/**
 * Maps the header row to the kind's columns, by header text or field name (a bilingual
 * '中文* / field' header as the server's templates have matches either part); unknown, duplicate
 * or missing required headers are refused.
 */
export function mapHeaders(kind: ImportKind, header: string[]): HeaderMap {
  const byIndex = new Map<number, ImportColumn>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  header.forEach((raw, i) => {
    const h = raw.trim();
    if (!h) return;
    const names = headerNames(h);
    const col = kind.columns.find(
      (c) =>
        names.includes(c.header) ||
        names.includes(c.field) ||
        (c.title !== undefined && names.includes(c.title)),
    );
    if (!col) return void unknown.push(h);
    // An exported read-only column (a name beside its code) is read past: the file came from the export.
    if (col.readOnly) return;
    if (seen.has(col.field)) throw new CliError(`the header "${h}" appears twice (column ${i + 1})`, 2);
    seen.add(col.field);
    byIndex.set(i, col);
  });
  const problems: string[] = [];
  if (unknown.length)
    problems.push(
      `unknown header${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => `"${u}"`).join(', ')}`,
    );
  const missing = kind.columns.filter((c) => c.required && !seen.has(c.field));
  if (missing.length)
    problems.push(
      `missing required header${missing.length > 1 ? 's' : ''}: ${missing.map((c) => `"${c.header}"`).join(', ')}`,
    );
  if (problems.length) {
    throw new CliError(
      `${problems.join('; ')}.\nThe ${kind.name} template has: ${templateOf(kind)
        .map((c) => c.header + (c.required ? ' *' : ''))
        .join(', ')} (sdk-cli template ${kind.name} --out t.xlsx)`,
      2,
    );
  }
  return { byIndex };
}

/** Turns a sheet row into the record sent: empty cells are left out; a refused cell becomes a row error. */
export function toRecord(
  r: SheetRow,
  map: HeaderMap,
): { record: Record<string, unknown>; errors: RowError[] } {
  const record: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const [i, col] of map.byIndex) {
    const text = (r.cells[i] ?? '').trim();
    if (text === '') continue;
    try {
      record[col.field] = col.parse ? col.parse(text) : text;
    } catch (e) {
      errors.push({ row: r.row, column: col.header, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return { record, errors };
}

/** Groups an async stream into arrays of at most `size`. */
export async function* chunked<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let buf: T[] = [];
  for await (const it of items) {
    buf.push(it);
    if (buf.length >= size) {
      yield buf;
      buf = [];
    }
  }
  if (buf.length) yield buf;
}

interface Prepared {
  row: number;
  record: Record<string, unknown>;
  /** Fields whose cell was refused here (left out of the record; the server's word on them is dropped). */
  refused: Set<string>;
}

/**
 * Streams the data rows of a file as records, with local (parse) errors reported through onError. A row
 * with a refused cell is still sent without that cell, so the dry run reports every error of the row
 * at once (the other fields' errors come from the server).
 */
async function* records(
  file: string,
  kind: ImportKind,
  onError: (e: RowError) => void,
): AsyncGenerator<Prepared> {
  let map: HeaderMap | undefined;
  for await (const r of readSheet(file)) {
    if (!map) {
      map = mapHeaders(kind, r.cells);
      continue;
    }
    const { record, errors } = toRecord(r, map);
    errors.forEach(onError);
    const refused = new Set(
      errors.map((e) => kind.columns.find((c) => c.header === e.column)?.field ?? e.column),
    );
    yield { row: r.row, record, refused };
  }
  if (!map) throw new CliError(`${file} is empty: the first row must hold the headers`, 2);
}

async function countRows(file: string): Promise<number> {
  let n = -1; // the header row
  for await (const _ of readSheet(file)) n += 1;
  return Math.max(n, 0);
}

/** Maps a server error back to the chunk's row (blank rows are skipped, so rows are not contiguous). */
function chunkRow(
  kind: ImportKind,
  serverRow: number,
  firstRow: number,
  chunk: Prepared[],
): Prepared | undefined {
  const i = kind.rowNumbers === 'index' ? serverRow - 1 : serverRow - firstRow;
  return chunk[i];
}

export const ERROR_REPORT_HEADERS = ['行号 row', '列 column', '原因 reason'];

export interface ImportOptions {
  kind: ImportKind;
  file: string;
  dryRun: boolean;
  errorsFile: string;
  send: SendChunk;
  chunkSize?: number;
  progress?: (label: string, total: number) => Progress;
}

export interface ImportOutcome {
  /** The data rows of the file: the progress bar's total, and what the dry run checked. */
  rows: number;
  /** Rows the progress bar counted (equals `rows` once the run ends). */
  checked: number;
  errors: RowError[];
  /** Rows with at least one error (a row may have several). */
  errorRows: number;
  /** Rows the server left out as duplicates (not errors; listed in the report). */
  notices: RowError[];
  /** Counts of the real import (or what the dry run would do). */
  created: number;
  updated: number;
  unchanged: number;
  /** Rows left out as duplicates (not errors): the notices' rows. */
  skipped: number;
  /** Rows the import writes (or would): checked − rows with errors − skipped. */
  wouldImport: number;
  written: boolean;
  /** The report written (row errors and duplicate notices); null when there was nothing to report. */
  report: string | null;
  exitCode: number;
}

/**
 * The rows of a dry-run chunk to send: a row whose key (the kind's `key`) appeared in an earlier chunk is
 * settled here as the real import will settle it — a duplicate notice, not created (clues, resources), or
 * the row error the server gives a key repeated within one call. Keys of this chunk are then remembered.
 */
function repeatedKeys(
  kind: ImportKind,
  chunk: Prepared[],
  seen: Map<string, number>,
  headerOf: (field: string) => string,
  errors: RowError[],
  notices: RowError[],
): Prepared[] {
  if (!kind.key) return chunk;
  const { fields, repeat } = kind.key;
  const column = headerOf(fields[0] ?? '');
  const sent: Prepared[] = [];
  const mine = new Map<string, number>();
  for (const c of chunk) {
    const parts = fields.map((f) => c.record[f]);
    if (parts.some((v) => v === undefined || v === null || String(v).trim() === '')) {
      sent.push(c);
      continue;
    }
    const k = parts.map((v) => String(v).trim()).join('\u0001');
    const earlier = seen.get(k);
    if (earlier === undefined) {
      sent.push(c);
      if (!mine.has(k)) mine.set(k, c.row);
    } else if (repeat === 'notice')
      notices.push({
        row: c.row,
        column,
        reason: `重复，未导入 / duplicate, not imported: 第${earlier}行 / row ${earlier}`,
      });
    else errors.push({ row: c.row, column, reason: `与第${earlier}行重复 / duplicates row ${earlier}` });
  }
  for (const [k, row] of mine) seen.set(k, row);
  return sent;
}

/** The rows per call: the caller's, else the kind's, else CHUNK_SIZE. */
const chunkSizeOf = (o: ImportOptions) => o.chunkSize ?? o.kind.chunkSize ?? CHUNK_SIZE;

/** The file's records read once (with their local errors), or null when it has more than KEEP_ROWS rows. */
async function load(o: ImportOptions): Promise<{ rows: Prepared[]; local: RowError[] } | null> {
  const rows: Prepared[] = [];
  const local: RowError[] = [];
  for await (const p of records(o.file, o.kind, (e) => local.push(e))) {
    rows.push(p);
    if (rows.length > KEEP_ROWS) return null;
  }
  return { rows, local };
}

async function* replay(kept: Prepared[]): AsyncGenerator<Prepared> {
  for (const p of kept) yield p;
}

async function sendAll(
  o: ImportOptions,
  dryRun: boolean,
  total: number,
  errors: RowError[],
  notices: RowError[],
  loaded: { rows: Prepared[]; local: RowError[] } | null,
) {
  const size = chunkSizeOf(o);
  const bar = (o.progress ?? ((l, t) => createProgress(l, t)))(dryRun ? 'checking' : 'importing', total);
  const sums = { created: 0, updated: 0, unchanged: 0, sent: 0 };
  const seenKeys = new Map<string, number>();
  const headerOf = (field: string) =>
    o.kind.columns.find((c) => c.field === field || c.field === field.split('.')[0])?.header ?? field;
  const fieldOf = (column: string) =>
    o.kind.columns.find((c) => c.header === column || c.field === column || c.field === column.split('.')[0])
      ?.field ?? column;
  try {
    if (loaded && dryRun) errors.push(...loaded.local);
    const source = loaded ? replay(loaded.rows) : records(o.file, o.kind, (e) => dryRun && errors.push(e));
    for await (const chunk of chunked(source, size)) {
      // Each chunk is its own call, so the server cannot see a key repeated from an earlier chunk; the
      // dry run settles those rows here as the real import will (see `repeatedKeys`).
      const sent = dryRun ? repeatedKeys(o.kind, chunk, seenKeys, headerOf, errors, notices) : chunk;
      // The bar counts every data row of the chunk, sent or settled here: the same rows and unit as the
      // file's total and the summary's "checked".
      sums.sent += chunk.length;
      bar.increment(chunk.length);
      if (!sent.length) continue;
      const firstRow = sent[0]?.row ?? 2;
      const res = BatchResult.parse(
        await o.send(
          sent.map((c) => c.record),
          { dryRun, firstRow },
        ),
      );
      for (const e of res.errors) {
        const at = chunkRow(o.kind, e.row, firstRow, sent);
        // A cell refused here was left out of the row: the server's word on it (e.g. "required") is not news.
        if (at?.refused.has(fieldOf(e.column))) continue;
        errors.push({ row: at?.row ?? e.row, column: headerOf(e.column), reason: e.reason });
      }
      for (const d of res.duplicates ?? []) {
        notices.push({
          row: chunkRow(o.kind, d.row, firstRow, sent)?.row ?? d.row,
          column: headerOf('phone'),
          reason: `重复，未导入 / duplicate, not imported${d.owner ? `: ${d.owner}` : ''}`,
        });
      }
      sums.created += res.created;
      sums.updated += res.updated ?? 0;
      sums.unchanged += res.unchanged ?? 0;
      if (!dryRun && res.errors.length) break; // refused on the real run (the data changed since the check): stop here
    }
  } finally {
    bar.stop();
  }
  return sums;
}

/** The CLI's own bilingual words in the chosen language ('中文 / English': the half asked for). */
export function speak(text: string, lang: 'zh-CN' | 'en' = 'zh-CN'): string {
  const at = text.indexOf(' / ');
  if (at < 0 || !/[\u4e00-\u9fff]/.test(text.slice(0, at))) return text;
  return lang === 'en' ? text.slice(at + 3) : text.slice(0, at);
}

/** Errors by row, then in the order of the kind's columns. */
const byRowAndColumn = (kind: ImportKind) => {
  const order = (column: string) => {
    const i = kind.columns.findIndex((c) => c.header === column);
    return i < 0 ? kind.columns.length : i;
  };
  return (a: RowError, b: RowError) => a.row - b.row || order(a.column) - order(b.column);
};

const writeReport = (file: string, rows: RowError[], kind: ImportKind) =>
  writeSheet(
    file,
    ERROR_REPORT_HEADERS,
    [...rows].sort(byRowAndColumn(kind)).map((e) => [e.row, e.column, e.reason]),
  );

/** The counts of a run: rows with errors, duplicates left out (not error rows) and the rows imported. */
function tally(checked: number, errors: RowError[], notices: RowError[]) {
  const errorRows = new Set(errors.map((e) => e.row));
  const skipped = new Set(notices.map((n) => n.row).filter((r) => !errorRows.has(r))).size;
  return { checked, errorRows: errorRows.size, skipped, wouldImport: checked - errorRows.size - skipped };
}

/**
 * Runs the whole import flow; returns what happened and the exit code (0 clean, 1 row errors). A
 * report is written only when there is something in it (row errors or duplicates left out): a clean
 * file leaves none.
 */
export async function runImport(o: ImportOptions): Promise<ImportOutcome> {
  const loaded = await load(o);
  const total = loaded ? loaded.rows.length : await countRows(o.file);
  const errors: RowError[] = [];
  const dryNotices: RowError[] = [];
  const { sent: checked, ...check } = await sendAll(o, true, total, errors, dryNotices, loaded);
  errors.sort(byRowAndColumn(o.kind));
  const outcome: ImportOutcome = {
    rows: total,
    errors,
    notices: dryNotices,
    ...check,
    ...tally(checked, errors, dryNotices),
    written: false,
    report: null,
    exitCode: 0,
  };
  if (errors.length || o.dryRun) {
    const reported = [...errors, ...dryNotices];
    if (reported.length) await writeReport(o.errorsFile, reported, o.kind);
    return {
      ...outcome,
      report: reported.length ? o.errorsFile : null,
      exitCode: errors.length ? 1 : 0,
    };
  }
  const notices: RowError[] = [];
  const { sent, ...real } = await sendAll(o, false, total, errors, notices, loaded);
  if (errors.length) {
    // Calls are all-or-nothing: every chunk before the refused one was written.
    await writeReport(o.errorsFile, [...errors, ...notices], o.kind);
    return {
      ...outcome,
      ...real,
      ...tally(sent, errors, notices),
      notices,
      written: sent > chunkSizeOf(o),
      report: o.errorsFile,
      exitCode: 1,
    };
  }
  if (notices.length) await writeReport(o.errorsFile, notices, o.kind);
  return {
    ...outcome,
    ...real,
    ...tally(sent, errors, notices),
    notices,
    written: true,
    report: notices.length ? o.errorsFile : null,
  };
}
