// Teaching over HTTP: every conflict kind refused with what collides, a weekly series over a
// holiday, batch adjustment all or nothing, attendance consuming and giving back hours exactly
// (a property test over random sign/cancel sequences), confirmation locking, campus scope, and two
// planners booking one teacher slot at once.
import ExcelJS from 'exceljs';
import { cellText } from '../src/shared/xlsx.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk, type TDegreeItemInput, type TLessonInsert } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { clueMatriculations } from '../src/slices/clues/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { employees } from '../src/slices/employees/tables.js';
import { post } from '../src/slices/ledger/index.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

/** A cell as a person reads it: a date cell as the day (and time) it shows. */
const asShown = (v: unknown) => (v instanceof Date ? cellText(v) : v);

let t: TestServer;
let admin: Sdk;
let teacher: Sdk;
let finance: Sdk;
let course: string; // a course the demo teacher E0005 may teach
let foreignCourse: string; // one E0005 may not teach
let otherTeacher: string; // another SH01-able teacher who may teach `course`
const pupils: number[] = [];
let roomA: number;
let roomSmall: number;

const day = (n: number) => {
  const d = new Date(`${shanghaiDate(t.clock.now())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() + 1;

/** An effective order of `hours` of a course for a student (created, paid, approved). */
async function buy(studentId: number, courseCode: string, hours: number) {
  const o = await admin.orders.create({
    body: { schoolItemCode: 'SH01', studentId, orderType: 0, items: [{ courseCode, quantity: hours }] },
  });
  const d = await admin.orders.detail({ params: { id: o.id } });
  const r = await admin.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
}

async function ledgerHours(studentId: number, courseCode: string) {
  const rows = await t.deps.db
    .select()
    .from(studentLedger)
    .where(and(eq(studentLedger.studentId, studentId), eq(studentLedger.courseCode, courseCode)));
  return rows.reduce((s, m) => s + Math.round(Number(m.hours) * 100), 0) / 100;
}

const one = (o: Partial<TLessonInsert> = {}): TLessonInsert => ({
  schoolItemCode: 'SH01',
  courseCode: course,
  teacherCode: 'E0005',
  kind: 'oneToOne',
  studentIds: [pupils[0] ?? 0],
  lessonDate: day(1),
  startTime: '09:00',
  endTime: '10:00',
  ...o,
});

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  teacher = await t.as('teacher');
  finance = await t.as('finance');
  const db = t.deps.db;
  const ranks = await db
    .select({ rank: courseAuthorityRanks.courseRankCode })
    .from(courseAuthorityRanks)
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(eq(courseAuthorities.employeeCode, 'E0005'));
  const mine = ranks.map((r) => r.rank);
  const all = await db.select().from(courses).where(eq(courses.purchaseUnit, 1));
  const c = all.find((x) => mine.includes(x.rankCode) && Number(x.price) > 0 && x.validStatus === 1);
  const f = all.find((x) => !mine.includes(x.rankCode) && Number(x.price) > 0 && x.validStatus === 1);
  if (!c || !f) throw new Error('the demo seed has courses E0005 may and may not teach');
  course = c.code;
  foreignCourse = f.code;
  const peers = await db
    .select({ code: courseAuthorities.employeeCode })
    .from(courseAuthorities)
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.authorityId, courseAuthorities.id))
    .innerJoin(employees, eq(employees.code, courseAuthorities.employeeCode))
    .where(
      and(eq(courseAuthorityRanks.courseRankCode, c.rankCode), ne(courseAuthorities.employeeCode, 'E0005')),
    );
  otherTeacher = peers[0]?.code ?? '';
  if (!otherTeacher) throw new Error('another teacher holds the course rank');
  const list = await db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(40);
  // Students without demo hours of the course, so every balance here is this file's own.
  const held = await db
    .select({ id: studentLedger.studentId })
    .from(studentLedger)
    .where(
      and(
        eq(studentLedger.courseCode, course),
        inArray(
          studentLedger.studentId,
          list.map((s) => s.id),
        ),
      ),
    );
  for (const s of list) if (!held.some((h) => h.id === s.id) && s.status !== 90) pupils.push(s.id);
  if (pupils.length < 7) throw new Error('enough SH01 students');
  for (const p of pupils.slice(0, 6)) await buy(p, course, 30);
  roomA = (
    await admin.teaching.classroomSave({ body: { schoolItemCode: 'SH01', name: 'A101', capacity: 6 } })
  ).id;
  roomSmall = (
    await admin.teaching.classroomSave({ body: { schoolItemCode: 'SH01', name: 'S1', capacity: 1 } })
  ).id;
}, 180_000);
afterAll(async () => t?.close());

describe('settings', () => {
  it('keeps time spans of one band from overlapping and classrooms unique per campus', async () => {
    // SH01 opens on weekdays 08:30–12:00 and 13:30–17:30 (band 1) in the demo.
    const before = await admin.teaching.timeSpanList({ query: { schoolItemCode: 'SH01' } });
    expect(before.filter((s) => s.bandType === 1).map((s) => [s.name, s.startTime, s.endTime])).toEqual([
      ['工作日上午', '08:30', '12:00'],
      ['工作日下午', '13:30', '17:30'],
    ]);
    await admin.teaching.timeSpanSave({
      body: { schoolItemCode: 'SH01', name: '午间', bandType: 1, startTime: '12:00', endTime: '13:30' },
    });
    const e = await expectApiError(
      admin.teaching.timeSpanSave({
        body: { schoolItemCode: 'SH01', name: '上午2', bandType: 1, startTime: '11:30', endTime: '12:30' },
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toMatch(/工作日上午|午间/);
    // Another band may share the hours.
    await admin.teaching.timeSpanSave({
      body: { schoolItemCode: 'SH01', name: '寒假1', bandType: 4, startTime: '09:30', endTime: '10:30' },
    });
    const spans = await admin.teaching.timeSpanList({ query: { schoolItemCode: 'SH01' } });
    expect(spans.map((s) => s.name).sort()).toEqual([...before.map((s) => s.name), '午间', '寒假1'].sort());
    const dup = await expectApiError(
      admin.teaching.classroomSave({ body: { schoolItemCode: 'SH01', name: 'A101', capacity: 3 } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('name');
  });
});

describe('conflicts are refused naming what collides', () => {
  it('teacher, room, capacity, student, authority, hours, holiday and leave', async () => {
    const [p0, p1, p2] = pupils;
    await admin.teaching.planInsert({ body: one({ classroomId: roomA }) });
    // teacher: another student at the same time with the same teacher
    let e = await expectApiError(
      admin.teaching.planInsert({
        body: one({ studentIds: [p1 ?? 0], startTime: '09:30', endTime: '10:30' }),
      }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('teacherCode');
    expect(e.message).toMatch(/teacher .* already teaches at .* 09:00–10:00/);
    // room: another teacher, same room
    e = await expectApiError(
      admin.teaching.planInsert({
        body: one({ teacherCode: otherTeacher, studentIds: [p1 ?? 0], classroomId: roomA }),
      }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('classroomId');
    expect(e.message).toContain('room A101 is taken');
    // student: the same student with another teacher
    e = await expectApiError(
      admin.teaching.planInsert({ body: one({ teacherCode: otherTeacher }) }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('studentIds');
    expect(e.message).toContain('already has a lesson');
    // authority: a course the teacher may not teach
    e = await expectApiError(
      admin.teaching.planInsert({
        body: one({ courseCode: foreignCourse, lessonDate: day(2), kind: 'trial' }),
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('lacks the authority');
    expect(e.field).toBe('teacherCode');
    // hours: a student without paid hours of the course
    e = await expectApiError(
      admin.teaching.planInsert({ body: one({ studentIds: [pupils[6] ?? 0], lessonDate: day(2) }) }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('paid hours');
    expect(e.field).toBe('studentIds');
    // capacity: a group class of two in a room for one
    const cls = await admin.teaching.classSave({
      body: { schoolItemCode: 'SH01', name: '小组A', courseCode: course, teacherCode: 'E0005', capacity: 4 },
    });
    await admin.teaching.classAddStudents({ body: { classId: cls.id, studentIds: [p1 ?? 0, p2 ?? 0] } });
    e = await expectApiError(
      admin.teaching.planInsert({
        body: one({
          kind: 'group',
          classId: cls.id,
          studentIds: [],
          classroomId: roomSmall,
          lessonDate: day(2),
        }),
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('room S1 holds 1, the lesson has 2 students');
    // holiday
    await admin.teaching.holidaySave({
      body: { schoolItemCode: 'SH01', kind: 'holiday', name: '校庆', startDate: day(3), endDate: day(3) },
    });
    e = await expectApiError(
      admin.teaching.planInsert({ body: one({ lessonDate: day(3) }) }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('lessonDate');
    expect(e.message).toContain('holiday "校庆"');
    // leave: the absences slice's approved leave, through the seam
    const wired = t.deps.ports.leaves;
    t.deps.ports.leaves = async (_tx, ids, from, to) =>
      ids.includes(p0 ?? 0) && from <= day(4) && to >= day(4)
        ? [{ studentId: p0 ?? 0, fromDate: day(4), toDate: day(4) }]
        : [];
    try {
      e = await expectApiError(
        admin.teaching.planInsert({ body: one({ lessonDate: day(4) }) }),
        ErrorCode.conflict,
      );
      expect(e.message).toContain('on approved leave');
    } finally {
      // Back to the absences slice's answer, as the composition root wires it.
      t.deps.ports.leaves = wired;
    }
    // What was refused wrote nothing: one lesson of the course on day 1 for the teacher.
    const week = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from: day(1), to: day(4) },
    });
    expect(week.filter((l) => l.teacherCode === 'E0005').map((l) => l.lessonDate)).toEqual([day(1)]);
  });

  it('lets only one of two planners booking the same teacher slot at once', async () => {
    const body = (sid: number) =>
      one({ studentIds: [sid], lessonDate: day(5), startTime: '14:00', endTime: '15:00' });
    // Two people: the administrator and the campus director, each for another student.
    const director = await t.as('director');
    const results = await Promise.allSettled([
      admin.teaching.planInsert({ body: body(pupils[3] ?? 0) }),
      director.teaching.planInsert({ body: body(pupils[4] ?? 0) }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    const refused = await expectApiError(
      lost?.status === 'rejected' ? Promise.reject(lost.reason as Error) : Promise.resolve(null),
      ErrorCode.conflict,
    );
    expect(refused.field).toBe('teacherCode');
    expect(refused.message).toContain('already teaches');
    const that = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from: day(5), to: day(5), teacherCode: 'E0005' },
    });
    expect(that.filter((l) => l.startTime === '14:00')).toHaveLength(1);
  });
});

describe('series and batch adjustment', () => {
  it('books a weekly series by §9 weekday codes and skips the holidays', async () => {
    const from = day(20);
    const to = day(33);
    await admin.teaching.holidaySave({
      body: { schoolItemCode: 'SH01', kind: 'holiday', name: '调休', startDate: day(22), endDate: day(22) },
    });
    const codes = [weekday(day(20)), weekday(day(22))];
    const r = await admin.teaching.planInsert({
      body: one({
        studentIds: [pupils[5] ?? 0],
        lessonDate: undefined,
        series: { fromDate: from, toDate: to, weekdays: codes },
        startTime: '16:00',
        endTime: '17:00',
      }),
    });
    expect(r.skipped).toEqual([{ date: day(22), reason: expect.stringContaining('调休') }]);
    expect(r.lessonIds).toHaveLength(3);
    const list = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from, to, studentId: pupils[5] ?? 0 },
    });
    expect(list.map((l) => l.lessonDate)).toEqual([day(20), day(27), day(29)]);
    expect(list.every((l) => l.seriesId === r.seriesId)).toBe(true);
  });

  it('previews every moved lesson with its conflicts and moves all or nothing', async () => {
    const a = await admin.teaching.planInsert({
      body: one({ studentIds: [pupils[1] ?? 0], lessonDate: day(40), startTime: '09:00', endTime: '10:00' }),
    });
    const b = await admin.teaching.planInsert({
      body: one({ studentIds: [pupils[2] ?? 0], lessonDate: day(41), startTime: '09:00', endTime: '10:00' }),
    });
    // A blocker for the other teacher a week later on day 41 + 7 at 09:00.
    await admin.teaching.planInsert({
      body: one({ teacherCode: otherTeacher, studentIds: [pupils[3] ?? 0], lessonDate: day(48) }),
    });
    const ids = [...a.lessonIds, ...b.lessonIds];
    const body = { ids, shiftDays: 7, teacherCode: otherTeacher };
    const preview = await admin.teaching.planBatchPreview({ body });
    expect(preview.ok).toBe(false);
    expect(preview.rows.map((r) => [r.from.lessonDate, r.to.lessonDate, r.conflicts.length > 0])).toEqual([
      [day(40), day(47), false],
      [day(41), day(48), true],
    ]);
    const e = await expectApiError(admin.teaching.planBatchAdjust({ body }), ErrorCode.conflict);
    expect(e.message).toContain('nothing was moved');
    const after = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from: day(40), to: day(41) },
    });
    expect(after.filter((l) => ids.includes(l.id)).map((l) => [l.lessonDate, l.teacherCode])).toEqual([
      [day(40), 'E0005'],
      [day(41), 'E0005'],
    ]);
    const ok = await admin.teaching.planBatchAdjust({ body: { ids, shiftDays: 14 } });
    expect(ok.moved).toBe(2);
    const moved = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from: day(54), to: day(55) },
    });
    expect(moved.filter((l) => ids.includes(l.id)).map((l) => l.lessonDate)).toEqual([day(54), day(55)]);
  });
});

describe('attendance and confirmation', () => {
  it('consumes hours on signing and gives them back exactly on cancelling', async () => {
    const sid = pupils[4] ?? 0;
    const before = await ledgerHours(sid, course);
    const { lessonIds } = await admin.teaching.planInsert({
      body: one({ studentIds: [sid], lessonDate: day(0), startTime: '19:00', endTime: '20:30', hours: 1.5 }),
    });
    const lessonId = lessonIds[0] ?? 0;
    const remain0 = await admin.teaching.remainHours({ query: { studentId: sid } });
    expect(remain0.find((r) => r.courseCode === course)?.scheduledHours).toBeGreaterThanOrEqual(1.5);
    const { attendanceIds } = await teacher.teaching.sign({
      body: { lessonId, items: [{ studentId: sid, status: 'present' }] },
    });
    expect(await ledgerHours(sid, course)).toBeCloseTo(before - 1.5, 5);
    await teacher.teaching.signCancel({ body: { attendanceId: attendanceIds[0] ?? 0 } });
    expect(await ledgerHours(sid, course)).toBeCloseTo(before, 5);
    // A leave consumes nothing and the teacher is not paid for it.
    await teacher.teaching.sign({ body: { lessonId, items: [{ studentId: sid, status: 'leave' }] } });
    expect(await ledgerHours(sid, course)).toBeCloseTo(before, 5);
    const recs = await admin.teaching.pageCourseSign({
      query: { schoolItemCode: 'SH01', from: day(0), to: day(0) },
    });
    const live = recs.list.find((r) => r.lessonId === lessonId && !r.cancelled);
    expect(live).toMatchObject({ status: 'leave', hours: 0, paid: false });
  });

  it('never consumes hours the student does not have', async () => {
    const sid = pupils[3] ?? 0;
    const { lessonIds } = await admin.teaching.planInsert({
      body: one({ studentIds: [sid], lessonDate: day(0), startTime: '07:00', endTime: '08:00' }),
    });
    // The hours went elsewhere after booking (an adjustment straight on the ledger).
    const [s] = await t.deps.db
      .select()
      .from(studentLedger)
      .where(
        and(
          eq(studentLedger.studentId, sid),
          eq(studentLedger.courseCode, course),
          eq(studentLedger.kind, 'purchase'),
        ),
      );
    if (!s) throw new Error('a purchase');
    const left = Math.round((await ledgerHours(sid, course)) * 100);
    await t.deps.db.transaction((tx) =>
      post(
        tx,
        [
          {
            studentId: sid,
            schoolItemCode: s.schoolItemCode,
            orderId: s.orderId,
            orderItemId: s.orderItemId,
            courseCode: course,
            kind: 'adjust',
            hours100: -left,
            valueCents: 0,
            sourceType: 'test',
            sourceId: 1,
          },
        ],
        { userId: null, at: t.clock.now() },
      ),
    );
    const e = await expectApiError(
      teacher.teaching.sign({
        body: { lessonId: lessonIds[0] ?? 0, items: [{ studentId: sid, status: 'present' }] },
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('hours left');
    expect(await ledgerHours(sid, course)).toBe(0);
  });

  it('random sign and cancel sequences never go negative and always reconcile (property)', async () => {
    const sid = pupils[2] ?? 0;
    const bought = await ledgerHours(sid, course);
    // Three lessons today of 1 hour each; the student's balance is plenty for all of them.
    const ids: number[] = [];
    for (const [k, start] of ['06:00', '06:30', '08:00'].entries()) {
      const end = ['06:30', '07:00', '08:45'][k] ?? '09:00';
      ids.push(
        ...(
          await admin.teaching.planInsert({
            body: one({ studentIds: [sid], lessonDate: day(0), startTime: start, endTime: end }),
          })
        ).lessonIds,
      );
    }
    const live = new Map<number, { id: number; hours: number }>();
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const statuses = ['present', 'late', 'leave', 'absent', 'makeup'] as const;
    for (let step = 0; step < 24; step++) {
      const lessonId = ids[rand(ids.length)] ?? 0;
      const cur = live.get(lessonId);
      if (cur) {
        await admin.teaching.signCancel({ body: { attendanceId: cur.id } });
        live.delete(lessonId);
      } else {
        const status = statuses[rand(statuses.length)] ?? 'present';
        const r = await admin.teaching.sign({ body: { lessonId, items: [{ studentId: sid, status }] } });
        live.set(lessonId, { id: r.attendanceIds[0] ?? 0, hours: status === 'leave' ? 0 : 1 });
      }
      const now = await ledgerHours(sid, course);
      expect(now).toBeGreaterThanOrEqual(0);
      const consumed = [...live.values()].reduce((s, a) => s + a.hours, 0);
      expect(now).toBeCloseTo(bought - consumed, 5);
    }
  });

  it('confirms a fully signed lesson and locks it', async () => {
    const sid = pupils[0] ?? 0;
    const { lessonIds } = await admin.teaching.planInsert({
      body: one({ studentIds: [sid], lessonDate: day(0), startTime: '21:00', endTime: '22:00' }),
    });
    const lessonId = lessonIds[0] ?? 0;
    let e = await expectApiError(teacher.teaching.planConfirm({ body: { ids: [lessonId] } }), ErrorCode.rule);
    expect(e.message).toContain('without attendance');
    const { attendanceIds } = await teacher.teaching.sign({
      body: { lessonId, items: [{ studentId: sid, status: 'late' }] },
    });
    expect((await teacher.teaching.planConfirm({ body: { ids: [lessonId] } })).confirmed).toBe(1);
    e = await expectApiError(
      teacher.teaching.signCancel({ body: { attendanceId: attendanceIds[0] ?? 0 } }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('locked');
    const [l] = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from: day(0), to: day(0), confirmed: 'yes' },
    });
    expect(l?.confirmed).toBe(true);
    e = await expectApiError(
      admin.teaching.planAdjust({
        body: {
          id: lessonId,
          version: l?.version ?? 1,
          lessonDate: day(1),
          startTime: '21:00',
          endTime: '22:00',
        },
      }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('locked');
    const stats = await admin.teaching.teacherStatistics({
      body: { schoolItemCode: 'SH01', from: day(0), to: day(0) },
    });
    expect(stats.list.find((s) => s.teacherCode === 'E0005')?.confirmedLessons).toBe(1);
  });

  it('refuses a teacher signing another teacher’s lesson and a future lesson', async () => {
    const { lessonIds } = await admin.teaching.planInsert({
      body: one({
        teacherCode: otherTeacher,
        studentIds: [pupils[5] ?? 0],
        lessonDate: day(0),
        startTime: '12:00',
        endTime: '13:00',
      }),
    });
    await expectApiError(
      teacher.teaching.sign({
        body: { lessonId: lessonIds[0] ?? 0, items: [{ studentId: pupils[5] ?? 0, status: 'present' }] },
      }),
      ErrorCode.noPermission,
    );
    const future = await admin.teaching.planInsert({
      body: one({ studentIds: [pupils[5] ?? 0], lessonDate: day(2), startTime: '12:00', endTime: '13:00' }),
    });
    const e = await expectApiError(
      admin.teaching.sign({
        body: {
          lessonId: future.lessonIds[0] ?? 0,
          items: [{ studentId: pupils[5] ?? 0, status: 'present' }],
        },
      }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('not taken place');
  });
});

describe('campus scope', () => {
  it('refuses another campus’s timetable and lessons', async () => {
    await expectApiError(
      teacher.teaching.planList({ query: { schoolItemCode: 'BJ01', from: day(0), to: day(6) } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      teacher.teaching.planInsert({ body: one({ schoolItemCode: 'BJ01' }) }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      teacher.teaching.signList({ query: { schoolItemCode: 'BJ01', date: day(0) } }),
      ErrorCode.noPermission,
    );
    const bj = await admin.teaching.classroomSave({
      body: { schoolItemCode: 'BJ01', name: 'B1', capacity: 4 },
    });
    const director = await t.as('director');
    await expectApiError(
      director.teaching.classSave({
        body: {
          schoolItemCode: 'BJ01',
          name: '外校班',
          courseCode: course,
          teacherCode: 'E0005',
          capacity: 4,
        },
      }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.classroomStatus({ body: { id: bj.id, version: 1, validStatus: 0 } }),
      ErrorCode.noPermission,
    );
  });
});

describe('leave and the timetable (the absences slice wired in)', () => {
  it('an approved leave releases the student’s booked lessons of its period, and nothing is booked on it', async () => {
    const sales = await t.as('sales');
    const director = await t.as('director');
    const p = pupils[5] ?? 0;
    await admin.teaching.planInsert({
      body: one({ studentIds: [p], lessonDate: day(20), startTime: '15:00', endTime: '16:00' }),
    });
    const booked = async () =>
      (
        await admin.teaching.planList({
          query: { schoolItemCode: 'SH01', from: day(20), to: day(21), studentId: p },
        })
      )
        .flatMap((l) => l.students)
        .filter((x) => x.studentId === p && x.status === 10);
    expect((await booked()).length).toBeGreaterThan(0);
    const leave = await sales.absences.leaveAdd({
      body: { studentId: p, fromDate: day(20), toDate: day(21), reason: '外出就医' },
    });
    await director.approvals.pass({ body: { id: leave.approvalId } });
    expect(await booked()).toHaveLength(0);
    const e = await expectApiError(
      admin.teaching.planInsert({
        body: one({ studentIds: [p], lessonDate: day(21), startTime: '15:00', endTime: '16:00' }),
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('on approved leave');
  });
});

describe('what the teaching screens call', () => {
  it('previews a series day by day with its conflicts and writes nothing', async () => {
    const sid = pupils[1] ?? 0;
    const from = day(7);
    const to = day(20);
    await admin.teaching.planInsert({
      body: one({ studentIds: [pupils[2] ?? 0], lessonDate: day(14), startTime: '05:00', endTime: '05:45' }),
    });
    const count = async () =>
      (await admin.teaching.planList({ query: { schoolItemCode: 'SH01', from, to, studentId: sid } })).length;
    const before = await count();
    const body = one({
      studentIds: [sid],
      lessonDate: undefined,
      series: { fromDate: from, toDate: to, weekdays: [weekday(from)] },
      startTime: '05:00',
      endTime: '05:45',
      hours: 0.75,
    });
    const p = await admin.teaching.planInsertPreview({ body });
    expect(p.ok).toBe(false);
    expect(p.rows.map((r) => r.date)).toEqual([from, day(14)]);
    expect(p.rows[0]?.conflicts).toEqual([]);
    expect(p.rows[1]?.conflicts.join(' ')).toContain('teacher');
    expect(await count()).toBe(before);
  });

  it('lets attendance operations cancel a sign with its reason; student cost and the export follow', async () => {
    const sid = pupils[2] ?? 0;
    const { lessonIds } = await admin.teaching.planInsert({
      body: one({ studentIds: [sid], lessonDate: day(0), startTime: '05:00', endTime: '05:45', hours: 0.75 }),
    });
    const lessonId = lessonIds[0] ?? 0;
    const [student] = await t.deps.db.select().from(students).where(eq(students.id, sid));
    if (!student) throw new Error('the pupil exists');
    const costOf = async (id: number) => {
      const cost = await finance.teaching.pageStudentCost({
        query: {
          schoolItemCode: 'SH01',
          from: day(0),
          to: day(0),
          name: student.name,
          pageIdx: 1,
          pageSize: 50,
        },
      });
      const r = cost.list.find((x) => x.studentId === id && x.courseCode === course);
      return {
        lessons: r?.lessons ?? 0,
        consumedHours: r?.consumedHours ?? 0,
        value: Number(r?.consumedValue ?? 0),
      };
    };
    const before = await costOf(sid);
    // Finance's attendance operations act on any teacher's lesson of their campuses.
    const first = await finance.teaching.sign({
      body: { lessonId, items: [{ studentId: sid, status: 'present' }] },
    });
    await finance.teaching.signCancel({
      body: { attendanceId: first.attendanceIds[0] ?? 0, reason: '家长误签' },
    });
    await finance.teaching.sign({ body: { lessonId, items: [{ studentId: sid, status: 'late' }] } });
    const recs = await finance.teaching.pageCourseSign({
      query: { schoolItemCode: 'SH01', from: day(0), to: day(0), pageIdx: 1, pageSize: 100 },
    });
    const mine = recs.list.filter((r) => r.lessonId === lessonId);
    expect(mine.map((r) => [r.status, r.cancelled, r.cancelReason])).toEqual([
      ['late', false, ''],
      ['present', true, '家长误签'],
    ]);
    const after = await costOf(sid);
    // The cancelled sign and its reversal net out: one more lesson of 0.75 hours at the price paid.
    expect(after.lessons - before.lessons).toBe(1);
    expect(after.consumedHours - before.consumedHours).toBeCloseTo(0.75, 5);
    expect(after.value - before.value).toBeGreaterThan(0);

    const blob = await admin.teaching.planExport({
      query: { schoolItemCode: 'SH01', from: day(0), to: day(0) },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const [lessonSheet, attendanceSheet] = wb.worksheets;
    const values = (ws: ExcelJS.Worksheet | undefined) => {
      const out: unknown[][] = [];
      ws?.eachRow((r) => out.push((r.values as unknown[]).slice(1).map(asShown)));
      return out;
    };
    const lessonRow = values(lessonSheet).find((r) => r[0] === lessonId);
    expect(lessonRow).toEqual(expect.arrayContaining([day(0), '05:00', '05:45', '一对一', student.name]));
    const signs = values(attendanceSheet).filter((r) => r[0] === lessonId);
    expect(signs.map((r) => [r[6], r[9], r[10] ?? ''])).toEqual([
      ['出勤', '是', '家长误签'],
      ['迟到', '否', ''],
    ]);
    // Campus scope and the one-year bound are refused, not filtered.
    await expectApiError(
      teacher.teaching.planExport({ query: { schoolItemCode: 'SH01', from: day(0), to: day(0) } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      admin.teaching.planExport({ query: { schoolItemCode: 'SH01', from: day(0), to: day(400) } }),
      ErrorCode.rule,
    );
  });
});

describe('seats (degrees)', () => {
  const seat = (o: Partial<TDegreeItemInput> = {}): TDegreeItemInput => ({
    schoolItemCode: 'SH01',
    teacherCode: 'E0005',
    timespanStart: '19:00',
    timespanEnd: '20:00',
    shiftType: 2,
    degreeType: 'FORMAL_STUDENT',
    targetId: pupils[6] ?? 0,
    courseCode: course,
    frequencyType: 'WEEKLY',
    frequencyConfig: [String(weekday(day(50)))],
    startDate: day(50),
    endDate: day(63),
    ...o,
  });
  const seatLessons = async (studentId: number) =>
    (
      await admin.teaching.planList({
        query: { schoolItemCode: 'SH01', from: day(50), to: day(63), studentId },
      })
    ).map((l) => l.lessonDate);

  it('checks the §4 frequency rules', async () => {
    let e = await expectApiError(
      admin.teaching.degreeItemSave({ body: seat({ frequencyConfig: ['8'] }) }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('frequencyConfig');
    e = await expectApiError(
      admin.teaching.degreeItemSave({
        body: seat({ frequencyType: 'DISCONTINUITY', frequencyConfig: [day(50), day(70)] }),
      }),
      ErrorCode.validation,
    );
    expect(e.message).toContain(day(70));
    e = await expectApiError(
      admin.teaching.degreeItemSave({ body: seat({ degreeType: 'TEMP_STUDENT', endDate: day(90) }) }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('endDate');
    e = await expectApiError(
      admin.teaching.degreeItemSave({ body: seat({ degreeType: 'GROUP_COURSE', targetId: 2147483647 }) }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('targetId');
    // Only formal and temporary students have a schedule-order list.
    await expectApiError(
      admin.teaching.degreeScheduleOrders({
        query: { studentId: pupils[6] ?? 0, degreeType: 'GROUP_COURSE' },
      }),
      ErrorCode.rule,
    );
  });

  it('books by frequency: CONTINUOUS every open day (a holiday skipped), DISCONTINUITY only the days listed', async () => {
    const at = { timespanStart: '21:00', timespanEnd: '21:50', shiftType: 2 as const };
    await admin.teaching.holidaySave({
      body: {
        schoolItemCode: 'SH01',
        kind: 'holiday',
        name: '座位假日',
        startDate: day(82),
        endDate: day(82),
      },
    });
    const continuous = await admin.teaching.degreeItemSave({
      body: seat({
        ...at,
        targetId: pupils[5] ?? 0,
        frequencyType: 'CONTINUOUS',
        frequencyConfig: [],
        startDate: day(80),
        endDate: day(84),
      }),
    });
    expect(continuous.lessons).toBe(4);
    expect(continuous.skipped).toEqual([{ date: day(82), reason: expect.stringContaining('座位假日') }]);
    const listed = await admin.teaching.degreeItemSave({
      body: seat({
        ...at,
        targetId: pupils[4] ?? 0,
        frequencyType: 'DISCONTINUITY',
        frequencyConfig: [day(86), day(88)],
        startDate: day(86),
        endDate: day(88),
      }),
    });
    expect(listed.lessons).toBe(2);
    const booked = await admin.teaching.planList({
      query: { schoolItemCode: 'SH01', from: day(80), to: day(88), teacherCode: 'E0005' },
    });
    expect(booked.filter((l) => l.startTime === '21:00').map((l) => l.lessonDate)).toEqual([
      day(80),
      day(81),
      day(83),
      day(84),
      day(86),
      day(88),
    ]);
    // The day between the listed ones is free in the seat; a listed day is held, named with its holder.
    const between = await admin.teaching.degreeItemSave({
      body: seat({
        ...at,
        degreeType: 'ASSIST_TASK',
        targetId: pupils[3] ?? 0,
        courseCode: undefined,
        frequencyType: 'CONTINUOUS',
        frequencyConfig: [],
        startDate: day(87),
        endDate: day(87),
      }),
    });
    expect(between.lessons).toBe(0);
    const e = await expectApiError(
      admin.teaching.degreeItemSave({
        body: seat({
          ...at,
          degreeType: 'ASSIST_TASK',
          targetId: pupils[3] ?? 0,
          courseCode: undefined,
          frequencyType: 'NON_FIXED',
          frequencyConfig: [],
          startDate: day(88),
          endDate: day(88),
        }),
      }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('frequencyConfig');
    expect(e.message).toContain(day(88));
  });

  it('a study authorisation lets a student without paid hours hold a seat', async () => {
    const p = pupils[6] ?? 0;
    let e = await expectApiError(admin.teaching.degreeItemSave({ body: seat() }), ErrorCode.conflict);
    expect(e.message).toContain('paid hours');
    const { id } = await admin.teaching.studentAuth({ body: { studentId: p, courseCode: course } });
    const orders = await admin.teaching.degreeScheduleOrders({
      query: { studentId: p, degreeType: 'FORMAL_STUDENT' },
    });
    expect(orders).toEqual([
      expect.objectContaining({ courseCode: course, authorised: true, remainingHours: 0 }),
    ]);
    const r = await admin.teaching.degreeItemSave({ body: seat() });
    expect(r.lessons).toBe(2);
    await admin.teaching.degreeItemDelete({ params: { id: r.itemId } });
    expect(await seatLessons(p)).toEqual([]);
    await admin.teaching.studentUnAuth({ body: { id } });
    e = await expectApiError(admin.teaching.degreeItemSave({ body: seat() }), ErrorCode.conflict);
    expect(e.field).toBe('studentIds');
  });

  it('a held seat books its lessons, refuses a conflicting seat with the reason, and its release frees the future lessons', async () => {
    const p = pupils[6] ?? 0;
    await buy(p, course, 10);
    const r = await admin.teaching.degreeItemSave({ body: seat() });
    expect(r.lessons).toBe(2);
    expect(await seatLessons(p)).toEqual([day(50), day(57)]);
    const info = await admin.teaching.degreeInfo({ query: { id: r.degreeId } });
    expect(info).toMatchObject({ timespanRange: '19:00-20:00', teacherCode: 'E0005', status: 10 });
    expect(info.items).toEqual([
      expect.objectContaining({ degreeType: 'FORMAL_STUDENT', comingLessons: 2, courseCode: course }),
    ]);
    const book = await admin.teaching.degreeBook({ query: { schoolItemCode: 'SH01', date: day(50) } });
    const cell = book
      .find((b) => b.degreeId === r.degreeId)
      ?.days.find((d) => d.weekday === weekday(day(50)));
    expect(cell?.degreeType).toBe('FORMAL_STUDENT');

    // The same teacher's overlapping time on the same weekday is held: refused naming the holder.
    const other = pupils[4] ?? 0;
    let e = await expectApiError(
      admin.teaching.degreeItemSave({
        body: seat({ targetId: other, timespanStart: '19:30', timespanEnd: '20:30' }),
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('is held by');
    // Another teacher's seat for the same student at that time collides on the timetable.
    e = await expectApiError(
      admin.teaching.degreeItemSave({ body: seat({ teacherCode: otherTeacher }) }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain('already has a lesson');
    // A temporary holder (NON_FIXED) holds the seat on another weekday, booking nothing.
    const temp = await admin.teaching.degreeItemSave({
      body: seat({
        degreeType: 'ASSIST_TASK',
        targetId: other,
        courseCode: undefined,
        frequencyType: 'NON_FIXED',
        startDate: day(51),
        endDate: day(51),
      }),
    });
    expect(temp).toMatchObject({ degreeId: r.degreeId, lessons: 0 });

    // Shortening the item frees the lessons after its new end.
    const item = await admin.teaching.degreeItemInfo({ params: { id: r.itemId } });
    const u = await admin.teaching.degreeItemUpdate({
      body: { ...seat(), id: item.id, version: item.version, endDate: day(56) },
    });
    expect(u).toMatchObject({ cancelledLessons: 2, lessons: 1 });
    expect(await seatLessons(p)).toEqual([day(50)]);
    const u2 = await admin.teaching.degreeItemUpdate({
      body: { ...seat(), id: item.id, version: item.version + 1 },
    });
    expect(u2.lessons).toBe(2);

    const d = await admin.teaching.degreeInfo({ query: { id: r.degreeId } });
    const rel = await admin.teaching.degreeRelease({
      body: { id: d.id, version: d.version, releaseDate: day(52) },
    });
    expect(rel).toMatchObject({ cancelledLessons: 1, message: expect.stringContaining('degree released') });
    expect(await seatLessons(p)).toEqual([day(50)]);
    const after = await admin.teaching.degreeQuery({
      query: { schoolItemCode: 'SH01', teacherCode: 'E0005', status: 90 },
    });
    expect(after.list.map((x) => x.id)).toContain(r.degreeId);
    expect(after.pageSize).toBe(10);
    const history = await admin.teaching.degreeAudit({ query: { id: r.degreeId } });
    expect(history.map((h) => h.action)).toEqual([
      'release',
      'itemUpdate',
      'itemUpdate',
      'itemSave',
      'itemSave',
      // the authorised holder of the test before, in the same seat
      'itemDelete',
      'itemSave',
    ]);
  });

  it('keeps seats to the caller’s campuses', async () => {
    const [bj] = await t.deps.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolItemCode, 'BJ01'), ne(students.status, 90)))
      .limit(1);
    const r = await admin.teaching.degreeItemSave({
      body: seat({
        schoolItemCode: 'BJ01',
        degreeType: 'BOOK_STUDENT',
        targetId: bj?.id ?? 0,
        courseCode: undefined,
        timespanStart: '07:00',
        timespanEnd: '08:00',
      }),
    });
    const director = await t.as('director');
    await expectApiError(director.teaching.degreeInfo({ query: { id: r.degreeId } }), ErrorCode.noPermission);
    await expectApiError(
      director.teaching.degreeQuery({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.degreeItemDelete({ params: { id: r.itemId } }),
      ErrorCode.noPermission,
    );
    const list = await director.teaching.degreeFormalStudents({
      query: { schoolItemCode: 'SH01', teacherCode: 'E0005' },
    });
    expect(list.list.map((s) => s.id)).toContain(pupils[6]);
  });
});

describe('assessments (the clue slice’s entrance assessment records, scored on the assessment scales)', () => {
  it('records a student’s assessment as a draft, edits it by version, submits it, and lists it with the entrance assessments', async () => {
    const director = await t.as('director');
    const [s] = await t.deps.db
      .select()
      .from(students)
      .where(eq(students.id, pupils[6] ?? 0));
    if (!s) throw new Error('a SH01 student');
    const draft = await director.teaching.assessmentSave({
      body: {
        studentId: s.id,
        scaleCode: 'S_LANG',
        assessedOn: day(0),
        answers: [
          { name: '语言表达', score: 12 },
          { name: '语言理解', score: 20 },
        ],
      },
    });
    // Kept in the scale's order, totalled, a draft of the student's campus by the signed-in assessor.
    expect(draft).toMatchObject({
      origin: 'student',
      studentId: s.id,
      schoolItemCode: 'SH01',
      scaleName: '语言发育评估量表',
      status: 'draft',
      score: 32,
      version: 1,
      assessorName: '王建国',
    });
    expect(draft.answers.map((a) => a.name)).toEqual(['语言理解', '语言表达']);
    // The same table as a clue's entrance assessment, not a copy.
    const [stored] = await t.deps.db
      .select()
      .from(clueMatriculations)
      .where(eq(clueMatriculations.id, draft.id));
    expect(stored).toMatchObject({ studentId: s.id, clueId: null, matriculationType: 'S_LANG', score: 32 });

    const all = [
      { name: '语言理解', score: 20 },
      { name: '语言表达', score: 12 },
      { name: '构音清晰度', score: 15 },
      { name: '语用能力', score: 10 },
    ];
    const edit = { studentId: s.id, scaleCode: 'S_LANG', assessedOn: day(0), id: draft.id };
    const bad = async (answers: typeof all, field: string) =>
      expect(
        (
          await expectApiError(
            director.teaching.assessmentSave({ body: { ...edit, version: 1, answers } }),
            ErrorCode.validation,
          )
        ).field,
      ).toBe(field);
    await bad([{ name: '听力', score: 1 }], 'answers.0.name');
    await bad([{ name: '语言理解', score: 31 }], 'answers.0.score');
    await bad(
      [
        { name: '语言理解', score: 1 },
        { name: '语言理解', score: 2 },
      ],
      'answers.1.name',
    );
    const partial = await expectApiError(
      director.teaching.assessmentSave({
        body: { ...edit, version: 1, answers: all.slice(0, 3), submit: true },
      }),
      ErrorCode.validation,
    );
    expect(partial.message).toContain('语用能力');
    const edited = await director.teaching.assessmentSave({
      body: { ...edit, version: 1, answers: all, conclusion: '表达落后约半年' },
    });
    expect(edited).toMatchObject({ status: 'draft', score: 57, version: 2 });
    const stale = await expectApiError(
      director.teaching.assessmentSave({ body: { ...edit, version: 1, answers: all } }),
      ErrorCode.conflict,
    );
    expect(stale.field).toBe('version');

    const done = await director.teaching.assessmentSubmit({ body: { id: draft.id, version: 2 } });
    expect(done).toMatchObject({ status: 'submitted', score: 57, version: 3, conclusion: '表达落后约半年' });
    await expectApiError(
      director.teaching.assessmentSave({ body: { ...edit, version: 3, answers: all } }),
      ErrorCode.rule,
    );
    await expectApiError(
      director.teaching.assessmentSave({
        body: { ...edit, id: undefined, assessedOn: day(1), answers: all },
      }),
      ErrorCode.rule,
    );

    const found = await director.teaching.assessmentList({
      query: { name: s.name, status: 'submitted', scaleCode: 'S_LANG', from: day(0), to: day(0) },
    });
    expect(found.list.map((r) => r.id)).toContain(draft.id);
    expect(found.list.every((r) => r.status === 'submitted' && r.scaleCode === 'S_LANG')).toBe(true);
    // A converted clue's entrance assessment is listed as its student's.
    const entrance = await director.teaching.assessmentList({
      query: { schoolItemCode: 'SH01', pageSize: 100 },
    });
    const e = entrance.list.find((r) => r.origin === 'entrance' && r.studentId !== null);
    expect(e?.clueId).not.toBeNull();

    const blob = await director.teaching.assessmentExport({ query: { name: s.name, status: 'submitted' } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(asShown)));
    expect(rows.slice(1)).toContainEqual([
      day(0),
      s.code,
      s.name,
      expect.any(String),
      '语言发育评估量表',
      '王建国',
      '已提交',
      57,
    ]);

    // Campus scope and access: refused, never filtered silently.
    const [bj] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
    if (!bj) throw new Error('a BJ01 student');
    await expectApiError(
      director.teaching.assessmentSave({ body: { ...edit, id: undefined, studentId: bj.id, answers: all } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.assessmentList({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(teacher.teaching.assessmentList({ query: {} }), ErrorCode.noPermission);
  });
});

describe('the teaching plan (library and individual plans)', () => {
  it('keeps the library on the master-data engine: course types of the dictionary, fields named in refusals', async () => {
    const obj = await admin.teaching.planObjectSave({
      body: { courseTypeCode: '3', name: '共同注意', kind: 'skill' },
    });
    expect(obj).toMatchObject({ courseTypeName: '集体课', validstatus: 1, version: 1 });
    const target = await admin.teaching.planTargetSave({
      body: {
        courseTypeCode: '3',
        code: 'JA-01',
        name: '回应呼名',
        domain: '社交',
        objectId: obj.id,
        mastery: '连续3节课正确率≥80%',
      },
    });
    expect(target).toMatchObject({ objectName: '共同注意', courseTypeName: '集体课', description: null });

    // Refusals name the field: an unknown course type, a code taken within the type, an object of
    // another type, a strategy of no target, a lesson-plan step of another type.
    let e = await expectApiError(
      admin.teaching.planTargetSave({ body: { courseTypeCode: '99', code: 'X-1', name: 'x' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('courseTypeCode');
    e = await expectApiError(
      admin.teaching.planTargetSave({ body: { courseTypeCode: '3', code: 'JA-01', name: '另一个' } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('code');
    const other = await admin.teaching.planObjectSave({ body: { courseTypeCode: '4', name: '亲子互动' } });
    e = await expectApiError(
      admin.teaching.planTargetSave({
        body: { courseTypeCode: '3', code: 'JA-02', name: '指物', objectId: other.id },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('objectId');
    e = await expectApiError(
      admin.teaching.planStrategySave({ body: { targetId: 999999, name: '示范' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('targetId');
    const strategy = await admin.teaching.planStrategySave({
      body: {
        targetId: target.id,
        name: '近距离呼名+视觉提示',
        steps: '1. 蹲下与孩子平视\n2. 呼名并举起玩具',
      },
    });
    expect(strategy).toMatchObject({ courseTypeCode: '3', targetName: '回应呼名' });
    e = await expectApiError(
      admin.teaching.lessonPlanSave({
        body: { courseTypeCode: '4', name: '亲子课一', items: [{ targetId: target.id }] },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('items.0.targetId');
    const lp = await admin.teaching.lessonPlanSave({
      body: {
        courseTypeCode: '3',
        name: '社交课一',
        items: [{ targetId: target.id, strategyId: strategy.id }],
      },
    });
    expect(lp.itemNames).toEqual(['回应呼名']);

    // Edits by version; a stale one is refused; the course type is fixed.
    const edited = await admin.teaching.planTargetSave({
      body: { ...target, name: '听到名字回应', version: target.version },
    });
    expect(edited.version).toBe(2);
    await expectApiError(
      admin.teaching.planTargetSave({ body: { ...target, name: '旧的', version: 1 } }),
      ErrorCode.conflict,
    );
    e = await expectApiError(
      admin.teaching.planTargetSave({ body: { ...edited, courseTypeCode: '4' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('courseTypeCode');
    const page = await teacher.teaching.planTargetList({ query: { courseTypeCode: '3', name: '名字' } });
    expect(page.list.map((r) => r.id)).toEqual([target.id]);
    await expectApiError(
      teacher.teaching.planObjectSave({ body: { courseTypeCode: '3', name: '模仿' } }),
      ErrorCode.noPermission,
    );
  });

  it('keeps a student’s plan: targets with baseline and goal, progress by version, status changes, campus scope and access', async () => {
    const t1 = await admin.teaching.planTargetSave({
      body: { courseTypeCode: '1', code: 'PLAN-T1', name: '仿说双音节词', domain: '语言' },
    });
    const s1 = await admin.teaching.planStrategySave({ body: { targetId: t1.id, name: '口型示范' } });
    const studentId = pupils[6] ?? 0;
    const added = await admin.teaching.studentPlanTargetSave({
      body: {
        studentId,
        targetId: t1.id,
        strategyIds: [s1.id],
        baseline: '需全辅助，正确率10%',
        goal: '独立仿说，正确率≥80%',
        startOn: day(-10),
        expectedEndOn: day(80),
      },
    });
    expect(added).toMatchObject({
      status: 'active',
      schoolItemCode: 'SH01',
      courseTypeName: '个训课',
      strategyNames: ['口型示范'],
      latestScore: null,
      progressCount: 0,
    });
    const dup = await expectApiError(
      admin.teaching.studentPlanTargetSave({
        body: { studentId, targetId: t1.id, baseline: 'b', goal: 'g', startOn: day(-1) },
      }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('targetId');

    // The teacher records progress on the version read; a second record on the same version is stale.
    const r1 = await teacher.teaching.studentPlanProgressSave({
      body: { planTargetId: added.id, version: added.version, on: day(-3), score: 40, note: '需口型提示' },
    });
    await expectApiError(
      teacher.teaching.studentPlanProgressSave({
        body: { planTargetId: added.id, version: added.version, on: day(-2), score: 50 },
      }),
      ErrorCode.conflict,
    );
    const bad = await expectApiError(
      teacher.teaching.studentPlanProgressSave({
        body: { planTargetId: added.id, version: r1.version, on: day(-2), score: 101 },
      }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.score');
    const r2 = await teacher.teaching.studentPlanProgressSave({
      body: { planTargetId: added.id, version: r1.version, on: day(-1), score: 85 },
    });
    expect(r2).toMatchObject({ latestScore: 85, latestOn: day(-1), progressCount: 2 });
    const series = await teacher.teaching.studentPlanProgress({ query: { planTargetId: added.id } });
    expect(series.map((p) => [p.on, p.score, p.recordedByName])).toEqual([
      [day(-3), 40, '陈思远'],
      [day(-1), 85, '陈思远'],
    ]);

    // Only plan editors change status; achieving closes the target to progress; a target in work
    // cannot leave the library.
    await expectApiError(
      teacher.teaching.studentPlanTargetStatus({
        body: { id: added.id, version: r2.version, action: 'achieve', on: day(0) },
      }),
      ErrorCode.noPermission,
    );
    const inUse = await expectApiError(
      admin.teaching.planTargetStatus({ body: { id: t1.id, validstatus: 0 } }),
      ErrorCode.rule,
    );
    expect(inUse.message).toContain('个训计划');
    const achieved = await admin.teaching.studentPlanTargetStatus({
      body: { id: added.id, version: r2.version, action: 'achieve', on: day(0) },
    });
    expect(achieved).toMatchObject({ status: 'achieved', statusOn: day(0) });
    await expectApiError(
      admin.teaching.studentPlanTargetStatus({
        body: { id: added.id, version: achieved.version, action: 'pause', on: day(0) },
      }),
      ErrorCode.rule,
    );
    await expectApiError(
      teacher.teaching.studentPlanProgressSave({
        body: { planTargetId: added.id, version: achieved.version, on: day(0), score: 90 },
      }),
      ErrorCode.rule,
    );
    const plan = await teacher.teaching.studentPlan({ query: { studentId } });
    expect(plan.find((r) => r.id === added.id)).toMatchObject({ status: 'achieved', latestScore: 85 });
    // No longer in work, the target may leave the library; a status change answers the row as the
    // list shows it (with its course type's name).
    const off = await admin.teaching.planTargetStatus({ body: { id: t1.id, validstatus: 0 } });
    expect(off).toMatchObject({ validstatus: 0, courseTypeName: t1.courseTypeName });
    expect(await admin.teaching.planTargetStatus({ body: { id: t1.id, validstatus: 1 } })).toMatchObject({
      validstatus: 1,
      courseTypeName: t1.courseTypeName,
    });

    // Another campus's student: refused to the SH01 teacher; HR holds no plan privilege.
    const [bj] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
    if (!bj) throw new Error('a BJ01 student');
    const far = await admin.teaching.studentPlanTargetSave({
      body: { studentId: bj.id, targetId: t1.id, baseline: 'b', goal: 'g', startOn: day(-1) },
    });
    await expectApiError(
      teacher.teaching.studentPlan({ query: { studentId: bj.id } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      teacher.teaching.studentPlanProgressSave({
        body: { planTargetId: far.id, version: far.version, on: day(0), score: 10 },
      }),
      ErrorCode.noPermission,
    );
    const hr = await t.as('hr');
    await expectApiError(hr.teaching.studentPlan({ query: { studentId } }), ErrorCode.noPermission);
  });

  it('lets a teacher open a student’s case file read-only for the plan: own campuses, no money, the actions they lack named', async () => {
    const [mine] = await t.deps.db
      .select()
      .from(students)
      .where(eq(students.id, pupils[6] ?? 0));
    const [bj] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
    if (!mine || !bj) throw new Error('an SH01 and a BJ01 student');
    // The case file and its entrance assessments, for a student of the teacher's campus …
    const file = await teacher.students.studentDetail({ query: { code: mine.code } });
    expect(file).toMatchObject({ id: mine.id, schoolItemCode: 'SH01' });
    expect(Array.isArray(await teacher.students.outsideAssess({ query: { stuId: mine.id } }))).toBe(true);
    // … never another campus's, and never the money of the full screen.
    await expectApiError(
      teacher.students.studentDetail({ query: { code: bj.code } }),
      ErrorCode.noPermission,
    );
    await expectApiError(teacher.students.outsideAssess({ query: { stuId: bj.id } }), ErrorCode.noPermission);
    await expectApiError(
      teacher.orders.studentOrders({ query: { studentcode: mine.code } }),
      ErrorCode.noPermission,
    );
    // The forbidden list names the screen (the client opens it by the plan door) and the action the
    // teacher lacks, not the one held; HR, holding neither, is refused the case file.
    const forbidden = await teacher.system.forbiddenRoutes({ query: {} });
    expect(forbidden).toContain('/students/studentDetail');
    expect(forbidden).toContain('plans.edit');
    expect(forbidden).not.toContain('plans.record');
    const hr = await t.as('hr');
    await expectApiError(hr.students.studentDetail({ query: { code: mine.code } }), ErrorCode.noPermission);
  });
});
