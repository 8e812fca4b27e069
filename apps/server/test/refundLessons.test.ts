// A refund and the lessons its hours booked (docs/decisions.md): the form and the approval name the
// unsigned lessons the refund would leave without hours; when it takes effect they are released in
// the same transaction, the latest first. A payment revoked after its hours were consumed says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { lessonStudents } from '../src/slices/teaching/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let director: Sdk;
let finance: Sdk;
let course: string; // a course the demo teacher E0005 may teach
let courseName: string;
const pupils: number[] = [];

const day = (n: number) => {
  const d = new Date(`${shanghaiDate(t.clock.now())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** An effective order of `hours` of the course; answers the order and its payment approval. */
async function buy(studentId: number, hours: number) {
  const o = await sales.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId,
      orderType: 0,
      items: [{ courseCode: course, quantity: hours }],
    },
  });
  const d = await sales.orders.detail({ params: { id: o.id } });
  const r = await sales.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return { order: await sales.orders.detail({ params: { id: o.id } }), payApproval: r.approvalId ?? 0 };
}

/** One-hour lessons of the course for the student on the given days from today. */
async function book(studentId: number, days: number[], start = '09:00', end = '10:00') {
  const ids: number[] = [];
  for (const n of days) {
    const r = await admin.teaching.planInsert({
      body: {
        schoolItemCode: 'SH01',
        courseCode: course,
        teacherCode: 'E0005',
        kind: 'oneToOne',
        studentIds: [studentId],
        lessonDate: day(n),
        startTime: start,
        endTime: end,
      },
    });
    ids.push(...r.lessonIds);
  }
  return ids;
}

const bookingStatus = async (studentId: number, lessonIds: number[]) =>
  (
    await t.deps.db
      .select({ lessonId: lessonStudents.lessonId, status: lessonStudents.status })
      .from(lessonStudents)
      .where(and(eq(lessonStudents.studentId, studentId), inArray(lessonStudents.lessonId, lessonIds)))
  )
    .sort((a, b) => lessonIds.indexOf(a.lessonId) - lessonIds.indexOf(b.lessonId))
    .map((r) => r.status);

beforeAll(async () => {
  t = await startTestServer();
  [admin, sales, director, finance] = await Promise.all([
    t.as('admin'),
    t.as('sales'),
    t.as('director'),
    t.as('finance'),
  ]);
  const db = t.deps.db;
  const ranks = await db
    .select({ rank: courseAuthorityRanks.courseRankCode })
    .from(courseAuthorityRanks)
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(eq(courseAuthorities.employeeCode, 'E0005'));
  const mine = ranks.map((r) => r.rank);
  const all = await db.select().from(courses).where(eq(courses.purchaseUnit, 1));
  const c = all.find((x) => mine.includes(x.rankCode) && Number(x.price) > 0 && x.validStatus === 1);
  if (!c) throw new Error('the demo seed has a course E0005 may teach');
  course = c.code;
  courseName = c.name;
  const list = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolItemCode, 'SH01'), ne(students.status, 90)))
    .limit(40);
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
  for (const s of list) if (!held.some((h) => h.id === s.id)) pupils.push(s.id);
  if (pupils.length < 3) throw new Error('enough SH01 students without the course');
}, 180_000);
afterAll(async () => t?.close());

describe('a refund of hours that lessons booked', () => {
  it('names the lessons it would release, and releases them, latest first, when it takes effect', async () => {
    const sid = pupils[0] ?? 0;
    const { order } = await buy(sid, 4);
    const lessons = await book(sid, [1, 2, 3, 4]);
    const item = order.items[0]?.id ?? 0;
    // Refunding 2 of the 4 hours leaves 2: the lessons of days 3 and 4 lose their hours.
    const quote = await sales.refunds.refundQuote({
      body: { orderId: order.id, items: [{ orderItemId: item, hours: 2 }] },
    });
    expect(quote.releases.map((l) => [l.lessonId, l.date, l.startTime, l.hours, l.courseName])).toEqual([
      [lessons[2], day(3), '09:00', 1, courseName],
      [lessons[3], day(4), '09:00', 1, courseName],
    ]);
    const r = await sales.refunds.insertRefundOrder({
      body: { orderId: order.id, reasonCode: 'MOVE', items: [{ orderItemId: item, hours: 2 }] },
    });
    // The approvers see the same list before deciding; nothing is released yet.
    const pending = await director.refunds.refundApprovalDetail({ params: { id: r.approvalId } });
    expect(pending.refundOrder.releases.map((l) => l.lessonId)).toEqual([lessons[2], lessons[3]]);
    expect(await bookingStatus(sid, lessons)).toEqual([10, 10, 10, 10]);
    await director.approvals.pass({ body: { id: r.approvalId } });
    await finance.approvals.pass({ body: { id: r.approvalId } });
    const done = await finance.refunds.refundApprovalDetail({ params: { id: r.approvalId } });
    expect(done.status).toBe(20);
    expect(done.refundOrder.releases).toEqual([]);
    // Released in the refund's transaction; the earlier two keep their seats.
    expect(await bookingStatus(sid, lessons)).toEqual([10, 10, 20, 20]);
    // The freed hours are gone: booking another lesson is refused, naming the hours left.
    const e = await expectApiError(book(sid, [5]), ErrorCode.conflict);
    expect(e.message).toContain('paid hours');
  });

  it('releases nothing when the refund takes only unbooked hours', async () => {
    const sid = pupils[1] ?? 0;
    const { order } = await buy(sid, 4);
    const lessons = await book(sid, [1, 2], '11:00', '12:00');
    const item = order.items[0]?.id ?? 0;
    const body = { orderId: order.id, items: [{ orderItemId: item, hours: 2 }] };
    expect((await sales.refunds.refundQuote({ body })).releases).toEqual([]);
    const r = await sales.refunds.insertRefundOrder({ body: { ...body, reasonCode: 'MOVE' } });
    await director.approvals.pass({ body: { id: r.approvalId } });
    await finance.approvals.pass({ body: { id: r.approvalId } });
    expect(await bookingStatus(sid, lessons)).toEqual([10, 10]);
  });
});

describe('refusals say what happened', () => {
  it('a payment revoked after its hours were consumed says how many were consumed and how many remain', async () => {
    const sid = pupils[2] ?? 0;
    const { order, payApproval } = await buy(sid, 4);
    const [m] = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.orderId, order.id));
    if (!m) throw new Error('the purchase movement');
    // One hour consumed (an attendance posts these).
    await t.deps.db.insert(studentLedger).values({
      ...m,
      id: undefined,
      kind: 'consume',
      hours: '-1.00',
      valueCents: -Math.round(m.valueCents / 4),
      sourceType: 'attendance',
      sourceId: 1,
    });
    const e = await expectApiError(
      finance.approvals.revoke({ body: { id: payApproval, comment: '录错了' } }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain(`the hours of course "${courseName}" were already used`);
    expect(e.message).toContain('1.00 consumed');
    expect(e.message).toContain('3.00 hours remain, fewer than the 4.00 this takes');
    expect(e.message).not.toContain('below zero');
    // A refund of more than is left says what was consumed, naming the field.
    const item = order.items[0]?.id ?? 0;
    const over = await expectApiError(
      sales.refunds.refundQuote({ body: { orderId: order.id, items: [{ orderItemId: item, hours: 4 }] } }),
      ErrorCode.validation,
    );
    expect(over.field).toBe('items.0.hours');
    expect(over.message).toContain(
      `at most the 3.00 unused paid hours of ${courseName} (1.00 already consumed`,
    );
  });
});
