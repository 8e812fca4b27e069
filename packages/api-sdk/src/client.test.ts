// The client's rules of spec §8 against a real HTTP server on loopback answering canned envelopes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createClient, type ClientHooks } from './client.js';
import { FileResponse, Ok, get, post, publicAccess, signedIn, type Slice } from './contract/define.js';
import { ApiError, ErrorCode, TOKEN_FAILED_MESSAGE, isConnectionFinished } from './errors.js';

// A throwaway contract covering every kind and envelope.
const Item = z.object({ id: z.number().int(), name: z.string() });
const demo = {
  item: get('/items/{id}', {
    service: 'setting',
    summary: 'an item',
    access: signedIn,
    params: z.object({ id: z.coerce.number() }),
    response: Item,
  }),
  items: get('/items', {
    service: 'setting',
    summary: 'items',
    access: signedIn,
    query: z.object({ name: z.string().optional(), tags: z.array(z.string()).optional() }),
    response: z.array(Item),
  }),
  save: post('/items/save', {
    service: 'setting',
    summary: 'save',
    access: signedIn,
    body: z.object({ name: z.string() }),
    response: Ok,
  }),
  maybe: get('/items/maybe', {
    service: 'setting',
    summary: 'nullable',
    access: signedIn,
    query: z.object({}),
    response: Item.nullable(),
  }),
  check: post('/items/check', {
    service: 'setting',
    summary: 'soft',
    access: signedIn,
    body: z.object({ name: z.string() }),
    response: Ok,
    soft: true,
  }),
  options: get('/common/options', {
    service: 'common',
    summary: 'common',
    access: publicAccess,
    response: z.array(z.string()),
  }),
  merged: get('/common/merged', {
    service: 'common',
    summary: 'merged',
    access: publicAccess,
    envelope: 'commonMerged',
    response: z.object({ total: z.number() }),
  }),
  report: get('/report/file', {
    service: 'report',
    summary: 'download',
    access: signedIn,
    kind: 'download',
    response: FileResponse,
  }),
  upload: post('/files/upload', {
    service: 'cloud',
    summary: 'upload',
    access: signedIn,
    kind: 'upload',
    response: z.object({ url: z.string() }),
  }),
  importFile: post('/items/import', {
    service: 'excelReport',
    summary: 'import',
    access: signedIn,
    kind: 'upload',
    returnsFile: true,
    response: Ok,
  }),
} satisfies Slice;
const contract = { demo };

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = (req: Seen, res: ServerResponse) => void;

const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

let server: Server;
let other: Server;
let baseURL: string;
let otherURL: string;
let closedURL: string;
let reply: Reply = (_req, res) => json(res, { code: 0, message: 'ok', data: null });
let seen: Seen[] = [];

function listen(s: Server): Promise<string> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}/api`)),
  );
}
const handler = (req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const s: Seen = {
      method: req.method ?? '',
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    seen.push(s);
    reply(s, res);
  });
};

beforeAll(async () => {
  server = createServer(handler);
  other = createServer(handler);
  baseURL = await listen(server);
  otherURL = await listen(other);
  // A port that was open a moment ago and is now closed: connection refused.
  const closed = createServer();
  closedURL = await listen(closed);
  await new Promise((r) => closed.close(r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => other.close(r));
});
beforeEach(() => {
  seen = [];
});

function client(
  o: { token?: string; base?: string; serviceURLs?: Record<string, string>; validate?: boolean } = {},
) {
  const hooks = {
    onError: vi.fn<NonNullable<ClientHooks['onError']>>(),
    onTokenInvalid: vi.fn<() => void>(),
  };
  const sdk = createClient(contract, {
    baseURL: o.base ?? baseURL,
    serviceURLs: o.serviceURLs,
    getToken: () => o.token,
    hooks,
    locale: 'en',
    validateResponses: o.validate,
  });
  return { sdk: sdk.demo, hooks };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

describe('standard envelope', () => {
  it('code 0 resolves the data', async () => {
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: { id: 7, name: 'Seven' } });
    const { sdk, hooks } = client();
    await expect(sdk.item({ params: { id: 7 } })).resolves.toEqual({ id: 7, name: 'Seven' });
    expect(seen[0]?.url.pathname).toBe('/api/items/7');
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('code 0 with null or {} data resolves true', async () => {
    const { sdk } = client();
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: null });
    await expect(sdk.save({ body: { name: 'a' } })).resolves.toBe(true);
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: {} });
    await expect(sdk.save({ body: { name: 'a' } })).resolves.toBe(true);
    reply = (_q, res) => json(res, { code: 0, message: 'ok' });
    await expect(sdk.save({ body: { name: 'a' } })).resolves.toBe(true);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'a' });
    expect(seen[0]?.method).toBe('POST');
  });

  it('code 0 with null data resolves null where the response is nullable', async () => {
    const { sdk } = client();
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: null });
    await expect(sdk.maybe({ query: {} })).resolves.toBeNull();
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: { id: 2, name: 'Two' } });
    await expect(sdk.maybe({ query: {} })).resolves.toEqual({ id: 2, name: 'Two' });
  });

  it('code 99 resolves { errorMessage } without a popup', async () => {
    reply = (_q, res) => json(res, { code: 99, message: 'already exists, continue?', data: null });
    const { sdk, hooks } = client();
    await expect(sdk.check({ body: { name: 'a' } })).resolves.toEqual({
      errorMessage: 'already exists, continue?',
    });
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('another code shows the server message and rejects with ApiError(code, field)', async () => {
    reply = (_q, res) => json(res, { code: 409, message: 'code taken', data: null, field: 'body.code' }, 409);
    const { sdk, hooks } = client();
    const e = await rejection(sdk.save({ body: { name: 'a' } }));
    expect(e).toMatchObject({ code: 409, message: 'code taken', field: 'body.code', endpoint: 'demo.save' });
    expect(hooks.onError).toHaveBeenCalledTimes(1);
    expect(hooks.onError.mock.calls[0]?.[0]).toBe('code taken');
    expect(hooks.onError.mock.calls[0]?.[1]).toBe(e);
  });

  it('a cancelled request rejects without the error popup', async () => {
    reply = (_q, res) => {
      setTimeout(() => json(res, { code: 0, message: 'ok', data: [] }), 500);
    };
    const { sdk, hooks } = client();
    const ctl = new AbortController();
    const call = sdk.items({ query: { name: 'a' }, signal: ctl.signal });
    ctl.abort();
    await expect(call).rejects.toThrow();
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it("another code without a message shows 'unknown server error'", async () => {
    reply = (_q, res) => json(res, { code: 422, message: '', data: null }, 422);
    const { sdk, hooks } = client();
    const e = await rejection(sdk.save({ body: { name: 'a' } }));
    expect(e.code).toBe(422);
    expect(e.message).toBe('unknown server error');
    expect(hooks.onError).toHaveBeenCalledWith('unknown server error', e);
  });

  it("'Token验证失败!' calls onTokenInvalid and rejects", async () => {
    reply = (_q, res) => json(res, { code: 401, message: TOKEN_FAILED_MESSAGE, data: null }, 401);
    const { sdk, hooks } = client({ token: 'stale' });
    const e = await rejection(sdk.item({ params: { id: 1 } }));
    expect(e.code).toBe(ErrorCode.tokenInvalid);
    expect(e.message).toBe(TOKEN_FAILED_MESSAGE);
    expect(hooks.onTokenInvalid).toHaveBeenCalledTimes(1);
  });

  it('a response not matching its schema is an error naming the endpoint and the field', async () => {
    reply = (_q, res) =>
      json(res, {
        code: 0,
        message: 'ok',
        data: [
          { id: 1, name: 'a' },
          { id: 'two', name: 'b' },
        ],
      });
    const { sdk, hooks } = client();
    const e = await rejection(sdk.items());
    expect(e.kind).toBe('response');
    expect(e.message).toContain('demo.items');
    expect(e.message).toContain('1.id');
    expect(e.field).toBe('1.id');
    expect(hooks.onError).toHaveBeenCalledTimes(1);
    // Validation can be turned off.
    await expect(client({ validate: false }).sdk.items()).resolves.toHaveLength(2);
  });

  it('an answer that is no envelope is an error naming the endpoint', async () => {
    reply = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy page</html>');
    };
    const e = await rejection(client().sdk.items());
    expect(e.message).toContain('demo.items');
  });
});

describe('answers from a read replica', () => {
  it('tells onDataAsOf the time a lagging answer is from, null for a current one, nothing for the primary', async () => {
    const onDataAsOf = vi.fn<NonNullable<ClientHooks['onDataAsOf']>>();
    const sdk = createClient(contract, { baseURL, hooks: { onDataAsOf }, locale: 'en' }).demo;
    reply = (_q, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'x-data-as-of': '2026-11-29T01:02:03.000Z',
      });
      res.end(JSON.stringify({ code: 0, message: 'ok', data: [] }));
    };
    await expect(sdk.items({ query: {} })).resolves.toEqual([]);
    reply = (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-data-as-of': 'current' });
      res.end(JSON.stringify({ code: 0, message: 'ok', data: [] }));
    };
    await sdk.items({ query: {} });
    // An answer from the primary says nothing.
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: [] });
    await sdk.items({ query: {} });
    expect(onDataAsOf.mock.calls).toEqual([
      ['demo.items', new Date('2026-11-29T01:02:03.000Z')],
      ['demo.items', null],
    ]);
  });
});

describe('common service', () => {
  it('code 0 returns the whole body', async () => {
    reply = (_q, res) => json(res, { code: 0, message: 'fine', data: ['a', 'b'] });
    await expect(client().sdk.options()).resolves.toEqual({ code: 0, message: 'fine', data: ['a', 'b'] });
  });

  it('commonMerged returns code and message merged with the data', async () => {
    reply = (_q, res) => json(res, { code: 0, message: 'fine', data: { total: 3 } });
    await expect(client().sdk.merged()).resolves.toEqual({ code: 0, message: 'fine', total: 3 });
  });

  it('code 99 is not soft on the common service: popup and rejection', async () => {
    reply = (_q, res) => json(res, { code: 99, message: 'nope', data: null });
    const { sdk, hooks } = client();
    const e = await rejection(sdk.options());
    expect(e.code).toBe(99);
    expect(hooks.onError).toHaveBeenCalledWith('nope', e);
  });
});

describe('request', () => {
  it('sends the token header and appends v=1.1 to every query', async () => {
    reply = (q, res) => json(res, { code: 0, message: 'ok', data: q.method === 'GET' ? [] : null });
    const { sdk } = client({ token: 'tok-123' });
    await sdk.items({ query: { name: 'x', tags: ['a', 'b'] } });
    await sdk.save({ body: { name: 'a' } });
    expect(seen[0]?.headers.token).toBe('tok-123');
    expect(seen[0]?.url.searchParams.get('v')).toBe('1.1');
    expect(seen[0]?.url.searchParams.get('name')).toBe('x');
    expect(seen[0]?.url.searchParams.getAll('tags')).toEqual(['a', 'b']);
    expect(seen[1]?.url.searchParams.get('v')).toBe('1.1');
    expect(seen[1]?.headers.token).toBe('tok-123');
  });

  it('sends no token header when signed out', async () => {
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: [] });
    await client().sdk.options();
    expect(seen[0]?.headers.token).toBeUndefined();
  });

  it('uses one base URL per service, serviceURLs overriding the default', async () => {
    reply = (_q, res) => json(res, { code: 0, message: 'ok', data: [] });
    const { sdk } = client({ serviceURLs: { common: otherURL } });
    await sdk.items();
    await sdk.options();
    const ports = seen.map((s) => s.headers.host?.split(':')[1]);
    expect(ports[0]).toBe(new URL(baseURL).port);
    expect(ports[1]).toBe(new URL(otherURL).port);
  });
});

describe('transport, download and upload failures', () => {
  it('a refused connection says the server cannot be reached', async () => {
    const { sdk, hooks } = client({ base: closedURL });
    const e = await rejection(sdk.items());
    expect(e.kind).toBe('transport');
    expect(e.message).toBe('the server cannot be reached; check the network and try again');
    expect(hooks.onError).toHaveBeenCalledWith(e.message, e);
  });

  it("only a connection the server ended is spec §8's 'deployment in progress'", () => {
    expect(isConnectionFinished('socket hang up')).toBe(true);
    expect(isConnectionFinished('Connection finished unexpectedly')).toBe(true);
    expect(isConnectionFinished('Failed to fetch')).toBe(false);
    expect(isConnectionFinished('connect ECONNREFUSED 127.0.0.1:9')).toBe(false);
  });

  it('a download resolves a Blob', async () => {
    reply = (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end('PK-bytes');
    };
    const blob = await client().sdk.report();
    expect(await blob.text()).toBe('PK-bytes');
  });

  it("a download failing with HTTP 500 shows 'download failed'", async () => {
    reply = (_q, res) => json(res, { code: 500, message: 'internal', data: null }, 500);
    const { sdk, hooks } = client();
    const e = await rejection(sdk.report());
    expect(e.message).toBe('download failed');
    expect(e.kind).toBe('download');
    expect(hooks.onError).toHaveBeenCalledWith('download failed', e);
  });

  it("an upload failure shows 'upload failed: ' plus the reason", async () => {
    reply = (_q, res) => json(res, { code: 400, message: 'file: too large', data: null, field: 'file' }, 413);
    const { sdk, hooks } = client();
    const e = await rejection(sdk.upload({ file: new Blob(['x']), filename: 'a.txt' }));
    expect(e.message).toBe('upload failed: file: too large');
    expect(hooks.onError).toHaveBeenCalledWith('upload failed: file: too large', e);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(seen[0]?.body).toContain('filename="a.txt"');
  });

  it("an upload over a refused connection shows 'upload failed: ' plus the transport reason", async () => {
    const e = await rejection(client({ base: closedURL }).sdk.upload({ file: new Blob(['x']) }));
    expect(e.message).toBe('upload failed: the server cannot be reached; check the network and try again');
  });
});

describe('imports answering a file (returnsFile)', () => {
  it('a file answer is { result: 1, file, filename }', async () => {
    reply = (_q, res) => {
      res.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('导入结果.xlsx')}`,
      });
      res.end('xlsx-bytes');
    };
    const r = await client().sdk.importFile({ file: new Blob(['rows']), filename: 'rows.xlsx' });
    expect(r.result).toBe(1);
    if (r.result !== 1) throw new Error('unreachable');
    expect(r.filename).toBe('导入结果.xlsx');
    expect(await r.file.text()).toBe('xlsx-bytes');
  });

  it('a JSON answer is { result: 2, message }', async () => {
    reply = (_q, res) => json(res, { code: 0, message: 'nothing to import', data: null });
    const { sdk, hooks } = client();
    await expect(sdk.importFile({ file: new Blob(['rows']) })).resolves.toEqual({
      result: 2,
      file: null,
      code: 0,
      message: 'nothing to import',
    });
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('a JSON error answer is { result: 2 } with a popup', async () => {
    reply = (_q, res) => json(res, { code: 422, message: 'bad header', data: null }, 422);
    const { sdk, hooks } = client();
    await expect(sdk.importFile({ file: new Blob(['rows']) })).resolves.toMatchObject({
      result: 2,
      code: 422,
      message: 'bad header',
    });
    expect(hooks.onError.mock.calls[0]?.[0]).toBe('upload failed: bad header');
  });
});

describe('transport: retries, time limit', () => {
  const withOptions = (o: { timeout?: number; retry?: number }) => {
    const hooks = { onError: vi.fn<NonNullable<ClientHooks['onError']>>() };
    return { sdk: createClient(contract, { baseURL, hooks, locale: 'en', ...o }).demo, hooks };
  };
  /** Drops the connection of the first `n` requests without an answer, then answers `ok`. */
  const dropFirst = (n: number, ok: unknown) => {
    let dropped = 0;
    reply = (_q, res) => {
      if (dropped < n) {
        dropped += 1;
        res.socket?.destroy();
        return;
      }
      json(res, { code: 0, message: 'ok', data: ok });
    };
  };

  it('a read (GET) whose connection dropped is tried again and answers', async () => {
    dropFirst(1, [{ id: 1, name: 'a' }]);
    const { sdk, hooks } = withOptions({});
    await expect(sdk.items()).resolves.toEqual([{ id: 1, name: 'a' }]);
    expect(seen.filter((s) => s.url.pathname === '/api/items')).toHaveLength(2);
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('a command (POST) is never sent twice: a dropped connection is an error', async () => {
    dropFirst(1, null);
    const { sdk, hooks } = withOptions({ retry: 3 });
    const e = await rejection(sdk.save({ body: { name: 'x' } }));
    expect(e.kind).toBe('transport');
    expect(seen).toHaveLength(1);
    expect(hooks.onError).toHaveBeenCalledOnce();
  });

  it('retry: 0 sends a read once', async () => {
    dropFirst(1, []);
    const { sdk } = withOptions({ retry: 0 });
    expect((await rejection(sdk.items())).kind).toBe('transport');
    expect(seen).toHaveLength(1);
  });

  it('a call past the time limit fails with the time-out message', async () => {
    reply = (_q, res) => {
      setTimeout(() => json(res, { code: 0, message: 'ok', data: [] }), 2_000);
    };
    const { sdk, hooks } = withOptions({ timeout: 50, retry: 0 });
    const e = await rejection(sdk.items());
    expect(e.kind).toBe('transport');
    expect(e.message).toBe('the server took too long to answer; please try later');
    expect(hooks.onError).toHaveBeenCalledWith(e.message, e);
  });

  it('a cancel rejects with the reason given to abort, even with a time limit set', async () => {
    reply = (_q, res) => {
      setTimeout(() => json(res, { code: 0, message: 'ok', data: [] }), 500);
    };
    const { sdk, hooks } = withOptions({ timeout: 10_000 });
    const ctl = new AbortController();
    const call = sdk.items({ signal: ctl.signal });
    ctl.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
    expect(hooks.onError).not.toHaveBeenCalled();
  });
});
