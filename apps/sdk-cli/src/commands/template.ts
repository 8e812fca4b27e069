// `sdk-cli template <kind> --out file.xlsx`: the empty import template with its headers.
import { Command } from 'commander';
import { z } from 'zod';
import { CliError } from '../lib/errors.js';
import { parseOptions } from '../lib/options.js';
import { writeSheet } from '../lib/sheet.js';
import { findImport, templateOf } from '../imports/registry.js';
import { kindsHelp } from './import.js';

const TemplateOptions = z.object({ kind: z.string().min(1), out: z.string().min(1, 'give --out file.xlsx') });

export function templateCommand() {
  return new Command('template')
    .description('write the empty import template of a kind (headers in row 1)')
    .argument('<kind>', 'what the template is for')
    .requiredOption('-o, --out <file>', 'file.xlsx (or .csv)')
    .addHelpText('after', () => `\nKinds:\n${kindsHelp()}\n`)
    .action(async (kindName: string, raw: Record<string, unknown>) => {
      const o = parseOptions(TemplateOptions, { ...raw, kind: kindName });
      const kind = findImport(o.kind);
      if (!kind) throw new CliError(`unknown import kind "${o.kind}". Kinds:\n${kindsHelp()}`, 2);
      // The headers as the kind's export writes them, so an exported file imports back unchanged.
      const columns = templateOf(kind);
      await writeSheet(
        o.out,
        columns.map((c) => c.title ?? c.header),
        [],
      );
      process.stdout.write(
        `wrote ${o.out}: ${columns.map((c) => c.header + (c.required ? ' *' : '')).join(', ')} (* required)\n`,
      );
    });
}
