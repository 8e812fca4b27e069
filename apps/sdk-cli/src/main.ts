#!/usr/bin/env -S npx tsx
// The operators' CLI: lists and calls the contract's endpoints, imports and exports in batch.
import { Command } from 'commander';
import { endpointsCommand } from './commands/endpoints.js';
import { callCommand } from './commands/call.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { templateCommand } from './commands/template.js';
import { CliError, fileError } from './lib/errors.js';

export function buildProgram() {
  return new Command('sdk-cli')
    .description(
      'Back-office operators\' CLI: batch imports and exports over the API (see docs/api.md "CLI").',
    )
    .showHelpAfterError()
    .addCommand(endpointsCommand())
    .addCommand(callCommand())
    .addCommand(exportCommand())
    .addCommand(importCommand())
    .addCommand(templateCommand());
}

buildProgram()
  .parseAsync(process.argv)
  .catch((e: unknown) => {
    const err = fileError(e) ?? e;
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(err instanceof CliError ? err.exitCode : 1);
  });
