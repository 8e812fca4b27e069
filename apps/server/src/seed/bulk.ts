// Benchmark volumes: SEED_SCALE beyond what the slices' detailed demo seeds insert row by row is
// added here in set-based SQL (generate_series, 100k rows a statement), so a million clues take
// minutes, not hours. The rows look like the demo's (campuses, owners, states, channels, dates).
import { sql } from 'drizzle-orm';
import type { SeedContext } from './context.js';

/** Scales up to this go through the slices' own demo seeds, row by row (full detail: follows, events). */
export const DETAILED_SCALE_MAX = 10;
/** Clues per scale step, as the clue demo seed's plan. */
const CLUES_PER_SCALE = 60;
const BATCH = 100_000;

/** Working states weighted as the demo plan (out of 60), the owned ones get the campus's owner. */
const STATES = [
  ['pool', 6],
  ['following', 14],
  ['visit_scheduled', 6],
  ['visited', 5],
  ['assessed', 4],
  ['converted', 5],
  ['high_sea', 7],
  ['following', 9],
  ['invalid', 4],
] as const;
const UNOWNED = new Set(['pool', 'high_sea']);

/** Answers how many clues it added. */
export async function seedBulkClues({ db, now, scale }: SeedContext): Promise<number> {
  const total = Math.max(0, scale - DETAILED_SCALE_MAX) * CLUES_PER_SCALE;
  if (!total) return 0;
  const states = STATES.flatMap(([s, n]) => Array.from({ length: n }, () => s));
  const owned = states.map((s) => !UNOWNED.has(s));
  // A batch of 100k rows takes longer than a request's statement_timeout may; this transaction only.
  await db.execute(sql`set local statement_timeout = 0`);
  const stateArr = `{${states.join(',')}}`;
  const ownedArr = `{${owned.join(',')}}`;
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.execute(sql`
      with owners as (
        select max(id) filter (where username = 'sales') as sales,
               max(id) filter (where username = 'director') as director,
               max(id) filter (where username = 'admin') as admin
        from users
      ),
      g as (
        select nextval(pg_get_serial_sequence('clues', 'id')) as id, n,
          (${stateArr}::text[])[1 + n % 60] as state,
          (${ownedArr}::boolean[])[1 + n % 60] as owned,
          (array['SH01','SH02','HZ01','BJ01'])[1 + n % 4] as campus,
          ${now.toISOString()}::timestamptz - make_interval(days => (n % 400)::int, mins => ((n * 53) % 1440)::int) as at
        from generate_series(${from}::int, ${to}::int) n
      )
      insert into clues (id, cluecode, child_name, gender, birth_date, parent_name, phone, relation,
        school_item_code, channel_code, intention, intention_level, flow_state, owner_user_id, assigned_at,
        source, note, last_follow_at, invalid_reason, created_by, created_at, updated_at)
      select g.id, 'XS' || lpad(g.id::text, 8, '0'),
        (array['王','李','张','刘','陈','杨','赵','黄'])[1 + n % 8] || (array['小宝','乐乐','豆豆','安安','多多'])[1 + n % 5],
        1 + n % 2, to_char(g.at - make_interval(years => 2 + (n % 7)::int), 'YYYY-MM-DD'),
        (array['王','李','张','刘','陈','杨','赵','黄'])[1 + n % 8] || (array['芳','伟','静','强'])[1 + n % 4],
        '139' || lpad(n::text, 8, '0'), (array['母亲','父亲'])[1 + n % 2],
        g.campus,
        (array['REFER_OLD','WALKIN','WECHAT_MP','BAIDU','DOUYIN','H5','MEITUAN'])[1 + n % 7],
        (array['A','B','C','D'])[1 + n % 4],
        case when g.owned then (array['A','B','C','D'])[1 + n % 4] end,
        g.state,
        case when g.owned then case g.campus when 'SH01' then o.sales when 'BJ01' then o.admin else o.director end end,
        case when g.owned then g.at + interval '1 hour' end,
        'manual', '',
        case when g.owned then g.at + make_interval(days => (n % 9)::int) end,
        case when g.state = 'invalid' then '空号 / number does not exist' end,
        case when g.owned then case g.campus when 'SH01' then o.sales when 'BJ01' then o.admin else o.director end end,
        g.at, g.at
      from g cross join owners o`);
  }
  // Fresh statistics: the list estimates and plans depend on them.
  await db.execute(sql`analyze clues`);
  return total;
}

/** Resources per scale step, as the resource demo seed's plan (40 in every state). */
const RESOURCES_PER_SCALE = 40;
/** Calls per scale step, as the call demo seed (80 over the last two weeks). */
const CALLS_PER_SCALE = 80;

/**
 * Resources beyond the detailed scale, in the demo plan's proportions (out of 40: 8 new and 4
 * abandoned in the pool, the rest with esales or esales2), on the e-sales campuses, one phone each
 * (the active-phone unique index holds). Answers how many it added.
 */
export async function seedBulkResources({ db, now, scale }: SeedContext): Promise<number> {
  const total = Math.max(0, scale - DETAILED_SCALE_MAX) * RESOURCES_PER_SCALE;
  if (!total) return 0;
  await db.execute(sql`set local statement_timeout = 0`);
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.execute(sql`
      with owners as (
        select max(id) filter (where username = 'esales') as e1,
               max(id) filter (where username = 'esales2') as e2,
               max(id) filter (where username = 'director') as director
        from users
      ),
      g as (
        select nextval(pg_get_serial_sequence('resources', 'id')) as id, n, n % 40 as k,
          case when n % 40 < 8 then 'new' when n % 40 < 18 then 'assigned' when n % 40 < 33 then 'following'
               when n % 40 < 36 then 'invalid' else 'abandoned' end as status,
          (array['SH01','SH02','HZ01','NJ01'])[1 + n % 4] as campus,
          ${now.toISOString()}::timestamptz - make_interval(days => (n % 400)::int, mins => ((n * 53) % 1440)::int) as at
        from generate_series(${from}::int, ${to}::int) n
      )
      insert into resources (id, rescode, name, child_name, gender, birth_date, phone, province_type_code,
        school_item_code, channel_code, level, status, owner_user_id, assigned_at, last_follow_at,
        invalid_reason, abandon_reason, source, note, created_by, created_at, updated_at)
      select g.id, 'ZY' || lpad(g.id::text, 8, '0'),
        (array['王','李','张','刘','陈','杨','赵','黄'])[1 + n % 8] || (array['先生','女士'])[1 + n % 2],
        (array['王','李','张','刘','陈','杨','赵','黄'])[1 + n % 8] || (array['子涵','欣怡','浩然','梓萱','宇轩'])[1 + n % 5],
        n % 3, to_char(g.at - make_interval(years => 2 + (n % 7)::int), 'YYYY-MM-DD'),
        '136' || lpad(n::text, 8, '0'), 'HD',
        case when g.k % 5 = 4 then null else g.campus end,
        (array['BAIDU','DOUYIN','XHS','WECHAT_MP','H5','PHONE'])[1 + n % 6],
        case when g.status = 'new' then null else (array['A','B','C','D'])[1 + n % 4] end,
        g.status,
        case when g.status in ('new', 'abandoned') then null when n % 2 = 0 then o.e1 else o.e2 end,
        case when g.status in ('new', 'abandoned') then null else g.at + interval '1 hour' end,
        case when g.status = 'following' then g.at + make_interval(days => (n % 9)::int) end,
        case when g.status = 'invalid' then '空号或号码错误' end,
        case when g.status = 'abandoned' then '多次联系不上' end,
        case when n % 3 = 0 then 'import' else 'manual' end, '',
        o.director, g.at, g.at
      from g cross join owners o`);
  }
  await db.execute(sql`analyze resources`);
  return total;
}

/**
 * Calls beyond the detailed scale: the e-sales specialists' and the consultant's, over the last 400
 * days, two in three answered. They name no clue or resource (the lists join them; a missing one
 * shows as none). Answers how many it added.
 */
export async function seedBulkCalls({ db, now, scale }: SeedContext): Promise<number> {
  const total = Math.max(0, scale - DETAILED_SCALE_MAX) * CALLS_PER_SCALE;
  if (!total) return 0;
  await db.execute(sql`set local statement_timeout = 0`);
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.execute(sql`
      with owners as (
        select max(id) filter (where username = 'esales') as e1,
               max(id) filter (where username = 'esales2') as e2,
               max(id) filter (where username = 'sales') as sales
        from users
      ),
      g as (
        select n,
          (array['answered','answered','answered','no_answer','busy','answered','failed'])[1 + n % 7] as result,
          ${now.toISOString()}::timestamptz - make_interval(days => (n % 400)::int, mins => ((n * 53) % 1440)::int) as at
        from generate_series(${from}::int, ${to}::int) n
      )
      insert into call_records (session_id, user_id, school_item_code, phone, caller_phone, direction,
        call_type, result, provider, start_at, end_at, duration_seconds, content, created_at, updated_at)
      select 'bulk-' || n,
        coalesce(case n % 3 when 0 then o.e1 when 1 then o.e2 else o.sales end, o.e1, o.e2, o.sales),
        case when n % 3 = 2 then 'SH01' else (array['SH01','SH02','HZ01','NJ01'])[1 + n % 4] end,
        '137' || lpad(n::text, 8, '0'), '02161230000',
        case when n % 9 = 4 then 'in' else 'out' end,
        (array['first_call','follow','invite','follow','service','other'])[1 + n % 6],
        g.result, case when n % 4 = 3 then 'zhichi' else 'tencent' end,
        g.at,
        g.at + make_interval(secs => case when g.result = 'answered' then 48 + (n * 37) % 560 else 8 end),
        case when g.result = 'answered' then 40 + (n * 37) % 560 else 0 end,
        '', g.at, g.at
      from g cross join owners o
      where coalesce(o.e1, o.e2, o.sales) is not null`);
  }
  await db.execute(sql`analyze call_records`);
  return total;
}
