// The lazy client: a slice's contract is loaded on the first call of one of its endpoints, once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLazySdk, sliceLoaders } from './lazy.js';
import { contract } from './contract/index.js';
import type { Slice } from './contract/define.js';

let server: Server;
let baseURL: string;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 0, message: 'ok', data: { enabled: [] } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('createLazySdk', () => {
  it('has a loader for every slice of the contract, each giving that slice', async () => {
    expect(Object.keys(sliceLoaders).sort()).toEqual(Object.keys(contract).sort());
    for (const [name, load] of Object.entries(sliceLoaders))
      expect(await load()).toBe(contract[name as keyof typeof contract]);
  });

  it('loads a slice on its first call only, and only that slice', async () => {
    const loads: string[] = [];
    const loaders: Record<string, () => Promise<Slice>> = {
      system: async () => {
        loads.push('system');
        return contract.system;
      },
      clues: async () => {
        loads.push('clues');
        return contract.clues;
      },
    };
    const sdk = createLazySdk({ baseURL, validateResponses: false }, loaders);
    expect(loads).toEqual([]);
    await sdk.system.loginOptions();
    await sdk.system.loginOptions();
    expect(loads).toEqual(['system']);
    expect(paths.at(-1)).toBe(`/api${contract.system.loginOptions.path}`);
    expect(sdk.system.loginOptions).toBe(sdk.system.loginOptions);
  });

  it('tells each call at once, before the slice has loaded', () => {
    const calls: string[] = [];
    const sdk = createLazySdk(
      { baseURL, validateResponses: false, hooks: { onCall: (e) => calls.push(e) } },
      { system: () => new Promise<Slice>(() => undefined) },
    );
    void sdk.system.loginOptions();
    expect(calls).toEqual(['system.loginOptions']);
  });

  it('refuses an endpoint the slice does not declare', async () => {
    const sdk = createLazySdk({ baseURL }, { system: async () => contract.system });
    const unknown = (sdk.system as unknown as Record<string, () => Promise<unknown>>).nope;
    await expect(unknown?.()).rejects.toThrow('no endpoint system.nope');
  });

  it('tries a slice again after its download failed', async () => {
    let attempts = 0;
    const sdk = createLazySdk(
      { baseURL, validateResponses: false },
      {
        system: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('chunk failed');
          return contract.system;
        },
      },
    );
    await expect(sdk.system.loginOptions()).rejects.toThrow('chunk failed');
    await sdk.system.loginOptions();
    expect(attempts).toBe(2);
  });
});
