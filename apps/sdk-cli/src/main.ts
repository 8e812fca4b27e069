#!/usr/bin/env -S npx tsx
// The operators' CLI: lists and calls the contract's endpoints, imports and exports in batch.
import { Command } from 'commander';
import { endpointsCommand } from './commands/endpoints.js';

const program = new Command('sdk-cli')
  .description('Back-office operators\' CLI: batch imports and exports over the API (see README "CLI").')
  .showHelpAfterError();

program.addCommand(endpointsCommand());

program.parseAsync(process.argv).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
