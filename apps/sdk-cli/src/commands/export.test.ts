// Integration: the real server (apps/server/test/harness.ts) on loopback, exported through the CLI.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sdk } from '@bo/api-sdk';
import { findEndpoint } from '../lib/endpoint.js';
import type { Progress } from '../lib/progress.js';
import { readSheet } from '../lib/sheet.js';
import { runExport } from './export.js';

// Imported by path at run time so this package's type check does not compile the server.
interface Harness {
  startTestServer(): Promise<{ baseURL: string; as(username: string): Promise<Sdk>; close(): Promise<void> }>;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const harnessPath = path.resolve(here, '../../../server/test/harness.ts');

let server: Awaited<ReturnType<Harness['startTestServer']>>;
let admin: Sdk;
const dir = mkdtempSync(path.join(os.tmpdir(), 'sdk-cli-export-'));
const quiet = (): Progress => ({
  setTotal: () => undefined,
  increment: () => undefined,
  stop: () => undefined,
});

beforeAll(async () => {
  const h = (await import(harnessPath)) as Harness;
  server = await h.startTestServer();
  admin = await server.as('admin');
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI as a child process (async: the server lives in this process and must keep answering). */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bin = path.resolve(here, '../../bin/sdk-cli.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args, '--url', server.baseURL], {
      env: { ...process.env, BO_TOKEN: '', BO_API_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function readBack(file: string) {
  const rows: string[][] = [];
  for await (const r of readSheet(file)) rows.push(r.cells);
  return rows;
}

describe('export against the real server', () => {
  it('pages through a list endpoint into an xlsx with the row schema keys as headers', async () => {
    const { name, endpoint } = findEndpoint('system.authInfos');
    const out = path.join(dir, 'accounts.xlsx');
    const r = await runExport({ sdk: admin, name, endpoint, out, progress: quiet });
    const direct = await admin.system.authInfos({ query: { pageSize: 500 } });
    expect(r.total).toBe(direct.total);
    expect(r.rows).toBe(direct.total);
    const back = await readBack(out);
    expect(back[0]).toEqual(r.columns);
    expect(r.columns).toContain('username');
    const usernames = back.slice(1).map((row) => row[r.columns.indexOf('username')]);
    expect(usernames).toEqual(direct.list.map((u) => u.username));
    expect(usernames).toContain('admin');
  });

  it('exports a plain-array endpoint with chosen columns to CSV, filtered by --query', async () => {
    const { name, endpoint } = findEndpoint('system.roles');
    const out = path.join(dir, 'roles.csv');
    const all = await admin.system.roles();
    const r = await runExport({
      sdk: admin,
      name,
      endpoint,
      out,
      columns: ['code', 'name'],
      query: { status: '1' },
      progress: quiet,
    });
    const back = await readBack(out);
    expect(back[0]).toEqual(['code', 'name']);
    const enabled = all.filter((x) => x.status === 1);
    expect(r.rows).toBe(enabled.length);
    expect(back.slice(1)).toEqual(enabled.map((x) => [String(x.code), x.name]));
  });

  it('runs as a command: signs in with BO_USER/BO_PASSWORD (empty BO_TOKEN ignored) and prints a summary', async () => {
    const out = path.join(dir, 'cli.xlsx');
    const res = await cli(['export', 'system.authInfos', '--out', out], {
      BO_USER: 'admin',
      BO_PASSWORD: 'demo123456',
    });
    expect(res.stderr).toContain('exporting');
    expect(res.stdout).toContain('exported system.authInfos');
    expect(res.status).toBe(0);
    expect((await readBack(out))[0]).toContain('username');
  });

  it('refuses an endpoint that is not a list, and a wrong password, with one clear line', async () => {
    const wrong = await cli(['call', 'system.roles'], { BO_USER: 'admin', BO_PASSWORD: 'wrong-password' });
    expect(wrong.stderr).toMatch(/^error: sign-in as admin at .* failed: /);
    expect(wrong.status).toBe(1);
    const notList = await cli(['export', 'system.login', '--out', path.join(dir, 'x.xlsx')], {});
    expect(notList.stderr).toContain('does not answer a list');
    expect(notList.status).toBe(2);
  });
});
