// The facts every dashboard figure is summed from, and the one mechanism that sums them: a fact
// source (a relation `l` limited to the scope's campuses, which rows fall in the period, the month
// of a row), a dimension to break it down by, and a measure — one SQL aggregate per figure
// (docs/metrics.md). Sources: ledger movements (a reversal counted as the kind it reverses), lesson
// bookings with their signs, and case files.
import { spoken } from '../../http/language.js';
import { codeLabel, orderType, shanghaiMonthOf } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inCampuses, type FigureScope } from './scope.js';

const iso = (d: Date) => d.toISOString();

/**
 * The movements some reversal undoes, as a relation to join on `reverses_id`: found through the
 * partial index of reversals, so a figure joins these few rows instead of hashing the whole ledger
 * a second time (half of a ledger figure's time at scale).
 */
export const REVERSED = sql`(select x.id, x.kind, x.source_type, x.source_id from student_ledger x
    where x.id in (select y.reverses_id from student_ledger y where y.reverses_id is not null))`;

/**
 * One movement with the kind, source and value that count: a reversal counts as what it reverses
 * (`k`; `mk` is the movement's own kind).
 */
export const ledger = (s: FigureScope) => sql`
  select m.id, m.school_item_code, m.student_id, m.course_code, m.order_id, m.value_cents as v, m.hours as h, m.posted_at,
    coalesce(r.kind, m.kind) as k, m.kind as mk,
    coalesce(r.source_type, m.source_type) as st,
    coalesce(r.source_id, m.source_id) as sid
  from student_ledger m
  left join ${REVERSED} r on r.id = m.reverses_id
  where ${inCampuses(sql`m.school_item_code`, s)} and m.posted_at < ${iso(s.end)}::timestamptz`;

/**
 * The movements up to the period's end without their kinds (no reversal join): for the figures
 * that only sum balances (a student's or a campus's), which need no movement's kind:
 * school_item_code, student_id, v (cents), h (hours), posted_at.
 */
export const movements = (s: FigureScope) => sql`
  select m.school_item_code, m.student_id, m.value_cents as v, m.hours as h, m.posted_at from student_ledger m
  where ${inCampuses(sql`m.school_item_code`, s)} and m.posted_at < ${iso(s.end)}::timestamptz`;

/** The Shanghai month of a movement; movements before the period's first month count as '0000-00'. */
export const monthOf = (s: FigureScope) =>
  sql`case when posted_at < ${iso(s.start)}::timestamptz and to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') < ${s.months[0] ?? ''}
    then '0000-00' else to_char(posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') end`;

/**
 * A period as the monthly aggregates read it (docs/decisions.md "Monthly aggregates"): the whole
 * Shanghai months it covers (`whole`: the first and last as 'YYYY-MM-01', null when none is whole),
 * read from a maintained monthly table, and the partial ranges at its ends (`parts`: instants, the
 * end excluded), read from the base rows.
 */
export interface MonthParts {
  whole: { from: string; to: string } | null;
  parts: Array<{ start: Date; end: Date }>;
}

export function monthParts(s: FigureScope): MonthParts {
  const whole = s.months
    .map((m) => ({ m, x: shanghaiMonthOf(m) }))
    .filter(({ x }) => x && x.startDate >= s.period.startDate && x.endDate <= s.period.endDate);
  const first = whole[0];
  const last = whole.at(-1);
  if (!first?.x || !last?.x) return { whole: null, parts: [{ start: s.start, end: s.end }] };
  const parts: MonthParts['parts'] = [];
  if (s.start < first.x.start) parts.push({ start: s.start, end: first.x.start });
  if (last.x.end < s.end) parts.push({ start: last.x.end, end: s.end });
  return { whole: { from: `${first.m}-01`, to: `${last.m}-01` }, parts };
}

export const rowsOf = async <T>(deps: AppDeps, q: SQL): Promise<T[]> =>
  ((await deps.db.execute(q)) as unknown as { rows: T[] }).rows;

export const n = (v: string | number | null | undefined) => Number(v ?? 0);

export type ShareRow = { key: string; name: string | null; cents: string };
export const shares = (rows: ShareRow[]) =>
  rows.map((r) => ({ key: String(r.key), name: r.name ?? String(r.key), cents: n(r.cents) }));

/** A relation of facts (alias `l`) with the columns its dimensions and measures read. */
export interface FactSource {
  /** The rows up to the period's end (a source of balances) or of the period, in the scope's campuses. */
  rows: (s: FigureScope) => SQL;
  /** True for a row of the period. */
  inPeriod: (s: FigureScope) => SQL;
  /** The row's Shanghai month 'YYYY-MM'. */
  month: SQL;
  /** The source's own form of a dimension, where its rows carry what another source joins for. */
  dimension?: (d: Dimension) => Dimension;
}

/** Ledger movements up to the period's end: school_item_code, student_id, course_code, order_id, v, h, k. */
export const LEDGER: FactSource = {
  rows: ledger,
  inPeriod: (s) => sql`l.posted_at >= ${iso(s.start)}::timestamptz`,
  month: sql`to_char(l.posted_at at time zone 'Asia/Shanghai', 'YYYY-MM')`,
};

/**
 * The ledger summed per day (table ledger_days, kept by the database: docs/decisions.md "Maintained
 * ledger aggregates"), up to the period's end: school_item_code, course_code, order_type, day
 * (Shanghai), k (the kind that counts), v (cents), h (hours), n (movements). Every figure that only
 * sums value, hours or movements by campus, course, order type, day or month reads this instead of
 * LEDGER (tens of times fewer rows); one that counts students or reads a movement's source stays on
 * LEDGER (docs/metrics.md "Sources").
 */
export const LEDGER_DAYS: FactSource = {
  rows: (s) => sql`
    select d.school_item_code, d.course_code, d.order_type, d.day, d.kind as k, d.kind as mk, d.value_cents as v,
      d.hours as h, d.movements as n
    from ledger_days d
    where ${inCampuses(sql`d.school_item_code`, s)} and d.day <= ${s.period.endDate}::date`,
  inPeriod: (s) => sql`l.day >= ${s.period.startDate}::date`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
  dimension: (d) => (d === ORDER_TYPE ? { ...ORDER_TYPE, key: sql`l.order_type::text`, join: sql`` } : d),
};

/**
 * The students who consumed (a movement counting as `consume`: a consumption or its reversal), one
 * row per campus, student and month: from the maintained ledger_student_months for the whole months
 * of the period, from the movements (the (kind, posted_at, campus, student) index) for the partial
 * months at its ends — school_item_code, course_code, student_id, mon ('YYYY-MM'), k ('consume'),
 * mk (the movement's own kind). Rows of the period only; a distinct count of students over them is the
 * count over the movements (docs/decisions.md "Monthly aggregates").
 */
export const CONSUMERS: FactSource = {
  rows: (s) => {
    const { whole, parts } = monthParts(s);
    const rolled = whole
      ? [
          sql`select x.school_item_code, x.course_code, x.student_id, to_char(x.month, 'YYYY-MM') as mon, 'consume' as k,
              'consume' as mk
            from ledger_student_months x
            where x.consumes > 0 and x.month >= ${whole.from}::date and x.month <= ${whole.to}::date
              and ${inCampuses(sql`x.school_item_code`, s)}`,
        ]
      : [];
    const partial = parts.map(
      (p) => sql`select m.school_item_code, m.course_code, m.student_id,
          to_char(m.posted_at at time zone 'Asia/Shanghai', 'YYYY-MM') as mon, 'consume' as k, m.kind as mk
        from student_ledger m left join ${REVERSED} r on r.id = m.reverses_id
        where m.kind in ('consume', 'reversal') and coalesce(r.kind, m.kind) = 'consume'
          and m.posted_at >= ${iso(p.start)}::timestamptz and m.posted_at < ${iso(p.end)}::timestamptz
          and ${inCampuses(sql`m.school_item_code`, s)}`,
    );
    return sql.join([...rolled, ...partial], sql` union all `);
  },
  inPeriod: () => sql`true`,
  month: sql`l.mon`,
};

/**
 * The Shanghai month of a LEDGER_DAYS row; days before the period's first month count as '0000-00'
 * (monthOf of the movements).
 */
export const dayMonthOf = (s: FigureScope) =>
  sql`case when to_char(day, 'YYYY-MM') < ${s.months[0] ?? ''} then '0000-00' else to_char(day, 'YYYY-MM') end`;

/**
 * Live lessons of the period (by lesson day), one row per booking that is not removed (a lesson
 * without one gives one row with a null student): school_item_code, course_code, teacher_code,
 * lesson_id, kind, day, start_minute, end_minute, student_id, booked (1 booked, 0 released by leave or none), bh (the hours the
 * booking would consume: trial and assessment lessons consume none), sign (the live attendance's
 * status or null), uh (hours it consumed), confirmed.
 */
export const BOOKINGS: FactSource = {
  rows: (s) => sql`
    select le.school_item_code, le.course_code, le.teacher_code, le.id as lesson_id, le.kind, le.lesson_date as day,
      le.start_minute, le.end_minute,
      ls.student_id, (case when ls.status = 10 then 1 else 0 end) as booked,
      (case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end) as bh,
      a.status as sign, coalesce(a.hours, 0) as uh, (le.confirmed_at is not null) as confirmed
    from teaching_lessons le
    left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
    left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
    where le.status = 10 and ${inCampuses(sql`le.school_item_code`, s)}
      and le.lesson_date >= ${s.period.startDate}::date and le.lesson_date <= ${s.period.endDate}::date`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
};

/** The rows of a lesson rollup in the scope's campuses and the period's days. */
const rollupRows = (table: SQL, s: FigureScope) => sql`
    select d.* from ${table} d
    where ${inCampuses(sql`d.school_item_code`, s)}
      and d.day >= ${s.period.startDate}::date and d.day <= ${s.period.endDate}::date`;

/**
 * The maintained daily rollup of BOOKINGS (tables lesson_campus_days, lesson_days; kept by the
 * database, docs/decisions.md "Lesson rollups"): one row per day, campus, course and kind with the
 * sums of its live lessons and their bookings that are not removed — lessons, given_lessons (a live
 * sign on a booking), confirmed_lessons, unconfirmed_given (given, not confirmed), minutes,
 * bookings, leaves, arrivals, absences, unsigned, bh, uh (as BOOKINGS's columns). Every measure
 * that is a sum or a count composing over the key reads it ({@link LESSON_SUMS}); counts of
 * distinct students stay on {@link BOOKED} or BOOKINGS.
 */
export const LESSON_DAYS: FactSource = {
  rows: (s) => rollupRows(sql`lesson_campus_days`, s),
  inPeriod: () => sql`true`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
};

/** LESSON_DAYS by teacher and classroom too (teacher_code, classroom_id): the teachers' figures. */
export const TEACHER_DAYS: FactSource = {
  rows: (s) => rollupRows(sql`lesson_days`, s),
  inPeriod: () => sql`true`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
};

/** The measures of LESSON_DAYS / TEACHER_DAYS, named as the figures name them. */
export const LESSON_SUMS = {
  lessons: sql`coalesce(sum(l.lessons), 0)`,
  givenLessons: sql`coalesce(sum(l.given_lessons), 0)`,
  confirmedLessons: sql`coalesce(sum(l.confirmed_lessons), 0)`,
  unconfirmedLessons: sql`coalesce(sum(l.unconfirmed_given), 0)`,
  scheduledHours: sql`coalesce(sum(l.bh), 0)`,
  consumedHours: sql`coalesce(sum(l.uh), 0)`,
  bookings: sql`coalesce(sum(l.bookings), 0)`,
  arrivals: sql`coalesce(sum(l.arrivals), 0)`,
  leaves: sql`coalesce(sum(l.leaves), 0)`,
  absences: sql`coalesce(sum(l.absences), 0)`,
  unsigned: sql`coalesce(sum(l.unsigned), 0)`,
};

/**
 * The booked bookings (status 10) of the period's live lessons, one row each, with only the columns
 * the distinct counts read: school_item_code, course_code, teacher_code, kind, day, student_id —
 * read from two indexes (teaching_lessons_live_day_idx, teaching_lesson_students_booked_idx).
 */
export const BOOKED: FactSource = {
  rows: (s) => sql`
    select le.school_item_code, le.course_code, le.teacher_code, le.kind, le.lesson_date as day, ls.student_id
    from teaching_lessons le
    join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
    where le.status = 10 and ${inCampuses(sql`le.school_item_code`, s)}
      and le.lesson_date >= ${s.period.startDate}::date and le.lesson_date <= ${s.period.endDate}::date`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
};

/**
 * Pre-revenue: the bookings of the period's live lessons (by lesson day) not signed yet that would
 * consume hours, valued at the student's remaining price of the course at the period's end (value
 * left ÷ hours left, gift hours included: what consuming them would draw on average). Columns of
 * BOOKINGS plus h (hours), v (cents) and order_id (the first order with hours left, the one
 * consumption draws from; else the latest).
 *
 * Only the lessons of the (day, campus, course, kind) keys the lesson rollup counts an unsigned
 * booking in are read (lesson_campus_days.unsigned: a booked booking without a live sign), and the
 * price is read from the ledger once per (student, course), not once per booking: a year of signed
 * lessons costs nothing (docs/decisions.md "Pre-revenue through the lesson rollup").
 */
export const PREBOOKED: FactSource = {
  rows: (s) => sql`
    with b as (
      select le.school_item_code, le.course_code, le.teacher_code, le.id as lesson_id, le.lesson_date as day,
        ls.student_id, le.hours as bh
      from lesson_campus_days u
      join teaching_lessons le on le.status = 10 and le.lesson_date = u.day
        and le.school_item_code = u.school_item_code and le.course_code = u.course_code and le.kind = u.kind
      join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
      where u.unsigned > 0 and u.kind in ('oneToOne', 'group') and ${inCampuses(sql`u.school_item_code`, s)}
        and u.day >= ${s.period.startDate}::date and u.day <= ${s.period.endDate}::date and le.hours > 0
        and not exists (select 1 from teaching_attendances a where a.lesson_student_id = ls.id and a.cancelled_at is null)),
    p as (
      select k.student_id, k.course_code, x.val, x.hrs, x.order_id
      from (select distinct b.student_id, b.course_code from b) k
      cross join lateral (
        select sum(y.v) as val, sum(y.h) as hrs, coalesce(min(y.order_id) filter (where y.h > 0), max(y.order_id)) as order_id
        from (select sl.order_id, sum(sl.value_cents) as v, sum(sl.hours) as h from student_ledger sl
          where sl.student_id = k.student_id and sl.course_code = k.course_code and sl.posted_at < ${iso(s.end)}::timestamptz
          group by sl.order_item_id, sl.order_id) y
      ) x)
    select b.school_item_code, b.course_code, b.teacher_code, b.lesson_id, b.day, b.student_id,
      b.bh as h, (case when p.hrs > 0 then round(b.bh * p.val / p.hrs) else 0 end)::bigint as v, p.order_id
    from b left join p on p.student_id = b.student_id and p.course_code = b.course_code`,
  inPeriod: () => sql`true`,
  month: sql`to_char(l.day, 'YYYY-MM')`,
};

/** Case files (not deleted) created up to the period's end: school_item_code, student_id, status, created_at. */
export const STUDENTS: FactSource = {
  rows: (s) => sql`
    select st.school_item_code, st.id as student_id, st.status, st.created_at, st.source_clue_id
    from students st
    where st.status <> 90 and ${inCampuses(sql`st.school_item_code`, s)} and st.created_at < ${iso(s.end)}::timestamptz`,
  inPeriod: (s) => sql`l.created_at >= ${iso(s.start)}::timestamptz`,
  month: sql`to_char(l.created_at at time zone 'Asia/Shanghai', 'YYYY-MM')`,
};

/**
 * Money received: confirmed pay records (status 20) of the scope's orders up to the period's end,
 * by payment date: school_item_code, student_id, order_id, adviser_id (the order's), method, v
 * (cents), paid_at. Every pay record has its order; the join is a left join so that a figure of
 * every campus that reads none of the order's columns (a total, the methods) is not joined to the
 * orders at all (the planner drops it).
 */
export const PAYMENTS: FactSource = {
  rows: (s) => sql`
    select o.school_item_code, o.student_id, p.order_id, o.adviser_id, p.method, p.amount_cents as v, p.paid_at
    from pay_records p left join orders o on o.id = p.order_id
    where p.status = 20 and ${inCampuses(sql`o.school_item_code`, s)} and p.paid_at < ${iso(s.end)}::timestamptz`,
  inPeriod: (s) => sql`l.paid_at >= ${iso(s.start)}::timestamptz`,
  month: sql`to_char(l.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM')`,
};

/**
 * Each student's advance receipts per campus: the balance at the period's start (`open_v`) and at
 * its end (`close_v`): school_item_code, student_id, open_v, close_v. Every row is of the period.
 */
export const BALANCES: FactSource = {
  rows: (s) => sql`
    select b.school_item_code, b.student_id,
      coalesce(sum(b.v) filter (where b.posted_at < ${iso(s.start)}::timestamptz), 0) as open_v, sum(b.v) as close_v
    from (${movements(s)}) b group by b.school_item_code, b.student_id`,
  inPeriod: () => sql`true`,
  month: sql`null::text`,
};

/** 'HH:MM' as minutes of the day. */
const minuteOf = (col: SQL) => sql`(split_part(${col}, ':', 1)::int * 60 + split_part(${col}, ':', 2)::int)`;

/**
 * The minutes each campus of the scope is open on each day of the period (docs/metrics.md
 * "Saturation"): its valid time spans of the day's bands — Monday to Friday bands 1 (section A
 * weekday) and 2 (section B evening), Saturday and Sunday band 3 (section B weekend) — and none on
 * a holiday of the campus or of every campus. Relation `open_minutes(school_item_code, day, m)`.
 */
const openMinutes = (s: FigureScope) => sql`open_minutes as (
    select si.code as school_item_code, d.day::date as day,
      sum(${minuteOf(sql`sp.end_time`)} - ${minuteOf(sql`sp.start_time`)}) as m
    from school_items si
    cross join generate_series(${s.period.startDate}::date, ${s.period.endDate}::date, interval '1 day') as d(day)
    join teaching_time_spans sp on sp.school_item_code = si.code and sp.valid_status = 1
      and sp.band_type = any(case when extract(isodow from d.day) <= 5 then array[1, 2] else array[3] end)
    where ${inCampuses(sql`si.code`, s)}
      and not exists (select 1 from teaching_calendar_days h where h.kind = 'holiday'
        and (h.school_item_code is null or h.school_item_code = si.code)
        and d.day::date between h.start_date and h.end_date)
    group by 1, 2)`;

/** Employed teachers (post role teacher) of the scope's campuses, by their primary campus. */
const teacherSet = (s: FigureScope) => sql`teachers as (
    select e.code, e.school_item_code, e.skill_rank_code, e.entry_date
    from employees e join posts p on p.code = e.post_code
    where e.status = 1 and p.post_role = 'teacher' and ${inCampuses(sql`e.school_item_code`, s)})`;

/**
 * Teachers' load of the period (docs/metrics.md "Saturation"): per teacher and month the minutes
 * available (their primary campus open, from their entry date), and the minutes and number of the
 * live lessons they teach (from TEACHER_DAYS): school_item_code (the teacher's), teacher_code,
 * skill_rank_code, mon, avail_m, booked_m, lessons (0 on an availability row).
 */
export const TEACHER_LOAD: FactSource = {
  rows: (s) => sql`
    with ${openMinutes(s)}, ${teacherSet(s)}
    select t.school_item_code, t.code as teacher_code, t.skill_rank_code, to_char(o.day, 'YYYY-MM') as mon,
      sum(o.m) as avail_m, 0 as booked_m, 0 as lessons
    from teachers t join open_minutes o on o.school_item_code = t.school_item_code
      and (t.entry_date is null or o.day >= t.entry_date)
    group by 1, 2, 3, 4
    union all
    select t.school_item_code, t.code, t.skill_rank_code, to_char(d.day, 'YYYY-MM'), 0, sum(d.minutes), sum(d.lessons)
    from teachers t join lesson_days d on d.teacher_code = t.code
      and d.day >= ${s.period.startDate}::date and d.day <= ${s.period.endDate}::date
    group by 1, 2, 3, 4`,
  inPeriod: () => sql`true`,
  month: sql`l.mon`,
};

/**
 * Classrooms' load of the period: per valid room and month the minutes its campus is open, and the
 * minutes and number of the live lessons in it (from TEACHER_DAYS): school_item_code, room_id, mon,
 * avail_m, booked_m, lessons.
 */
export const ROOM_LOAD: FactSource = {
  rows: (s) => sql`
    with ${openMinutes(s)}
    select cr.school_item_code, cr.id as room_id, to_char(o.day, 'YYYY-MM') as mon,
      sum(o.m) as avail_m, 0 as booked_m, 0 as lessons
    from teaching_classrooms cr join open_minutes o on o.school_item_code = cr.school_item_code
    where cr.valid_status = 1
    group by 1, 2, 3
    union all
    select cr.school_item_code, cr.id, to_char(d.day, 'YYYY-MM'), 0, sum(d.minutes), sum(d.lessons)
    from teaching_classrooms cr join lesson_days d on d.classroom_id = cr.id
      and d.day >= ${s.period.startDate}::date and d.day <= ${s.period.endDate}::date
    where cr.valid_status = 1 and ${inCampuses(sql`cr.school_item_code`, s)}
    group by 1, 2, 3`,
  inPeriod: () => sql`true`,
  month: sql`l.mon`,
};

/** The load measures of TEACHER_LOAD and ROOM_LOAD: rate first, so tables come highest first. */
export const LOAD = {
  rate: sql`coalesce(round(100.0 * sum(l.booked_m) / nullif(sum(l.avail_m), 0), 2), 0)`,
  availableHours: sql`round(coalesce(sum(l.avail_m), 0) / 60.0, 2)`,
  bookedHours: sql`round(coalesce(sum(l.booked_m), 0) / 60.0, 2)`,
  lessons: sql`coalesce(sum(l.lessons), 0)`,
};

/**
 * Employed staff of the scope's campuses who had joined by the period's end, one row each:
 * school_item_code, employee_code, entry_date, post_code, post_role, skill_rank_code, skill_type_code,
 * new_hire (1 when they joined in the period), taught_m (minutes of live lessons they teach in the
 * period), uh (hours their lessons' signed attendance consumed): both from TEACHER_DAYS.
 */
export const STAFF: FactSource = {
  rows: (s) => sql`
    select e.school_item_code, e.code as employee_code, e.entry_date, e.post_code, p.post_role, e.skill_rank_code,
      sr.type_code as skill_type_code,
      (case when e.entry_date >= ${s.period.startDate}::date then 1 else 0 end) as new_hire,
      coalesce(les.m, 0) as taught_m, coalesce(les.uh, 0) as uh
    from employees e
    left join posts p on p.code = e.post_code
    left join skill_ranks sr on sr.code = e.skill_rank_code
    left join lateral (
      select sum(d.minutes) as m, sum(d.uh) as uh from lesson_days d
      where d.teacher_code = e.code and d.day >= ${s.period.startDate}::date and d.day <= ${s.period.endDate}::date
    ) les on true
    where e.status = 1 and ${inCampuses(sql`e.school_item_code`, s)}
      and (e.entry_date is null or e.entry_date <= ${s.period.endDate}::date)`,
  inPeriod: () => sql`true`,
  month: sql`null::text`,
};

/**
 * How many distinct values a column of a source's rows of the period takes: grouped first, then
 * counted — a hash aggregate the planner runs in parallel, where `count(distinct)` sorts every row
 * (half the time of the schedule's distinct students at three million bookings).
 */
export async function distinctCount(deps: AppDeps, s: FigureScope, src: FactSource, column: SQL) {
  const [r] = await rowsOf<{ n: string }>(
    deps,
    sql`with l as (${src.rows(s)})
      select count(*)::text as n from (select ${column} from l where ${src.inPeriod(s)} group by 1) x`,
  );
  return n(r?.n);
}

/**
 * {@link distinctCount} per key of a source's rows of the period: the distinct (key, value) pairs
 * grouped first, then counted per key (hash aggregates instead of sorting every row for a
 * `count(distinct)` per group). Answers `{ key, n }` rows, unnamed.
 */
export async function distinctCounts(deps: AppDeps, s: FigureScope, src: FactSource, key: SQL, column: SQL) {
  const rows = await rowsOf<{ key: string | null; n: string }>(
    deps,
    sql`with l as (${src.rows(s)})
      select x.key, count(*)::text as n
      from (select ${key} as key, ${column} as v from l where ${src.inPeriod(s)} and ${column} is not null group by 1, 2) x
      group by 1`,
  );
  return rows.map((r) => ({ key: String(r.key ?? ''), students: n(r.n) }));
}

/** A breakdown of facts (alias `l`): its key, its display name and the join that names it. */
export interface Dimension {
  key: SQL;
  /** Names the key; absent where no table does (the key itself or `label` names it). */
  name?: SQL;
  join: SQL;
  /** Names the keys when no table does (codes of @bo/domain). */
  label?: (key: string) => string;
  /** A second text of the key (a teacher's or room's campus), answered as `detail` (only then). */
  detail?: SQL;
}

/** A dimension's name of a group: the most of its name column, or null where no table names the key. */
export const aggregateName = (d: Dimension) => (d.name ? sql`max(${d.name})` : sql`null::text`);

export const CAMPUS: Dimension = {
  key: sql`l.school_item_code`,
  name: sql`si.name`,
  join: sql`left join school_items si on si.code = l.school_item_code`,
};
export const COURSE: Dimension = {
  key: sql`l.course_code`,
  name: sql`c.name`,
  join: sql`left join courses c on c.code = l.course_code`,
};
export const ORDER_TYPE: Dimension = {
  key: sql`o.order_type::text`,
  join: sql`join orders o on o.id = l.order_id`,
  label: (k) => codeLabel(orderType(Number(k))),
};
export const TEACHER: Dimension = {
  key: sql`l.teacher_code`,
  name: sql`e.name`,
  join: sql`left join employees e on e.code = l.teacher_code`,
};

export const REGION: Dimension = {
  key: sql`si.province_type_code`,
  name: sql`pt.name`,
  join: sql`left join school_items si on si.code = l.school_item_code
    left join province_types pt on pt.code = si.province_type_code`,
};
/** A teacher with their campus as `detail`. */
export const TEACHER_AT: Dimension = {
  key: sql`l.teacher_code`,
  name: sql`e.name`,
  join: sql`left join employees e on e.code = l.teacher_code left join school_items si on si.code = l.school_item_code`,
  detail: sql`si.name`,
};
export const ROOM: Dimension = {
  key: sql`l.room_id::text`,
  name: sql`cr.name`,
  join: sql`left join teaching_classrooms cr on cr.id = l.room_id left join school_items si on si.code = l.school_item_code`,
  detail: sql`si.name`,
};
export const SKILL_LEVEL: Dimension = {
  key: sql`coalesce(l.skill_rank_code, '')`,
  name: sql`coalesce(sr.name, '未定级 / No rank')`,
  join: sql`left join skill_ranks sr on sr.code = l.skill_rank_code`,
};
export const SKILL_TYPE: Dimension = {
  key: sql`coalesce(l.skill_type_code, '')`,
  name: sql`coalesce(st.name, '未定级 / No rank')`,
  join: sql`left join skill_rank_types st on st.code = l.skill_type_code`,
};
export const POST: Dimension = {
  key: sql`l.post_code`,
  name: sql`p2.name`,
  join: sql`left join posts p2 on p2.code = l.post_code`,
};
/** The subjects an employee (column `col` of l) teaches: a teacher of two subjects counts in both. */
export const subjectOf = (col: SQL): Dimension => ({
  key: sql`sj.id::text`,
  name: sql`sj.name`,
  join: sql`join employee_subjects es on es.employee_code = ${col} join subjects sj on sj.id = es.subject_id`,
});
/** The month of a source's rows. */
export const MONTH = (src: FactSource): Dimension => ({ key: src.month, join: sql`` });

/**
 * Which rows a measure reads: those of the period, or every row of the source up to the period's
 * end (balances; the measures then filter the period themselves with `src.inPeriod`).
 */
export type Rows = 'period' | 'toEnd';
const rowsIn = (s: FigureScope, src: FactSource, rows: Rows) =>
  rows === 'period' ? src.inPeriod(s) : sql`true`;

const nameOf = (d: Dimension, key: string, name: string | null) => d.label?.(key) ?? name ?? key;

/**
 * The measures of a source by a dimension, over the rows of the period matching `where`: one row
 * per key with its name, largest first by the first measure.
 */
type TableRow<K extends string> = { key: string; name: string; detail?: string } & Record<K, number>;

/** The select of a measured table: key, name, detail and the measures as text, over `l` joined by `d`. */
const tableSelect = <K extends string>(d: Dimension, measures: Record<K, SQL>, names: K[]) =>
  sql`${d.key} as key, ${aggregateName(d)} as name, ${d.detail ? sql`max(${d.detail})` : sql`''`} as detail, ${sql.join(
    names.map((k) => sql`(${measures[k]})::text as ${sql.identifier(k)}`),
    sql`, `,
  )}`;

const tableRow = <K extends string>(d: Dimension, names: K[], r: Record<string, string | null>) => {
  const key = String(r.key ?? '');
  const out = {
    key,
    name: nameOf(d, key, r.name ?? null),
    // Only where the dimension has one, so other figures' rows keep their shape.
    ...(d.detail ? { detail: r.detail ?? '' } : {}),
  } as TableRow<K>;
  for (const k of names) (out as Record<string, unknown>)[k] = n(r[k]);
  return out;
};

/**
 * The measures of a source by a dimension, over the rows of the period matching `where`: one row
 * per key with its name, largest first by the first measure.
 */
export async function factTable<K extends string>(
  deps: AppDeps,
  s: FigureScope,
  src: FactSource,
  d: Dimension,
  measures: Record<K, SQL>,
  where: SQL = sql`true`,
  rows: Rows = 'period',
): Promise<TableRow<K>[]> {
  d = src.dimension?.(d) ?? d;
  const names = Object.keys(measures) as K[];
  const found = await rowsOf<Record<string, string | null>>(
    deps,
    sql`with l as (${src.rows(s)})
      select ${tableSelect(d, measures, names)}
      from l ${d.join}
      where ${rowsIn(s, src, rows)} and ${where}
      group by 1 order by ${measures[names[0] as K]} desc, 1`,
  );
  return found.map((r) => tableRow(d, names, r));
}

/**
 * {@link factTable} and {@link factTotals} of the same measures in one statement (grouping sets
 * of the key and of all rows): the source is read once, and a figure of milliseconds pays for one
 * statement instead of two; a distinct count of the total is counted over the rows, never summed
 * from the keys.
 */
export async function factTableAndTotal<K extends string>(
  deps: AppDeps,
  s: FigureScope,
  src: FactSource,
  d: Dimension,
  measures: Record<K, SQL>,
  where: SQL = sql`true`,
  rows: Rows = 'period',
): Promise<{ rows: TableRow<K>[]; total: Record<K, number> }> {
  d = src.dimension?.(d) ?? d;
  const names = Object.keys(measures) as K[];
  const found = await rowsOf<Record<string, string | null> & { is_total: boolean }>(
    deps,
    sql`with l as (${src.rows(s)})
      select ${tableSelect(d, measures, names)}, grouping(${d.key}) = 1 as is_total
      from l ${d.join}
      where ${rowsIn(s, src, rows)} and ${where}
      group by grouping sets ((${d.key}), ()) order by ${measures[names[0] as K]} desc, 1`,
  );
  const totalRow = found.find((r) => r.is_total);
  return {
    rows: found.filter((r) => !r.is_total).map((r) => tableRow(d, names, r)),
    total: Object.fromEntries(names.map((k) => [k, n(totalRow?.[k])])) as Record<K, number>,
  };
}

/**
 * The totals of several sources at once, in one statement (one aggregate subquery each, side by
 * side): what a summary of two sources pays for one round trip instead of two.
 */
export async function factTotalsOf<P extends string, K extends string>(
  deps: AppDeps,
  s: FigureScope,
  parts: Record<P, { src: FactSource; measures: Record<K, SQL>; where?: SQL }>,
): Promise<Record<P, Record<K, number>>> {
  const keys = Object.keys(parts) as P[];
  const col = (p: string, k: string) => `${p}.${k}`;
  const [r] = await rowsOf<Record<string, string | null>>(
    deps,
    sql`select * from ${sql.join(
      keys.map((p, i) => {
        const { src, measures, where } = parts[p];
        return sql`(select ${sql.join(
          (Object.keys(measures) as K[]).map(
            (k) => sql`coalesce(${measures[k]}, 0)::text as ${sql.identifier(col(p, k))}`,
          ),
          sql`, `,
        )} from (${src.rows(s)}) l where ${src.inPeriod(s)} and ${where ?? sql`true`}) ${sql.identifier(`p${i}`)}`;
      }),
      sql` cross join `,
    )}`,
  );
  return Object.fromEntries(
    keys.map((p) => [
      p,
      Object.fromEntries(Object.keys(parts[p].measures).map((k) => [k, n(r?.[col(p, k)])])),
    ]),
  ) as Record<P, Record<K, number>>;
}

/** The measures of a source over the rows of the period matching `where`, in one row. */
export async function factTotals<K extends string>(
  deps: AppDeps,
  s: FigureScope,
  src: FactSource,
  measures: Record<K, SQL>,
  where: SQL = sql`true`,
  rows: Rows = 'period',
): Promise<Record<K, number>> {
  const names = Object.keys(measures) as K[];
  const [r] = await rowsOf<Record<string, string | null>>(
    deps,
    sql`with l as (${src.rows(s)})
      select ${sql.join(
        names.map((k) => sql`coalesce(${measures[k]}, 0)::text as ${sql.identifier(k)}`),
        sql`, `,
      )}
      from l where ${rowsIn(s, src, rows)} and ${where}`,
  );
  return Object.fromEntries(names.map((k) => [k, n(r?.[k])])) as Record<K, number>;
}

/**
 * A measure of a source in each month of the period: the total (measured over all rows, so a
 * distinct count is not double counted) and the five keys of the dimension with the most.
 */
export async function factTrend(
  deps: AppDeps,
  s: FigureScope,
  src: FactSource,
  d: Dimension,
  measure: SQL,
  where: SQL = sql`true`,
) {
  d = src.dimension?.(d) ?? d;
  const rows = await rowsOf<{
    key: string | null;
    total: boolean;
    name: string | null;
    mon: string;
    value: string;
  }>(
    deps,
    sql`with l as (${src.rows(s)})
      select ${d.key} as key, grouping(${d.key}) = 1 as total, ${aggregateName(d)} as name,
        ${src.month} as mon, (${measure})::text as value
      from l ${d.join}
      where ${src.inPeriod(s)} and ${where}
      group by grouping sets ((${d.key}, ${src.month}), (${src.month}))`,
  );
  const total = s.months.map(() => 0);
  const byKey = new Map<string, { name: string; values: number[] }>();
  for (const r of rows) {
    const i = s.months.indexOf(r.mon);
    if (i < 0) continue;
    if (r.total) {
      total[i] = n(r.value);
      continue;
    }
    const key = String(r.key ?? '');
    const e = byKey.get(key) ?? { name: nameOf(d, key, r.name), values: s.months.map(() => 0) };
    e.values[i] = n(r.value);
    byKey.set(key, e);
  }
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const top = [...byKey.entries()]
    .map(([key, e]) => ({ key, name: e.name, values: e.values }))
    .filter((x) => sum(x.values) !== 0)
    .sort((a, b) => sum(b.values) - sum(a.values) || a.key.localeCompare(b.key))
    .slice(0, 5);
  return { months: s.months, series: [{ key: '', name: spoken('合计 / Total'), values: total }, ...top] };
}

const list = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
/**
 * `l.k in (kinds)`: ledger movements that count as these kinds (LEDGER or LEDGER_DAYS). It names the
 * movement's own kind too (`mk`: the kind or, for a reversal, 'reversal'), which the planner pushes
 * into the scan of the movements: the (kind, posted_at, …) index then reads only those kinds.
 */
export const kindIn = (kinds: readonly string[]) =>
  sql`l.k in (${list(kinds)}) and l.mk in (${list([...kinds, 'reversal'])})`;

/** `sign × value` of the movements of `kinds` posted in the period, by a dimension, largest first. */
export async function periodBy(
  deps: AppDeps,
  s: FigureScope,
  kinds: readonly string[],
  sign: 1 | -1,
  d: Dimension,
) {
  const rows = await factTable(deps, s, LEDGER_DAYS, d, { cents: sql`${sign} * sum(l.v)` }, kindIn(kinds));
  return rows.filter((r) => r.cents !== 0);
}

/**
 * `sign × value` of the movements of `kinds` in each month of the period: the total and the five
 * keys of the dimension with the most over the period.
 */
export const periodTrend = (
  deps: AppDeps,
  s: FigureScope,
  kinds: readonly string[],
  sign: 1 | -1,
  d: Dimension,
) => factTrend(deps, s, LEDGER_DAYS, d, sql`${sign} * sum(l.v)`, kindIn(kinds));

/** The movements of `kinds` posted in the period: `sign ×` their value and hours, and the students. */
export const periodTotals = (deps: AppDeps, s: FigureScope, kinds: readonly string[], sign: 1 | -1) =>
  factTotals(
    deps,
    s,
    LEDGER,
    {
      cents: sql`${sign} * sum(l.v)`,
      hours: sql`${sign} * sum(l.h)`,
      students: sql`count(distinct l.student_id)`,
    },
    kindIn(kinds),
  );

/** Shares of a distribution from rows of a table (money: `cents`). */
export async function dimensionShares(deps: AppDeps, d: Dimension, q: SQL) {
  const rows = shares(await rowsOf<ShareRow>(deps, q));
  return d.label ? rows.map((r) => ({ ...r, name: d.label?.(r.key) ?? r.name })) : rows;
}
