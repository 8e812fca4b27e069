// The maintained lesson rollups (lesson_days, lesson_campus_days; migration 0049) equal the same
// GROUP BY of the base tables after every kind of change a command makes to lessons, bookings and
// signs — one statement at a time, as the commands write them — and after a bulk load that switches
// the triggers off and fills the rollups once at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let campus = '';
let course = '';
let teacher = '';
let otherTeacher = '';
let room = 0;
let studentIds: number[] = [];

const rows = async <T>(q: SQL) => ((await t.deps.db.execute(q)) as unknown as { rows: T[] }).rows;
const one = async <T>(q: SQL) => {
  const [r] = await rows<T>(q);
  if (!r) throw new Error('no row');
  return r;
};

/** Per key, computed here from one row per live lesson and booking not removed (as facts.BOOKINGS). */
const FROM_BASE = sql`
  with f as (
    select le.id, le.lesson_date as day, le.school_item_code, le.course_code, le.teacher_code,
      coalesce(le.classroom_id, 0) as room, le.kind, le.confirmed_at, le.hours,
      (case when row_number() over (partition by le.id order by ls.id) = 1 then le.end_minute - le.start_minute else 0 end) as m,
      ls.id as ls_id, ls.status as ls_status, a.status as sign, a.hours as ah
    from teaching_lessons le
    left join teaching_lesson_students ls on ls.lesson_id = le.id and ls.status <> 90
    left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
    where le.status = 10)
  select day::text, school_item_code, course_code, teacher_code, room, kind,
    count(distinct id)::int as lessons,
    count(distinct id) filter (where sign is not null)::int as given,
    count(distinct id) filter (where confirmed_at is not null)::int as confirmed,
    count(distinct id) filter (where sign is not null and confirmed_at is null)::int as unconfirmed_given,
    sum(m)::int as minutes, count(ls_id)::int as bookings,
    count(*) filter (where sign = 'leave' or ls_status = 20)::int as leaves,
    count(*) filter (where sign in ('present', 'late', 'makeup'))::int as arrivals,
    count(*) filter (where sign = 'absent')::int as absences,
    count(*) filter (where ls_id is not null and sign is null and ls_status = 10)::int as unsigned,
    sum(case when ls_status = 10 and kind in ('oneToOne', 'group') then hours else 0 end)::numeric(14, 2)::text as bh,
    coalesce(sum(ah), 0)::numeric(14, 2)::text as uh
  from f group by 1, 2, 3, 4, 5, 6`;

const SUMS = sql`lessons, given_lessons as given, confirmed_lessons as confirmed, unconfirmed_given, minutes,
  bookings, leaves, arrivals, absences, unsigned, bh::text as bh, uh::text as uh`;

/** The rollups and the base tables' GROUP BY, both ways, as sorted lists. */
async function compare() {
  const base = await rows<Record<string, unknown>>(sql`${FROM_BASE} order by 1, 2, 3, 4, 5, 6`);
  const rolled = await rows<Record<string, unknown>>(sql`
    select day::text, school_item_code, course_code, teacher_code, coalesce(classroom_id, 0) as room, kind, ${SUMS}
    from lesson_days order by 1, 2, 3, 4, 5, 6`);
  const baseCampus = await rows<Record<string, unknown>>(sql`
    with k as (${FROM_BASE})
    select day, school_item_code, course_code, kind, sum(lessons)::int as lessons, sum(given)::int as given,
      sum(confirmed)::int as confirmed, sum(unconfirmed_given)::int as unconfirmed_given, sum(minutes)::int as minutes,
      sum(bookings)::int as bookings, sum(leaves)::int as leaves, sum(arrivals)::int as arrivals,
      sum(absences)::int as absences, sum(unsigned)::int as unsigned, sum(bh::numeric)::numeric(14, 2)::text as bh,
      sum(uh::numeric)::numeric(14, 2)::text as uh
    from k group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  const rolledCampus = await rows<Record<string, unknown>>(sql`
    select day::text, school_item_code, course_code, kind, ${SUMS} from lesson_campus_days order by 1, 2, 3, 4`);
  expect(rolled).toEqual(base);
  expect(rolledCampus).toEqual(baseCampus);
}

/** The rollup row of one key (the test's own keys: a day no other lesson has). */
const rowOf = (day: string, teacherCode = teacher) =>
  rows<Record<string, unknown>>(sql`
    select ${SUMS} from lesson_days where day = ${day}::date and teacher_code = ${teacherCode} order by kind`);

let seq = 0;
async function lesson(o: { day: string; kind?: string; teacherCode?: string; hours?: number }) {
  seq += 1;
  const r = await one<{ id: number }>(sql`
    insert into teaching_lessons (school_item_code, course_code, teacher_code, classroom_id, kind, lesson_date,
      start_minute, end_minute, hours, status, created_at, updated_at)
    values (${campus}, ${course}, ${o.teacherCode ?? teacher}, ${room}, ${o.kind ?? 'oneToOne'}, ${o.day}::date,
      ${400 + seq * 5}, ${460 + seq * 5}, ${o.hours ?? 1.5}, 10, now(), now())
    returning id`);
  return r.id;
}
async function book(lessonId: number, ids: number[]) {
  return rows<{ id: number; student_id: number }>(sql`
    insert into teaching_lesson_students (lesson_id, student_id, status, created_at)
    select ${lessonId}, s, 10, now() from unnest(${`{${ids.join(',')}}`}::int[]) s
    returning id, student_id`);
}
async function sign(
  lessonId: number,
  lessonStudentId: number,
  studentId: number,
  status: string,
  hours: number,
) {
  const r = await one<{ id: number }>(sql`
    insert into teaching_attendances (lesson_id, lesson_student_id, student_id, school_item_code, course_code,
      teacher_code, lesson_date, status, hours, paid, signed_at)
    select le.id, ${lessonStudentId}, ${studentId}, le.school_item_code, le.course_code, le.teacher_code, le.lesson_date,
      ${status}, ${hours}, true, now()
    from teaching_lessons le where le.id = ${lessonId}
    returning id`);
  return r.id;
}

beforeAll(async () => {
  t = await startTestServer();
  campus = 'SH01';
  course = (await one<{ code: string }>(sql`select code from courses order by code limit 1`)).code;
  teacher = (await one<{ code: string }>(sql`select code from employees order by code limit 1`)).code;
  otherTeacher = `${teacher}-R`;
  room = 901; // a classroom id of the test's own (the column refers to no table)
  studentIds = (
    await rows<{ id: number }>(
      sql`select id from students where school_item_code = ${campus} order by id limit 3`,
    )
  ).map((r) => r.id);
}, 120_000);
afterAll(async () => t?.close());

describe('lesson rollups', () => {
  it('follow scheduling, booking, signs, a leave, a cancelled sign and a confirmation', async () => {
    const [s1 = 0, s2 = 0, s3 = 0] = studentIds;
    // One-to-one: scheduled, then booked.
    const a = await lesson({ day: '2031-03-03' });
    expect(await rowOf('2031-03-03')).toEqual([
      expect.objectContaining({ lessons: 1, bookings: 0, bh: '0.00', minutes: 60 }),
    ]);
    const [b1] = await book(a, [s1]);
    expect(await rowOf('2031-03-03')).toEqual([
      expect.objectContaining({ lessons: 1, bookings: 1, unsigned: 1, bh: '1.50' }),
    ]);
    // Group: three students in one statement.
    const g = await lesson({ day: '2031-03-03', kind: 'group', hours: 2 });
    const gb = await book(g, [s1, s2, s3]);
    await compare();
    // Signs: present on the one-to-one, absent, a leave sign, and a booking released by a leave.
    const sa = await sign(a, b1?.id ?? 0, s1, 'present', 1.5);
    await sign(g, gb[0]?.id ?? 0, s1, 'absent', 2);
    await sign(g, gb[1]?.id ?? 0, s2, 'leave', 0);
    await t.deps.db.execute(
      sql`update teaching_lesson_students set status = 20 where id = ${gb[2]?.id ?? 0}`,
    );
    // Group first (rows by kind): the leave sign still books hours, the released booking does not.
    expect(await rowOf('2031-03-03')).toEqual([
      expect.objectContaining({
        lessons: 1,
        given: 1,
        bookings: 3,
        absences: 1,
        leaves: 2,
        unsigned: 0,
        bh: '4.00',
        uh: '2.00',
      }),
      expect.objectContaining({
        lessons: 1,
        given: 1,
        bookings: 1,
        arrivals: 1,
        unsigned: 0,
        bh: '1.50',
        uh: '1.50',
      }),
    ]);
    await compare();
    // Cancelling the present sign gives its hours back; confirming a lesson counts it confirmed.
    await t.deps.db.execute(sql`update teaching_attendances set cancelled_at = now() where id = ${sa}`);
    await t.deps.db.execute(sql`update teaching_lessons set confirmed_at = now() where id = ${g}`);
    expect(await rowOf('2031-03-03')).toEqual([
      expect.objectContaining({ given: 1, confirmed: 1, unconfirmed_given: 0, uh: '2.00' }),
      expect.objectContaining({ given: 0, confirmed: 0, arrivals: 0, unsigned: 1, uh: '0.00' }),
    ]);
    await compare();
    // A version bump alone changes no figure (and recomputes nothing).
    await t.deps.db.execute(sql`update teaching_lessons set version = version + 1 where id in (${a}, ${g})`);
    await compare();
  });

  it('follow a lesson moved to another day, teacher and room, cancelled and deleted', async () => {
    const [s1 = 0, s2 = 0] = studentIds;
    const a = await lesson({ day: '2031-04-07' });
    const [b] = await book(a, [s1, s2]);
    await sign(a, b?.id ?? 0, s1, 'late', 1.5);
    await t.deps.db.execute(sql`update teaching_lessons set lesson_date = '2031-04-08' where id = ${a}`);
    expect(await rowOf('2031-04-07')).toEqual([]);
    expect(await rowOf('2031-04-08')).toEqual([
      expect.objectContaining({ lessons: 1, bookings: 2, uh: '1.50' }),
    ]);
    await t.deps.db.execute(sql`update teaching_lessons set teacher_code = ${otherTeacher} where id = ${a}`);
    expect(await rowOf('2031-04-08')).toEqual([]);
    expect(await rowOf('2031-04-08', otherTeacher)).toEqual([expect.objectContaining({ lessons: 1 })]);
    await t.deps.db.execute(sql`update teaching_lessons set classroom_id = null where id = ${a}`);
    await compare();
    // Another lesson on the same key keeps the row when the first is cancelled.
    const c = await lesson({ day: '2031-04-08', teacherCode: otherTeacher });
    await t.deps.db.execute(sql`update teaching_lessons set classroom_id = null where id = ${c}`);
    await t.deps.db.execute(sql`update teaching_lessons set status = 90 where id = ${a}`);
    expect(await rowOf('2031-04-08', otherTeacher)).toEqual([
      expect.objectContaining({ lessons: 1, bookings: 0, uh: '0.00' }),
    ]);
    await compare();
    // Deleting the lesson (its bookings go with it) removes the key's row.
    await t.deps.db.execute(sql`delete from teaching_lessons where id = ${c}`);
    expect(await rowOf('2031-04-08', otherTeacher)).toEqual([]);
    await compare();
  });

  it('follow a bulk insert of lessons and bookings in one statement each', async () => {
    const [s1 = 0] = studentIds;
    await t.deps.db.execute(sql`
      insert into teaching_lessons (school_item_code, course_code, teacher_code, kind, lesson_date,
        start_minute, end_minute, hours, status, created_at, updated_at)
      select ${campus}, ${course}, 'BULK' || (n % 7), 'oneToOne', '2031-05-01'::date + (n % 30), 480 + n, 540 + n, 1, 10, now(), now()
      from generate_series(1, 300) n`);
    await t.deps.db.execute(sql`
      insert into teaching_lesson_students (lesson_id, student_id, status, created_at)
      select id, ${s1}, 10, now() from teaching_lessons where teacher_code like 'BULK%'`);
    const r = await one<{ lessons: number; bookings: number }>(sql`
      select sum(lessons)::int as lessons, sum(bookings)::int as bookings from lesson_days where teacher_code like 'BULK%'`);
    expect(r).toEqual({ lessons: 300, bookings: 300 });
    await compare();
  });

  it('are filled once at the end of a bulk load that switched the triggers off', async () => {
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local bo.lesson_days = 'off'`);
      await tx.execute(sql`
        insert into teaching_lessons (school_item_code, course_code, teacher_code, kind, lesson_date,
          start_minute, end_minute, hours, status, created_at, updated_at)
        select ${campus}, ${course}, 'LOAD' || (n % 5), 'group', '2031-06-01'::date + (n % 20), 480 + n, 540 + n, 2, 10, now(), now()
        from generate_series(1, 200) n`);
      const off = await tx.execute(
        sql`select count(*)::int as n from lesson_days where teacher_code like 'LOAD%'`,
      );
      expect((off as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      await tx.execute(sql`select lesson_days_fill(null)`);
    });
    await compare();
    // The triggers are on again after the load's transaction.
    await t.deps.db.execute(sql`update teaching_lessons set status = 90 where teacher_code = 'LOAD1'`);
    await compare();
  });
});
