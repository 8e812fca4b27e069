// Temporary absence, leave and make-up over HTTP: each kind on the approval engine (its chain,
// self-approval refused, campus scope, one of two concurrent decisions wins), the make-up's hours on
// the ledger (given back on pass, taken again on revoke), and the seams the timetable uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOrderCreateInput } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { approvedLeaves } from '../src/slices/absences/index.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { users } from '../src/slices/system/tables.js';
import { lessonStudents, lessons } from '../src/slices/teaching/index.js';
import type { ApprovedLeave, ApprovedMakeup } from '../src/slices/absences/index.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let finance: Sdk;
let director: Sdk;
let admin: Sdk;
let sh01: number;
let sh01b: number;
let bj01: number;
let course: string; // a course the demo teacher (E0005) may teach: make-ups book lessons with them
let teacherId: number;
const leavesSeen: ApprovedLeave[] = [];
const makeupsSeen: ApprovedMakeup[] = [];

beforeAll(async () => {
  t = await startTestServer();
  [sales, finance, director, admin] = await Promise.all([
    t.as('sales'),
    t.as('finance'),
    t.as('director'),
    t.as('admin'),
  ]);
  const sh = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(2);
  const [b] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1);
  if (!sh[0] || !sh[1] || !b) throw new Error('the demo seed has students in SH01 and BJ01');
  sh01 = sh[0].id;
  sh01b = sh[1].id;
  bj01 = b.id;
  const ranks = await t.deps.db
    .select({ rank: courseAuthorityRanks.courseRankCode })
    .from(courseAuthorityRanks)
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(eq(courseAuthorities.employeeCode, 'E0005'));
  const all = await t.deps.db.select().from(courses).where(eq(courses.purchaseUnit, 1));
  const c = all.find(
    (x) => ranks.some((r) => r.rank === x.rankCode) && Number(x.price) > 0 && x.validStatus === 1,
  );
  const [u] = await t.deps.db.select().from(users).where(eq(users.username, 'teacher'));
  if (!c || !u) throw new Error('the demo seed has a teacher and a course they may teach');
  course = c.code;
  teacherId = u.id;
  removeHandlers.push(
    t.deps.events.on('leaveApproved', async (_tx, l) => void leavesSeen.push(l)),
    t.deps.events.on('makeupApproved', async (_tx, m) => void makeupsSeen.push(m)),
  );
}, 120_000);
// The handlers are on this file's server's bus (deps.events); taken off with the file all the same.
const removeHandlers: (() => void)[] = [];
afterAll(async () => {
  for (const remove of removeHandlers) remove();
  await t?.close();
});

/** An effective order of the student: created, paid exactly, approved by finance. */
async function effective(studentId: number, o: Partial<TOrderCreateInput> = {}) {
  const body: TOrderCreateInput = {
    schoolItemCode: 'SH01',
    studentId,
    orderType: 0,
    items: [{ courseCode: 'C001', quantity: 10 }],
    ...o,
  };
  const created = await sales.orders.create({ body });
  const d = await sales.orders.detail({ params: { id: created.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return finance.orders.detail({ params: { id: created.id } });
}

/** A lesson consumed by attendance (the teaching slice will post these): 2 hours of the order's first item. */
async function consumed(orderId: number) {
  const [m] = await t.deps.db
    .select()
    .from(studentLedger)
    .where(and(eq(studentLedger.orderId, orderId), eq(studentLedger.kind, 'purchase')));
  if (!m) throw new Error('purchase movement');
  const [c] = await t.deps.db
    .insert(studentLedger)
    .values({
      studentId: m.studentId,
      schoolItemCode: m.schoolItemCode,
      orderId: m.orderId,
      orderItemId: m.orderItemId,
      courseCode: m.courseCode,
      kind: 'consume',
      hours: '-2.00',
      valueCents: -Math.round((m.valueCents * 2) / Number(m.hours)),
      sourceType: 'attendance',
      sourceId: 990000 + m.id,
      postedAt: t.clock.now(),
      note: 'absent',
    })
    .returning();
  if (!c) throw new Error('consume movement');
  return c;
}

async function itemHours(orderItemId: number) {
  const rows = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderItemId, orderItemId));
  return {
    hours: rows.reduce((s, m) => s + Math.round(Number(m.hours) * 100), 0),
    cents: rows.reduce((s, m) => s + m.valueCents, 0),
  };
}

describe('leave', () => {
  it('is filed by a consultant, refused to its requester, approved by the campus head; the timetable sees it', async () => {
    const r = await sales.absences.leaveAdd({
      body: { studentId: sh01, fromDate: '2030-03-02', toDate: '2030-03-04', reason: '发烧 fever' },
    });
    const mine = await sales.absences.leaveApplyPage({ query: { requestedByMe: true } });
    expect(mine.list.find((x) => x.absenceId === r.id)).toMatchObject({
      absenceStatus: 10,
      canDecide: false,
      fromDate: '2030-03-02',
    });
    const waiting = await director.absences.leaveWaitApproval({ query: {} });
    expect(waiting.list.map((x) => x.absenceId)).toContain(r.id);

    await director.approvals.pass({ body: { id: r.approvalId } });
    const d = await sales.absences.leaveDetail({ params: { id: r.id } });
    expect(d.absenceStatus).toBe(20);
    expect(d.history.map((h) => h.decision)).toEqual(['pass']);
    expect(leavesSeen.some((l) => l.id === r.id && l.studentId === sh01)).toBe(true);

    const inPeriod = await approvedLeaves(t.deps.db, [sh01], '2030-03-04', '2030-03-10');
    expect(inPeriod.map((l) => l.id)).toContain(r.id);
    expect(await approvedLeaves(t.deps.db, [sh01], '2030-03-05', '2030-03-10')).toEqual([]);
  });

  it('refuses self-approval, an overlapping leave and a course the student holds no hours of', async () => {
    const r = await director.absences.leaveAdd({
      body: { studentId: sh01b, fromDate: '2030-04-01', toDate: '2030-04-01', reason: '家中有事' },
    });
    const e = await expectApiError(
      director.approvals.pass({ body: { id: r.approvalId } }),
      ErrorCode.noPermission,
    );
    expect(e.message).toContain('自己');
    await expectApiError(
      sales.absences.leaveAdd({
        body: { studentId: sh01b, fromDate: '2030-03-30', toDate: '2030-04-02', reason: '重叠' },
      }),
      ErrorCode.conflict,
    );
    const bad = await expectApiError(
      sales.absences.leaveAdd({
        body: {
          studentId: sh01b,
          fromDate: '2030-05-01',
          toDate: '2030-05-01',
          courseCodes: ['NOPE'],
          reason: '课程',
        },
      }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('courseCodes.0');
  });

  it('keeps to the campus: another campus’s student is refused to file, read and decide', async () => {
    await expectApiError(
      sales.absences.leaveAdd({
        body: { studentId: bj01, fromDate: '2030-03-02', toDate: '2030-03-02', reason: 'x' },
      }),
      ErrorCode.noPermission,
    );
    const r = await admin.absences.leaveAdd({
      body: { studentId: bj01, fromDate: '2030-03-02', toDate: '2030-03-02', reason: '北京学员' },
    });
    await expectApiError(director.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.noPermission);
    await expectApiError(sales.absences.leaveDetail({ params: { id: r.id } }), ErrorCode.noPermission);
    const list = await director.absences.leavePage({ query: {} });
    expect(list.list.some((x) => x.absenceId === r.id)).toBe(false);
  });

  it('lets one of two concurrent decisions win', async () => {
    const r = await sales.absences.leaveAdd({
      body: { studentId: sh01, fromDate: '2030-06-01', toDate: '2030-06-02', reason: '并发' },
    });
    const director2 = await t.as('director');
    const results = await Promise.allSettled([
      director.approvals.pass({ body: { id: r.approvalId } }),
      director2.approvals.reject({ body: { id: r.approvalId, comment: '不同意' } }),
    ]);
    const refused = results.find((x) => x.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as { code?: number }).code).toBe(
      ErrorCode.conflict,
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const d = await sales.absences.leaveDetail({ params: { id: r.id } });
    expect([20, 30]).toContain(d.absenceStatus);
    expect(d.history).toHaveLength(1);
  });

  it('is withdrawn by its requester while nobody decided it', async () => {
    const r = await sales.absences.leaveAdd({
      body: { studentId: sh01, fromDate: '2030-07-01', toDate: '2030-07-01', reason: '撤回' },
    });
    await expectApiError(
      director.absences.leaveRevoke({ params: { id: r.id }, body: {} }),
      ErrorCode.noPermission,
    );
    expect(await sales.absences.leaveRevoke({ params: { id: r.id }, body: {} })).toEqual({
      id: r.id,
      status: 50,
    });
  });
});

describe('temporary absence', () => {
  it('runs campus head then finance; the student shows as suspended inside the period only', async () => {
    const r = await sales.absences.temporaryAbsenceSave({
      body: { studentId: sh01b, fromDate: '2030-09-01', toDate: '2030-10-31', reason: '住院治疗' },
    });
    await director.approvals.pass({ body: { id: r.approvalId } });
    expect((await sales.absences.temporaryAbsenceInfo({ params: { id: r.id } })).absenceStatus).toBe(10);
    await expectApiError(director.approvals.pass({ body: { id: r.approvalId } }), ErrorCode.noPermission);
    await finance.approvals.pass({ body: { id: r.approvalId } });
    const d = await sales.absences.temporaryAbsenceInfo({ params: { id: r.id } });
    expect(d.absenceStatus).toBe(20);
    expect(d.history.map((h) => h.decision)).toEqual(['pass', 'pass']);

    const on = await director.absences.suspensionWork({ query: { date: '2030-10-01' } });
    expect(on.map((s) => s.absenceId)).toContain(r.id);
    expect(
      (await director.absences.suspensionWork({ query: { date: '2030-11-01' } })).map((s) => s.absenceId),
    ).not.toContain(r.id);
    const last = await sales.absences.temporaryAbsenceLast({ query: { studentId: sh01b } });
    expect(last?.absenceId).toBe(r.id);
    expect((await approvedLeaves(t.deps.db, [sh01b], '2030-10-10', '2030-10-10')).map((l) => l.type)).toEqual(
      ['temporaryAbsence'],
    );
  });
});

describe('make-up', () => {
  /** The student's live bookings of the course on a day, with the lesson's teacher and start minute. */
  const bookings = (studentId: number, day: string) =>
    t.deps.db
      .select({ lessonId: lessons.id, teacher: lessons.teacherCode, start: lessons.startMinute })
      .from(lessonStudents)
      .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
      .where(
        and(
          eq(lessonStudents.studentId, studentId),
          eq(lessonStudents.status, 10),
          eq(lessons.courseCode, course),
          eq(lessons.lessonDate, day),
        ),
      );

  it('gives the hours back and books the lesson on approval; revoke takes both back', async () => {
    const o = await effective(sh01, { items: [{ courseCode: course, quantity: 10 }] });
    const missed = await consumed(o.id);
    const itemId = missed.orderItemId;
    const before = await itemHours(itemId);

    const list = await sales.absences.makeupMissed({ query: { studentId: sh01 } });
    expect(list.find((m) => m.id === missed.id)).toMatchObject({ hours: 2, courseCode: course });
    const r = await sales.absences.makeupAdd({
      body: { missedId: missed.id, makeupDate: '2030-03-10', timeSpan: '09:00-10:00', reason: '生病缺课' },
    });
    await expectApiError(
      sales.absences.makeupAdd({
        body: { missedId: missed.id, makeupDate: '2030-03-11', timeSpan: '09:00-10:00', reason: '再次' },
      }),
      ErrorCode.conflict,
    );
    expect(
      (await sales.absences.makeupMissed({ query: { studentId: sh01 } })).map((m) => m.id),
    ).not.toContain(missed.id);
    // The requester may still move the day while nobody decided.
    await sales.absences.makeupEdit({
      body: { id: r.id, makeupDate: '2030-03-12', timeSpan: '10:00-11:00', teacherId, reason: '生病缺课' },
    });
    expect(await itemHours(itemId)).toEqual(before);
    expect(await bookings(sh01, '2030-03-12')).toEqual([]);

    await director.approvals.pass({ body: { id: r.approvalId } });
    expect(await itemHours(itemId)).toEqual({ hours: before.hours + 200, cents: before.cents });
    expect(makeupsSeen.find((m) => m.id === r.id)).toMatchObject({
      date: '2030-03-12',
      timeSpan: '10:00-11:00',
      hours: 2,
      orderItemId: itemId,
    });
    expect(await bookings(sh01, '2030-03-12')).toEqual([
      expect.objectContaining({ teacher: 'E0005', start: 600 }),
    ]);
    await expectApiError(
      sales.absences.makeupEdit({
        body: { id: r.id, makeupDate: '2030-03-13', timeSpan: '10:00-11:00', reason: '晚了' },
      }),
      ErrorCode.rule,
    );

    const revoked = await director.absences.makeupRevoke({ params: { id: r.id }, body: { comment: '录错' } });
    expect(revoked.status).toBe(40);
    expect(await itemHours(itemId)).toEqual(before);
    expect(await bookings(sh01, '2030-03-12')).toEqual([]);
    // Revoked: the lesson can be made up again.
    expect((await sales.absences.makeupMissed({ query: { studentId: sh01 } })).map((m) => m.id)).toContain(
      missed.id,
    );
  });

  it('fails the approval, giving nothing back, when the timetable refuses the lesson', async () => {
    const o = await effective(sh01b, { items: [{ courseCode: course, quantity: 10 }] });
    const first = await consumed(o.id);
    const second = await consumed(o.id);
    const before = await itemHours(first.orderItemId);
    const slot = { makeupDate: '2030-04-08', timeSpan: '14:00-15:00', teacherId };
    const a = await sales.absences.makeupAdd({ body: { missedId: first.id, ...slot, reason: '甲' } });
    const b = await sales.absences.makeupAdd({ body: { missedId: second.id, ...slot, reason: '乙' } });
    await director.approvals.pass({ body: { id: a.approvalId } });
    // The teacher (and the student) now hold that hour: the second make-up cannot be booked there.
    const err = await expectApiError(
      director.approvals.pass({ body: { id: b.approvalId } }),
      ErrorCode.conflict,
    );
    expect(err.message).toMatch(/陈思远|E0005|学员|student|teacher/);
    expect(await itemHours(first.orderItemId)).toEqual({ hours: before.hours + 200, cents: before.cents });
    expect(await bookings(sh01b, '2030-04-08')).toHaveLength(1);
    const detail = await sales.absences.makeupApplyDetail({ params: { id: b.id } });
    expect(detail.absenceStatus).toBe(10);
    // Without a teacher on the request nor an attendance naming one, the approval says what is missing.
    const third = await consumed(o.id);
    const c = await sales.absences.makeupAdd({
      body: { missedId: third.id, makeupDate: '2030-04-09', timeSpan: '14:00-15:00', reason: '丙' },
    });
    const e2 = await expectApiError(director.approvals.pass({ body: { id: c.approvalId } }), ErrorCode.rule);
    expect(e2.message).toContain('补课老师');
  });

  it('lets one of two make-ups of one lesson filed at once through', async () => {
    const o = await effective(sh01b, { items: [{ courseCode: 'C001', quantity: 4 }] });
    const missed = await consumed(o.id);
    const body = { missedId: missed.id, makeupDate: '2030-03-10', timeSpan: '09:00-10:00', reason: '并发' };
    const results = await Promise.allSettled([
      sales.absences.makeupAdd({ body }),
      director.absences.makeupAdd({ body }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
  });

  it('answers the time spans of the caller’s campus and refuses another campus', async () => {
    const spans = await sales.absences.makeupTimeSpans({ query: { schoolItemCode: 'SH01' } });
    expect(spans[0]).toEqual({ timeSpan: '08:00-09:00', label: '08:00-09:00' });
    await expectApiError(
      sales.absences.makeupTimeSpans({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
  });
});
