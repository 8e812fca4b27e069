// `sdk-cli import <kind> <file.xlsx|csv> [--dry-run] [--errors errors.xlsx]`: checks the whole file
// first (dry run, row errors to a report), then imports it when clean.
import { Command } from 'commander';
import { z } from 'zod';
import { connect, ConnectionOptions, describeError, withConnection } from '../lib/connect.js';
import { findEndpoint } from '../lib/endpoint.js';
import { CliError } from '../lib/errors.js';
import { parseOptions } from '../lib/options.js';
import { formatOf } from '../lib/sheet.js';
import { formatSummary } from '../lib/summary.js';
import { runImport, speak, type ImportOutcome, type SendChunk } from '../imports/importer.js';
import { findImport, IMPORTS } from '../imports/registry.js';

const ImportOptions = ConnectionOptions.extend({
  kind: z.string().min(1),
  file: z.string().min(1),
  dryRun: z.boolean().default(false),
  errors: z.string().optional(),
});

/** The report's default name: `<file>.errors.xlsx` next to the file. */
export const defaultErrorsFile = (file: string) => file.replace(/\.(xlsx|csv)$/i, '') + '.errors.xlsx';

/**
 * The closing summary: the rows checked (the progress bar's total, in rows), how many would be (or were)
 * imported, the rows with errors and the duplicates left out — checked = imported + with errors + skipped
 * — and where the report went, or that none was written.
 */
export function formatImportSummary(
  kind: string,
  file: string,
  dryRun: boolean,
  r: ImportOutcome,
  ms: number,
  lang: 'zh-CN' | 'en' = 'zh-CN',
): string {
  const verdict = r.errors.length
    ? r.written
      ? 'PARTLY IMPORTED: refused during the import'
      : 'NOT IMPORTED: fix the rows in the report'
    : dryRun
      ? 'dry run: the file is clean (nothing written)'
      : 'imported';
  const would = dryRun || r.errors.length > 0;
  const clean = r.errors.length === 0;
  return formatSummary(`${kind} from ${file}: ${verdict}`, [
    ['rows checked', r.checked],
    [would ? 'would import' : 'imported', r.wouldImport],
    ['rows with errors', r.errorRows],
    ['errors', r.errors.length > r.errorRows ? r.errors.length : undefined],
    ['skipped (duplicates)', r.skipped],
    [would ? 'would create' : 'created', clean ? r.created : undefined],
    [would ? 'would update' : 'updated', clean ? r.updated : undefined],
    ['unchanged', clean ? r.unchanged : undefined],
    [
      'error report',
      r.report ?? speak('未写入（没有错误或重复行） / none written (no row errors or duplicates)', lang),
    ],
    ['time', `${(ms / 1000).toFixed(1)} s`],
  ]);
}

export const kindsHelp = () =>
  IMPORTS.length
    ? IMPORTS.map((k) => `  ${k.name.padEnd(20)} ${k.description}`).join('\n')
    : '  (none declared yet: see docs/api.md "CLI")';

export function importCommand() {
  return withConnection(
    new Command('import')
      .description('import a spreadsheet: dry run of every row first, then the import when the file is clean')
      .argument('<kind>', 'what to import (see the list below)')
      .argument('<file>', 'file.xlsx or file.csv with the template headers in row 1')
      .option('--dry-run', 'only check the file and write the error report')
      .option('--errors <file.xlsx>', 'where to write the row-error report (default <file>.errors.xlsx)')
      .addHelpText('after', () => `\nKinds:\n${kindsHelp()}\n`),
  ).action(async (kindName: string, file: string, raw: Record<string, unknown>) => {
    const o = parseOptions(ImportOptions, { ...raw, kind: kindName, file });
    const kind = findImport(o.kind);
    if (!kind) throw new CliError(`unknown import kind "${o.kind}". Kinds:\n${kindsHelp()}`, 2);
    formatOf(o.file);
    const { endpoint: e, name } = findEndpoint(kind.endpoint);
    const { sdk } = await connect(o);
    const send: SendChunk = async (rows, opt) => {
      try {
        return (await sdk.caller.call(name, e, {
          body: { rows, dryRun: opt.dryRun, firstRow: opt.firstRow },
        } as never)) as never;
      } catch (err) {
        throw new CliError(describeError(err, o.url));
      }
    };
    const errorsFile = o.errors ?? defaultErrorsFile(o.file);
    const started = Date.now();
    const r = await runImport({ kind, file: o.file, dryRun: o.dryRun, errorsFile, send });
    // The column in words of the CLI's language (the header's half).
    const words = (column: string) => {
      const title = kind.columns.find((c) => c.header === column)?.title;
      return title ? speak(title, o.lang) : column;
    };
    process.stdout.write(formatImportSummary(kind.name, o.file, o.dryRun, r, Date.now() - started, o.lang));
    for (const err of r.errors.slice(0, 10))
      process.stderr.write(`  row ${err.row} ${words(err.column)}: ${speak(err.reason, o.lang)}\n`);
    if (r.errors.length > 10) process.stderr.write(`  … ${r.errors.length - 10} more in ${r.report}\n`);
    process.exitCode = r.exitCode;
  });
}
