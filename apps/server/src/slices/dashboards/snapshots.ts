// Nightly snapshots of saturation (/nightlySnapshot/*, /saturation/getNightlySnapshot): what each
// campus's and teacher's load was on a day, kept as the job found it — teachers leave, rooms close,
// lessons move, and the snapshot still says how full the day was. docs/metrics.md "Saturation".
import { shanghaiDate, shanghaiDayOf } from '@bo/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { onlyOneServer } from '../../db/singleRun.js';
import { badInput } from '../../http/errors.js';
import { ROOM_LOAD, TEACHER_LOAD, n, rowsOf } from './facts.js';
import { inCampuses, type FigureScope } from './scope.js';

/** The scope of one day over every campus: what the job records. */
function dayScope(day: string): FigureScope {
  const start = shanghaiDayOf(day);
  const end = shanghaiDayOf(day, { end: true });
  if (!start || !end) throw badInput('day', '日期无效 / day: not a valid date');
  return { codes: null, start, end, period: { startDate: day, endDate: day }, months: [day.slice(0, 7)] };
}

/** Yesterday in Shanghai: the last whole day. */
export const yesterday = (deps: AppDeps) => shanghaiDate(new Date(deps.now().getTime() - 86_400_000));

/**
 * Records the saturation of `day` (a day before today) for every campus and teacher in one
 * statement; rows recorded already stay (a unique (day, campus, teacher) key, on conflict do
 * nothing), so running twice — or on two servers at once — records the day once. Answers the rows
 * written now.
 */
export async function recordDay(deps: AppDeps, day: string): Promise<number> {
  if (day >= shanghaiDate(deps.now())) {
    throw badInput('day', '只能记录今天以前的日期 / day: only a day before today can be recorded');
  }
  const s = dayScope(day);
  const rows = await rowsOf<{ id: number }>(
    deps,
    sql`insert into saturation_snapshots (day, school_item_code, teacher_code, teachers, available_minutes,
        booked_minutes, rooms, room_available_minutes, room_booked_minutes, taken_at)
      select ${day}::date, q.school_item_code, q.teacher_code, q.teachers, q.a, q.b, q.rooms, q.ra, q.rb,
        ${deps.now().toISOString()}::timestamptz
      from (
        with t as (${TEACHER_LOAD.rows(s)}), r as (${ROOM_LOAD.rows(s)}),
        tc as (
          select school_item_code, case when grouping(teacher_code) = 1 then '' else teacher_code end as teacher_code,
            count(distinct teacher_code) as teachers, sum(avail_m) as a, sum(booked_m) as b
          from t group by grouping sets ((school_item_code, teacher_code), (school_item_code))),
        rc as (
          select school_item_code, count(distinct room_id) as rooms, sum(avail_m) as ra, sum(booked_m) as rb
          from r group by 1)
        select coalesce(tc.school_item_code, rc.school_item_code) as school_item_code,
          coalesce(tc.teacher_code, '') as teacher_code,
          coalesce(tc.teachers, 0)::int as teachers, coalesce(tc.a, 0)::int as a, coalesce(tc.b, 0)::int as b,
          coalesce(rc.rooms, 0)::int as rooms, coalesce(rc.ra, 0)::int as ra, coalesce(rc.rb, 0)::int as rb
        from tc full join rc on rc.school_item_code = tc.school_item_code and tc.teacher_code = ''
        where tc.school_item_code is not null or rc.school_item_code is not null
      ) q
      where q.teacher_code <> '' or q.rooms > 0 or q.teachers > 0 or q.a > 0
      on conflict (day, school_item_code, teacher_code) do nothing
      returning id`,
  );
  return rows.length;
}

type SnapRow = {
  day: string;
  school_item_code: string;
  school_item_name: string | null;
  teacher_code: string;
  teacher_name: string | null;
  teachers: number;
  available_minutes: number;
  booked_minutes: number;
  rooms: number;
  room_available_minutes: number;
  room_booked_minutes: number;
  taken_at: Date | string;
};

const hours = (m: number) => Math.round((n(m) / 60) * 100) / 100;
const rate = (b: number, a: number) => (n(a) > 0 ? Math.round((n(b) / n(a)) * 10_000) / 100 : 0);
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function present(r: SnapRow) {
  return {
    day: String(r.day).slice(0, 10),
    schoolItemCode: r.school_item_code,
    schoolItemName: r.school_item_name ?? r.school_item_code,
    teacherCode: r.teacher_code,
    teacherName: r.teacher_code ? (r.teacher_name ?? r.teacher_code) : '',
    teachers: n(r.teachers),
    teacher: {
      availableHours: hours(r.available_minutes),
      bookedHours: hours(r.booked_minutes),
      rate: rate(r.booked_minutes, r.available_minutes),
    },
    rooms: n(r.rooms),
    room: {
      availableHours: hours(r.room_available_minutes),
      bookedHours: hours(r.room_booked_minutes),
      rate: rate(r.room_booked_minutes, r.room_available_minutes),
    },
    takenAt: iso(r.taken_at),
  };
}

const SELECT = sql`select to_char(x.day, 'YYYY-MM-DD') as day, x.school_item_code, si.name as school_item_name,
    x.teacher_code, e.name as teacher_name, x.teachers, x.available_minutes, x.booked_minutes, x.rooms,
    x.room_available_minutes, x.room_booked_minutes, x.taken_at
  from saturation_snapshots x
  left join school_items si on si.code = x.school_item_code
  left join employees e on e.code = x.teacher_code`;

/** One day's snapshot of the scope's campuses: campus rows first, then teachers by rate. */
export async function dayRows(deps: AppDeps, s: FigureScope, day: string | undefined) {
  const d = day ?? yesterday(deps);
  const rows = await rowsOf<SnapRow>(
    deps,
    sql`${SELECT} where x.day = ${d}::date and ${inCampuses(sql`x.school_item_code`, s)}
      order by x.school_item_code, x.teacher_code <> '', x.booked_minutes::numeric / nullif(x.available_minutes, 0) desc nulls last, x.teacher_code`,
  );
  return { day: d, rows: rows.map(present) };
}

/** The campus rows of the period's snapshots, latest day first, paged. */
export async function listRows(deps: AppDeps, s: FigureScope, pageIdx: number, pageSize: number) {
  const where = sql`x.teacher_code = '' and x.day >= ${s.period.startDate}::date and x.day <= ${s.period.endDate}::date
    and ${inCampuses(sql`x.school_item_code`, s)}`;
  const [rows, count] = await Promise.all([
    rowsOf<SnapRow>(
      deps,
      sql`${SELECT} where ${where} order by x.day desc, x.school_item_code
        limit ${pageSize} offset ${(pageIdx - 1) * pageSize}`,
    ),
    rowsOf<{ c: string }>(deps, sql`select count(*)::text as c from saturation_snapshots x where ${where}`),
  ]);
  return { list: rows.map(present), total: n(count[0]?.c), pageIdx, pageSize };
}

/** How often the job looks for a day to record; it records yesterday once. */
const TICK_MINUTES = 30;

/**
 * Starts the nightly snapshot timer: every half hour (and shortly after start) it records
 * yesterday unless done — one server at a time, and the unique key makes a repeat a no-op.
 */
export function startSnapshotJobs(deps: AppDeps, log: (msg: string) => void = () => {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const day = yesterday(deps);
      const written = await onlyOneServer(deps.db, deps.dbKind, 'dashboards.snapshot', () =>
        recordDay(deps, day),
      );
      if (written) log(`dashboards: saturation snapshot of ${day}: ${written} rows`);
    } catch (e) {
      log(`dashboards: saturation snapshot failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 60_000);
  first.unref();
  const timer = setInterval(() => void tick(), TICK_MINUTES * 60_000);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
