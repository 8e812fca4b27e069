// `sdk-cli import <kind> <file.xlsx|csv> [--dry-run] [--errors errors.xlsx]`: checks the whole file
// first (dry run, row errors to a report), then imports it when clean.
import { Command } from 'commander';
import { z } from 'zod';
import { connect, ConnectionOptions, describeError, withConnection } from '../lib/connect.js';
import { findEndpoint } from '../lib/endpoint.js';
import { CliError } from '../lib/errors.js';
import { parseOptions } from '../lib/options.js';
import { formatOf } from '../lib/sheet.js';
import { printSummary } from '../lib/summary.js';
import { runImport, type SendChunk } from '../imports/importer.js';
import { findImport, IMPORTS } from '../imports/registry.js';

const ImportOptions = ConnectionOptions.extend({
  kind: z.string().min(1),
  file: z.string().min(1),
  dryRun: z.boolean().default(false),
  errors: z.string().optional(),
});

/** The report's default name: `<file>.errors.xlsx` next to the file. */
export const defaultErrorsFile = (file: string) => file.replace(/\.(xlsx|csv)$/i, '') + '.errors.xlsx';

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
    const verdict = r.errors.length
      ? r.written
        ? 'PARTLY IMPORTED: refused during the import'
        : 'NOT IMPORTED: fix the rows in the report'
      : o.dryRun
        ? 'dry run: the file is clean (nothing written)'
        : 'imported';
    printSummary(`${kind.name} from ${o.file}: ${verdict}`, [
      ['rows', r.rows],
      ['row errors', r.errors.length],
      ['duplicates (not imported)', r.notices.length || undefined],
      [o.dryRun || r.errors.length ? 'would create' : 'created', r.created],
      [o.dryRun || r.errors.length ? 'would update' : 'updated', r.updated],
      ['unchanged', r.unchanged],
      ['skipped', r.skipped || undefined],
      ['error report', r.report ?? undefined],
      ['time', `${((Date.now() - started) / 1000).toFixed(1)} s`],
    ]);
    for (const err of r.errors.slice(0, 10))
      process.stderr.write(`  row ${err.row} ${err.column}: ${err.reason}\n`);
    if (r.errors.length > 10) process.stderr.write(`  … ${r.errors.length - 10} more in ${r.report}\n`);
    process.exitCode = r.exitCode;
  });
}
