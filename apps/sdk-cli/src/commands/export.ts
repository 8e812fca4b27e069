// `sdk-cli export <slice.endpoint|kind> --out file.xlsx|file.csv [--query k=v ...] [--columns a,b,c]`:
// pages through a list endpoint (pageIdx/pageSize 500) and writes the whole filtered result. A kind
// with a spreadsheet declaration (`campuses`, `courses`…, or its list endpoint) is written with the
// import template's headers and value formats, so the file can be edited and imported back.
import { Command } from 'commander';
import { z } from 'zod';
import { exportColumns, exportValue, type AnyEndpoint, type Sdk, type SheetDef } from '@bo/api-sdk';
import { connect, ConnectionOptions, describeError, withConnection } from '../lib/connect.js';
import { findEndpoint, hasKey, listShape, pick, rowKeys } from '../lib/endpoint.js';
import { CliError } from '../lib/errors.js';
import { collect, CommaList, KeyValues, parseOptions } from '../lib/options.js';
import { createProgress, type Progress } from '../lib/progress.js';
import { formatOf, openSheetWriter } from '../lib/sheet.js';
import { printSummary } from '../lib/summary.js';
import { readBody } from './call.js';
import { IMPORTS } from '../imports/registry.js';

export const PAGE_SIZE = 500;

const ExportOptions = ConnectionOptions.extend({
  endpoint: z
    .string()
    .regex(/^\w+(\.\w+)?$/, 'expected slice.endpoint (e.g. system.authInfos) or an import kind (campuses)'),
  out: z.string().min(1, 'give --out file.xlsx or file.csv'),
  query: KeyValues,
  param: KeyValues,
  body: z.string().optional(),
  columns: CommaList,
});

export interface ExportRun {
  sdk: Pick<Sdk, 'caller'>;
  name: string;
  endpoint: AnyEndpoint;
  out: string;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  body?: unknown;
  columns?: string[] | undefined;
  /** The kind's spreadsheet declaration: its export columns, headers and value formats (unless `columns`). */
  sheet?: SheetDef | undefined;
  /** Rows asked per page (default PAGE_SIZE). */
  pageSize?: number;
  /** For messages only. */
  url?: string;
  progress?: (label: string, total: number) => Progress;
}

const unwrapEnvelope = (e: AnyEndpoint, r: unknown): unknown => {
  if (e.envelope === 'common' && typeof r === 'object' && r !== null && 'data' in r) return r.data;
  return r;
};

/** Pages through the endpoint and streams every row into the file. Returns the rows written and the total announced. */
export async function runExport(
  o: ExportRun,
): Promise<{ rows: number; total: number; columns: string[]; pages: number }> {
  formatOf(o.out);
  const shape = listShape(o.endpoint.response);
  if (!shape || o.endpoint.kind !== 'json')
    throw new CliError(
      `${o.name} does not answer a list (a page { list, total } or an array): use \`sdk-cli call\``,
      2,
    );
  const sheet = o.columns?.length ? undefined : o.sheet;
  const sheetColumns = sheet ? exportColumns(sheet) : [];
  const columns = o.columns?.length
    ? o.columns
    : sheet
      ? sheetColumns.map((c) => c.field)
      : rowKeys(shape.row);
  if (!columns.length) throw new CliError(`${o.name}: its rows are not objects; give --columns`, 2);
  const w = await openSheetWriter(o.out, sheet ? sheetColumns.map((c) => c.header) : columns);
  const cells = (r: unknown): unknown[] =>
    sheet
      ? sheetColumns.map((c) => exportValue(c, (r ?? {}) as Record<string, unknown>))
      : columns.map((c) => pick(r, c));
  const bar = (o.progress ?? ((l, t) => createProgress(l, t)))('exporting', 0);
  let rows = 0;
  let total = 0;
  let pages = 0;
  const pageSize = o.pageSize ?? PAGE_SIZE;
  const write = async (list: unknown[]) => {
    for (const r of list) await w.add(cells(r));
    rows += list.length;
    bar.increment(list.length);
  };
  const call = async (paging: Record<string, number> | null) => {
    // Paging goes where the endpoint declares pageIdx (the query, unless only the body has it).
    const inBody = paging && !hasKey(o.endpoint.query, 'pageIdx') && hasKey(o.endpoint.body, 'pageIdx');
    // A screen's filters are given as --query whichever way the endpoint takes them: a filter only
    // the body declares (POST lists such as /payRecord/page) goes into the body.
    const query: Record<string, unknown> = {};
    const bodyFilters: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o.query ?? {})) {
      if (!hasKey(o.endpoint.query, k) && hasKey(o.endpoint.body, k)) bodyFilters[k] = v;
      else query[k] = v;
    }
    const hasBody = inBody || Object.keys(bodyFilters).length > 0;
    const input = {
      params: o.params,
      query: { ...query, ...(paging && !inBody ? paging : {}) },
      body: hasBody
        ? { ...(o.body as object | undefined), ...bodyFilters, ...(inBody ? paging : {}) }
        : o.body,
    };
    try {
      return unwrapEnvelope(o.endpoint, await o.sdk.caller.call(o.name, o.endpoint, input as never));
    } catch (e) {
      throw new CliError(describeError(e, o.url));
    }
  };
  try {
    if (shape.kind === 'array') {
      const list = (await call(null)) as unknown[];
      total = list.length;
      bar.setTotal(total);
      pages = 1;
      await write(list);
    } else {
      for (let pageIdx = 1; ; pageIdx += 1) {
        const page = (await call({ pageIdx, pageSize })) as { list: unknown[]; total: number };
        pages += 1;
        if (pageIdx === 1) {
          total = page.total;
          bar.setTotal(total);
        }
        await write(page.list);
        if (page.list.length === 0 || rows >= total || page.list.length < pageSize) break;
      }
    }
  } finally {
    bar.stop();
    await w.close();
  }
  return { rows, total, columns, pages };
}

export function exportCommand() {
  return withConnection(
    new Command('export')
      .description('export the whole filtered result of a list endpoint to .xlsx or .csv')
      .argument('<endpoint>', 'a list endpoint (e.g. system.authInfos) or an import kind (e.g. campuses)')
      .requiredOption('-o, --out <file>', 'file.xlsx or file.csv')
      .option('-q, --query <key=value>', 'a filter (repeatable)', collect)
      .option('-p, --param <key=value>', 'a path parameter (repeatable)', collect)
      .option('-b, --body <json|@file>', 'the JSON body of a POST list endpoint')
      .option(
        '-c, --columns <a,b,c>',
        'columns (row keys, dotted for nested) in order; default: every key of the row schema',
      ),
  ).action(async (endpoint: string, raw: Record<string, unknown>) => {
    const o = parseOptions(ExportOptions, { ...raw, endpoint });
    // An import kind (or its list endpoint) exports in the shape its template imports.
    const kind = IMPORTS.find((k) => k.sheet && (k.name === o.endpoint || k.sheet.list === o.endpoint));
    if (!o.endpoint.includes('.') && !kind)
      throw new CliError(
        `"${o.endpoint}" is neither slice.endpoint nor an import kind with an export (${IMPORTS.filter(
          (k) => k.sheet,
        )
          .map((k) => k.name)
          .join(', ')})`,
        2,
      );
    const { endpoint: e, name } = findEndpoint(kind?.sheet?.list ?? o.endpoint);
    const { sdk } = await connect(o, { requireAuth: e.access.kind !== 'public' });
    const started = Date.now();
    const r = await runExport({
      sdk,
      name,
      endpoint: e,
      out: o.out,
      query: o.query,
      params: o.param,
      body: await readBody(o.body),
      columns: o.columns,
      sheet: kind?.sheet,
      url: o.url,
    });
    printSummary(`exported ${name}`, [
      ['file', o.out],
      ['rows', r.rows],
      ['total announced', r.total],
      ['pages', r.pages],
      ['columns', r.columns.join(', ')],
      ['time', `${((Date.now() - started) / 1000).toFixed(1)} s`],
    ]);
    if (r.rows !== r.total)
      process.stderr.write(
        `warning: ${r.total} rows were announced but ${r.rows} arrived (the data changed during the export?)\n`,
      );
  });
}
