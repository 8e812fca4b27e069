// Saturation, nightly snapshots, efficiency and employee statistics over HTTP, on a campus of their
// own (TS01) and one week far from the demo data, every figure worked out by hand:
// - TS01 is open Mon–Fri 09:00–12:00 and 18:00–20:00 (bands 1, 2: 5 h), Sat–Sun 10:00–14:00 (band 3:
//   4 h); a holiday band, an invalid span and Wednesday (a holiday of TS01) add nothing:
//   4 × 5 + 2 × 4 = 28 h a teacher or room.
// - teacher A (rank of subject S) teaches Mon 09–11 (room R), Tue 18:00–19:30 (R), Sat 10–11;
//   a cancelled Thu lesson counts nothing: 4.5 h of 28 = 16.07 %.
// - teacher B joins on Saturday (8 h available) and teaches Sun 10–12 (R): 25 %. Teachers: 6.5 of 36 h.
// - room R: 5.5 of 28 h = 19.64 %; a closed room counts nothing.
// - adviser C (consultant); Monday's lesson of A consumed 2 h worth ¥200, and an order advised by the
//   demo consultant `sales` was paid ¥500 in TS01.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { schoolItems } from '../src/slices/organisation/tables.js';
import {
  calendarDays,
  classrooms,
  lessons,
  lessonStudents,
  attendances,
  timeSpans,
} from '../src/slices/teaching/tables.js';
import { employees, employeeSubjects, skillRanks, subjects } from '../src/slices/employees/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { orders, payRecords } from '../src/slices/orders/tables.js';
import { users } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let director: Sdk;
let sales: Sdk;
let mon: string; // the Monday of the test's week
let subjectId: number;
let rank: { code: string; name: string };
const day = (i: number) => {
  const d = new Date(`${mon}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + i);
  return d.toISOString().slice(0, 10);
};
const week = () => ({ schoolItemCode: 'TS01', startDate: mon, endDate: day(6) });
const hm = (h: number, m = 0) => h * 60 + m;

beforeAll(async () => {
  t = await startTestServer();
  // A Monday about three years ahead whose week lies in one month.
  const d = new Date(t.clock.now().getTime() + 1100 * 86_400_000);
  while (d.getUTCDay() !== 1 || d.getUTCDate() > 20) d.setUTCDate(d.getUTCDate() + 1);
  mon = d.toISOString().slice(0, 10);
  // Noon in Shanghai on the Monday after: the week is past, its days can be recorded.
  t.clock.set(new Date(`${day(7)}T04:00:00Z`));
  admin = await t.as('admin');
  director = await t.as('director');
  sales = await t.as('sales');
  const db = t.deps.db;

  await db.insert(schoolItems).values({ code: 'TS01', name: '饱和度测试校区', provinceTypeCode: 'HD' });
  await db.insert(timeSpans).values([
    { schoolItemCode: 'TS01', name: '上午', bandType: 1, startTime: '09:00', endTime: '12:00' },
    { schoolItemCode: 'TS01', name: '晚间', bandType: 2, startTime: '18:00', endTime: '20:00' },
    { schoolItemCode: 'TS01', name: '周末', bandType: 3, startTime: '10:00', endTime: '14:00' },
    { schoolItemCode: 'TS01', name: '假期', bandType: 4, startTime: '09:00', endTime: '17:00' },
    {
      schoolItemCode: 'TS01',
      name: '停用',
      bandType: 1,
      startTime: '14:00',
      endTime: '16:00',
      validStatus: 0,
    },
  ]);
  await db
    .insert(calendarDays)
    .values({ schoolItemCode: 'TS01', kind: 'holiday', name: '校庆', startDate: day(2), endDate: day(2) });
  const [room] = await db
    .insert(classrooms)
    .values([
      { schoolItemCode: 'TS01', name: 'R', capacity: 4 },
      { schoolItemCode: 'TS01', name: '停用教室', capacity: 4, validStatus: 0 },
    ])
    .returning({ id: classrooms.id });
  const [r] = await db.select({ code: skillRanks.code, name: skillRanks.name }).from(skillRanks).limit(1);
  if (!r || !room) throw new Error('the demo seed has skill ranks');
  rank = r;
  await db.insert(employees).values([
    { code: 'TSA', name: '饱和甲', schoolItemCode: 'TS01', postCode: 'TEACHER', skillRankCode: rank.code },
    { code: 'TSB', name: '饱和乙', schoolItemCode: 'TS01', postCode: 'TEACHER', entryDate: day(5) },
    { code: 'TSC', name: '饱和丙', schoolItemCode: 'TS01', postCode: 'CONSULTANT', entryDate: '2020-01-01' },
  ]);
  const [subject] = await db.insert(subjects).values({ name: '饱和度科目' }).returning({ id: subjects.id });
  subjectId = subject?.id ?? 0;
  await db.insert(employeeSubjects).values({ employeeCode: 'TSA', subjectId });

  const [course] = await db.select({ code: courses.code }).from(courses).limit(1);
  const [student] = await db.select({ id: students.id }).from(students).limit(1);
  if (!course || !student) throw new Error('the demo seed has courses and students');
  const lesson = (
    teacherCode: string,
    i: number,
    start: number,
    end: number,
    roomId: number | null,
    status = 10,
  ) => ({
    schoolItemCode: 'TS01',
    courseCode: course.code,
    teacherCode,
    classroomId: roomId,
    kind: 'oneToOne',
    lessonDate: day(i),
    startMinute: start,
    endMinute: end,
    hours: '2',
    status,
  });
  const [monday] = await db
    .insert(lessons)
    .values([
      lesson('TSA', 0, hm(9), hm(11), room.id),
      lesson('TSA', 1, hm(18), hm(19, 30), room.id),
      lesson('TSA', 3, hm(9), hm(10), room.id, 90),
      lesson('TSA', 5, hm(10), hm(11), null),
      lesson('TSB', 6, hm(10), hm(12), room.id),
    ])
    .returning({ id: lessons.id });
  if (!monday) throw new Error('lessons inserted');
  const signedAt = new Date(`${mon}T03:00:00Z`);
  const [ls] = await db
    .insert(lessonStudents)
    .values({ lessonId: monday.id, studentId: student.id, createdAt: signedAt })
    .returning({ id: lessonStudents.id });
  const [att] = await db
    .insert(attendances)
    .values({
      lessonId: monday.id,
      lessonStudentId: ls?.id ?? 0,
      studentId: student.id,
      schoolItemCode: 'TS01',
      courseCode: course.code,
      teacherCode: 'TSA',
      lessonDate: mon,
      status: 'present',
      hours: '2',
      paid: true,
      signedAt,
    })
    .returning({ id: attendances.id });
  const [salesUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'sales'));
  const [order] = await db
    .insert(orders)
    .values({
      code: 'DDTS000001',
      orderType: 1,
      status: 40,
      studentId: student.id,
      schoolItemCode: 'TS01',
      listCents: 50_000,
      discountCents: 0,
      payableCents: 50_000,
      paidCents: 50_000,
      familyCents: 50_000,
      adviserId: salesUser?.id ?? null,
    })
    .returning({ id: orders.id });
  await db
    .insert(payRecords)
    .values({ orderId: order?.id ?? 0, method: 3, amountCents: 50_000, paidAt: signedAt, status: 20 });
  await db.insert(studentLedger).values({
    studentId: student.id,
    schoolItemCode: 'TS01',
    orderId: order?.id ?? 0,
    orderItemId: 0,
    courseCode: course.code,
    kind: 'consume',
    hours: '-2',
    valueCents: -20_000,
    sourceType: 'attendance',
    sourceId: att?.id ?? 0,
    postedAt: signedAt,
  });
}, 180_000);
afterAll(async () => t?.close());

const load = (availableHours: number, bookedHours: number, rate: number) => ({
  availableHours,
  bookedHours,
  rate,
});

describe('saturation', () => {
  it('counts booked against open hours by hand: summary, teachers, rooms, levels, regions, months', async () => {
    const s = await admin.staffFigures.saturationSummary({ query: week() });
    expect(s).toEqual({
      period: { startDate: mon, endDate: day(6) },
      teachers: 2,
      teacher: load(36, 6.5, 18.06),
      rooms: 1,
      room: load(28, 5.5, 19.64),
      lessons: 4,
    });
    const top = await admin.staffFigures.saturationTopTeachers({ query: week() });
    expect(top.rows).toEqual([
      { key: 'TSB', name: '饱和乙', schoolItemName: '饱和度测试校区', lessons: 1, ...load(8, 2, 25) },
      { key: 'TSA', name: '饱和甲', schoolItemName: '饱和度测试校区', lessons: 3, ...load(28, 4.5, 16.07) },
    ]);
    const rooms = await admin.staffFigures.saturationRooms({ query: week() });
    expect(rooms.rows).toEqual([expect.objectContaining({ name: 'R', lessons: 3, ...load(28, 5.5, 19.64) })]);
    expect(rooms.total).toMatchObject(load(28, 5.5, 19.64));
    const bands = await admin.staffFigures.saturationRoomBands({ query: week() });
    expect(bands.rows.map((b) => [b.key, b.count])).toEqual([
      ['low', 1],
      ['normal', 0],
      ['high', 0],
      ['full', 0],
    ]);
    const levels = await admin.staffFigures.saturationLevelsBySubject({ query: { ...week(), subjectId } });
    expect(levels.rows).toEqual([
      expect.objectContaining({ key: rank.code, name: rank.name, ...load(28, 4.5, 16.07) }),
    ]);
    const subjectList = await admin.staffFigures.saturationSubjects({ query: week() });
    expect(subjectList.rows).toEqual([{ id: subjectId, name: '饱和度科目', teachers: 1 }]);
    const area = await admin.staffFigures.saturationAreaTeachers({ query: week() });
    expect(area.rows).toEqual([expect.objectContaining({ key: 'HD', ...load(36, 6.5, 18.06) })]);
    const board = await admin.staffFigures.saturationDirectorBoard({ query: week() });
    expect(board.rows).toEqual([
      {
        key: 'TS01',
        name: '饱和度测试校区',
        teachers: 2,
        teacher: load(36, 6.5, 18.06),
        rooms: 1,
        room: load(28, 5.5, 19.64),
      },
    ]);
    const trend = await admin.staffFigures.saturationMonthlyTrend({ query: week() });
    expect(trend.months).toEqual([mon.slice(0, 7)]);
    expect(trend.series.find((x) => x.key === 'teacher')?.values).toEqual([18.06]);
  });

  it('keeps to the caller’s campuses: another campus is refused, the board lists only theirs', async () => {
    await expectApiError(director.staffFigures.saturationSummary({ query: week() }), ErrorCode.noPermission);
    const board = await director.staffFigures.saturationDirectorBoard({
      query: { startDate: mon, endDate: day(6) },
    });
    expect(board.rows.every((r) => ['SH01', 'SH02', 'HZ01', 'NJ01'].includes(r.key))).toBe(true);
  });

  it('records a day once, however often the nightly job runs', async () => {
    const first = await admin.staffFigures.snapshotRun({ body: { day: mon } });
    expect(first.recorded).toBeGreaterThan(0);
    const again = await Promise.all([
      admin.staffFigures.snapshotRun({ body: { day: mon } }),
      admin.staffFigures.snapshotRun({ body: { day: mon } }),
    ]);
    expect(again.map((r) => r.recorded)).toEqual([0, 0]);
    const snap = await admin.staffFigures.saturationSnapshot({ query: { day: mon, schoolItemCode: 'TS01' } });
    // Monday: only A had joined; 5 open hours, 2 booked for A and for the room.
    expect(snap.rows).toEqual([
      expect.objectContaining({
        teacherCode: '',
        teachers: 1,
        teacher: load(5, 2, 40),
        rooms: 1,
        room: load(5, 2, 40),
      }),
      expect.objectContaining({ teacherCode: 'TSA', teacherName: '饱和甲', teacher: load(5, 2, 40) }),
    ]);
    const list = await admin.staffFigures.snapshotList({ query: week() });
    expect(list.list.map((r) => [r.day, r.schoolItemCode])).toEqual([[mon, 'TS01']]);
    await expectApiError(
      admin.staffFigures.snapshotRun({ body: { day: shanghaiDate(t.clock.now()) } }),
      ErrorCode.validation,
    );
  });
});

describe('efficiency and employees', () => {
  it('divides each group’s output by its heads', async () => {
    const e = await admin.staffFigures.efficiencySummary({ body: week() });
    expect(e.groups.map(({ name: _n, ...g }) => g)).toEqual([
      { group: 'jt', headcount: 3, cents: 20_000, quantity: 2, perHeadCents: 6667, perHeadQuantity: 0.67 },
      { group: 'kfs', headcount: 2, cents: 20_000, quantity: 2, perHeadCents: 10_000, perHeadQuantity: 1 },
      { group: 'gw', headcount: 1, cents: 50_000, quantity: 1, perHeadCents: 50_000, perHeadQuantity: 1 },
    ]);
    const campuses = await admin.staffFigures.efficiencyCampuses({ body: { ...week(), group: 'gw' } });
    expect(campuses.rows).toEqual([expect.objectContaining({ key: 'TS01', headcount: 1, cents: 50_000 })]);
    const history = await admin.staffFigures.efficiencyHistory({ body: { ...week(), group: 'kfs' } });
    expect(history).toMatchObject({ months: [mon.slice(0, 7)], perHeadCents: [10_000], headcount: [2] });
  });

  it('counts heads, hires and hours taught by campus, post, subject and level', async () => {
    const s = await admin.staffFigures.employeeSummary({ body: week() });
    expect(s).toMatchObject({ headcount: 3, newHires: 1, teachers: 2, taughtHours: 6.5, consumedHours: 2 });
    const roles = await admin.staffFigures.employeeRoles({ body: week() });
    expect(roles.rows.map((r) => [r.key, r.headcount, r.taughtHours])).toEqual([
      ['TEACHER', 2, 6.5],
      ['CONSULTANT', 1, 0],
    ]);
    const bySubject = await admin.staffFigures.employeeSubjects({ body: week() });
    expect(bySubject.rows).toEqual([
      expect.objectContaining({ key: String(subjectId), headcount: 1, taughtHours: 4.5 }),
    ]);
  });

  it('shows a person their own figures', async () => {
    const me = await sales.staffFigures.personal({ body: { startDate: mon, endDate: day(6) } });
    expect(me).toMatchObject({ employeeCode: 'E0003', receivedCents: 50_000, paidOrders: 1, lessons: 0 });
  });
});
