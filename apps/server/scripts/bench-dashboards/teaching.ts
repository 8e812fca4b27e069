// The dashboards benchmark's teaching figures: lessons, bookings, signs, class use and saturation.
import { sql } from 'drizzle-orm';
import type { BenchContext, BenchEndpoint } from './context.js';

export function teachingEndpoints(ctx: BenchContext): BenchEndpoint[] {
  const { period, rows, startDate, endDate, today } = ctx;
  return [
    // The lesson figures. Their reference SQL reads the BASE tables — what one writes without
    // maintained state — while the endpoints read the lesson rollups (migration 0049) and, for the
    // distinct students, the booked bookings through two partial indexes.
    {
      // The same figures as the endpoint: lessons, given, confirmed, booked and consumed hours and the
      // distinct students booked, in one pass of the three-way join.
      name: 'schedule/summary',
      url: `/api/schedule/summary?${period}`,
      sql: () =>
        rows(sql`select count(distinct le.id), count(distinct le.id) filter (where a.id is not null),
          count(distinct le.id) filter (where le.confirmed_at is not null),
          sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end), sum(a.hours),
          count(distinct ls.student_id) filter (where ls.status = 10)
        from teaching_lessons le left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
        left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
        where le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date`),
    },
    {
      // Booked hours per campus: the lessons and their booked bookings (no sign is needed).
      name: 'schedule/campusdistribution',
      url: `/api/schedule/campusdistribution?${period}`,
      sql: () =>
        rows(sql`select le.school_item_code, si.name, sum(le.hours) as h
        from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
        left join school_items si on si.code = le.school_item_code
        where le.status = 10 and le.kind in ('oneToOne', 'group')
          and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
        group by 1, 2 order by h desc`),
    },
    {
      // Booked hours per month: the total and per campus.
      name: 'schedule/schooltrend',
      url: `/api/schedule/schooltrend?${period}`,
      sql: () =>
        rows(sql`select le.school_item_code, to_char(le.lesson_date, 'YYYY-MM'), sum(le.hours)
        from teaching_lessons le join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status = 10
        where le.status = 10 and le.kind in ('oneToOne', 'group')
          and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date
        group by grouping sets ((1, 2), (2))`),
    },
    {
      // Class use and arrival of the lessons whose day has come: one pass of the three-way join.
      name: 'scheduleratio/summary',
      url: `/api/scheduleratio/summary?${period}`,
      sql: () =>
        rows(sql`select sum(case when ls.status = 10 and le.kind in ('oneToOne', 'group') then le.hours else 0 end),
          coalesce(sum(a.hours), 0), count(ls.id), count(*) filter (where a.status in ('present', 'late', 'makeup')),
          count(*) filter (where a.status = 'leave' or ls.status = 20), count(*) filter (where a.status = 'absent'),
          count(*) filter (where a.id is null and ls.status = 10)
        from teaching_lessons le left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
        left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
        where le.status = 10 and le.lesson_date >= ${startDate}::date
          and le.lesson_date <= least(${endDate}::date, ${today}::date)`),
    },
    {
      // Teachers' and rooms' booked minutes (their live lessons) against the minutes their campus is
      // open on the period's days (valid spans of the day's bands, no holiday), with the heads.
      name: 'saturation/summary',
      url: `/api/saturation/summary?${period}`,
      sql: () =>
        rows(sql`with open_minutes as (
          select si.code as c, d.day::date as day,
            sum((split_part(sp.end_time, ':', 1)::int * 60 + split_part(sp.end_time, ':', 2)::int)
              - (split_part(sp.start_time, ':', 1)::int * 60 + split_part(sp.start_time, ':', 2)::int)) as m
          from school_items si
          cross join generate_series(${startDate}::date, ${endDate}::date, interval '1 day') as d(day)
          join teaching_time_spans sp on sp.school_item_code = si.code and sp.valid_status = 1
            and sp.band_type = any(case when extract(isodow from d.day) <= 5 then array[1, 2] else array[3] end)
          where not exists (select 1 from teaching_calendar_days h where h.kind = 'holiday'
            and (h.school_item_code is null or h.school_item_code = si.code) and d.day::date between h.start_date and h.end_date)
          group by 1, 2),
        t as (select e.code, e.school_item_code, e.entry_date from employees e join posts p on p.code = e.post_code
          where e.status = 1 and p.post_role = 'teacher'),
        r as (select cr.id, cr.school_item_code from teaching_classrooms cr where cr.valid_status = 1)
        select (select count(*) from t), (select sum(o.m) from t join open_minutes o on o.c = t.school_item_code
            and (t.entry_date is null or o.day >= t.entry_date)),
          (select row(sum(le.end_minute - le.start_minute), count(*)) from t join teaching_lessons le on le.teacher_code = t.code
            and le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date),
          (select count(*) from r), (select sum(o.m) from r join open_minutes o on o.c = r.school_item_code),
          (select sum(le.end_minute - le.start_minute) from r join teaching_lessons le on le.classroom_id = r.id
            and le.status = 10 and le.lesson_date >= ${startDate}::date and le.lesson_date <= ${endDate}::date)`),
    },
  ];
}
