// Test kit for import tests against the real server (apps/server/test/harness.ts): starts it for the
// test file, signs in as admin, and gives the pieces every such test needs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import { findEndpoint } from '../lib/endpoint.js';
import type { Progress } from '../lib/progress.js';
import type { SendChunk } from './importer.js';
import { findImport } from './registry.js';

interface Harness {
  startTestServer(): Promise<{ as(username: string): Promise<Sdk>; close(): Promise<void> }>;
}
const here = path.dirname(fileURLToPath(import.meta.url));

/** A progress reporter that shows nothing. */
export const quiet = (): Progress => ({
  setTotal: () => undefined,
  increment: () => undefined,
  stop: () => undefined,
});

/** The import kind of that name (throws when the registry lacks it). */
export const kindOf = (name: string) => {
  const k = findImport(name);
  if (!k) throw new Error(`no kind ${name}`);
  return k;
};

/** Starts the real server for this test file; `admin()` is the signed-in SDK, `dir` a temp folder. */
export function useRealServer(prefix: string) {
  let server: Awaited<ReturnType<Harness['startTestServer']>> | undefined;
  let admin: Sdk | undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  beforeAll(async () => {
    const h = (await import(path.resolve(here, '../../../server/test/harness.ts'))) as Harness;
    server = await h.startTestServer();
    admin = await server.as('admin');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const signedIn = (): Sdk => {
    if (!admin) throw new Error('the server is not started yet');
    return admin;
  };
  /** Sends import chunks to a batch import endpoint as admin. */
  const sender = (endpointName: string): SendChunk => {
    const { name, endpoint } = findEndpoint(endpointName);
    return async (rows, o) =>
      (await signedIn().caller.call(name, endpoint, { body: { rows, ...o } } as never)) as never;
  };
  return { dir, admin: signedIn, sender };
}
