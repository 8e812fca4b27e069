// Spreadsheets in the browser with a lazily loaded exceljs: writing exports and templates,
// reading import files into rows keyed by API field names.

export interface SheetColumn {
  key: string;
  header: string;
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function loadExcel() {
  const mod = await import('exceljs');
  return mod.default;
}

/** An xlsx with one sheet: a bold header row and the rows' values. */
export async function writeWorkbook(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const ws = wb.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.min(40, Math.max(10, c.header.length * 2 + 4)),
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: XLSX_TYPE });
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; richText?: Array<{ text: string }>; result?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((t) => t.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    return '';
  }
  return String(v).trim();
}

/**
 * The data rows of the first sheet, keyed by field: the header row (row 1) names each column by its
 * header text or its field key (a leading '*' marks required headers). `firstRow` is the sheet row of rows[0].
 */
export async function readWorkbookRows(
  file: Blob,
  columns: readonly SheetColumn[],
): Promise<{ rows: Record<string, string>[]; firstRow: number }> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const ws = wb.worksheets[0];
  if (!ws) return { rows: [], firstRow: 2 };
  // A header is read by its whole text, either half of a bilingual '中文 / English' header, or the key;
  // a '*' marking a required column is read past. Other headers (an export's read-only columns) are ignored.
  const norm = (h: string) => h.replace(/^[*＊]|[*＊]$/g, '').trim();
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    for (const h of [c.header, ...c.header.split(' / ')]) if (norm(h)) byHeader.set(norm(h), c.key);
    byHeader.set(c.key, c.key);
  }
  const keys: Array<string | undefined> = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    const text = cellText(cell.value);
    keys[col] = [text, ...text.split(' / ')].map((h) => byHeader.get(norm(h))).find((k) => k !== undefined);
  });
  // Rows from the first data row to the last non-empty one; blank rows in between stay (as {}) so the
  // server's row numbers match the sheet.
  const all: Array<Record<string, string> | null> = [];
  for (let r = 2; r <= ws.rowCount; r += 1) {
    const out: Record<string, string> = {};
    let any = false;
    ws.getRow(r).eachCell({ includeEmpty: false }, (cell, col) => {
      const k = keys[col];
      if (!k) return;
      const text = cellText(cell.value);
      if (text !== '') any = true;
      out[k] = text;
    });
    all.push(any ? out : null);
  }
  const start = all.findIndex((r) => r !== null);
  let end = all.length;
  while (end > 0 && all[end - 1] === null) end -= 1;
  const rows = start < 0 ? [] : all.slice(start, end).map((r) => r ?? {});
  const firstRow = start < 0 ? 2 : start + 2;
  return { rows, firstRow };
}
