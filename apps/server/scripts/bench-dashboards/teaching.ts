// The dashboards benchmark's teaching figures: lessons, bookings, signs, class use, the centre's
// teachers and saturation — every endpoint of /dataStatistics/class, usedClassRate, arrivalRate and
// saturationRate. Their reference SQL reads the BASE tables (lessons, bookings, signs, employees,
// classrooms, time spans) — what one writes without maintained state — while the endpoints read the
// lesson rollups (migration 0049) and, for the distinct students, the booked bookings.
import { sql, type SQL } from 'drizzle-orm';
import type { BenchContext, BenchEndpoint } from './context.js';

export async function teachingEndpoints(ctx: BenchContext): Promise<BenchEndpoint[]> {
  const { period, rows, startDate, endDate, today } = ctx;
  const inPeriod = sql`le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date`;
  /** The period's live lessons, their bookings not removed and the bookings' live signs. */
  const JOIN3 = sql`from teaching_lessons le
    left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
    left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
    where le.status = 10 and ${inPeriod}`;
  /** The schedule's figures over JOIN3: lessons, given, confirmed, booked and consumed hours, students booked. */
  const SCHEDULE = sql`count(distinct le.id) as lessons, count(distinct le.id) filter (where a.id is not null) as given,
    count(distinct le.id) filter (where le.confirmed_at is not null) as confirmed,
    coalesce(sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end), 0) as bh,
    coalesce(sum(a.hours), 0) as uh, count(distinct ls.student_id) filter (where ls.status = 10) as students`;
  /** Given and not confirmed. */
  const UNCONFIRMED = sql`count(distinct le.id) filter (where a.id is not null and le.confirmed_at is null) as unconfirmed`;
  /** Booked hours (the booked bookings of one-to-one and group lessons) of the period. */
  const BOOKED_HOURS = sql`from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
    where le.status = 10 and le.kind in ('oneToOne', 'group') and ${inPeriod}`;
  /** Class use and arrival over JOIN3 of the lessons whose day has come. */
  const RATIO = sql`coalesce(sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end), 0) as bh,
    coalesce(sum(a.hours), 0) as uh, count(ls.id) as bookings, count(*) filter (where a.status in ('present', 'late', 'makeup')) as arrivals,
    count(*) filter (where a.status = 'leave' or ls.status = 20) as leaves, count(*) filter (where a.status = 'absent') as absences,
    count(*) filter (where a.id is null and ls.status = 10) as unsigned`;
  const dayCome = sql`le.lesson_date <= least(${endDate}::date, ${today}::date)`;

  // Saturation: minutes the campuses are open per day (valid spans of the day's bands, no holiday).
  const OPEN = sql`open_minutes as (
    select si.code as c, d.day::date as day,
      sum((split_part(sp.end_time, ':', 1)::int * 60 + split_part(sp.end_time, ':', 2)::int)
        - (split_part(sp.start_time, ':', 1)::int * 60 + split_part(sp.start_time, ':', 2)::int)) as m
    from school_items si
    cross join generate_series(${startDate}::date, ${endDate}::date, interval '1 day') as d(day)
    join teaching_time_spans sp on sp.school_item_code = si.code and sp.valid_status = 1
      and sp.band_type = any(case when extract(isodow from d.day) <= 5 then array[1, 2] else array[3] end)
    where not exists (select 1 from teaching_calendar_days h where h.kind = 'holiday'
      and (h.school_item_code is null or h.school_item_code = si.code) and d.day::date between h.start_date and h.end_date)
    group by 1, 2)`;
  /**
   * Per employed teacher and month: minutes available (their campus open, from their entry date),
   * minutes booked and lessons (their live lessons of the period), as `x(code, c, rank, mon, a, b, n)`.
   */
  const TEACHERS = sql`t as (select e.code, e.school_item_code as c, e.skill_rank_code as rank, e.entry_date
      from employees e join posts p on p.code = e.post_code where e.status = 1 and p.post_role = 'teacher'),
    x as (
      select t.code, t.c, t.rank, to_char(o.day, 'YYYY-MM') as mon, sum(o.m) as a, 0 as b, 0 as n
      from t join open_minutes o on o.c = t.c and (t.entry_date is null or o.day >= t.entry_date) group by 1, 2, 3, 4
      union all
      select t.code, t.c, t.rank, to_char(le.lesson_date, 'YYYY-MM'), 0, sum(le.end_minute - le.start_minute), count(*)
      from t join teaching_lessons le on le.teacher_code = t.code and le.status = 10 and ${inPeriod} group by 1, 2, 3, 4)`;
  /** The same per valid classroom (its campus open; the lessons in it), as `y(code, c, mon, a, b, n)`. */
  const ROOMS = sql`r as (select cr.id, cr.school_item_code as c from teaching_classrooms cr where cr.valid_status = 1),
    y as (
      select r.id as code, r.c, to_char(o.day, 'YYYY-MM') as mon, sum(o.m) as a, 0 as b, 0 as n
      from r join open_minutes o on o.c = r.c group by 1, 2, 3
      union all
      select r.id, r.c, to_char(le.lesson_date, 'YYYY-MM'), 0, sum(le.end_minute - le.start_minute), count(*)
      from r join teaching_lessons le on le.classroom_id = r.id and le.status = 10 and ${inPeriod} group by 1, 2, 3)`;
  const TEACHER_MONTHS = sql`${OPEN}, ${TEACHERS}`;
  const ROOM_MONTHS = sql`${OPEN}, ${ROOMS}, x as (select * from y)`;
  /** Rate, available and booked hours and lessons of the rows of `x`. */
  const loadOf = (x: SQL) => sql`round(100.0 * sum(${x}.b) / nullif(sum(${x}.a), 0), 2) as rate,
    round(sum(${x}.a) / 60.0, 2) as available, round(sum(${x}.b) / 60.0, 2) as booked, sum(${x}.n) as lessons`;
  const LOAD = loadOf(sql`x`);
  /** A load table of a source (TEACHER_MONTHS or ROOM_MONTHS) by a key, with its total: one statement. */
  const loadTable = (src: SQL, key: SQL, join: SQL = sql``, name: SQL = sql`null`) =>
    rows(sql`with ${src} select ${key} as key, max(${name}) as name, ${LOAD}
      from x ${join} group by grouping sets ((${key}), ()) order by rate desc nulls last, 1`);
  const inRegion = sql`left join school_items si on si.code = x.c left join province_types pt on pt.code = si.province_type_code`;

  // The student whose history the page opens: one booked on the period's last lesson day.
  const [pick] = (await rows(sql`select ls.student_id from teaching_lessons le
    join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
    where le.status = 10 and ${inPeriod} order by le.lesson_date desc, le.id desc limit 1`)) as Array<{
    student_id: number;
  }>;
  const studentId = pick?.student_id ?? 0;

  return [
    {
      // The same figures as the endpoint: lessons, given, confirmed, booked and consumed hours and the
      // distinct students booked, in one pass of the three-way join.
      name: 'schedule/summary',
      url: `/api/schedule/summary?${period}`,
      sql: () => rows(sql`select ${SCHEDULE} ${JOIN3}`),
    },
    {
      // The same figures per lesson kind, in one pass.
      name: 'schedule/summary2',
      url: `/api/schedule/summary2?${period}`,
      sql: () => rows(sql`select le.kind, ${SCHEDULE} ${JOIN3} group by le.kind order by lessons desc, 1`),
    },
    {
      // Booked hours per campus: the lessons and their booked bookings (no sign is needed).
      name: 'schedule/campusdistribution',
      url: `/api/schedule/campusdistribution?${period}`,
      sql: () =>
        rows(sql`select b.school_item_code, si.name, b.h from (select le.school_item_code, sum(le.hours) as h
          ${BOOKED_HOURS} group by 1) b left join school_items si on si.code = b.school_item_code order by b.h desc, 1`),
    },
    {
      // Booked hours per month: the total and per campus.
      name: 'schedule/schooltrend',
      url: `/api/schedule/schooltrend?${period}`,
      sql: () =>
        rows(sql`select le.school_item_code, to_char(le.lesson_date, 'YYYY-MM') as mon, sum(le.hours) as h ${BOOKED_HOURS}
        group by grouping sets ((1, 2), (2))`),
    },
    {
      // Booked hours per course, with the course's name.
      name: 'schedule/courseproportion',
      url: `/api/schedule/courseproportion?${period}`,
      sql: () =>
        rows(sql`select b.course_code, c.name, b.h from (select le.course_code, sum(le.hours) as h ${BOOKED_HOURS}
          group by 1) b left join courses c on c.code = b.course_code order by b.h desc, 1`),
    },
    {
      // Booked hours per month: the total and per course, with the courses' names.
      name: 'schedule/coursetrend',
      url: `/api/schedule/coursetrend?${period}`,
      sql: () =>
        rows(sql`select b.course_code, c.name, b.mon, b.h from (select le.course_code,
          to_char(le.lesson_date, 'YYYY-MM') as mon, sum(le.hours) as h ${BOOKED_HOURS}
          group by grouping sets ((1, 2), (2))) b left join courses c on c.code = b.course_code`),
    },
    {
      // Students booked and who attended (a live sign consuming hours), booked and consumed hours: the
      // bookings grouped per student first (one hash aggregate), then counted.
      name: 'schedule/student/summary',
      url: `/api/schedule/student/summary?${period}`,
      sql: () =>
        rows(sql`select count(*) filter (where x.b) as students, count(*) filter (where x.u) as attended,
          coalesce(sum(x.bh), 0) as bh, coalesce(sum(x.uh), 0) as uh
          from (select ls.student_id, bool_or(ls.status = 10) as b, bool_or(a.hours > 0) as u,
            sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end) as bh,
            sum(a.hours) as uh ${JOIN3} group by 1) x`),
    },
    {
      // Per student: lessons, arrivals, leaves, absences, hours booked and consumed; the first page of
      // 20 (most lessons first) and the number of students, in one statement.
      name: 'schedule/student/list',
      url: `/api/schedule/student/list?${period}&pageIdx=1&pageSize=20`,
      sql: () =>
        rows(sql`with p as (select ls.student_id, count(*) as lessons,
            count(*) filter (where a.status in ('present', 'late', 'makeup')) as arrivals,
            count(*) filter (where a.status = 'leave' or ls.status = 20) as leaves,
            count(*) filter (where a.status = 'absent') as absences,
            sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end) as scheduled,
            coalesce(sum(a.hours), 0) as consumed
          from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
          left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
          where le.status = 10 and ${inPeriod} group by ls.student_id)
        select p.*, st.code, st.name, si.name as campus, count(*) over () as total
        from p join students st on st.id = p.student_id left join school_items si on si.code = st.school_item_code
        order by p.lessons desc, st.code limit 20`),
    },
    {
      // One student's lessons of the period with booking and sign, and the student with their campus.
      name: 'schedule/student/history',
      url: `/api/schedule/student/history?${period}&studentId=${studentId}`,
      sql: () =>
        rows(sql`select st.code, st.name, sc.name as campus, le.id, le.lesson_date, le.start_minute, le.end_minute,
          c.name as course, e.name as teacher, le.kind, ls.status, a.status as sign,
          (case when a.id is null then (case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end)
            else a.hours end) as hours
        from students st left join school_items sc on sc.code = st.school_item_code
        left join teaching_lesson_students ls on ls.student_id = st.id and ls.status <> 90
        left join teaching_lessons le on le.id = ls.lesson_id
        left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
        left join courses c on c.code = le.course_code left join employees e on e.code = le.teacher_code
        where st.id = ${studentId} and st.status <> 90 and (le.id is null or (le.status = 10 and ${inPeriod}))
        order by le.lesson_date, le.start_minute`),
    },
    {
      // Class use and arrival of the lessons whose day has come: one pass of the three-way join.
      name: 'scheduleratio/summary',
      url: `/api/scheduleratio/summary?${period}`,
      sql: () => rows(sql`select ${RATIO} ${JOIN3} and ${dayCome}`),
    },
    {
      // The same per campus, with the campus's name.
      name: 'scheduleratio/campusdistribution',
      url: `/api/scheduleratio/campusdistribution?${period}`,
      sql: () =>
        rows(sql`select r.*, si.name from (select le.school_item_code, ${RATIO} ${JOIN3} and ${dayCome}
          group by 1) r left join school_items si on si.code = r.school_item_code order by 1`),
    },
    {
      // The centre: the schedule's figures, given and not confirmed, and the teachers who taught.
      name: 'center/summary',
      url: `/api/center/summary?${period}`,
      sql: () =>
        rows(sql`select ${SCHEDULE}, ${UNCONFIRMED}, count(distinct le.teacher_code) as teachers ${JOIN3}`),
    },
    {
      // The same per teacher, with the teacher's name, most lessons first.
      name: 'center/summaryByEmp',
      url: `/api/center/summaryByEmp?${period}`,
      sql: () =>
        rows(sql`select t.*, e.name from (select le.teacher_code, ${SCHEDULE}, ${UNCONFIRMED} ${JOIN3}
          group by 1) t left join employees e on e.code = t.teacher_code order by t.lessons desc, 1`),
    },
    {
      // The teachers with lessons given and not confirmed, most first.
      name: 'center/teacherConfirmScheduleByEmp',
      url: `/api/center/teacherConfirmScheduleByEmp?${period}`,
      sql: () =>
        rows(sql`select t.*, e.name from (select le.teacher_code, ${SCHEDULE}, ${UNCONFIRMED} ${JOIN3}
          group by 1 having count(distinct le.id) filter (where a.id is not null and le.confirmed_at is null) > 0) t
          left join employees e on e.code = t.teacher_code order by t.unconfirmed desc, 1`),
    },
    {
      // Teachers' and rooms' booked minutes (their live lessons) against the minutes their campus is
      // open on the period's days (valid spans of the day's bands, no holiday), with the heads.
      name: 'saturation/summary',
      url: `/api/saturation/summary?${period}`,
      sql: () =>
        rows(sql`with ${OPEN}, ${TEACHERS}, ${ROOMS}
          select (select row(count(distinct x.code), sum(x.a), sum(x.b), sum(x.n)) from x) as teachers,
            (select row(count(distinct y.code), sum(y.a), sum(y.b)) from y) as rooms`),
    },
    {
      // The ten teachers of the highest rate, with their campus.
      name: 'saturation/topTenTeachers',
      url: `/api/saturation/topTenTeachers?${period}`,
      sql: () =>
        rows(sql`with ${TEACHER_MONTHS} select x.code, max(e.name) as name, max(si.name) as campus, ${LOAD} from x
          left join employees e on e.code = x.code left join school_items si on si.code = x.c
          group by 1 order by rate desc nulls last, 1 limit 10`),
    },
    {
      // Every teacher with their campus, and the total.
      name: 'saturation/managerBoard',
      url: `/api/saturation/managerBoard?${period}`,
      sql: () =>
        loadTable(
          TEACHER_MONTHS,
          sql`x.code`,
          sql`left join employees e on e.code = x.code left join school_items si on si.code = x.c`,
          sql`e.name || si.name`,
        ),
    },
    {
      // Teachers per skill level (all subjects, as the page first opens), and the total.
      name: 'saturation/getLevelRatesBySubject',
      url: `/api/saturation/getLevelRatesBySubject?${period}`,
      sql: () =>
        loadTable(
          TEACHER_MONTHS,
          sql`coalesce(x.rank, '')`,
          sql`left join skill_ranks sr on sr.code = x.rank`,
          sql`sr.name`,
        ),
    },
    {
      // Teachers per region, and the total.
      name: 'saturation/areaTeacherSummary',
      url: `/api/saturation/areaTeacherSummary?${period}`,
      sql: () => loadTable(TEACHER_MONTHS, sql`si.province_type_code`, inRegion, sql`pt.name`),
    },
    {
      // The ten rooms of the highest rate, with their campus.
      name: 'saturation/topTenClassRooms',
      url: `/api/saturation/topTenClassRooms?${period}`,
      sql: () =>
        rows(sql`with ${ROOM_MONTHS} select x.code, max(cr.name) as name, max(si.name) as campus, ${LOAD} from x
          left join teaching_classrooms cr on cr.id = x.code left join school_items si on si.code = x.c
          group by 1 order by rate desc nulls last, 1 limit 10`),
    },
    {
      // Every room with its campus, and the total.
      name: 'saturation/roomSummary',
      url: `/api/saturation/roomSummary?${period}`,
      sql: () =>
        loadTable(
          ROOM_MONTHS,
          sql`x.code`,
          sql`left join teaching_classrooms cr on cr.id = x.code left join school_items si on si.code = x.c`,
          sql`cr.name || si.name`,
        ),
    },
    {
      // Rooms per region, and the total.
      name: 'saturation/areaRoomSummary',
      url: `/api/saturation/areaRoomSummary?${period}`,
      sql: () => loadTable(ROOM_MONTHS, sql`si.province_type_code`, inRegion, sql`pt.name`),
    },
    {
      // Rooms counted by the band of their rate.
      name: 'saturation/getClassRoomLevelRates',
      url: `/api/saturation/getClassRoomLevelRates?${period}`,
      sql: () =>
        rows(sql`with ${ROOM_MONTHS}, rr as (select x.code, coalesce(round(100.0 * sum(x.b) / nullif(sum(x.a), 0), 2), 0) as rate
          from x group by 1)
          select count(*) filter (where rate < 50) as low, count(*) filter (where rate >= 50 and rate < 80) as normal,
            count(*) filter (where rate >= 80 and rate < 100) as high, count(*) filter (where rate >= 100) as full from rr`),
    },
    {
      // Per campus its teachers' and rooms' load and heads, and the total.
      name: 'saturation/directorBoard',
      url: `/api/saturation/directorBoard?${period}`,
      sql: () =>
        rows(sql`with ${OPEN}, ${TEACHERS}, ${ROOMS},
          tc as (select coalesce(x.c, '') as c, count(distinct x.code) as heads, sum(x.a) as a, sum(x.b) as b
            from x group by grouping sets ((x.c), ())),
          rc as (select coalesce(y.c, '') as c, count(distinct y.code) as heads, sum(y.a) as a, sum(y.b) as b
            from y group by grouping sets ((y.c), ()))
          select coalesce(tc.c, rc.c) as c, si.name, tc.heads as teachers,
            round(100.0 * tc.b / nullif(tc.a, 0), 2) as teacher_rate, tc.a as teacher_a, tc.b as teacher_b,
            rc.heads as rooms, round(100.0 * rc.b / nullif(rc.a, 0), 2) as room_rate, rc.a as room_a, rc.b as room_b
          from tc full join rc on rc.c = tc.c left join school_items si on si.code = coalesce(tc.c, rc.c)`),
    },
    {
      // Teachers' and rooms' rate per month, with the teachers' booked and available hours.
      name: 'saturation/monthlyTrend',
      url: `/api/saturation/monthlyTrend?${period}`,
      sql: () =>
        rows(sql`with ${OPEN}, ${TEACHERS}, ${ROOMS}
          select 'teacher' as who, x.mon, ${LOAD} from x group by 2
          union all select 'room', y.mon, ${loadOf(sql`y`)} from y group by 2`),
    },
    {
      // The subjects the employed teachers teach, with how many teach each.
      name: 'saturation/getSubjects',
      url: `/api/saturation/getSubjects?${period}`,
      sql: () =>
        rows(sql`select sj.id, sj.name, count(distinct e.code) as teachers from subjects sj
          join employee_subjects es on es.subject_id = sj.id
          join employees e on e.code = es.employee_code and e.status = 1
          join posts p on p.code = e.post_code and p.post_role = 'teacher'
          where sj.status = 1 group by sj.id, sj.name, sj.sort order by sj.sort, sj.id`),
    },
    {
      // Yesterday's snapshot rows with the campus's and teacher's names (the page sends no period).
      name: 'saturation/getNightlySnapshot',
      url: `/api/saturation/getNightlySnapshot`,
      sql: () =>
        rows(sql`select x.*, si.name as campus, e.name as teacher from saturation_snapshots x
          left join school_items si on si.code = x.school_item_code left join employees e on e.code = x.teacher_code
          where x.day = ${today}::date - 1
          order by x.school_item_code, x.teacher_code <> '', x.booked_minutes::numeric / nullif(x.available_minutes, 0) desc nulls last, x.teacher_code`),
    },
  ];
}
