// Export of a record type's whole filtered result as an xlsx workbook (no paging).
import { exportFileName } from '@bo/domain';
import type { DownloadResult } from '@bo/api-sdk';
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
