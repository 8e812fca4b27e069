// The dashboards benchmark (bench/dashboards.mjs starts it): on a database seeded at SEED_SCALE, each
// measured dashboard endpoint (the real application, signed in as the administrator, a year of every
// campus) against the best hand-written SQL for the same figure on the same database. The reference
// SQL reads only the base tables (the ledger's movements, orders, pay records, lessons): what one
// writes without maintained state such as ledger_days, so a ratio below 1 is what the maintained
// aggregates buy. The endpoint and its SQL run alternately (endpoint, SQL, endpoint, …), so a drift of
// the machine's load weighs on both alike. Prints one JSON line per endpoint and a closing summary
// line; reported, never asserted. BENCH_ONLY=a,b times only the endpoints so named (e.g.
// `revenue/summary,report/school`).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { isEmpty, seed } from '../src/seed/index.js';
import { sessionResolver } from '../src/slices/system/sessions.js';
import { DEMO_PASSWORD } from '../src/slices/system/seed.js';
import { benchContext, type BenchEndpoint } from './bench-dashboards/context.js';
import { moneyEndpoints } from './bench-dashboards/money.js';
import { incomeEndpoints } from './bench-dashboards/income.js';
import { teachingEndpoints } from './bench-dashboards/teaching.js';

const RUNS = Number(process.env.BENCH_RUNS ?? '5');
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  statementTimeoutMs: 0,
  poolSize: config.DB_POOL_SIZE,
});
const now = () => new Date();
let seedSeconds = 0;
if (await isEmpty(database.db)) {
  const t0 = performance.now();
  await seed(
    database.db,
    { kind: 'demo' },
    { scale: config.SEED_SCALE, now: now(), scryptLogN: config.SCRYPT_LOG_N },
  );
  seedSeconds = Math.round((performance.now() - t0) / 1000);
}
const deps = {
  db: database.db,
  dbKind: database.kind,
  config,
  now,
  auth: sessionResolver(database.db, config, now),
  ping: database.ping,
};
const app = await buildApp(deps, { logger: false });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'admin', password: DEMO_PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;

const ctx = benchContext(database.db, now());
const ENDPOINTS: BenchEndpoint[] = [
  ...moneyEndpoints(ctx),
  ...(await teachingEndpoints(ctx)),
  ...incomeEndpoints(ctx),
];
const { rows } = ctx;
const median = (xs: number[]) => {
  const m = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return Math.round(m * 10) / 10;
};
const timed = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
/** Medians of the two, run alternately after one warm run of each (plans and caches, as a dashboard opened twice). */
async function timeBoth(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ta.push(await timed(a));
    tb.push(await timed(b));
  }
  return [median(ta), median(tb)] as const;
}

const counts = (await rows(sql`select (select count(*) from orders)::int as orders,
  (select count(*) from student_ledger)::int as movements, (select count(*) from teaching_lessons)::int as lessons,
  (select count(*) from clues)::int as clues`)) as Array<Record<string, number>>;
console.log(JSON.stringify({ db: database.kind, scale: config.SEED_SCALE, seedSeconds, ...counts[0] }));
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
for (const e of ENDPOINTS.filter((x) => !only.length || only.includes(x.name))) {
  const [api, ref] = await timeBoth(async () => {
    const r = await app.inject({
      method: e.method ?? 'GET',
      url: e.url,
      headers: { token },
      payload: e.payload,
    });
    if (r.statusCode !== 200) throw new Error(`${e.url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  }, e.sql);
  console.log(
    JSON.stringify({ endpoint: e.name, apiMs: api, sqlMs: ref, ratio: Math.round((api / ref) * 100) / 100 }),
  );
}
await app.close();
await database.close();
