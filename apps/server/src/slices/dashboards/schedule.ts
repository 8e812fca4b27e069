// Schedule, class use and arrival (/dataStatistics/class, usedClassRate): aggregates of the lesson
// bookings of the period by lesson day (docs/metrics.md "Schedule", "Class use and arrival").
import { shanghaiDate } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import {
  BOOKED,
  BOOKINGS,
  CAMPUS,
  LESSON_DAYS,
  LESSON_SUMS as L,
  TEACHER,
  TEACHER_DAYS,
  distinctCount,
  distinctCounts,
  factTable,
  factTotals,
  factTrend,
  n,
  rowsOf,
  type Dimension,
} from './facts.js';
import type { FigureScope } from './scope.js';

// Sums over the lesson rollup (facts.LESSON_DAYS); the distinct students over the booked bookings.
const SCHEDULE = {
  lessons: L.lessons,
  givenLessons: L.givenLessons,
  confirmedLessons: L.confirmedLessons,
  scheduledHours: L.scheduledHours,
  consumedHours: L.consumedHours,
};

/** Rows of a rollup table with the distinct students of the same key (0 where none is booked). */
async function withStudents<R extends { key: string }>(
  rows: R[],
  students: Promise<{ key: string; students: number }[]>,
) {
  const by = new Map((await students).map((r) => [r.key, r.students]));
  return rows.map((r) => ({ ...r, students: by.get(r.key) ?? 0 }));
}

const KIND: Dimension = { key: sql`l.kind`, join: sql`` };
const KIND_NAMES: Record<string, string> = {
  oneToOne: '一对一 / One-to-one',
  group: '小组课 / Group',
  trial: '试听 / Trial',
  assessment: '评估 / Assessment',
};

export async function summary(deps: AppDeps, s: FigureScope) {
  const [sums, students] = await Promise.all([
    factTotals(deps, s, LESSON_DAYS, SCHEDULE),
    distinctCount(deps, s, BOOKED, sql`l.student_id`),
  ]);
  return { period: s.period, ...sums, students };
}

export async function byKind(deps: AppDeps, s: FigureScope) {
  const students = distinctCounts(deps, s, BOOKED, KIND.key, sql`l.student_id`);
  const rows = await withStudents(await factTable(deps, s, LESSON_DAYS, KIND, SCHEDULE), students);
  return {
    period: s.period,
    rows: rows.map(({ key, name: _name, ...r }) => ({ kind: key, name: KIND_NAMES[key] ?? key, ...r })),
  };
}

const HOURS = { value: L.scheduledHours };

export async function hoursBy(deps: AppDeps, s: FigureScope, d: Dimension) {
  const rows = await factTable(deps, s, LESSON_DAYS, d, HOURS);
  return { period: s.period, rows: rows.filter((r) => r.value !== 0) };
}

export const hoursTrend = (deps: AppDeps, s: FigureScope, d: Dimension) =>
  factTrend(deps, s, LESSON_DAYS, d, HOURS.value);

/** Lessons whose day has come (today in Shanghai, or the period's end if earlier). */
const dayCome = (deps: AppDeps) => sql`l.day <= ${shanghaiDate(deps.now())}::date`;

const RATIO = {
  bookedHours: L.scheduledHours,
  consumedHours: L.consumedHours,
  bookings: L.bookings,
  arrivals: L.arrivals,
  leaves: L.leaves,
  absences: L.absences,
  unsigned: L.unsigned,
};
const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 100 : 0);
const withRates = <
  T extends { bookedHours: number; consumedHours: number; arrivals: number; bookings: number },
>(
  r: T,
) => ({ ...r, usedPct: pct(r.consumedHours, r.bookedHours), arrivalPct: pct(r.arrivals, r.bookings) });

export async function ratio(deps: AppDeps, s: FigureScope) {
  return { period: s.period, ...withRates(await factTotals(deps, s, LESSON_DAYS, RATIO, dayCome(deps))) };
}

export async function ratioByCampus(deps: AppDeps, s: FigureScope) {
  const rows = await factTable(deps, s, LESSON_DAYS, CAMPUS, RATIO, dayCome(deps));
  return {
    period: s.period,
    rows: rows
      .map(({ key, name, ...r }) => ({ schoolItemCode: key, schoolItemName: name, ...withRates(r) }))
      .sort((a, b) => a.schoolItemCode.localeCompare(b.schoolItemCode)),
  };
}

export async function studentSummary(deps: AppDeps, s: FigureScope) {
  const [heads, hours] = await Promise.all([
    // Both distinct counts in one pass: the bookings grouped per student first (a hash aggregate),
    // then the students counted — not two sorted count(distinct) over every booking.
    rowsOf<{ students: string; attended: string }>(
      deps,
      sql`with l as (${BOOKINGS.rows(s)})
        select count(*) filter (where x.b)::text as students, count(*) filter (where x.u)::text as attended
        from (select l.student_id, bool_or(l.booked = 1) as b, bool_or(l.uh > 0) as u
          from l where l.student_id is not null group by 1) x`,
    ).then(([r]) => ({ students: n(r?.students), attended: n(r?.attended) })),
    factTotals(deps, s, LESSON_DAYS, { scheduledHours: L.scheduledHours, consumedHours: L.consumedHours }),
  ]);
  const r = { ...heads, ...hours };
  return {
    period: s.period,
    ...r,
    hoursPerStudent: r.attended ? Math.round((r.consumedHours / r.attended) * 100) / 100 : 0,
  };
}

export async function studentList(
  deps: AppDeps,
  s: FigureScope,
  q: { pageIdx: number; pageSize: number; keyword?: string },
) {
  const kw = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const per = sql`
    with l as (${BOOKINGS.rows(s)})
    select l.student_id, count(*) as lessons,
      count(*) filter (where l.sign in ('present', 'late', 'makeup')) as arrivals,
      count(*) filter (where l.sign = 'leave' or l.booked = 0) as leaves,
      count(*) filter (where l.sign = 'absent') as absences,
      coalesce(sum(l.bh), 0) as scheduled, coalesce(sum(l.uh), 0) as consumed
    from l where l.student_id is not null group by l.student_id`;
  const match: SQL = kw ? sql`(st.name ilike ${kw} or st.code ilike ${kw})` : sql`true`;
  // The page and the number of students in one pass over the bookings (a window count over the
  // matching students); only a page past the end asks for the count alone.
  const rows = await rowsOf<Record<string, string | null>>(
    deps,
    sql`with p as (${per})
      select p.student_id, st.code, st.name, si.name as campus, p.lessons::text, p.arrivals::text, p.leaves::text,
        p.absences::text, p.scheduled::text, p.consumed::text, (count(*) over ())::text as total
      from p join students st on st.id = p.student_id left join school_items si on si.code = st.school_item_code
      where ${match}
      order by p.lessons desc, st.code
      limit ${q.pageSize} offset ${(q.pageIdx - 1) * q.pageSize}`,
  );
  const [c] = rows.length
    ? [{ total: rows[0]?.total ?? '0' }]
    : await rowsOf<{ total: string }>(
        deps,
        sql`with p as (${per}) select count(*)::text as total from p join students st on st.id = p.student_id where ${match}`,
      );
  return {
    list: rows.map((r) => ({
      studentId: n(r.student_id),
      studentCode: r.code ?? '',
      studentName: r.name ?? '',
      schoolItemName: r.campus ?? '',
      lessons: n(r.lessons),
      arrivals: n(r.arrivals),
      leaves: n(r.leaves),
      absences: n(r.absences),
      scheduledHours: n(r.scheduled),
      consumedHours: n(r.consumed),
    })),
    total: n(c?.total),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function studentHistory(deps: AppDeps, user: AuthUser, s: FigureScope, studentId: number) {
  // The student (with their campus's name) and their lessons at once; the scope is checked before
  // anything is answered.
  const [[st], rows] = await Promise.all([
    rowsOf<{
      id: number;
      code: string;
      name: string;
      status: number;
      school_item_code: string;
      campus: string | null;
    }>(
      deps,
      sql`select st.id, st.code, st.name, st.status, st.school_item_code, si.name as campus
        from students st left join school_items si on si.code = st.school_item_code where st.id = ${studentId}`,
    ),
    rowsOf<Record<string, string | number | null>>(
      deps,
      sql`with l as (${BOOKINGS.rows(s)})
        select l.lesson_id, to_char(l.day, 'YYYY-MM-DD') as date, l.start_minute, l.end_minute, c.name as course,
          e.name as teacher, l.kind, l.booked, coalesce(l.sign, '') as sign, (case when l.sign is null then l.bh else l.uh end)::text as hours
        from l left join courses c on c.code = l.course_code left join employees e on e.code = l.teacher_code
        where l.student_id = ${studentId}
        order by l.day, l.start_minute`,
    ),
  ]);
  if (!st || Number(st.status) === 90) throw notFound('学员不存在 / no such student');
  assertCampus(user, st.school_item_code);
  return {
    period: s.period,
    student: {
      id: Number(st.id),
      code: st.code,
      name: st.name,
      schoolItemName: st.campus ?? st.school_item_code,
    },
    rows: rows.map((r) => ({
      lessonId: n(r.lesson_id),
      date: String(r.date ?? ''),
      startMinute: n(r.start_minute),
      endMinute: n(r.end_minute),
      courseName: String(r.course ?? ''),
      teacherName: String(r.teacher ?? ''),
      kind: String(r.kind ?? ''),
      booking: n(r.booked) === 1 ? 'booked' : 'released',
      sign: String(r.sign ?? ''),
      hours: n(r.hours),
    })),
  };
}

const CENTER = { ...SCHEDULE, unconfirmedLessons: L.unconfirmedLessons };

export async function center(deps: AppDeps, s: FigureScope) {
  const [sums, students, teachers] = await Promise.all([
    factTotals(deps, s, LESSON_DAYS, CENTER),
    distinctCount(deps, s, BOOKED, sql`l.student_id`),
    distinctCount(deps, s, TEACHER_DAYS, sql`l.teacher_code`),
  ]);
  return { period: s.period, ...sums, students, teachers };
}

/** Per teacher; `unconfirmedOnly` keeps the teachers with lessons given and not confirmed, most first. */
export async function centerByTeacher(deps: AppDeps, s: FigureScope, unconfirmedOnly: boolean) {
  const students = distinctCounts(deps, s, BOOKED, TEACHER.key, sql`l.student_id`);
  const rows = await withStudents(await factTable(deps, s, TEACHER_DAYS, TEACHER, CENTER), students);
  const list = rows.map(({ key, name, ...r }) => ({ teacherCode: key, teacherName: name, ...r }));
  return {
    period: s.period,
    rows: unconfirmedOnly
      ? list
          .filter((r) => r.unconfirmedLessons > 0)
          .sort(
            (a, b) =>
              b.unconfirmedLessons - a.unconfirmedLessons || a.teacherCode.localeCompare(b.teacherCode),
          )
      : list,
  };
}
