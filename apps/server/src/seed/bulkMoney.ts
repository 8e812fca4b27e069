// Benchmark volumes of money and teaching (docs/metrics.md's facts): SEED_SCALE beyond the detailed
// demo adds, in set-based SQL per batch, case files, effective orders with one line, a confirmed pay
// record, the ledger's purchase and three consume movements, and the three lessons (booking and
// sign) that consumed them — 60 orders a step, so SEED_SCALE=16677 gives about a million orders,
// four million ledger movements and three million lessons. Rows look like the demo's; the lessons are
// then staffed as a centre would staff them (staffBulkLessons): employed teachers of the campus, a
// room each, eight one-hour lessons a day, so the teachers' and rooms' figures (saturation, staff)
// measure a real load.
import { sql, type SQL } from 'drizzle-orm';
import type { SeedContext } from './context.js';
import { DETAILED_SCALE_MAX } from './bulk.js';

const ORDERS_PER_SCALE = 60;
/** Four orders per case file: the first a new enrolment, the others renewals. */
const ORDERS_PER_STUDENT = 4;
const LESSONS_PER_ORDER = 3;
const BATCH = 100_000;
/** One order in REFUND_EVERY (the REFUND_AT-th) is refunded its remaining hours after its last lesson. */
const REFUND_EVERY = 40;
const REFUND_AT = 7;

/** Reserves `count` ids of a serial column and answers the first (the seed alone writes meanwhile). */
async function reserve(db: SeedContext['db'], table: string, count: number): Promise<number> {
  const r = (await db.execute(sql`
    select nextval(pg_get_serial_sequence(${table}, 'id'))::text as first`)) as unknown as {
    rows: { first: string }[];
  };
  const first = Number(r.rows[0]?.first ?? 1);
  await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${first + count - 1})`);
  return first;
}

/** Answers how many orders it added. */
export async function seedBulkMoney({ db, now, scale }: SeedContext): Promise<number> {
  const total = Math.max(0, scale - DETAILED_SCALE_MAX) * ORDERS_PER_SCALE;
  if (!total) return 0;
  await db.execute(sql`set local statement_timeout = 0`);
  // The lesson rollups are filled once at the end (migration 0049): recomputing the keys of every
  // batch's lessons, bookings and signs three times over would cost more than the load itself.
  await db.execute(sql`set local bo.lesson_days = 'off'`);
  // The monthly ledger aggregates likewise (migration 0056): filled once at the end, after the
  // lessons are staffed (a lesson's teacher is what the therapists' consumption is kept by).
  await db.execute(sql`set local bo.ledger_aggregates = 'off'`);
  const nowIso = now.toISOString();
  for (let from = 0; from < total; from += BATCH) {
    const count = Math.min(BATCH, total - from);
    const studentsN = Math.ceil(count / ORDERS_PER_STUDENT);
    const stBase = await reserve(db, 'students', studentsN);
    const oBase = await reserve(db, 'orders', count);
    const iBase = await reserve(db, 'order_items', count);
    const lBase = await reserve(db, 'teaching_lessons', count * LESSONS_PER_ORDER);
    const lsBase = await reserve(db, 'teaching_lesson_students', count * LESSONS_PER_ORDER);
    const aBase = await reserve(db, 'teaching_attendances', count * LESSONS_PER_ORDER);
    // One row per order n (0-based in the batch, N overall): its case file, campus, course, day.
    const g = sql`
      c as (select array_agg(code order by code) as codes, array_agg(name order by code) as names,
              array_agg((price * 100)::bigint order by code) as cents
            from courses where valid_status = 1 and price > 0),
      g as (
        select n, ${from} + n as gn, ${stBase} + n / ${ORDERS_PER_STUDENT} as sid,
          (array['SH01','SH02','HZ01','BJ01'])[1 + ((${from} + n) / ${ORDERS_PER_STUDENT}) % 4] as campus,
          1 + (${from} + n) % array_length(c.codes, 1) as ci,
          10 + ((${from} + n) % 3) * 10 as qty,
          ${nowIso}::timestamptz - make_interval(days => (25 + ((${from} + n) * 7) % 540)::int,
            mins => (((${from} + n) * 53) % 600)::int) as at,
          c.codes, c.names, c.cents, 'BT' || lpad(((${from} + n) / 8)::text, 6, '0') as teacher
        from generate_series(0, ${count - 1}) n cross join c)`;
    await db.execute(sql`
      with ${g}
      insert into students (id, code, name, phone, school_item_code, status, created_at, updated_at)
      select sid, 'BS' || lpad(sid::text, 9, '0'),
        (array['王','李','张','刘','陈','杨','赵','黄'])[1 + gn % 8] || (array['小宝','乐乐','豆豆','安安','多多'])[1 + gn % 5],
        '135' || lpad(sid::text, 8, '0'), campus, 10, at, at
      from g where n % ${ORDERS_PER_STUDENT} = 0`);
    await db.execute(sql`
      with ${g}
      insert into orders (id, code, order_type, status, student_id, school_item_code, list_cents, discount_cents,
        payable_cents, paid_cents, family_cents, effective_at, created_at, updated_at)
      select ${oBase} + n, 'BO' || lpad((${oBase} + n)::text, 10, '0'),
        case when gn % ${ORDERS_PER_STUDENT} = 0 then 1 else 0 end, 40, sid, campus,
        qty * cents[ci], 0, qty * cents[ci], qty * cents[ci], qty * cents[ci], at, at - interval '1 hour', at
      from g`);
    await db.execute(sql`
      with ${g}
      insert into order_items (id, order_id, course_code, course_name, unit, unit_price_cents, quantity,
        list_cents, discount_cents, amount_cents)
      select ${iBase} + n, ${oBase} + n, codes[ci], names[ci], 1, cents[ci], qty, qty * cents[ci], 0, qty * cents[ci]
      from g`);
    await db.execute(sql`
      with ${g}
      insert into pay_records (order_id, method, amount_cents, paid_at, status, created_at, updated_at)
      select ${oBase} + n, 1 + gn % 4, qty * cents[ci], at - interval '30 minutes', 20, at, at
      from g`);
    await db.execute(sql`
      with ${g}
      insert into teaching_lessons (id, school_item_code, course_code, teacher_code, kind, lesson_date,
        start_minute, end_minute, hours, status, confirmed_at)
      select ${lBase} + n * ${LESSONS_PER_ORDER} + j, campus, codes[ci], teacher,
        'oneToOne', ((at + make_interval(days => 7 * (j + 1))) at time zone 'Asia/Shanghai')::date,
        540 + 60 * (gn % 8), 660 + 60 * (gn % 8), 2, 10, at + make_interval(days => 7 * (j + 1), hours => 3)
      from g cross join generate_series(0, ${LESSONS_PER_ORDER - 1}) j`);
    await db.execute(sql`
      with ${g}
      insert into teaching_lesson_students (id, lesson_id, student_id, status, created_at)
      select ${lsBase} + n * ${LESSONS_PER_ORDER} + j, ${lBase} + n * ${LESSONS_PER_ORDER} + j, sid, 10, at
      from g cross join generate_series(0, ${LESSONS_PER_ORDER - 1}) j`);
    await db.execute(sql`
      with ${g}
      insert into teaching_attendances (id, lesson_id, lesson_student_id, student_id, school_item_code, course_code,
        teacher_code, lesson_date, status, hours, paid, signed_at)
      select ${aBase} + n * ${LESSONS_PER_ORDER} + j, ${lBase} + n * ${LESSONS_PER_ORDER} + j,
        ${lsBase} + n * ${LESSONS_PER_ORDER} + j, sid, campus, codes[ci], teacher,
        ((at + make_interval(days => 7 * (j + 1))) at time zone 'Asia/Shanghai')::date, 'present', 2, true,
        at + make_interval(days => 7 * (j + 1), hours => 2)
      from g cross join generate_series(0, ${LESSONS_PER_ORDER - 1}) j`);
    // The ledger: the purchase when the order took effect, and each sign's consume at the sign.
    await db.execute(sql`
      with ${g}
      insert into student_ledger (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours,
        value_cents, source_type, source_id, posted_at, note)
      select sid, campus, ${oBase} + n, ${iBase} + n, codes[ci], 'purchase', qty, qty * cents[ci],
        'incomeOrder', ${oBase} + n, at, ''
      from g
      union all
      select sid, campus, ${oBase} + n, ${iBase} + n, codes[ci], 'consume', -2, -2 * cents[ci],
        'attendance', ${aBase} + n * ${LESSONS_PER_ORDER} + j, at + make_interval(days => 7 * (j + 1), hours => 2), ''
      from g cross join generate_series(0, ${LESSONS_PER_ORDER - 1}) j`);
    await refundSome(db, g, { from, count, oBase, iBase, nowIso });
  }
  await staffBulkLessons(db);
  for (const table of [
    'employees',
    'teaching_classrooms',
    'students',
    'orders',
    'order_items',
    'pay_records',
    'refund_orders',
    'refund_order_items',
    'teaching_lessons',
    'teaching_lesson_students',
    'teaching_attendances',
    'student_ledger',
  ])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  await db.execute(sql`select lesson_days_fill(null)`);
  await db.execute(sql`set local bo.lesson_days = 'on'`);
  await db.execute(sql`analyze lesson_days`);
  await db.execute(sql`analyze lesson_campus_days`);
  await db.execute(sql`select ledger_aggregates_fill()`);
  await db.execute(sql`set local bo.ledger_aggregates = 'on'`);
  for (const table of ['ledger_student_months', 'holding_months', 'ledger_teacher_days'])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  return total;
}

/**
 * Refunds one order in REFUND_EVERY of the batch as an approved refund does (slices/refunds): a refund
 * order (status 20, effective) with its line and a reason of the refund-reason table, the `refund`
 * movement of the remaining hours at the price paid, five days after the last lesson (an hour ago at
 * the latest), and the order closed (status 50) since nothing is left on it. So the refund figures
 * (advance receipts' refunded, income net of refunds, refunds by reason) read real volume.
 */
async function refundSome(
  db: SeedContext['db'],
  g: SQL,
  o: { from: number; count: number; oBase: number; iBase: number; nowIso: string },
) {
  const first = o.from + ((((REFUND_AT - o.from) % REFUND_EVERY) + REFUND_EVERY) % REFUND_EVERY);
  const end = o.from + o.count;
  if (first >= end) return;
  const rBase = await reserve(db, 'refund_orders', Math.floor((end - 1 - first) / REFUND_EVERY) + 1);
  const r = sql`
      ${g},
      rs as (select array_agg(code order by sort, code) as codes, array_agg(name order by sort, code) as names
        from fee_refund_reasons where valid_status = 1),
      r as (select g.*, ${rBase} + (gn - ${first}) / ${REFUND_EVERY} as rid, qty - ${2 * LESSONS_PER_ORDER} as left_h,
          least(at + make_interval(days => 7 * ${LESSONS_PER_ORDER} + 5), ${o.nowIso}::timestamptz - interval '1 hour') as day,
          rs.codes[1 + gn % array_length(rs.codes, 1)] as reason, rs.names[1 + gn % array_length(rs.codes, 1)] as reason_name
        from g cross join rs where gn % ${REFUND_EVERY} = ${REFUND_AT} and array_length(rs.codes, 1) > 0)`;
  await db.execute(sql`
    with ${r}
    insert into refund_orders (id, code, type, order_id, student_id, school_item_code, status, reason_code,
      reason_name, remark, amount_cents, created_at, updated_at)
    select rid, 'TK' || lpad(rid::text, 10, '0'), 'refund', ${o.oBase} + n, sid, campus, 20, reason, reason_name,
      '退剩余课时', left_h * cents[ci], day - interval '2 days', day
    from r`);
  await db.execute(sql`
    with ${r}
    insert into refund_order_items (refund_order_id, order_item_id, course_code, course_name, hours, value_cents)
    select rid, ${o.iBase} + n, codes[ci], names[ci], left_h, left_h * cents[ci] from r`);
  await db.execute(sql`
    with ${r}
    insert into student_ledger (student_id, school_item_code, order_id, order_item_id, course_code, kind, hours,
      value_cents, source_type, source_id, posted_at, note)
    select sid, campus, ${o.oBase} + n, ${o.iBase} + n, codes[ci], 'refund', -left_h, -left_h * cents[ci],
      'refundOrder', rid, day, ''
    from r`);
  await db.execute(sql`
    with ${r}
    update orders o set status = 50, updated_at = r.day from r where o.id = ${o.oBase} + r.n`);
}

/**
 * Staffs the bulk lessons as a centre would: each campus's lessons of a day, taken in course order,
 * eight to a teacher (one an hour, 09:00–17:00), so a teacher mostly teaches one course a day; the
 * campus employs as many teachers as its busiest day needs (codes BT<campus><nnnn>, post TEACHER,
 * a skill rank and a subject, joined two weeks before their first lesson) and gives each a training
 * room of their own. The attendances carry the lesson's teacher. Runs before the lesson rollups are
 * filled; one statement per table.
 */
async function staffBulkLessons(db: SeedContext['db']) {
  await db.execute(sql`
    create temp table bulk_slots on commit drop as
    select l.id, l.school_item_code as campus, l.lesson_date,
      ((row_number() over (partition by l.school_item_code, l.lesson_date order by l.course_code, l.id) - 1))::int as rn
    from teaching_lessons l where l.teacher_code ~ '^BT[0-9]+$'`);
  await db.execute(sql`
    create temp table bulk_teachers on commit drop as
    select campus, rn / 8 as t, 'BT' || campus || lpad((rn / 8)::text, 4, '0') as code, min(lesson_date) as first_day
    from bulk_slots group by 1, 2`);
  await db.execute(sql`
    with rk as (select array_agg(code order by level, code) as codes from skill_ranks where code like 'TR%')
    insert into employees (code, name, gender, school_item_code, post_code, employee_type_code, skill_rank_code,
      entry_date, status)
    select b.code,
      (array['王','李','张','刘','陈','杨','赵','黄','周','吴'])[1 + b.t % 10] ||
        (array['静怡','思远','雨桐','子涵','欣然','浩然','梓萱','俊杰','若曦','一鸣','佳琪','晨阳'])[1 + (b.t / 10) % 12],
      1 + b.t % 2, b.campus, 'TEACHER', 'FT', rk.codes[1 + b.t % array_length(rk.codes, 1)],
      b.first_day - 14, 1
    from bulk_teachers b cross join rk`);
  await db.execute(sql`
    insert into employee_campuses (employee_code, school_item_code) select code, campus from bulk_teachers`);
  await db.execute(sql`
    with sj as (select array_agg(id order by sort, id) as ids from subjects)
    insert into employee_subjects (employee_code, subject_id)
    select b.code, sj.ids[1 + b.t % array_length(sj.ids, 1)] from bulk_teachers b cross join sj
    where array_length(sj.ids, 1) > 0`);
  await db.execute(sql`
    insert into teaching_classrooms (school_item_code, name, capacity)
    select campus, '个训室 ' || code, 1 from bulk_teachers`);
  await db.execute(sql`
    update teaching_lessons l
    set teacher_code = 'BT' || s.campus || lpad((s.rn / 8)::text, 4, '0'),
      classroom_id = r.id, start_minute = 540 + 60 * (s.rn % 8), end_minute = 600 + 60 * (s.rn % 8)
    from bulk_slots s
    join teaching_classrooms r on r.school_item_code = s.campus
      and r.name = '个训室 BT' || s.campus || lpad((s.rn / 8)::text, 4, '0')
    where l.id = s.id`);
  await db.execute(sql`
    update teaching_attendances a set teacher_code = l.teacher_code
    from teaching_lessons l where l.id = a.lesson_id and a.teacher_code ~ '^BT[0-9]+$'`);
}
