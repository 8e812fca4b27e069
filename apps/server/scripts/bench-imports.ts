// The imports benchmark's server side (bench/imports.mjs starts it): the real application on a demo
// database (PGlite in DATA_DIR, or DATABASE_URL), the three sheets of BENCH_ROWS rows each (clues,
// students, orders of those students) written as .xlsx into BENCH_DIR, and the reference: a plain
// multi-row insert of the same rows (5000 a statement, every cell as text, no checks, no trigger)
// into a bare table, through the same driver — the floor any import pays for moving the rows in.
// Prints one JSON line { url, token, files } when ready; GET /__bench/ref/<kind> answers the
// reference's milliseconds, GET /__bench/count answers the rows the imports created, and
// GET /__bench/quit stops it.
import { processDeps } from '../src/processDeps.js';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openBenchDatabase } from './bench-database.js';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/slices/system/seed.js';
import { writeSheet } from '../../sdk-cli/src/lib/sheet.js';

const ROWS = Number(process.env.BENCH_ROWS ?? '100000');
const DIR = process.env.BENCH_DIR ?? '.';
const config = loadConfig();
const { database, now } = await openBenchDatabase(config, { statementTimeoutMs: 0, scale: 1 });
const db = database.db;
const rowsOf = async <T>(q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

// The sheets: campuses and a course of the demo data; names from a few characters; phones no demo
// record holds (17… clues, 16… students).
const campuses = (
  await rowsOf<{ code: string }>(
    sql`select code from school_items where valid_status = 1 order by code limit 3`,
  )
).map((r) => r.code);
const [course] = await rowsOf<{ code: string; price: string }>(
  sql`select code, price::text as price from courses where valid_status = 1 and purchase_unit = 1 and price > 0 order by code limit 1`,
);
if (!campuses.length || !course) throw new Error('the demo data lacks a campus or a priced course');
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '子涵浩宇欣怡梓轩一诺雨桐若曦俊杰思远嘉怡明轩';
const nameOf = (i: number, salt: number) =>
  `${SURNAMES[(i + salt) % SURNAMES.length] ?? '王'}${GIVEN[(i * 7 + salt) % GIVEN.length] ?? '子'}${GIVEN[(i * 13 + salt) % GIVEN.length] ?? '涵'}`;
const phone = (prefix: string, i: number) => `${prefix}${String(i).padStart(9, '0')}`;
const campusOf = (i: number) => campuses[i % campuses.length] ?? 'SH01';
const yesterday = new Date(Date.now() - 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
const amount = (Number(course.price) * 10).toFixed(2);

const sheets: Record<string, { headers: string[]; rows: (i: number) => string[] }> = {
  clues: {
    headers: ['孩子姓名', '性别', '家长姓名', '手机号', '校区编码', '备注'],
    rows: (i) => [nameOf(i, 1), i % 2 ? '男' : '女', nameOf(i, 5), phone('17', i), campusOf(i), '导入'],
  },
  students: {
    headers: ['学员姓名', '性别', '家长姓名', '手机号', '校区编码', '康复补贴'],
    rows: (i) => [nameOf(i, 2), i % 2 ? '男' : '女', nameOf(i, 9), phone('16', i), campusOf(i), '否'],
  },
  orders: {
    headers: [
      '原订单号',
      '学员姓名',
      '手机号',
      '校区编码',
      '课程编码',
      '购买数量',
      '订单金额',
      '已付金额',
      '付款方式',
      '付款日期',
    ],
    rows: (i) => [
      `LEGACY-${String(i).padStart(7, '0')}`,
      nameOf(i, 2),
      phone('16', i),
      campusOf(i),
      course.code,
      '10',
      amount,
      amount,
      '1',
      yesterday,
    ],
  },
};
const files: Record<string, string> = {};
for (const [kind, s] of Object.entries(sheets)) {
  files[kind] = path.join(DIR, `${kind}.xlsx`);
  await writeSheet(
    files[kind],
    s.headers,
    (function* () {
      for (let i = 1; i <= ROWS; i += 1) yield s.rows(i);
    })(),
  );
}

const deps = processDeps(database, config, now);
const app = await buildApp(deps, { logger: false });
app.get('/__bench/ref/:kind', async (req) => {
  const kind = (req.params as { kind: string }).kind;
  const s = sheets[kind];
  if (!s) throw new Error(`no sheet ${kind}`);
  const table = sql.identifier(`bench_ref_${kind}`);
  const cols = s.headers.map((_, i) => `c${i}`);
  await db.execute(sql`drop table if exists ${table}`);
  await db.execute(sql.raw(`create table bench_ref_${kind} (${cols.map((c) => `${c} text`).join(', ')})`));
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    for (let from = 1; from <= ROWS; from += 5000) {
      const values = [];
      for (let i = from; i < Math.min(from + 5000, ROWS + 1); i += 1)
        values.push(
          sql`(${sql.join(
            s.rows(i).map((v) => sql`${v}`),
            sql`, `,
          )})`,
        );
      await tx.execute(sql`insert into ${table} values ${sql.join(values, sql`, `)}`);
    }
  });
  const ms = Math.round(performance.now() - t0);
  await db.execute(sql`drop table ${table}`);
  return { code: 0, message: 'ok', data: { ms } };
});
app.get('/__bench/count', async () => {
  const [r] = await rowsOf<{ clues: number; students: number; orders: number }>(
    sql`select (select count(*)::int from clues where phone like '17%' and source = 'import') as clues,
               (select count(*)::int from students where phone like '16%') as students,
               (select count(*)::int from orders where legacy_code like 'LEGACY-%') as orders`,
  );
  return { code: 0, message: 'ok', data: r };
});
app.get('/__bench/quit', async () => {
  setTimeout(() => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }, 10);
  return { code: 0, message: 'ok', data: null };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'admin', password: DEMO_PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;
console.log(
  JSON.stringify({ url: `http://127.0.0.1:${port}/api`, token, files, db: database.kind, rows: ROWS }),
);
