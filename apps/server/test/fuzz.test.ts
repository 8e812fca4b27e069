// Hostile input to every endpoint of the contract, as an administrator (who passes every access
// check, so the values reach the services): no answer may be a 5xx. Generated from the contract,
// so an endpoint added tomorrow is fuzzed without writing anything here. Fixed seed: a failure
// reproduces; each one is printed as endpoint, field and value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@bo/api-sdk';
import {
  baseline,
  call,
  endpoints,
  label,
  leaves,
  pool,
  seeded,
  setAt,
  type CallInput,
  type Leaf,
} from './contractKit.js';
import { startTestServer, type TestServer } from './harness.js';

const MB = 'x'.repeat(1024 * 1024);
const HOSTILE_TEXT: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800x'],
  ['year 99999', '99999-01-01'],
  ['0000-00-00', '0000-00-00'],
  ['date 2024-02-30', '2024-02-30 25:61:00'],
  ['int overflow text', '2147483648'],
  ['negative', '-1'],
];
const HOSTILE_NUMBER: [string, unknown][] = [
  ['int overflow', 2147483648],
  ['int underflow', -2147483649],
  ['huge', 1e308],
  ['negative', -1],
  ['fraction', 1.5],
  ['numeric text', '12abc'],
];
const WRONG_TYPE: [string, unknown][] = [
  ['object', { a: 1 }],
  ['array for scalar', ['a', 'b']],
  ['boolean', true],
  ['null', null],
];
const PER_ENDPOINT = 5;

let t: TestServer;
let token = '';
const failures: string[] = [];
let sent = 0;
/** Milliseconds spent per endpoint: the slowest are printed, to keep the suite fast. */
const spent = new Map<string, number>();

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login('admin');
}, 120_000);
afterAll(async () => t?.close());

async function send(entry: ReturnType<typeof endpoints>[number], input: CallInput, what: string) {
  sent++;
  const started = performance.now();
  let r = await call(t.baseURL, entry.endpoint, input, token);
  // A fuzzed logout or a revoked session: sign in again and repeat, so the rest still reaches services.
  if (r.status === 401) {
    token = await t.login('admin');
    r = await call(t.baseURL, entry.endpoint, input, token);
  }
  // 503 with its own code is the declared answer of an external service that is not configured.
  const key = label(entry);
  spent.set(key, (spent.get(key) ?? 0) + performance.now() - started);
  if (r.status >= 500 && !(r.status === 503 && r.code === ErrorCode.notConfigured))
    failures.push(`${label(entry)} ${what} → ${r.status} ${r.text}`);
}

type Where = 'params' | 'query' | 'body';

describe('fuzz: hostile values to every endpoint', () => {
  it('never answers 5xx', { timeout: 600_000 }, async () => {
    const rng = seeded(20261122);
    const jobs: (() => Promise<void>)[] = [];
    for (const entry of endpoints()) {
      const e = entry.endpoint;
      const base = baseline(e);
      const fields: { where: Where; leaf: Leaf }[] = (['params', 'query', 'body'] as const).flatMap((where) =>
        leaves(e[where]).map((leaf) => ({ where, leaf })),
      );
      const mutate = (where: Where, leaf: Leaf, value: unknown): CallInput => ({
        ...base,
        [where]: setAt(base[where], leaf.path, value),
      });
      jobs.push(() => send(entry, base, 'baseline'));
      if (e.query || e.body) jobs.push(() => send(entry, { params: base.params }, 'missing query and body'));
      if (e.method === 'POST' && e.kind !== 'upload')
        jobs.push(() => send(entry, { ...base, body: ['not', 'an', 'object'] }, 'array body'));
      // Every field gets one hostile value of its kind; then more, at random, up to the budget.
      const plan: { where: Where; leaf: Leaf; name: string; value: unknown }[] = [];
      const hostileFor = (leaf: Leaf): [string, unknown] =>
        leaf.kind === 'number'
          ? rng.pick(HOSTILE_NUMBER)
          : leaf.kind === 'text'
            ? rng.pick(HOSTILE_TEXT)
            : rng.pick(WRONG_TYPE);
      for (const f of fields) {
        const [name, value] = hostileFor(f.leaf);
        plan.push({ ...f, name, value });
      }
      while (fields.length && plan.length < PER_ENDPOINT) {
        const f = rng.pick(fields);
        const [name, value] = rng.next() < 0.3 ? rng.pick(WRONG_TYPE) : hostileFor(f.leaf);
        plan.push({ ...f, name, value });
      }
      const texts = fields.filter((f) => f.leaf.kind === 'text' && f.where === 'body');
      if (texts.length) plan.push({ ...rng.pick(texts), name: '1 MB text', value: MB });
      for (const p of plan) {
        const at = `${p.where}.${p.leaf.path.join('.')}`;
        jobs.push(() => send(entry, mutate(p.where, p.leaf, p.value), `${at}=${p.name}`));
      }
      if (e.kind === 'upload') {
        const boundary = 'fuzzboundary';
        const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\nPK\u0003\u0004`;
        jobs.push(() =>
          send(
            entry,
            { ...base, raw: { contentType: `multipart/form-data; boundary=${boundary}`, data: head } },
            'truncated multipart',
          ),
        );
        const nul = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a\u0000b.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\nPK\r\n--${boundary}--\r\n`;
        jobs.push(() =>
          send(
            entry,
            { ...base, raw: { contentType: `multipart/form-data; boundary=${boundary}`, data: nul } },
            'NUL file name',
          ),
        );
      }
    }
    await pool(jobs, 8, (job) => job());
    console.info(`fuzz: ${sent} requests to ${endpoints().length} endpoints`);
    const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.info(slowest.map(([k, ms]) => `${Math.round(ms)} ms ${k}`).join('\n'));
    expect(sent).toBeGreaterThan(endpoints().length * 5);
    expect(failures).toEqual([]);
  });
});
