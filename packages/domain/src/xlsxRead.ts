// A bounded, streaming reader of the first sheet of an xlsx workbook (Node only: '@bo/domain/xlsx-read').
// Uploads are hostile: a 5 MB zip can hold a million rows, a 200 KB one a 200 MB cell, and a zip entry
// may claim a small size and inflate to gigabytes. So this reader inflates each part itself, counting
// the bytes actually inflated, scans the XML as it streams (never holding a whole part as one string),
// and stops at the first limit passed with an error naming that limit. It yields to the event loop
// between chunks so other requests keep being served while a large file is read.
import { createInflateRaw } from 'node:zlib';

export interface SheetLimits {
  /** Bytes all parts read may inflate to, counted while inflating (not the zip's own claims). */
  maxUnzippedBytes: number;
  /** Data rows below the header row. */
  maxRows: number;
  /** Columns holding a value. */
  maxColumns: number;
  /** Characters of one cell (Excel's own limit is 32,767). */
  maxCellChars: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxUnzippedBytes: 30 * 1024 * 1024,
  maxRows: 10_000,
  maxColumns: 100,
  maxCellChars: 32_767,
};

export type SheetLimitKind = keyof SheetLimits | 'format';

/** A file refused: past a limit, or not a readable xlsx. The message is bilingual ('中文 / English'). */
export class SheetReadError extends Error {
  constructor(
    readonly kind: SheetLimitKind,
    message: string,
  ) {
    super(message);
    this.name = 'SheetReadError';
  }
}

const n = (x: number) => x.toLocaleString('en-US');
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const refuse = {
  format: (why: string) =>
    new SheetReadError(
      'format',
      `文件不是有效的Excel(xlsx)文件 / the file is not a valid xlsx workbook (${why})`,
    ),
  unzipped: (l: SheetLimits) =>
    new SheetReadError(
      'maxUnzippedBytes',
      `文件解压后超过 ${mb(l.maxUnzippedBytes)} 上限 / the workbook unzips to more than ${mb(l.maxUnzippedBytes)} (limit)`,
    ),
  rows: (l: SheetLimits) =>
    new SheetReadError(
      'maxRows',
      `表格超过 ${n(l.maxRows)} 行上限 / the sheet has more than ${n(l.maxRows)} rows (limit)`,
    ),
  columns: (l: SheetLimits, ref: string) =>
    new SheetReadError(
      'maxColumns',
      `表格超过 ${n(l.maxColumns)} 列上限（${ref}） / the sheet has more than ${n(l.maxColumns)} columns (limit; cell ${ref})`,
    ),
  cell: (l: SheetLimits, ref: string) =>
    new SheetReadError(
      'maxCellChars',
      `单元格${ref}超过 ${n(l.maxCellChars)} 字符上限 / cell ${ref} has more than ${n(l.maxCellChars)} characters (limit)`,
    ),
};

/** A cell's value as the sheet stores it; dates are Dates (UTC wall-clock, as Excel has no zone). */
export type CellValue = string | number | boolean | Date | null;

/** A row holding at least one value: its sheet row number (1-based) and cells by column (0 = A). */
export interface XlsxRow {
  rowNo: number;
  cells: CellValue[];
}

// ---------------------------------------------------------------------------------------------------
// Zip: the central directory gives each part's place and method; its sizes are claims, checked later.

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  dataStart: number;
}

function zipEntries(zip: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const len = zip.byteLength;
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse.format('no zip directory');
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw refuse.format('zip64 is not supported');
  if (cdOffset + cdSize > len) throw refuse.format('truncated zip');
  const names = new TextDecoder();
  const out = new Map<string, ZipEntry>();
  let p = cdOffset;
  for (let k = 0; k < count; k += 1) {
    if (p + 46 > len || view.getUint32(p, true) !== 0x02014b50) throw refuse.format('bad zip directory');
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = names.decode(zip.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 1) throw refuse.format('encrypted');
    if (local + 30 > len || view.getUint32(local, true) !== 0x04034b50) throw refuse.format('bad zip entry');
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > len) throw refuse.format('truncated zip');
    out.set(name, { name, method, compressedSize, uncompressedSize, dataStart });
  }
  return out;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

/** Inflates entries, counting every byte against one budget shared by all the parts read. */
class Unzipper {
  private used = 0;
  constructor(
    private readonly zip: Uint8Array,
    private readonly entries: Map<string, ZipEntry>,
    private readonly limits: SheetLimits,
  ) {}

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's text in chunks; throws the unzipped limit as soon as the inflated bytes pass it. */
  async *text(name: string): AsyncGenerator<string> {
    const e = this.entries.get(name);
    if (!e) throw refuse.format(`missing ${name}`);
    // A claim over the budget is refused before any work; a false small claim is caught while inflating.
    if (this.used + e.uncompressedSize > this.limits.maxUnzippedBytes) throw refuse.unzipped(this.limits);
    const data = this.zip.subarray(e.dataStart, e.dataStart + e.compressedSize);
    const decoder = new TextDecoder('utf-8');
    if (e.method === 0) {
      for (let i = 0; i < data.length; i += 65536) {
        this.count(Math.min(65536, data.length - i));
        yield decoder.decode(data.subarray(i, i + 65536), { stream: true });
        await tick();
      }
    } else if (e.method === 8) {
      const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
      inflater.end(data);
      try {
        for await (const chunk of inflater as AsyncIterable<Buffer>) {
          this.count(chunk.length);
          yield decoder.decode(chunk, { stream: true });
          await tick();
        }
      } catch (err) {
        if (err instanceof SheetReadError) throw err;
        throw refuse.format(`corrupt ${name}`);
      } finally {
        inflater.destroy();
      }
    } else throw refuse.format(`compression method ${e.method}`);
    const rest = decoder.decode();
    if (rest) yield rest;
  }

  private count(bytes: number) {
    this.used += bytes;
    if (this.used > this.limits.maxUnzippedBytes) throw refuse.unzipped(this.limits);
  }
}

// ---------------------------------------------------------------------------------------------------
// XML: a scanner for the subset OOXML parts use (no DTDs: a DOCTYPE is refused, so no entity bombs).

type Attrs = Record<string, string>;
interface XmlHandler {
  open(name: string, attrs: Attrs, selfClosing: boolean): void;
  close(name: string): void;
  /** Decoded text between tags (only called when non-empty). */
  text(t: string): void;
  /** Whether text here is kept; other text (whitespace between elements) is dropped unbuffered. */
  wants(): boolean;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decodeEntities = (s: string) =>
  s.indexOf('&') < 0
    ? s
    : s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, e: string) => {
        if (e[0] !== '#') return ENTITIES[e] ?? m;
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : m;
      });
const localName = (q: string) => q.slice(q.indexOf(':') + 1);
const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Longest tag, comment or instruction accepted; text is bounded by the handler's cell limit. */
const MAX_MARKUP = 64 * 1024;

class XmlScanner {
  private buf = '';
  private text = '';
  constructor(
    private readonly h: XmlHandler,
    /** Raw characters of one text run allowed before it is refused (bounds memory on a huge cell). */
    private readonly maxTextRaw: number,
    private readonly onTextTooLong: () => Error,
  ) {}

  write(chunk: string) {
    this.buf += chunk;
    let i = 0;
    const b = this.buf;
    for (;;) {
      const lt = b.indexOf('<', i);
      if (lt < 0) {
        this.addText(b.slice(i));
        i = b.length;
        break;
      }
      if (lt > i) this.addText(b.slice(i, lt));
      const end = this.markupEnd(b, lt);
      if (end < 0) {
        if (b.length - lt > MAX_MARKUP) throw refuse.format('a tag too long');
        i = lt;
        break;
      }
      this.markup(b.slice(lt, end));
      i = end;
    }
    this.buf = b.slice(i);
  }

  end() {
    if (this.buf.trim()) throw refuse.format('unfinished XML');
  }

  private addText(raw: string) {
    if (!raw || !this.h.wants()) return;
    this.text += raw;
    if (this.text.length > this.maxTextRaw) throw this.onTextTooLong();
  }

  private flushText() {
    if (!this.text) return;
    const t = decodeEntities(this.text);
    this.text = '';
    this.h.text(t);
  }

  /** The index after the markup starting at `lt`, or -1 when it is not complete yet. */
  private markupEnd(b: string, lt: number): number {
    if (b.startsWith('<?', lt)) return after(b, '?>', lt);
    if (b[lt + 1] === '!') {
      if (b.startsWith('<!--', lt)) return after(b, '-->', lt);
      if (b.length - lt < 9) return -1;
      if (b.startsWith('<![CDATA[', lt)) return after(b, ']]>', lt);
      throw refuse.format('a DOCTYPE or declaration');
    }
    let quote = '';
    for (let j = lt + 1; j < b.length; j += 1) {
      const c = b[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return j + 1;
    }
    return -1;
  }

  private markup(m: string) {
    if (m.startsWith('<![CDATA[')) {
      // CDATA is literal text: encode it so the whole run decodes once.
      this.addText(m.slice(9, -3).replace(/&/g, '&amp;'));
      return;
    }
    if (m.startsWith('<!--') || m.startsWith('<?')) return;
    this.flushText();
    if (m[1] === '/') return this.h.close(localName(m.slice(2, -1).trim()));
    const selfClosing = m.endsWith('/>');
    const body = m.slice(1, selfClosing ? -2 : -1);
    const sp = body.search(/\s/);
    const name = localName(sp < 0 ? body : body.slice(0, sp));
    const attrs: Attrs = {};
    if (sp >= 0) {
      for (const a of body.slice(sp).matchAll(ATTR))
        attrs[localName(a[1] ?? '')] = decodeEntities(a[2] ?? a[3] ?? '');
    }
    this.h.open(name, attrs, selfClosing);
    if (selfClosing) this.h.close(name);
  }
}

function after(b: string, close: string, from: number): number {
  const k = b.indexOf(close, from);
  return k < 0 ? -1 : k + close.length;
}

async function scan(parts: AsyncIterable<string>, scanner: XmlScanner, each?: () => void) {
  for await (const chunk of parts) {
    scanner.write(chunk);
    each?.();
  }
  scanner.end();
}

// ---------------------------------------------------------------------------------------------------
// Workbook parts: which sheet is first, shared strings, which styles are dates.

const resolveTarget = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

/** Built-in number formats that show a date or time (the zh-CN ones 27–36 and 50–58 included). */
const BUILTIN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

const textLimit = (l: SheetLimits) => l.maxCellChars * 10 + 1024;

/** Reads the first sheet of an xlsx, row by row (rows holding no value are skipped). */
export async function* readXlsxRows(
  zip: Uint8Array,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): AsyncGenerator<XlsxRow> {
  const unz = new Unzipper(zip, zipEntries(zip), limits);

  // Workbook: the first sheet's relationship id and the date system.
  let firstSheetRel: string | null = null;
  let date1904 = false;
  await scan(
    unz.text('xl/workbook.xml'),
    new XmlScanner(
      {
        open(name, a) {
          if (name === 'sheet' && firstSheetRel === null) firstSheetRel = a.id ?? null;
          if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
        },
        close() {},
        text() {},
        wants: () => false,
      },
      MAX_MARKUP,
      () => refuse.format('workbook.xml'),
    ),
  );
  if (firstSheetRel === null) throw refuse.format('the workbook has no sheet');
  let sheetPath: string | null = null;
  let sharedPath: string | null = null;
  let stylesPath: string | null = null;
  const rels = 'xl/_rels/workbook.xml.rels';
  if (unz.has(rels)) {
    await scan(
      unz.text(rels),
      new XmlScanner(
        {
          open(name, a) {
            if (name !== 'Relationship' || !a.Target) return;
            if (a.Id === firstSheetRel) sheetPath = resolveTarget(a.Target);
            if (a.Type?.endsWith('/sharedStrings')) sharedPath = resolveTarget(a.Target);
            if (a.Type?.endsWith('/styles')) stylesPath = resolveTarget(a.Target);
          },
          close() {},
          text() {},
          wants: () => false,
        },
        MAX_MARKUP,
        () => refuse.format('workbook.xml.rels'),
      ),
    );
  }
  const sheet: string = sheetPath ?? 'xl/worksheets/sheet1.xml';
  const shared: string = sharedPath ?? 'xl/sharedStrings.xml';
  const styles: string = stylesPath ?? 'xl/styles.xml';

  // Styles: which cell formats (by index) show dates.
  const dateStyles = new Set<number>();
  if (unz.has(styles)) {
    const custom = new Map<number, string>();
    const xfFormats: number[] = [];
    let inCellXfs = false;
    await scan(
      unz.text(styles),
      new XmlScanner(
        {
          open(name, a) {
            if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
            else if (name === 'cellXfs') inCellXfs = true;
            else if (name === 'xf' && inCellXfs) xfFormats.push(Number(a.numFmtId ?? 0));
          },
          close(name) {
            if (name === 'cellXfs') inCellXfs = false;
          },
          text() {},
          wants: () => false,
        },
        MAX_MARKUP,
        () => refuse.format('styles.xml'),
      ),
    );
    xfFormats.forEach((id, i) => {
      const code = custom.get(id);
      if (code !== undefined ? isDateFormat(code) : BUILTIN_DATES.has(id)) dateStyles.add(i);
    });
  }

  // Shared strings (rich text runs joined; phonetic runs left out).
  const strings: string[] = [];
  if (unz.has(shared)) {
    let cur: string | null = null;
    let inT = false;
    let inPhonetic = false;
    await scan(
      unz.text(shared),
      new XmlScanner(
        {
          open(name) {
            if (name === 'si') cur = '';
            else if (name === 't') inT = true;
            else if (name === 'rPh') inPhonetic = true;
          },
          close(name) {
            if (name === 'si') {
              strings.push(cur ?? '');
              cur = null;
            } else if (name === 't') inT = false;
            else if (name === 'rPh') inPhonetic = false;
          },
          text(t) {
            if (cur === null || !inT || inPhonetic) return;
            cur += t;
            if (cur.length > limits.maxCellChars) throw refuse.cell(limits, `#${strings.length + 1}`);
          },
          wants: () => cur !== null && inT && !inPhonetic,
        },
        textLimit(limits),
        () => refuse.cell(limits, 'shared string'),
      ),
    );
  }

  // The sheet, streamed: finished rows are handed out after each chunk.
  const ready: XlsxRow[] = [];
  let rowNo = 0;
  let cells: CellValue[] = [];
  let any = false;
  let col = 0;
  let ref = '';
  let type = 'n';
  let style = 0;
  let v: string | null = null;
  let inline: string | null = null;
  let into: 'v' | 'is' | null = null;
  let inPhonetic = false;
  let inT = false;
  const refOf = () => ref || `R${rowNo}C${col}`;
  const scanner = new XmlScanner(
    {
      open(name, a) {
        switch (name) {
          case 'row':
            rowNo = a.r ? Number(a.r) : rowNo + 1;
            if (!Number.isSafeInteger(rowNo) || rowNo < 1) throw refuse.format(`row number ${a.r ?? ''}`);
            cells = [];
            any = false;
            col = 0;
            break;
          case 'c':
            ref = a.r ?? '';
            col = ref ? columnOf(ref) : col + 1;
            type = a.t ?? 'n';
            style = Number(a.s ?? 0);
            v = null;
            inline = null;
            break;
          case 'v':
            into = 'v';
            v = '';
            break;
          case 'is':
            into = 'is';
            inline = '';
            break;
          case 't':
            inT = true;
            break;
          case 'rPh':
            inPhonetic = true;
            break;
        }
      },
      close(name) {
        switch (name) {
          case 'v':
          case 'is':
            into = null;
            break;
          case 't':
            inT = false;
            break;
          case 'rPh':
            inPhonetic = false;
            break;
          case 'c': {
            const value = cellValue(type, v, inline, dateStyles.has(style), date1904, strings);
            if (value === null || value === '') break;
            if (col > limits.maxColumns) throw refuse.columns(limits, refOf());
            if (rowNo > limits.maxRows + 1) throw refuse.rows(limits);
            cells[col - 1] = value;
            any = true;
            break;
          }
          case 'row':
            if (any) ready.push({ rowNo, cells: Array.from(cells, (x) => x ?? null) });
            break;
        }
      },
      text(t) {
        if (into === 'v') v = (v ?? '') + t;
        else if (into === 'is' && inT && !inPhonetic) inline = (inline ?? '') + t;
        else return;
        if ((v?.length ?? 0) > limits.maxCellChars || (inline?.length ?? 0) > limits.maxCellChars)
          throw refuse.cell(limits, refOf());
      },
      wants: () => into === 'v' || (into === 'is' && inT && !inPhonetic),
    },
    textLimit(limits),
    () => refuse.cell(limits, refOf()),
  );
  for await (const chunk of unz.text(sheet)) {
    scanner.write(chunk);
    while (ready.length) {
      const r = ready.shift();
      if (r) yield r;
    }
  }
  scanner.end();
  yield* ready;
}

/** 'BC12' → 55. */
function columnOf(ref: string): number {
  let c = 0;
  for (const ch of ref) {
    const k = ch.charCodeAt(0);
    if (k >= 65 && k <= 90) c = c * 26 + (k - 64);
    else if (k >= 97 && k <= 122) c = c * 26 + (k - 96);
    else break;
    if (c > 1_000_000) break;
  }
  if (c < 1) throw refuse.format(`cell reference ${ref}`);
  return c;
}

function cellValue(
  type: string,
  v: string | null,
  inline: string | null,
  isDate: boolean,
  date1904: boolean,
  strings: string[],
): CellValue {
  switch (type) {
    case 's':
      return v === null ? null : (strings[Number(v)] ?? null);
    case 'inlineStr':
      return inline ?? v;
    case 'str':
      return v;
    case 'b':
      return v === null ? null : v.trim() === '1' || v.trim() === 'true';
    case 'e':
      return null;
    case 'd': {
      if (v === null) return null;
      const d = new Date(v.trim());
      return Number.isNaN(d.getTime()) ? v : d;
    }
    default: {
      if (v === null || v.trim() === '') return inline;
      const x = Number(v);
      if (!Number.isFinite(x)) return v;
      // Excel's serial days (1900 system: day 25569 is 1970-01-01; the 1904 system is 1462 days later).
      if (isDate) return new Date(Math.round((x - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
      return x;
    }
  }
}
