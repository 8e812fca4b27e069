// The dashboards benchmark (bench/dashboards.mjs starts it): on a database seeded at SEED_SCALE, each
// measured dashboard endpoint (the real application, signed in as the administrator, a year of every
// campus) against the best hand-written SQL for the same figure on the same database, timed two ways:
// answered by a minimal route of the same server (no authentication, no contract: the SQL's rows as
// JSON — the floor any answer pays, as the load benchmark's reference) and run through the driver
// alone. The reference SQL reads only the base tables (the ledger's movements, orders, pay records,
// lessons): what one writes without maintained state such as ledger_days, so a ratio below 1 is what
// the maintained aggregates buy. The three run in turn (endpoint, route, driver, endpoint, …), so a
// drift of the machine's load weighs on all alike; each runs BENCH_RUNS times, and a figure of
// milliseconds until it has taken a second (at most 200 times), so its median is not one noisy sample.
// Prints one JSON line per endpoint; reported, never asserted. BENCH_ONLY=a,b times only the endpoints
// so named (e.g. `revenue/summary,report/school`); BENCH_FROM=name starts at the endpoint so named
// (resuming a run).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openBenchDatabase } from './bench-database.js';
import { buildApp } from '../src/app.js';
import { processDeps } from '../src/processDeps.js';
import { DEMO_PASSWORD } from '../src/slices/system/seed.js';
import { benchContext, type BenchEndpoint } from './bench-dashboards/context.js';
import { moneyEndpoints } from './bench-dashboards/money.js';
import { incomeEndpoints } from './bench-dashboards/income.js';
import { teachingEndpoints } from './bench-dashboards/teaching.js';

const RUNS = Number(process.env.BENCH_RUNS ?? '5');
const config = loadConfig();
const { database, now, seedSeconds } = await openBenchDatabase(config, {
  statementTimeoutMs: 0,
  scale: config.SEED_SCALE,
});
const deps = processDeps(database, config, now);
const app = await buildApp(deps, { logger: false });
const ctx = benchContext(database.db, now());
const ENDPOINTS: BenchEndpoint[] = [
  ...moneyEndpoints(ctx),
  ...(await teachingEndpoints(ctx)),
  ...incomeEndpoints(ctx),
];
// The minimal routes: each reference SQL's rows as JSON, on the same server, without authentication.
ENDPOINTS.forEach((e, i) => {
  app.get(`/__bench/ref/${i}`, async () => ({ code: 0, message: 'ok', data: await e.sql() }));
});
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'admin', password: DEMO_PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;

const { rows } = ctx;
const median = (xs: number[]) => {
  const m = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return Math.round(m * 100) / 100;
};
const timed = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
/**
 * Medians of each, run in turn after one warm run of each (plans and caches, as a dashboard opened
 * twice): each runs RUNS times, or more while it has taken less than a second in all (at most 200),
 * so a figure of milliseconds gets many samples without repeating a reference of seconds as often.
 */
async function timeAll(fns: Array<() => Promise<unknown>>) {
  for (const f of fns) await f();
  const times = fns.map(() => [] as number[]);
  const spent = fns.map(() => 0);
  const wants = (k: number) => {
    const n = times[k]?.length ?? 0;
    return n < RUNS || ((spent[k] ?? 0) < 1000 && n < 200);
  };
  while (fns.some((_, k) => wants(k))) {
    for (const [k, f] of fns.entries()) {
      if (!wants(k)) continue;
      const ms = await timed(f);
      times[k]?.push(ms);
      spent[k] = (spent[k] ?? 0) + ms;
    }
  }
  return times.map(median);
}

const counts = (await rows(sql`select (select count(*) from orders)::int as orders,
  (select count(*) from student_ledger)::int as movements, (select count(*) from teaching_lessons)::int as lessons,
  (select count(*) from clues)::int as clues`)) as Array<Record<string, number>>;
console.log(JSON.stringify({ db: database.kind, scale: config.SEED_SCALE, seedSeconds, ...counts[0] }));
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const from = ENDPOINTS.findIndex((e) => e.name === process.env.BENCH_FROM);
if (process.env.BENCH_FROM && from < 0)
  throw new Error(`BENCH_FROM=${process.env.BENCH_FROM}: no such endpoint`);
const inject = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
  const r = await app.inject({ method, url, headers: { token }, payload });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
};
for (const [i, e] of ENDPOINTS.entries()) {
  if ((only.length && !only.includes(e.name)) || i < from) continue;
  const [api = 0, ref = 0, driver = 0] = await timeAll([
    () => inject(e.method ?? 'GET', e.url, e.payload),
    () => inject('GET', `/__bench/ref/${i}`),
    e.sql,
  ]);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  console.log(
    JSON.stringify({
      endpoint: e.name,
      apiMs: api,
      refMs: ref,
      sqlMs: driver,
      ratio: r2(api / ref),
      sqlRatio: r2(api / driver),
    }),
  );
}
await app.close();
await database.close();
