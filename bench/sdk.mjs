// The SDK's own cost in a browser bundle, with and without ofetch (issue 35 put the transport back on
// ofetch): the client (packages/api-sdk/src/client.ts: transport, envelope and error rules: what
// createLazySdk loads before any slice of the contract) minified and gzipped at level 9, once with
// ofetch bundled and once with ofetch left out; and the published root (dist/index.js: the client
// with the whole contract and zod), when built. `node bench/sdk.mjs` prints it alone; bench/bundle.mjs
// and bench/run.mjs include it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const sdkDir = path.join(root, 'packages/api-sdk');
// esbuild as the SDK's build (tsup) resolves it.
const esbuild = createRequire(createRequire(path.join(sdkDir, 'package.json')).resolve('tsup'))('esbuild');

async function measure(entry, external = []) {
  const r = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    external,
    logLevel: 'silent',
  });
  const code = r.outputFiles[0].contents;
  return { bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export async function sdkBundle() {
  const client = path.join(sdkDir, 'src/client.ts');
  const withOfetch = await measure(client);
  const withoutOfetch = await measure(client, ['ofetch']);
  const dist = path.join(sdkDir, 'dist/index.js');
  const published = existsSync(dist) ? await measure(dist) : null;
  return {
    client: { withOfetch, withoutOfetch, ofetchCost: withOfetch.gzip - withoutOfetch.gzip },
    published,
  };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Lines for the console. */
export function describeSdk(s) {
  return [
    `SDK client: ${kib(s.client.withOfetch.gzip)} gzip with ofetch, ${kib(s.client.withoutOfetch.gzip)} without (ofetch adds ${kib(s.client.ofetchCost)})`,
    s.published
      ? `SDK published root (client + whole contract + zod + ofetch): ${kib(s.published.gzip)} gzip (${kib(s.published.bytes)} raw)`
      : 'SDK published root: skipped (packages/api-sdk/dist not built)',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of describeSdk(await sdkBundle())) console.log(line);
