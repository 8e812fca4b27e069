// `sdk-cli call <slice.endpoint> [--query k=v ...] [--param k=v ...] [--body json|@file] [--file f] [--out f]`:
// calls any declared endpoint and prints its answer as JSON.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { connect, ConnectionOptions, describeError, withConnection } from '../lib/connect.js';
import { findEndpoint } from '../lib/endpoint.js';
import { CliError } from '../lib/errors.js';
import { collect, KeyValues, parseOptions } from '../lib/options.js';

const CallOptions = ConnectionOptions.extend({
  endpoint: z.string().regex(/^\w+\.\w+$/, 'expected slice.endpoint, e.g. system.roles'),
  query: KeyValues,
  param: KeyValues,
  body: z.string().optional(),
  file: z.string().optional(),
  out: z.string().optional(),
});

/** `--body '{"a":1}'` or `--body @file.json`. */
export async function readBody(arg: string | undefined): Promise<unknown> {
  if (arg === undefined) return undefined;
  const text = arg.startsWith('@') ? await readFile(arg.slice(1), 'utf8') : arg;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError(`--body is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, 2);
  }
}

export function callCommand() {
  return withConnection(
    new Command('call')
      .description('call any endpoint of the contract and print the answer as JSON')
      .argument('<endpoint>', 'slice.endpoint, e.g. system.roles (see `sdk-cli endpoints`)')
      .option('-q, --query <key=value>', 'a query value (repeatable)', collect)
      .option('-p, --param <key=value>', 'a path parameter such as id=3 (repeatable)', collect)
      .option('-b, --body <json|@file>', 'the JSON body, inline or @file.json')
      .option('--file <path>', 'the file of an upload endpoint')
      .option('-o, --out <path>', 'where to save the file of a download endpoint'),
  ).action(async (endpoint: string, raw: Record<string, unknown>) => {
    const o = parseOptions(CallOptions, { ...raw, endpoint });
    const { endpoint: e, name } = findEndpoint(o.endpoint);
    const { sdk } = await connect(o, { requireAuth: e.access.kind !== 'public' });
    const input: Record<string, unknown> = { query: o.query, params: o.param, body: await readBody(o.body) };
    if (e.kind === 'upload') {
      if (!o.file) throw new CliError(`${name} is an upload: give --file <path>`, 2);
      input.file = new Blob([await readFile(o.file)]);
      input.filename = path.basename(o.file);
    }
    let result: unknown;
    try {
      result = await sdk.caller.call(name, e, input as never);
    } catch (err) {
      throw new CliError(describeError(err, o.url));
    }
    const blob =
      result instanceof Blob
        ? result
        : typeof result === 'object' && result !== null && 'file' in result && result.file instanceof Blob
          ? result.file
          : null;
    if (blob) {
      if (!o.out) throw new CliError(`${name} answered a file: give --out <path> to save it`, 2);
      await writeFile(o.out, Buffer.from(await blob.arrayBuffer()));
      process.stderr.write(`saved ${blob.size} bytes to ${o.out}\n`);
      return;
    }
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  });
}
