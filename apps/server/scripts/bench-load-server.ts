// The load benchmark's server side (bench/load.mjs starts it): the real application on one port and,
// on another, the two references per measured endpoint: /bare/<name> answers the same JSON from
// memory (the framework's floor), /sql/<name> runs the best hand-written SQL for the same answer
// through the same database driver, without authentication (the floor any design pays).
import Fastify from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openBenchDatabase } from './bench-database.js';
import { buildApp } from '../src/app.js';
import { processDeps } from '../src/processDeps.js';
import { DEMO_PASSWORD } from '../src/slices/system/seed.js';

const config = loadConfig();
const { database, now } = await openBenchDatabase(config, {
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  scale: config.SEED_SCALE,
});
const deps = processDeps(database, config, now);
const app = await buildApp(deps, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (a: ReturnType<typeof app.server.address>) => (typeof a === 'object' && a ? a.port : 0);

const login = async (username: string) => {
  const r = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  return (r.json() as { data: { token: string } }).data.token;
};
const tokens = {
  admin: await login('admin'),
  sales: await login('sales'),
  esales: await login('esales'),
  director: await login('director'),
  finance: await login('finance'),
};
const ids = (await database.db.execute(
  sql`select id, username from users where username in ('sales', 'esales')`,
)) as unknown as {
  rows: Array<{ id: number; username: string }>;
};
const idOf = (u: string) => ids.rows.find((r) => r.username === u)?.id ?? 0;
const salesId = idOf('sales');
const esalesId = idOf('esales');

const rows = async (q: SQL) => ((await database.db.execute(q)) as unknown as { rows: unknown[] }).rows;
const capped = (from: SQL) => sql`select count(*)::int as n from (select 1 from ${from} limit 1001) c`;
const ACTIVE = sql`c.flow_state not in ('invalid', 'merged')`;
/** A page of clues with what a clue row shows besides its columns: campus, owner, follow count, tags. */
const cluePage = (where: SQL) => sql`select c.*, s.name as school_item_name, u.name as owner_name,
  (select count(*)::int from clue_follows f where f.clue_id = c.id) as follow_count,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.sort, g.id)
    from clue_tags t join tags g on g.id = t.tag_id where t.clue_id = c.id) as tags
  from clues c left join school_items s on s.code = c.school_item_code left join users u on u.id = c.owner_user_id
  where ${where} order by c.created_at desc, c.id desc limit 20`;

/** Measured endpoints: the real path and token, and the hand-written SQL of the same answer. */
const ENDPOINTS: Array<{ name: string; url: string; as: keyof typeof tokens; sql: () => Promise<unknown> }> =
  [
    {
      name: 'system.roles',
      url: '/api/system/roles',
      as: 'admin',
      sql: () =>
        rows(sql`select r.code, r.name, r.description, r.status, r.is_admin, r.all_scope, r.version,
        (select count(*)::int from user_roles ur where ur.role_code = r.code) as user_count from roles r order by r.code`),
    },
    {
      name: 'clues.list (consultant)',
      url: '/api/clue/list?pageIdx=1&pageSize=20',
      as: 'sales',
      sql: async () => {
        const where = sql`c.school_item_code = 'SH01' and (c.owner_user_id = ${salesId} or c.flow_state = 'pool') and ${ACTIVE}`;
        return [await rows(cluePage(where)), await rows(capped(sql`clues c where ${where}`))];
      },
    },
    {
      name: 'clues.list (admin)',
      url: '/api/clue/list?pageIdx=1&pageSize=20',
      as: 'admin',
      sql: async () => [await rows(cluePage(ACTIVE)), await rows(capped(sql`clues c where ${ACTIVE}`))],
    },
    {
      // A specialist's list: own resources and the pool of the e-sales campuses (resources/common.ts scopeWhere).
      name: 'resources.queryResourceList (e-sales)',
      url: '/api/resource/queryResourceList?pageIdx=1&pageSize=20',
      as: 'esales',
      sql: async () => {
        const where = sql`(r.owner_user_id = ${esalesId} or (r.owner_user_id is null and r.status in ('new', 'abandoned')
          and (r.school_item_code in ('SH01', 'SH02', 'HZ01', 'NJ01') or (r.school_item_code is null and r.province_type_code = 'HD'))))`;
        return [
          await rows(sql`select r.*, s.name as school_item_name, u.name as owner_name, c.cluecode,
            (select count(*)::int from resource_flows f where f.resource_id = r.id and f.action = 'follow') as follow_count
            from resources r left join school_items s on s.code = r.school_item_code
            left join users u on u.id = r.owner_user_id left join clues c on c.id = r.clue_id
            where ${where} order by r.created_at desc, r.id desc limit 20`),
          await rows(capped(sql`resources r where ${where}`)),
        ];
      },
    },
    {
      name: 'calls.list (e-sales)',
      url: '/api/call/list?pageIdx=1&pageSize=20',
      as: 'esales',
      sql: async () => {
        const where = sql`k.deleted_at is null and k.user_id = ${esalesId}`;
        return [
          await rows(sql`select k.*, u.name as user_name, c.cluecode, c.parent_name, r.rescode, r.name as res_name
            from call_records k left join users u on u.id = k.user_id left join clues c on c.id = k.clue_id
            left join resources r on r.id = k.resource_id
            where ${where} order by k.start_at desc, k.id desc limit 20`),
          await rows(capped(sql`call_records k where ${where}`)),
        ];
      },
    },
    {
      name: 'dictionaries.dictList',
      url: '/api/sysDict/dictList?pageIdx=1&pageSize=20',
      as: 'admin',
      sql: async () => [
        await rows(sql`select * from sys_dicts order by dict_type, sort, id limit 20`),
        await rows(sql`select count(*)::int as n from sys_dicts`),
      ],
    },
    {
      name: 'system.authInfos',
      url: '/api/system/authinfos?pageIdx=1&pageSize=20',
      as: 'admin',
      sql: async () => [
        await rows(sql`select u.id, u.username, u.name, u.mobile, u.status, u.employee_code, u.must_change_password, u.version,
        (select json_agg(json_build_object('code', r.code, 'name', r.name) order by r.code)
          from user_roles ur join roles r on r.code = ur.role_code where ur.user_id = u.id) as roles,
        (select json_agg(g.province_type_code order by g.province_type_code) from user_regions g where g.user_id = u.id) as regions,
        (select json_agg(uc.school_item_code order by uc.school_item_code) from user_campuses uc where uc.user_id = u.id) as campuses
        from users u order by u.id limit 20`),
        await rows(sql`select count(*)::int as n from users`),
      ],
    },
  ];

// BENCH_ONLY=a,b measures only the endpoints whose names start with one of these (e.g. `clues.list`).
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const measured = ENDPOINTS.filter((e) => !only.length || only.some((o) => e.name.startsWith(o)));
const ref = Fastify({ logger: false });
for (const [i, e] of measured.entries()) {
  const r = await app.inject({ method: 'GET', url: e.url, headers: { token: tokens[e.as] } });
  const body = r.body;
  ref.get(`/bare/${i}`, async (_req, reply) => reply.type('application/json').send(body));
  ref.get(`/sql/${i}`, async () => ({ code: 0, message: 'ok', data: await e.sql() }));
}
/**
 * The mixed load (issue 37 §6): what signed-in staff read in a working day, each request as its role
 * would send it — lists on their first page, details of a record in the caller's scope, the director's
 * dashboards on their default period (no query: the screens open on the current month). Each entry is
 * tried once here; one that does not answer 200 is named on stderr and left out.
 */
const one = async <T>(q: SQL) => (await rows(q))[0] as T | undefined;
const clue = await one<{ id: number }>(
  sql`select id from clues where school_item_code = 'SH01' and owner_user_id = ${salesId} order by id desc limit 1`,
);
const order = await one<{ id: number }>(
  sql`select id from orders where school_item_code = 'SH01' order by id desc limit 1`,
);
const student = await one<{ code: string }>(
  sql`select code from students where school_item_code = 'SH01' order by id desc limit 1`,
);
const page = 'pageIdx=1&pageSize=20';
const MIXED: Array<{ name: string; url: string; as: keyof typeof tokens }> = [
  { name: 'clue list', url: `/api/clue/list?${page}`, as: 'sales' },
  { name: 'my clues', url: `/api/clue/mylist?${page}`, as: 'sales' },
  { name: 'clue detail', url: `/api/clue/detail?clueId=${clue?.id ?? 0}`, as: 'sales' },
  { name: 'clue flows', url: `/api/flow/flows?clueId=${clue?.id ?? 0}`, as: 'sales' },
  { name: 'order list', url: `/api/order/orders?${page}`, as: 'sales' },
  { name: 'order detail', url: `/api/incomeOrder/detail/${order?.id ?? 0}`, as: 'sales' },
  { name: 'student detail', url: `/api/student/getstudentdetail?code=${student?.code ?? ''}`, as: 'sales' },
  { name: 'overview', url: '/api/overview/summary2', as: 'director' },
  { name: 'revenue', url: '/api/revenue/summary', as: 'director' },
  { name: 'revenue ranking', url: '/api/revenue/schoolsummaryranking', as: 'director' },
  { name: 'advance receipts', url: '/api/advancereceipt/summary', as: 'director' },
  { name: 'lessons summary', url: '/api/schedule/summary', as: 'director' },
  { name: 'students summary', url: '/api/student/summary', as: 'director' },
  { name: 'centre summary', url: '/api/center/summary', as: 'director' },
  { name: 'pay approvals', url: `/api/incomeOrderApproval/list?${page}`, as: 'finance' },
  { name: 'refund approvals', url: `/api/refundOrderApproval/list?${page}`, as: 'finance' },
  { name: 'accounts', url: `/api/system/authinfos?${page}`, as: 'admin' },
];
const mixed: Array<{ name: string; url: string; token: string }> = [];
for (const m of MIXED) {
  const r = await app.inject({ method: 'GET', url: m.url, headers: { token: tokens[m.as] } });
  if (r.statusCode === 200) {
    const body = r.body;
    ref.get(`/mixbare/${mixed.length}`, async (_req, reply) => reply.type('application/json').send(body));
    mixed.push({ name: m.name, url: m.url, token: tokens[m.as] });
  } else console.error(`mixed load: ${m.name} (${m.url}) answered ${r.statusCode}: left out`);
}

ref.get('/rss', async () => ({ rss: process.memoryUsage().rss }));
// CPU this process has used (µs): the load benchmark takes it before and after each run.
ref.get('/cpu', async () => {
  const c = process.cpuUsage();
  return { us: c.user + c.system };
});
await ref.listen({ port: 0, host: '127.0.0.1' });
console.log(
  JSON.stringify({
    app: port(app.server.address()),
    ref: port(ref.server.address()),
    db: database.kind,
    endpoints: measured.map((e, i) => ({ i, name: e.name, url: e.url, token: tokens[e.as] })),
    mixed,
  }),
);
