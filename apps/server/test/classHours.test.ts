// Class-hour confirmation and sealing over HTTP: the pre-submission check names unsigned and
// unconfirmed lessons, a teacher's period is submitted once and passes centre leader → finance (the
// status payroll reads), and a sealed period refuses an attendance (a new sign or the cancellation of
// one, present to absent), an order change and a refund pass with the sealing message until an administrator unseals it with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk, type TSourceRow } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { classHourConfirmationLessons, classHourConfirmations } from '../src/slices/classHours/tables.js';
import { salaryLines } from '../src/slices/payroll/tables.js';
import { auditLog } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let teacher: Sdk;
let finance: Sdk;
let director: Sdk;
let hr: Sdk;
let course: string;
const pupils: number[] = [];
let year: number;
let month: number;
/** E0005's lessons of this month filed in the original confirmation, and that confirmation. */
const monthLessons: number[] = [];
let original = { id: 0, approvalId: 0 };

const today = () => shanghaiDate(t.clock.now());

/** An effective order of `hours` of the course for a student; answers the order's id. */
async function buy(studentId: number, hours: number) {
  const o = await admin.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId,
      orderType: 0,
      items: [{ courseCode: course, quantity: hours }],
    },
  });
  const d = await admin.orders.detail({ params: { id: o.id } });
  const r = await admin.orders.addPayRecord({
    body: { orderId: o.id, method: 1, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  return o.id;
}

/** A one-to-one lesson of E0005 today at `start` (HH:00) for a student; answers its id. */
async function lesson(studentId: number, start: number) {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const { lessonIds } = await admin.teaching.planInsert({
    body: {
      schoolItemCode: 'SH01',
      courseCode: course,
      teacherCode: 'E0005',
      kind: 'oneToOne',
      studentIds: [studentId],
      lessonDate: today(),
      startTime: hh(start),
      endTime: hh(start + 1),
    },
  });
  return lessonIds[0] ?? 0;
}

beforeAll(async () => {
  t = await startTestServer();
  // A month of its own, a year past the demo data: the demo leaves lessons of E0005's current month
  // awaiting confirmation (teaching/confirmSeed.ts), and a month is filed whole.
  const later = shanghaiDate(new Date(t.clock.now().getTime() + 400 * 86_400_000)).slice(0, 7);
  // 10:00 in Shanghai on the 15th.
  t.clock.set(new Date(`${later}-15T02:00:00Z`));
  admin = await t.as('admin');
  teacher = await t.as('teacher');
  finance = await t.as('finance');
  director = await t.as('director');
  hr = await t.as('hr');
  year = Number(today().slice(0, 4));
  month = Number(today().slice(5, 7));
  // The demo's salary periods end with its year; HR opens this one.
  await hr.employees.salaryPeriodSave({ body: { year, month } });
  const db = t.deps.db;
  const ranks = await db
    .select({ rank: courseAuthorityRanks.courseRankCode })
    .from(courseAuthorityRanks)
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(eq(courseAuthorities.employeeCode, 'E0005'));
  const all = await db.select().from(courses).where(eq(courses.purchaseUnit, 1));
  const c = all.find(
    (x) => ranks.some((r) => r.rank === x.rankCode) && Number(x.price) > 0 && x.validStatus === 1,
  );
  if (!c) throw new Error('the demo seed has a course E0005 may teach');
  course = c.code;
  const list = await db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(30);
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
  if (pupils.length < 2) throw new Error('enough SH01 students');
  for (const p of pupils.slice(0, 2)) await buy(p, 10);
}, 180_000);
afterAll(async () => t?.close());

describe('class-hour confirmation', () => {
  it('checks, submits once and passes centre leader → finance', async () => {
    const sid = pupils[0] ?? 0;
    const lessonId = await lesson(sid, 8);
    const period = { schoolItemCode: 'SH01', teacherCode: 'E0005', year, month };

    let c = await teacher.classHours.check({ query: period });
    expect(c.lessons.find((l) => l.lessonId === lessonId)?.problem).toBe('unsigned');
    expect(c.canSubmit).toBe(false);
    let e = await expectApiError(teacher.classHours.submit({ body: period }), ErrorCode.rule);
    expect(e.message).toContain('not signed or not confirmed');

    await teacher.teaching.sign({ body: { lessonId, items: [{ studentId: sid, status: 'present' }] } });
    c = await teacher.classHours.check({ query: period });
    expect(c.lessons.find((l) => l.lessonId === lessonId)).toMatchObject({
      problem: 'unconfirmed',
      paidAttendances: 1,
    });
    await teacher.teaching.planConfirm({ body: { ids: [lessonId] } });
    c = await teacher.classHours.check({ query: period });
    expect(c).toMatchObject({ problems: 0, lessonCount: 1, hours: 1, canSubmit: true, live: null });
    // Three more lessons of the period, signed and confirmed: the month is filed with four.
    for (const start of [9, 10, 11]) monthLessons.push(await lesson(sid, start));
    for (const id of monthLessons)
      await teacher.teaching.sign({ body: { lessonId: id, items: [{ studentId: sid, status: 'present' }] } });
    await teacher.teaching.planConfirm({ body: { ids: monthLessons } });
    monthLessons.unshift(lessonId);
    c = await teacher.classHours.check({ query: period });
    expect(c).toMatchObject({
      problems: 0,
      lessonCount: 4,
      hours: 4,
      canSubmit: true,
      live: null,
      kind: 'original',
      confirmations: [],
    });

    await expectApiError(
      teacher.classHours.check({ query: { ...period, schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    // A teacher acts only for themselves.
    await expectApiError(
      teacher.classHours.submit({ body: { ...period, teacherCode: 'E0002' } }),
      ErrorCode.noPermission,
    );
    const { id, approvalId } = await teacher.classHours.submit({ body: { ...period, remark: '十一月' } });
    original = { id, approvalId };
    // Every confirmed lesson of the period is covered: nothing to file again.
    e = await expectApiError(teacher.classHours.submit({ body: period }), ErrorCode.conflict);
    expect(e.field).toBe('teacherCode');
    c = await teacher.classHours.check({ query: period });
    expect(c).toMatchObject({ lessonCount: 0, canSubmit: false, kind: 'supplementary' });
    expect(c.lessons.map((l) => l.confirmation?.id)).toEqual([id, id, id, id]);

    const pending = await director.classHours.list({ query: { mine: true, pageIdx: 1, pageSize: 20 } });
    expect(pending.list.map((r) => r.id)).toContain(approvalId);
    const financeQueue = async () =>
      (await finance.classHours.list({ query: { mine: true, pageIdx: 1, pageSize: 20 } })).list.map(
        (r) => r.id,
      );
    // Finance's step comes second (the demo seed leaves another teacher's month waiting for finance).
    expect(await financeQueue()).not.toContain(approvalId);
    await director.approvals.pass({ body: { id: approvalId } });
    expect(await financeQueue()).toContain(approvalId);
    const [mid] = await t.deps.db
      .select()
      .from(classHourConfirmations)
      .where(eq(classHourConfirmations.id, id));
    expect(mid?.status).toBe(5); // payroll pays only a passed confirmation
    await finance.approvals.pass({ body: { id: approvalId } });

    const d = await finance.classHours.detail({ params: { id: approvalId } });
    expect(d).toMatchObject({
      status: 20,
      confirmationStatus: 20,
      teacherCode: 'E0005',
      year,
      month,
      confirmationKind: 'original',
      lessonCount: 4,
      hours: 4,
      reason: '十一月',
    });
    expect(d.lessons.map((l) => l.lessonId)).toEqual(monthLessons);
    expect(d.history.map((h) => [h.decision, h.userName])).toEqual([
      ['pass', '王建国'],
      ['pass', '张丽华'],
    ]);
    // Another campus's staff do not see it.
    await expectApiError(
      (await t.as('sales')).classHours.detail({ params: { id: approvalId } }),
      ErrorCode.noPermission,
    );
  });
});

describe('supplementary class-hour confirmation', () => {
  it('pays lessons confirmed after the month passed only once their supplementary confirmation passes', async () => {
    const sid = pupils[0] ?? 0;
    const period = { schoolItemCode: 'SH01', teacherCode: 'E0005', year, month };
    const paidLessons = async () => {
      await hr.payroll.compute({ body: { year, month, schoolItemCode: 'SH01' } });
      const lines = await t.deps.db
        .select()
        .from(salaryLines)
        .where(
          and(
            eq(salaryLines.employeeCode, 'E0005'),
            eq(salaryLines.year, year),
            eq(salaryLines.month, month),
            eq(salaryLines.schoolItemCode, 'SH01'),
          ),
        );
      const out = new Map<number, TSourceRow['lesson']>();
      for (const l of lines.filter((x) => x.item.startsWith('hours:')))
        for (const src of await hr.payroll.lineSources({ query: { id: l.id } }))
          if (src.lesson) out.set(src.lesson.lessonId, src.lesson);
      return out;
    };
    // The month passed with four lessons: payroll pays exactly those, each under the original.
    let paid = await paidLessons();
    expect([...paid.keys()].sort()).toEqual([...monthLessons].sort());
    for (const l of paid.values())
      expect(l?.confirmation).toEqual({
        id: original.id,
        approvalId: original.approvalId,
        kind: 'original',
      });

    // Two lessons confirmed later in the month are not paid.
    const later = [await lesson(sid, 12), await lesson(sid, 13)];
    for (const id of later)
      await teacher.teaching.sign({ body: { lessonId: id, items: [{ studentId: sid, status: 'present' }] } });
    await teacher.teaching.planConfirm({ body: { ids: later } });
    paid = await paidLessons();
    expect([...paid.keys()].sort()).toEqual([...monthLessons].sort());

    // They are filed as a supplementary confirmation of the same month, of exactly those lessons.
    const c = await teacher.classHours.check({ query: period });
    expect(c).toMatchObject({ lessonCount: 2, hours: 2, canSubmit: true, kind: 'supplementary' });
    expect(c.confirmations.map((x) => [x.id, x.kind, x.status, x.lessonCount])).toEqual([
      [original.id, 'original', 20, 4],
    ]);
    expect(c.lessons.filter((l) => !l.confirmation).map((l) => l.lessonId)).toEqual(later);
    const extra = await teacher.classHours.submit({ body: { ...period, remark: '补充' } });
    await expectApiError(teacher.classHours.submit({ body: period }), ErrorCode.conflict);
    // A lesson is in at most one live confirmation (the database holds it too).
    await expect(
      t.deps.db
        .insert(classHourConfirmationLessons)
        .values({ confirmationId: original.id, lessonId: later[0] ?? 0 })
        .onConflictDoNothing()
        .returning(),
    ).resolves.toEqual([]);
    // Waiting, it pays nothing yet.
    paid = await paidLessons();
    expect([...paid.keys()].sort()).toEqual([...monthLessons].sort());

    let d = await director.classHours.detail({ params: { id: extra.approvalId } });
    expect(d).toMatchObject({ confirmationKind: 'supplementary', lessonCount: 2, hours: 2, status: 5 });
    expect(d.lessons.map((l) => l.lessonId)).toEqual(later);
    expect(d.periodConfirmations.map((x) => [x.approvalId, x.kind, x.lessonIds])).toEqual([
      [original.approvalId, 'original', [...monthLessons].sort((a, b) => a - b)],
      [extra.approvalId, 'supplementary', [...later].sort((a, b) => a - b)],
    ]);
    // The original still lists exactly its four lessons.
    const o = await director.classHours.detail({ params: { id: original.approvalId } });
    expect(o.lessons.map((l) => l.lessonId)).toEqual(monthLessons);
    const listed = await director.classHours.list({
      query: { year, month, teacherCode: 'E0005', pageIdx: 1, pageSize: 20 },
    });
    expect(listed.list.map((r) => [r.id, r.confirmationKind])).toEqual([
      [extra.approvalId, 'supplementary'],
      [original.approvalId, 'original'],
    ]);

    // Approved like the first (centre leader → finance): then they are paid, under it.
    await director.approvals.pass({ body: { id: extra.approvalId } });
    await finance.approvals.pass({ body: { id: extra.approvalId } });
    d = await finance.classHours.detail({ params: { id: extra.approvalId } });
    expect(d.confirmationStatus).toBe(20);
    paid = await paidLessons();
    expect([...paid.keys()].sort()).toEqual([...monthLessons, ...later].sort());
    for (const id of later)
      expect(paid.get(id)?.confirmation).toEqual({
        id: extra.id,
        approvalId: extra.approvalId,
        kind: 'supplementary',
      });
    for (const id of monthLessons) expect(paid.get(id)?.confirmation?.id).toBe(original.id);
    // Confirmed lessons stay locked: a lesson under a passed confirmation cannot be changed.
    await expectApiError(
      teacher.teaching.sign({
        body: { lessonId: later[0] ?? 0, items: [{ studentId: sid, status: 'absent' }] },
      }),
      ErrorCode.rule,
    );
  });
});

describe('sealing', () => {
  it('refuses attendance, order and refund changes of a sealed period until an administrator unseals it', async () => {
    const sid = pupils[1] ?? 0;
    const lessonId = await lesson(sid, 19);
    // A lesson signed present before sealing: making the student absent starts by cancelling that sign.
    const signedLesson = await lesson(sid, 20);
    const [attendanceId = 0] = (
      await teacher.teaching.sign({
        body: { lessonId: signedLesson, items: [{ studentId: sid, status: 'present' }] },
      })
    ).attendanceIds;
    // An unpaid order and a refund waiting for finance, both of this period.
    const draft = await admin.orders.create({
      body: {
        schoolItemCode: 'SH01',
        studentId: sid,
        orderType: 0,
        items: [{ courseCode: course, quantity: 1 }],
      },
    });
    const unpaid = await admin.orders.detail({ params: { id: draft.id } });
    const [bought] = await t.deps.db
      .select({ orderId: studentLedger.orderId, orderItemId: studentLedger.orderItemId })
      .from(studentLedger)
      .where(and(eq(studentLedger.studentId, sid), eq(studentLedger.courseCode, course)))
      .limit(1);
    const refund = await admin.refunds.insertRefundOrder({
      body: {
        orderId: bought?.orderId ?? 0,
        reasonCode: 'MOVE',
        items: [{ orderItemId: bought?.orderItemId ?? 0, hours: 2 }],
      },
    });
    await director.approvals.pass({ body: { id: refund.approvalId } });

    await hr.sealing.seal({ body: { year, month } });
    await expectApiError(hr.sealing.seal({ body: { year, month } }), ErrorCode.conflict);
    const row = (await hr.sealing.list({ query: { year } })).find((r) => r.month === month);
    expect(row).toMatchObject({ sealed: true, sealedByName: '刘芳', version: 1 });

    const sealedMessage = `该期间已封账（${today().slice(0, 7)}）`;
    let e = await expectApiError(
      teacher.teaching.sign({ body: { lessonId, items: [{ studentId: sid, status: 'present' }] } }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain(sealedMessage);
    expect(e.message).toContain('attendance can no longer change');
    e = await expectApiError(
      teacher.teaching.signCancel({ body: { attendanceId, reason: '改为缺勤' } }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain(sealedMessage);
    expect(e.message).toContain('attendance can no longer change');
    const [kept] = await teacher.teaching.signList({ query: { lessonId: signedLesson } });
    expect(kept).toMatchObject({ attendance: 'present', attendanceId });
    e = await expectApiError(
      admin.orders.edit({
        body: {
          id: draft.id,
          version: unpaid.version,
          orderType: 0,
          items: [{ courseCode: course, quantity: 2 }],
          remark: '',
        },
      }),
      ErrorCode.conflict,
    );
    expect(e.message).toContain(sealedMessage);
    e = await expectApiError(finance.approvals.pass({ body: { id: refund.approvalId } }), ErrorCode.conflict);
    expect(e.message).toContain(sealedMessage);

    // Unsealing takes an administrator and a reason.
    await expectApiError(
      hr.sealing.unseal({ body: { year, month, reason: '更正考勤' } }),
      ErrorCode.noPermission,
    );
    e = await expectApiError(
      admin.sealing.unseal({ body: { year, month, reason: ' ' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.reason');
    await admin.sealing.unseal({ body: { year, month, reason: '更正考勤', version: 1 } });
    // The latest reopening is this one (the demo reopened an older month once).
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sealing.unseal'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ year, month, reason: '更正考勤' });

    await finance.approvals.pass({ body: { id: refund.approvalId } });
    await teacher.teaching.sign({ body: { lessonId, items: [{ studentId: sid, status: 'present' }] } });
    // Unsealed, the present student can be made absent: the sign cancelled, then signed again.
    await teacher.teaching.signCancel({ body: { attendanceId, reason: '改为缺勤' } });
    await teacher.teaching.sign({
      body: { lessonId: signedLesson, items: [{ studentId: sid, status: 'absent' }] },
    });
    expect((await teacher.teaching.signList({ query: { lessonId: signedLesson } }))[0]?.attendance).toBe(
      'absent',
    );
    expect((await hr.sealing.list({ query: { year } })).find((r) => r.month === month)).toMatchObject({
      sealed: false,
      unsealReason: '更正考勤',
    });
  });
});
