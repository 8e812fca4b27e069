// What the one scheduling form offers (docs/teaching.md "The scheduling form"): a student's bookable
// courses (hours left, or a study authorisation), the teachers authorised for a course at a campus
// (exactly those the placement does not refuse for authority), and what the caller may book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let teacher: Sdk;
let finance: Sdk;
let course: string; // a course the demo teacher E0005 may teach
let foreignCourse: string; // one E0005 may not teach
let pupil: number; // a SH01 student without demo hours
let elsewhere: number; // a student of another campus

const tomorrow = () => {
  const d = new Date(`${shanghaiDate(t.clock.now())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

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
    .where(and(eq(courseAuthorities.employeeCode, 'E0005'), eq(courseAuthorities.validStatus, 1)));
  const mine = ranks.map((r) => r.rank);
  const all = await db.select().from(courses).where(eq(courses.purchaseUnit, 1));
  const ok = (x: (typeof all)[number]) => Number(x.price) > 0 && x.validStatus === 1;
  const c = all.find((x) => mine.includes(x.rankCode) && ok(x));
  const f = all.find((x) => !mine.includes(x.rankCode) && ok(x));
  if (!c || !f) throw new Error('the demo seed has courses E0005 may and may not teach');
  course = c.code;
  foreignCourse = f.code;
  const sh01 = await db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(60);
  const held = new Set(
    (await db.select({ id: studentLedger.studentId }).from(studentLedger)).map((r) => r.id),
  );
  const free = sh01.find((s) => s.status !== 90 && !held.has(s.id));
  if (!free) throw new Error('a SH01 student without hours');
  pupil = free.id;
  const [other] = await db.select().from(students).where(ne(students.schoolItemCode, 'SH01')).limit(1);
  if (!other) throw new Error('a student of another campus');
  elsewhere = other.id;
  const o = await admin.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId: pupil,
      orderType: 0,
      items: [{ courseCode: course, quantity: 6 }],
    },
  });
  const d = await admin.orders.detail({ params: { id: o.id } });
  const r = await admin.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
}, 120_000);
afterAll(async () => t?.close());

describe("a student's bookable courses", () => {
  it('are the courses bought with hours left, then a study authorisation adds its course', async () => {
    const bought = await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01', studentId: pupil } });
    expect(bought.map((r) => [r.courseCode, r.schedulableHours, r.authorised])).toEqual([[course, 6, false]]);
    await admin.teaching.studentAuth({ body: { studentId: pupil, courseCode: foreignCourse } });
    const both = await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01', studentId: pupil } });
    expect(both.find((r) => r.courseCode === foreignCourse)).toMatchObject({
      remainingHours: 0,
      schedulableHours: 0,
      authorised: true,
    });
    // The campus-wide list (the form before a student is chosen) holds the same rows.
    const campus = await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01' } });
    expect(campus.filter((r) => r.studentId === pupil).map((r) => r.courseCode)).toEqual(
      both.map((r) => r.courseCode),
    );
  });

  it("refuses a student of another campus and a campus outside the caller's scope", async () => {
    await expectApiError(
      admin.teaching.planOrders({ query: { schoolItemCode: 'SH01', studentId: elsewhere } }),
      ErrorCode.notFound,
    );
    await expectApiError(
      teacher.teaching.planOrders({ query: { schoolItemCode: 'HZ01' } }),
      ErrorCode.noPermission,
    );
  });
});

describe('the teachers of a course', () => {
  it('are exactly the campus teachers the placement accepts for authority', async () => {
    const offered = await admin.teaching.planTeachers({
      query: { schoolItemCode: 'SH01', courseCode: course },
    });
    expect(offered.map((x) => x.code)).toContain('E0005');
    const all = await admin.employees.teachersByMinRank({ query: { schoolItemCode: 'SH01', minRank: 1 } });
    for (const x of all.slice(0, 12)) {
      const p = await admin.teaching.planInsertPreview({
        body: {
          schoolItemCode: 'SH01',
          courseCode: course,
          teacherCode: x.code,
          kind: 'oneToOne',
          studentIds: [pupil],
          lessonDate: tomorrow(),
          startTime: '06:00',
          endTime: '07:00',
          hours: 1,
        },
      });
      const refused = p.rows.some((r) => r.conflicts.some((m) => m.includes('authority')));
      expect([x.code, refused]).toEqual([x.code, !offered.some((o) => o.code === x.code)]);
    }
    const foreign = await admin.teaching.planTeachers({
      query: { schoolItemCode: 'SH01', courseCode: foreignCourse },
    });
    expect(foreign.map((x) => x.code)).not.toContain('E0005');
  });

  it('refuses an unknown course and a campus outside scope', async () => {
    await expectApiError(
      admin.teaching.planTeachers({ query: { schoolItemCode: 'SH01', courseCode: 'NO-SUCH' } }),
      ErrorCode.notFound,
    );
    await expectApiError(
      teacher.teaching.planTeachers({ query: { schoolItemCode: 'HZ01', courseCode: course } }),
      ErrorCode.noPermission,
    );
  });
});

describe('what the caller may book', () => {
  it('a teacher: trial and assessment lessons, of the courses their authority covers', async () => {
    const me = await teacher.teaching.planMine();
    expect(me.kinds).toEqual(['trial', 'assessment']);
    expect(me.teacher?.code).toBe('E0005');
    const codes = me.teacher?.courses.map((c) => c.code) ?? [];
    expect(codes).toContain(course);
    expect(codes).not.toContain(foreignCourse);
  });

  it('a planner without an employee record: every kind, no teacher', async () => {
    const me = await admin.teaching.planMine();
    expect(me.kinds).toEqual(['oneToOne', 'group', 'trial', 'assessment']);
    expect(me.teacher).toBeNull();
  });
});
