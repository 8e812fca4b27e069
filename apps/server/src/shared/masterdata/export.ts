// Export of a record type's whole filtered result as an xlsx workbook (no paging).
import { exportFileName } from '@bo/domain';
import { exportColumns, exportValue, type DownloadResult, type SheetDef } from '@bo/api-sdk';
import { workbook, xlsxFile, type XlsxColumn } from '../xlsx.js';
import type { MdCtx, MdRecord } from './engine.js';

/** A type's export: every row the query matches in the caller's scope, as one sheet. */
export async function exportWorkbook(
  ctx: MdCtx,
  type: { exportRows: (ctx: MdCtx, query: MdRecord) => Promise<MdRecord[]> },
  query: MdRecord,
  o: { name: string; columns: XlsxColumn[] },
): Promise<DownloadResult> {
  const rows = await type.exportRows(ctx, query);
  const flat = rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
  );
  return xlsxFile(exportFileName(o.name, ctx.deps.now()), await workbook(o.name, o.columns, flat));
}

/** The xlsx columns of a sheet declaration's columns (text and amounts stay text: codes keep their zeros). */
export const sheetXlsxColumns = (columns: readonly SheetDef['columns'][number][]): XlsxColumn[] =>
  columns.map((c) => ({
    key: c.field,
    header: c.header,
    text: c.format === undefined || c.format === 'text' || c.format === 'amount',
    required: c.required,
  }));

/**
 * A kind's export from its sheet declaration (`SHEETS` of the contract): the import template's columns
 * in its order, then the read-only ones, with values as the template reads them, so the file can be
 * edited and imported back.
 */
export async function exportSheet(
  ctx: MdCtx,
  type: { exportRows: (ctx: MdCtx, query: MdRecord) => Promise<MdRecord[]> },
  query: MdRecord,
  sheet: SheetDef,
): Promise<DownloadResult> {
  const columns = exportColumns(sheet);
  const rows = (await type.exportRows(ctx, query)).map((r) =>
    Object.fromEntries(columns.map((c) => [c.field, exportValue(c, r)])),
  );
  return xlsxFile(
    exportFileName(sheet.name, ctx.deps.now()),
    await workbook(sheet.name, sheetXlsxColumns(columns), rows),
  );
}
