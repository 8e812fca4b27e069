// Payroll over a small seeded month (docs/payroll.md has the same numbers worked by hand): each role's
// salary to the cent with its source rows, a refund after the period reducing the next period's
// commission, recomputation idempotent with a change report, manual adjustment lines kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { employees, employeeCampuses, skillRanks } from '../src/slices/employees/tables.js';
import { users } from '../src/slices/system/tables.js';
import { students } from '../src/slices/students/tables.js';
import { orders } from '../src/slices/orders/tables.js';
import { refundOrders } from '../src/slices/refunds/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { attendances, lessonStudents, lessons } from '../src/slices/teaching/tables.js';
import { clueTargets } from '../src/slices/clueSettings/tables.js';
import { clues } from '../src/slices/clues/tables.js';
import {
  salaryCourseSwitch,
  salaryLines,
  salaryRuleRates,
  salaryRules,
} from '../src/slices/payroll/tables.js';
import { classHourConfirmationLessons, classHourConfirmations } from '../src/slices/classHours/tables.js';
import { paidOrdersOfPeriod } from '../src/slices/payroll/compute.js';
import { forbidBills } from '../src/slices/sealing/tables.js';
import { salaryApplications } from '../src/slices/salaryApplications/tables.js';
import { sheetValues } from '../src/shared/xlsx.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let hr: Sdk;
const RANK = 'PAYT';
const CAMPUS = 'SH01';
const Y = 2031;
/** Employees of the month, by role. */
const E = {
  teacher: 'PT-TEA',
  expert: 'PT-EXP',
  supervisor: 'PT-SUP',
  consultant: 'PT-CON',
  growth: 'PT-GRO',
  leader: 'PT-LEA',
} as const;
const POST = {
  teacher: 'TEACHER',
  expert: 'ASSESSOR',
  supervisor: 'SUPERVISOR',
  consultant: 'CONSULTANT',
  growth: 'GROWTH',
  leader: 'LEADER',
} as const;
let studentA: number;
let studentB: number;
const userOf: Record<string, number> = {};
let refundId = 0;

const at = (iso: string) => new Date(`${iso}+08:00`);

async function rule(
  role: string,
  r: Partial<typeof salaryRules.$inferInsert>,
  rates: [string, string, number][] = [],
) {
  const [x] = await t.deps.db
    .insert(salaryRules)
    .values({ role, skillRankCode: RANK, effectiveFrom: Y * 100 + 1, ...r })
    .returning();
  if (!x) throw new Error('rule');
  if (rates.length)
    await t.deps.db.insert(salaryRuleRates).values(
      rates.map(([payType, attendanceStatus, hourlyCents]) => ({
        ruleId: x.id,
        payType,
        attendanceStatus,
        hourlyCents,
      })),
    );
}

let lessonMinute = 9 * 60;
async function lesson(o: {
  teacher: string;
  day: string;
  hours: string;
  course?: string;
  kind?: string;
  confirmed?: boolean;
  signs: { student: number; status: string; paid: boolean; cancelled?: boolean }[];
}) {
  lessonMinute += 90;
  const [l] = await t.deps.db
    .insert(lessons)
    .values({
      schoolItemCode: CAMPUS,
      courseCode: o.course ?? 'C001',
      teacherCode: o.teacher,
      kind: o.kind ?? 'oneToOne',
      lessonDate: o.day,
      startMinute: lessonMinute,
      endMinute: lessonMinute + 60,
      hours: o.hours,
      confirmedAt: o.confirmed === false ? null : at(`${o.day}T20:00:00`),
    })
    .returning();
  if (!l) throw new Error('lesson');
  for (const s of o.signs) {
    const [ls] = await t.deps.db
      .insert(lessonStudents)
      .values({ lessonId: l.id, studentId: s.student, createdAt: at(`${o.day}T08:00:00`) })
      .returning();
    await t.deps.db.insert(attendances).values({
      lessonId: l.id,
      lessonStudentId: ls?.id ?? 0,
      studentId: s.student,
      schoolItemCode: CAMPUS,
      courseCode: l.courseCode,
      teacherCode: o.teacher,
      lessonDate: o.day,
      status: s.status,
      hours: s.status === 'leave' ? '0' : o.hours,
      paid: s.paid,
      signedAt: at(`${o.day}T19:00:00`),
      cancelledAt: s.cancelled ? at(`${o.day}T19:30:00`) : null,
    });
  }
  return l;
}

let orderNo = 0;
async function paidOrder(o: { type: number; cents: number; adviser: string; day: string; student: number }) {
  orderNo += 1;
  const [x] = await t.deps.db
    .insert(orders)
    .values({
      code: `PT${String(orderNo).padStart(8, '0')}`,
      orderType: o.type,
      status: 40,
      studentId: o.student,
      schoolItemCode: CAMPUS,
      listCents: o.cents,
      discountCents: 0,
      payableCents: o.cents,
      paidCents: o.cents,
      familyCents: o.cents,
      adviserId: userOf[o.adviser] ?? null,
      effectiveAt: at(`${o.day}T10:00:00`),
    })
    .returning();
  if (!x) throw new Error('order');
  return x;
}

async function compute(month: number) {
  return hr.payroll.compute({ body: { year: Y, month, schoolItemCode: CAMPUS } });
}

async function linesOf(code: string, month: number) {
  return t.deps.db
    .select()
    .from(salaryLines)
    .where(and(eq(salaryLines.employeeCode, code), eq(salaryLines.year, Y), eq(salaryLines.month, month)))
    .orderBy(salaryLines.item);
}
const total = (ls: { amountCents: number }[]) => ls.reduce((s, l) => s + l.amountCents, 0);

beforeAll(async () => {
  t = await startTestServer();
  hr = await t.as('hr');
  for (const m of [3, 4]) await hr.employees.salaryPeriodSave({ body: { year: Y, month: m } });
  await t.deps.db.insert(skillRanks).values({ code: RANK, name: '薪酬测试', typeCode: 'TEACHER', level: 9 });
  for (const [role, code] of Object.entries(E)) {
    await t.deps.db.insert(employees).values({
      code,
      name: `薪酬${role}`,
      schoolItemCode: CAMPUS,
      postCode: POST[role as keyof typeof POST],
      skillRankCode: RANK,
    });
    await t.deps.db.insert(employeeCampuses).values({ employeeCode: code, schoolItemCode: CAMPUS });
    const [u] = await t.deps.db
      .insert(users)
      .values({ username: `pay-${role}`, name: code, passwordHash: 'x', employeeCode: code })
      .returning();
    userOf[code] = u?.id ?? 0;
  }
  const ss = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, CAMPUS)).limit(2);
  studentA = ss[0]?.id ?? 0;
  studentB = ss[1]?.id ?? 0;

  await rule('teacher', { baseCents: 300000, bonusThresholdHours: '3', bonusCents: 20000 }, [
    ['oneToOne', 'present', 8000],
    ['oneToOne', 'absent', 4000],
    ['home', '*', 10000],
  ]);
  await t.deps.db.insert(salaryCourseSwitch).values({ courseCode: 'C003', payType: 'home' });
  await rule('expert', { perCaseCents: 15000 });
  await rule('supervisor', { baseCents: 100000, perCaseCents: 5000 });
  await rule('consultant', { baseCents: 200000, commissionBp: 300 });
  await rule('growth', { commissionBp: 200 });
  await rule('leader', { baseCents: 500000, commissionBp: 50, targetBonusCents: 100000 });

  // March: the teacher's lessons (one unconfirmed, one sign cancelled, one leave unpaid).
  await lesson({
    teacher: E.teacher,
    day: '2031-03-03',
    hours: '1.5',
    signs: [{ student: studentA, status: 'present', paid: true }],
  });
  await lesson({
    teacher: E.teacher,
    day: '2031-03-04',
    hours: '1',
    signs: [{ student: studentA, status: 'absent', paid: true }],
  });
  await lesson({
    teacher: E.teacher,
    day: '2031-03-05',
    hours: '1',
    course: 'C003',
    signs: [{ student: studentA, status: 'present', paid: true }],
  });
  await lesson({
    teacher: E.teacher,
    day: '2031-03-06',
    hours: '2',
    confirmed: false,
    signs: [{ student: studentA, status: 'present', paid: true }],
  });
  await lesson({
    teacher: E.teacher,
    day: '2031-03-07',
    hours: '1',
    signs: [{ student: studentA, status: 'present', paid: true, cancelled: true }],
  });
  await lesson({
    teacher: E.teacher,
    day: '2031-03-10',
    hours: '1',
    signs: [{ student: studentB, status: 'leave', paid: false }],
  });
  // The expert's assessment: two students.
  await lesson({
    teacher: E.expert,
    day: '2031-03-11',
    hours: '1',
    kind: 'assessment',
    course: 'PG001',
    signs: [
      { student: studentA, status: 'present', paid: true },
      { student: studentB, status: 'present', paid: true },
    ],
  });
  // Orders: a new enrolment by the consultant, a renewal by the growth consultant.
  const newOrder = await paidOrder({
    type: 1,
    cents: 1000000,
    adviser: E.consultant,
    day: '2031-03-10',
    student: studentA,
  });
  await paidOrder({ type: 0, cents: 500000, adviser: E.growth, day: '2031-03-15', student: studentB });
  // A refund of the new enrolment, posted in April.
  const [r] = await t.deps.db
    .insert(refundOrders)
    .values({
      code: 'PTK0000001',
      type: 'refund',
      orderId: newOrder.id,
      studentId: studentA,
      schoolItemCode: CAMPUS,
      status: 20,
      reasonCode: 'X',
      reasonName: 'test',
      amountCents: 200000,
      createdAt: at('2031-03-30T10:00:00'),
      updatedAt: at('2031-04-05T10:00:00'),
    })
    .returning();
  refundId = r?.id ?? 0;
  await t.deps.db.insert(studentLedger).values({
    studentId: studentA,
    schoolItemCode: CAMPUS,
    orderId: newOrder.id,
    orderItemId: 0,
    courseCode: 'C001',
    kind: 'refund',
    hours: '-5',
    valueCents: -200000,
    sourceType: 'refundOrder',
    sourceId: refundId,
    postedAt: at('2031-04-05T10:00:00'),
  });
  // The campus's lead target of March (1) reached by one clue.
  await t.deps.db
    .insert(clueTargets)
    .values({ targetYear: Y, targetType: 1, schoolItemCode: CAMPUS, employeeCode: '', m3: 1 });
  await t.deps.db.insert(clues).values({
    cluecode: 'PTXS000001',
    childName: '薪酬',
    parentName: '家长',
    phone: '13900003101',
    flowState: 'pool',
    schoolItemCode: CAMPUS,
    createdAt: at('2031-03-05T09:00:00'),
  });
  // The class hours of March passed confirmation (the classHours slice's approval) for both payees:
  // each confirmation covers the payee's confirmed lessons of March (its lesson rows).
  for (const teacherCode of [E.teacher, E.expert]) {
    const held = await t.deps.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        and(
          eq(lessons.teacherCode, teacherCode),
          isNotNull(lessons.confirmedAt),
          between(lessons.lessonDate, '2031-03-01', '2031-03-31'),
        ),
      );
    const [c] = await t.deps.db
      .insert(classHourConfirmations)
      .values({
        schoolItemCode: CAMPUS,
        teacherCode,
        year: Y,
        month: 3,
        status: 20,
        lessonCount: held.length,
        hours: '1',
        lessonIds: held.map((l) => l.id),
        createdAt: at('2031-04-01T10:00:00'),
        updatedAt: at('2031-04-02T10:00:00'),
      })
      .returning();
    await t.deps.db
      .insert(classHourConfirmationLessons)
      .values(held.map((l) => ({ confirmationId: c?.id ?? 0, lessonId: l.id })));
  }
}, 120_000);
afterAll(async () => t?.close());

describe('payroll computation', () => {
  it("computes each role's March salary to the cent, with the rows that earned it", async () => {
    const run = await compute(3);
    expect(run.schoolItemCode).toBe(CAMPUS);
    expect(run.lineCount).toBeGreaterThan(0);

    const teacher = await linesOf(E.teacher, 3);
    expect(teacher.map((l) => [l.item, l.quantity, l.rate, l.amountCents])).toEqual([
      ['base', '1.00', 300000, 300000],
      ['hours:home:present', '1.00', 10000, 10000],
      ['hours:oneToOne:absent', '1.00', 4000, 4000],
      ['hours:oneToOne:present', '1.50', 8000, 12000],
      ['kjbonus', '3.50', 20000, 20000],
    ]);
    // The payslip of the area and the drill-down of a line, over HTTP.
    const page = await hr.payroll.areaPage({
      params: { area: 'frontline' },
      query: { year: Y, month: 3, schoolItemCode: CAMPUS, keyword: E.teacher },
    });
    expect(page.list.map((r) => [r.employeeCode, r.computed, r.adjusted, r.total])).toEqual([
      [E.teacher, '3460.00', '0.00', '3460.00'],
    ]);
    const present = teacher.find((l) => l.item === 'hours:oneToOne:present');
    const src = await hr.payroll.lineSources({ query: { id: present?.id ?? 0 } });
    expect(src.map((x) => [x.sourceType, x.day, x.ref.split(' ')[0], x.quantity, x.amount])).toEqual([
      ['attendance', '2031-03-03', 'C001', 1.5, '120.00'],
    ]);
    // The payslip's drill-down lists the lesson itself: its time, student and attendance.
    const [student] = await t.deps.db.select().from(students).where(eq(students.id, studentA));
    expect(src[0]?.lesson).toMatchObject({
      time: '10:30-11:30',
      studentName: student?.name,
      status: 'present',
    });

    const expert = await linesOf(E.expert, 3);
    expect(expert.map((l) => [l.item, l.quantity, l.amountCents])).toEqual([['cases', '2.00', 30000]]);
    const supervisor = await linesOf(E.supervisor, 3);
    expect(supervisor.map((l) => [l.item, l.quantity, l.amountCents])).toEqual([
      ['base', '1.00', 100000],
      ['cases', '2.00', 10000],
    ]);
    const consultant = await linesOf(E.consultant, 3);
    expect(consultant.map((l) => [l.item, l.quantity, l.rate, l.amountCents])).toEqual([
      ['base', '1.00', 200000, 200000],
      ['commission', '10000.00', 300, 30000],
    ]);
    const growth = await linesOf(E.growth, 3);
    expect(growth.map((l) => [l.item, l.amountCents])).toEqual([['commission', 10000]]);
    const leader = await linesOf(E.leader, 3);
    expect(leader.map((l) => [l.item, l.quantity, l.amountCents])).toEqual([
      ['base', '1.00', 500000],
      ['commission', '15000.00', 7500],
      ['target', '1.00', 100000],
    ]);
    const leaderCommission = leader.find((l) => l.item === 'commission');
    const orderRows = await hr.payroll.lineSources({ query: { id: leaderCommission?.id ?? 0 } });
    expect(orderRows.map((x) => [x.sourceType, x.day, x.amount])).toEqual([
      ['order', '2031-03-10', '50.00'],
      ['order', '2031-03-15', '25.00'],
    ]);
  });

  it("takes a refund posted after the period off the next period's commission", async () => {
    await compute(4);
    const consultant = await linesOf(E.consultant, 4);
    expect(consultant.map((l) => [l.item, l.quantity, l.amountCents])).toEqual([
      ['base', '1.00', 200000],
      ['commission', '-2000.00', -6000],
    ]);
    const c = consultant.find((l) => l.item === 'commission');
    const src = await hr.payroll.lineSources({ query: { id: c?.id ?? 0 } });
    expect(src.map((x) => [x.sourceType, x.sourceId, x.day, x.amount])).toEqual([
      ['refund', refundId, '2031-04-05', '-60.00'],
    ]);
    // March is untouched by the refund.
    expect(total(await linesOf(E.consultant, 3))).toBe(230000);
  });

  it("reads a period's paid orders through the index on effective_at, the period's last day included", async () => {
    const march = { startDate: '2031-03-01', endDate: '2031-03-31' };
    const late = await paidOrder({
      type: 1,
      cents: 100,
      adviser: E.consultant,
      day: '2031-03-31',
      student: studentA,
    });
    await t.deps.db
      .update(orders)
      .set({ effectiveAt: at('2031-03-31T23:59:59') })
      .where(eq(orders.id, late.id));
    try {
      // 23:59:59 Shanghai of the last day is inside the half-open range, midnight after it is not.
      expect((await paidOrdersOfPeriod(t.deps.db, march)).map((o) => o.id)).toContain(late.id);
      expect(
        (
          await paidOrdersOfPeriod(t.deps.db, { ...march, startDate: '2031-04-01', endDate: '2031-04-30' })
        ).map((o) => o.id),
      ).not.toContain(late.id);
      // The demo tables are small enough for a sequential scan; with it off, a range the planner
      // can serve from an index shows as a scan of orders_effective_at_idx.
      const plan = await t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const r = (await tx.execute(sql`explain ${paidOrdersOfPeriod(tx, march)}`)) as unknown as {
          rows: Record<string, unknown>[];
        };
        return r.rows.map((x) => String(Object.values(x)[0])).join('\n');
      });
      expect(plan).toContain('orders_effective_at_idx');
    } finally {
      await t.deps.db.delete(orders).where(eq(orders.id, late.id));
    }
  });

  it('keeps manual adjustments, recomputes idempotently and reports what changed', async () => {
    const adj = await hr.payroll.areaEdit({
      params: { area: 'frontline' },
      body: {
        year: Y,
        month: 3,
        schoolItemCode: CAMPUS,
        employeeCode: E.teacher,
        amount: '-50.5',
        reason: '迟到扣款',
      },
    });
    expect(adj).toMatchObject({ kind: 'manual', amount: '-50.50', reason: '迟到扣款', createdBy: '刘芳' });
    await expectApiError(
      hr.payroll.areaEdit({
        params: { area: 'frontline' },
        body: {
          year: Y,
          month: 3,
          schoolItemCode: CAMPUS,
          employeeCode: E.teacher,
          amount: '10',
          reason: '',
        },
      }),
      ErrorCode.validation,
    );

    const again = await compute(3);
    expect(again.changes).toEqual([]);
    expect(total(await linesOf(E.teacher, 3))).toBe(346000 - 5050);
    // A late, confirmed lesson is not paid: March's passed confirmation covers only the lessons it was
    // filed with.
    const late = await lesson({
      teacher: E.teacher,
      day: '2031-03-20',
      hours: '1',
      signs: [{ student: studentB, status: 'present', paid: true }],
    });
    expect((await compute(3)).changes).toEqual([]);
    // Once a supplementary confirmation of it passes, only the teacher's computed total changes; the
    // adjustment stays.
    const [extra] = await t.deps.db
      .insert(classHourConfirmations)
      .values({
        schoolItemCode: CAMPUS,
        teacherCode: E.teacher,
        year: Y,
        month: 3,
        status: 20,
        kind: 'supplementary',
        lessonCount: 1,
        hours: '1',
        lessonIds: [late.id],
        createdAt: at('2031-04-03T10:00:00'),
        updatedAt: at('2031-04-03T10:00:00'),
      })
      .returning();
    await t.deps.db
      .insert(classHourConfirmationLessons)
      .values({ confirmationId: extra?.id ?? 0, lessonId: late.id });
    const changed = await compute(3);
    expect(changed.changes.filter((x) => x.employeeCode.startsWith('PT-'))).toEqual([
      {
        schoolItemCode: CAMPUS,
        employeeCode: E.teacher,
        employeeName: '薪酬teacher',
        role: 'teacher',
        before: '3460.00',
        after: '3540.00',
      },
    ]);
    const lines = await hr.payroll.areaList({
      params: { area: 'frontline' },
      query: { year: Y, month: 3, schoolItemCode: CAMPUS, employeeCode: E.teacher },
    });
    expect(lines.filter((l) => l.kind === 'manual').map((l) => [l.amount, l.reason])).toEqual([
      ['-50.50', '迟到扣款'],
    ]);
    const runs = await hr.payroll.runs({ query: { year: Y, month: 3, schoolItemCode: CAMPUS } });
    expect(runs[0]?.id).toBe(changed.id);
  });

  it('imports hours given outside the timetable (dry run, row errors, idempotent re-run) and pays them', async () => {
    const rows = [
      { schoolItemCode: CAMPUS, teacherCode: E.teacher, workDate: '2031-04-08', payType: 'home', hours: 2 },
      {
        schoolItemCode: CAMPUS,
        teacherCode: E.consultant,
        workDate: '2031-04-09',
        payType: 'home',
        hours: 30,
      },
    ];
    const bad = await hr.payroll.extraHoursImportRows({ body: { rows, dryRun: false } });
    expect(bad.written).toBe(false);
    expect(bad.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'teacherCode'],
      [2, 'hours'],
    ]);
    const good = rows.slice(0, 1);
    expect(await hr.payroll.extraHoursImportRows({ body: { rows: good, dryRun: true } })).toMatchObject({
      created: 1,
      written: false,
    });
    expect(await hr.payroll.extraHoursImportRows({ body: { rows: good } })).toMatchObject({
      created: 1,
      written: true,
    });
    expect(await hr.payroll.extraHoursImportRows({ body: { rows: good } })).toMatchObject({
      created: 0,
      unchanged: 1,
    });
    await compute(4);
    const teacher = await linesOf(E.teacher, 4);
    expect(teacher.map((l) => [l.item, l.quantity, l.amountCents])).toEqual([
      ['base', '1.00', 300000],
      ['extra:home', '2.00', 20000],
    ]);
    // The emergency area shows the teacher's hours outside the timetable only.
    const em = await hr.payroll.areaPage({
      params: { area: 'emergency' },
      query: { year: Y, month: 4, schoolItemCode: CAMPUS, keyword: E.teacher },
    });
    expect(em.list.map((r) => r.total)).toEqual(['200.00']);
    const hours = await hr.payroll.hoursPage({ query: { year: Y, month: 4, schoolItemCode: CAMPUS } });
    expect(hours.list.map((h) => [h.source, h.teacherCode, h.hours])).toEqual([['extra', E.teacher, 2]]);
  });

  it('sums pay per campus, role and month and keeps campus heads to their campuses', async () => {
    const stats = await hr.payroll.payStatistics({
      query: { fromMonth: '2031-03', toMonth: '2031-04', schoolItemCode: CAMPUS, role: 'consultant' },
    });
    const expected = async (month: number) =>
      (
        await t.deps.db
          .select()
          .from(salaryLines)
          .where(
            and(
              eq(salaryLines.year, Y),
              eq(salaryLines.month, month),
              eq(salaryLines.schoolItemCode, CAMPUS),
              eq(salaryLines.role, 'consultant'),
            ),
          )
      ).reduce((sum, l) => sum + l.amountCents, 0);
    expect(stats.map((r) => [r.month, Math.round(Number(r.total) * 100)])).toEqual([
      ['2031-03', await expected(3)],
      ['2031-04', await expected(4)],
    ]);
    const director = await t.as('director');
    const manage = await director.payroll.manage({ query: { year: Y, month: 3 } });
    expect(manage.map((r) => r.schoolItemCode)).not.toContain('BJ01');
    expect(manage.find((r) => r.schoolItemCode === CAMPUS)).toMatchObject({
      manualLines: 1,
      periodState: 'open',
    });
    const bj01 = { year: Y, month: 3, schoolItemCode: 'BJ01' };
    for (const call of [
      () => director.payroll.summaryCampus({ query: bj01 }),
      () => director.payroll.summaryRole({ query: bj01 }),
      () => director.payroll.manage({ query: bj01 }),
      () => director.payroll.runs({ query: bj01 }),
    ])
      await expectApiError(call(), ErrorCode.noPermission);
    await expectApiError(
      director.payroll.compute({ body: { year: Y, month: 3, schoolItemCode: CAMPUS } }),
      ErrorCode.noPermission,
    );
  });

  it('answers the latest period holding payroll, of an area when asked, for the screens to open on', async () => {
    const [latest] = await t.deps.db
      .select({ year: salaryLines.year, month: salaryLines.month })
      .from(salaryLines)
      .orderBy(sql`${salaryLines.year} desc, ${salaryLines.month} desc`)
      .limit(1);
    expect(latest).toEqual({ year: Y, month: 4 });
    expect(await hr.payroll.latestPeriod({ query: {} })).toEqual({ year: Y, month: 4 });
    const [ofExpert] = await t.deps.db
      .select({ year: salaryLines.year, month: salaryLines.month })
      .from(salaryLines)
      .where(eq(salaryLines.role, 'expert'))
      .orderBy(sql`${salaryLines.year} desc, ${salaryLines.month} desc`)
      .limit(1);
    expect(await hr.payroll.latestPeriod({ query: { area: 'expert' } })).toEqual(ofExpert ?? null);
    // The class bonus screen opens on the latest period holding bonus lines, not the latest payroll.
    const [ofBonus] = await t.deps.db
      .select({ year: salaryLines.year, month: salaryLines.month })
      .from(salaryLines)
      .where(eq(salaryLines.item, 'kjbonus'))
      .orderBy(sql`${salaryLines.year} desc, ${salaryLines.month} desc`)
      .limit(1);
    expect(ofBonus).toEqual({ year: Y, month: 3 });
    const bonusPeriod = await hr.payroll.latestPeriod({ query: { item: 'kjbonus' } });
    expect(bonusPeriod).toEqual({ year: Y, month: 3 });
    expect(bonusPeriod).not.toEqual(await hr.payroll.latestPeriod({ query: {} }));
    expect((await hr.payroll.kjbonus({ query: { year: Y, month: 3 } })).map((r) => r.employeeCode)).toContain(
      E.teacher,
    );
    const sales = await t.as('sales');
    await expectApiError(sales.payroll.latestPeriod({ query: {} }), ErrorCode.noPermission);
  });

  it("finance's data export reads and exports every area's payslips, never edits them", async () => {
    const finance = await t.as('finance');
    const q = { year: Y, month: 3, schoolItemCode: CAMPUS };
    const slips = await finance.payroll.areaPage({
      params: { area: 'frontline' },
      query: { ...q, keyword: E.teacher },
    });
    expect(slips.list.map((r) => [r.employeeCode, r.total])).toEqual([[E.teacher, '3489.50']]);
    const blob = await finance.payroll.areaExport({ params: { area: 'consult' }, query: q });
    const sheet = await sheetValues(new Uint8Array(await blob.arrayBuffer()));
    expect(sheet[0]).toContain('合计 / Total');
    expect(sheet.find((r) => r.includes(E.consultant))).toContain('2300.00');
    await expectApiError(
      finance.payroll.areaEdit({
        params: { area: 'frontline' },
        body: { ...q, employeeCode: E.teacher, amount: '10', reason: '财务不可调整' },
      }),
      ErrorCode.noPermission,
    );
    const teacher = await t.as('teacher');
    await expectApiError(
      teacher.payroll.areaExport({ params: { area: 'frontline' }, query: q }),
      ErrorCode.noPermission,
    );
  });

  it("finance exports every salary line with the payslip's figures and the confirmed lessons behind a period", async () => {
    const finance = await t.as('finance');
    const march = { year: Y, month: 3, schoolItemCode: CAMPUS };
    const mine = await finance.payroll.linesPage({ query: { ...march, keyword: E.teacher, pageSize: 50 } });
    const slip = await hr.payroll.areaList({
      params: { area: 'frontline' },
      query: { ...march, employeeCode: E.teacher },
    });
    const figures = (ls: { item: string; quantity: number; rate: string | null; amount: string }[]) =>
      ls.map((l) => [l.item, l.quantity, l.rate, l.amount]).sort();
    expect(mine.total).toBe(slip.length);
    expect(figures(mine.list)).toEqual(figures(slip));
    // The late lesson of 03-20 joined the 03-03 one; the adjustment keeps its reason and author.
    expect(mine.list.find((l) => l.item === 'hours:oneToOne:present')).toMatchObject({
      employeeName: '薪酬teacher',
      role: 'teacher',
      itemName: '课时费 一对一 · 出勤',
      basis: '2.50 × 80.00',
      amount: '200.00',
      sources: 2,
    });
    expect(mine.list.find((l) => l.kind === 'manual')).toMatchObject({
      basis: '迟到扣款（刘芳）',
      amount: '-50.50',
    });

    // The workbook holds the whole filtered result: every role's lines of the campus and month.
    const every = await finance.payroll.linesPage({ query: { ...march, pageSize: 1 } });
    const book = await sheetValues(
      new Uint8Array(await (await finance.payroll.linesExport({ query: march })).arrayBuffer()),
    );
    expect(book[0]).toContain('计算依据 / Basis');
    expect(book.length - 1).toBe(every.total);
    expect(book.find((r) => r.includes(E.consultant) && r.includes('提成'))).toEqual(
      expect.arrayContaining(['2031-03', '课程顾问', '10000.00 × 3.00%', 300]),
    );
    const director = await t.as('director');
    await expectApiError(
      director.payroll.linesExport({ query: { ...march, schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );

    // Confirmed lessons: one row per signed attendance; the unconfirmed lesson and the cancelled
    // sign are not there, the unpaid leave is (marked unpaid).
    const confirmed = await finance.classHours.confirmedPage({
      query: { ...march, keyword: E.teacher, pageSize: 50 },
    });
    expect(confirmed.list.map((r) => [r.lessonDate, r.status, r.paid, r.hours])).toEqual([
      ['2031-03-03', 'present', true, 1.5],
      ['2031-03-04', 'absent', true, 1],
      ['2031-03-05', 'present', true, 1],
      ['2031-03-10', 'leave', false, 1],
      ['2031-03-20', 'present', true, 1],
    ]);
    expect(confirmed.list[0]).toMatchObject({
      teacherName: '薪酬teacher',
      courseCode: 'C001',
      confirmedAt: at('2031-03-03T20:00:00').toISOString(),
      confirmationStatus: 20,
    });
    const hours = await sheetValues(
      new Uint8Array(
        await (
          await finance.classHours.confirmedExport({ query: { ...march, keyword: E.expert } })
        ).arrayBuffer(),
      ),
    );
    expect(hours[0]).toContain('确认时间 / Confirmed at');
    expect(hours.slice(1).map((r) => [r[0], r[3], r[10], r[11], r[13]])).toEqual([
      ['2031-03-11', E.expert, 1, '2031-03-11 20:00', '已通过'],
      ['2031-03-11', E.expert, 1, '2031-03-11 20:00', '已通过'],
    ]);
    await expectApiError(
      director.classHours.confirmedExport({ query: { ...march, schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    // A teacher reads only their own confirmed lessons.
    const teacher = await t.as('teacher');
    expect((await teacher.classHours.confirmedPage({ query: { ...march, keyword: E.teacher } })).total).toBe(
      0,
    );
  });

  it('pays class hours only under a passed confirmation, and a sealed period refuses computing', async () => {
    const hourly = async () =>
      (await linesOf(E.teacher, 3)).filter((l) => l.item.startsWith('hours:')).map((l) => l.amountCents);
    const paid = await hourly();
    expect(paid.length).toBeGreaterThan(0);
    const mine = and(eq(classHourConfirmations.teacherCode, E.teacher), eq(classHourConfirmations.month, 3));
    await t.deps.db.update(classHourConfirmations).set({ status: 30 }).where(mine);
    try {
      await compute(3);
      expect(await hourly()).toEqual([]);
    } finally {
      await t.deps.db.update(classHourConfirmations).set({ status: 20 }).where(mine);
    }
    await compute(3);
    expect(await hourly()).toEqual(paid);

    await t.deps.db
      .insert(forbidBills)
      .values({ year: Y, month: 3, status: 1, sealedAt: at('2031-04-05T10:00:00') });
    try {
      const e = await expectApiError(compute(3), ErrorCode.conflict);
      expect(e.message).toContain('2031-03');
      const manage = await hr.payroll.manage({ query: { year: Y, month: 3 } });
      expect(manage.find((r) => r.schoolItemCode === CAMPUS)?.periodState).toBe('closed');
    } finally {
      await t.deps.db.delete(forbidBills).where(and(eq(forbidBills.year, Y), eq(forbidBills.month, 3)));
    }
  });

  it('records each computed employee as they were, and diffs two periods per employee', async () => {
    // Since March was computed the teacher was renamed and took a second campus.
    await t.deps.db.update(employees).set({ name: '薪酬teacher改' }).where(eq(employees.code, E.teacher));
    await t.deps.db.insert(employeeCampuses).values({ employeeCode: E.teacher, schoolItemCode: 'SH02' });
    await compute(4);
    const april = await hr.snapshots.list({ query: { year: Y, month: 4, keyword: E.teacher } });
    expect(april.list.map((r) => [r.employeeName, r.campuses, r.payRole, r.rule?.effectiveFrom])).toEqual([
      ['薪酬teacher改', [CAMPUS, 'SH02'], 'teacher', '2031-01'],
    ]);
    expect(april.list[0]?.rule?.rates).toContain('oneToOne|present 80.00');
    const d = await hr.snapshots.diff({ query: { year: Y, month: 4, schoolItemCode: CAMPUS } });
    expect(d.against).toEqual({ year: Y, month: 3 });
    const teacher = d.rows.find((r) => r.employeeCode === E.teacher);
    expect(teacher?.change).toBe('changed');
    expect(teacher?.fields.filter((f) => f.field !== 'total')).toEqual([
      { field: 'employeeName', before: '薪酬teacher', after: '薪酬teacher改' },
      { field: 'campuses', before: CAMPUS, after: `${CAMPUS}, SH02` },
    ]);
    // The supervisor's data did not move between the two periods: only the pay did.
    const supervisor = d.rows.find((r) => r.employeeCode === E.supervisor);
    expect(supervisor?.fields.map((f) => f.field)).toEqual(['total']);
    const periods = await hr.snapshots.periods({ query: { schoolItemCode: CAMPUS } });
    // This file's two periods, newest first (the demo's own computed months are listed after them).
    expect(periods.filter((p) => p.year === Y).map((p) => [p.year, p.month])).toEqual([
      [Y, 4],
      [Y, 3],
    ]);
    const director = await t.as('director');
    await expectApiError(
      director.snapshots.list({ query: { year: Y, month: 4, schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
  });

  it('a campus applies for its computed period; HR then finance approve; the passed application locks it', async () => {
    const director = await t.as('director');
    const finance = await t.as('finance');
    const period = { year: Y, month: 4, schoolItemCode: CAMPUS };
    // A campus whose period was never computed cannot apply.
    const never = await expectApiError(
      director.salaryApplications.apply({ body: { ...period, schoolItemCode: 'SH02' } }),
      ErrorCode.rule,
    );
    expect(never.message).toContain('SH02');
    const row = async () =>
      (await director.salaryApplications.campuses({ query: { year: Y, month: 4 } })).find(
        (c) => c.schoolItemCode === CAMPUS,
      );
    const before = await row();
    expect(before?.canApply).toBe(true);

    // Adjusted after applying: finance cannot approve a total that is no longer the payroll's.
    const first = await director.salaryApplications.apply({ body: period });
    await expectApiError(director.salaryApplications.apply({ body: period }), ErrorCode.conflict);
    await hr.payroll.areaEdit({
      params: { area: 'consult' },
      body: { ...period, employeeCode: E.consultant, amount: '10', reason: '补发' },
    });
    await hr.approvals.pass({ body: { id: first.approvalId } });
    const stale = await expectApiError(
      finance.approvals.pass({ body: { id: first.approvalId } }),
      ErrorCode.conflict,
    );
    expect(stale.message).toContain('recomputed');
    await finance.approvals.reject({ body: { id: first.approvalId, comment: '请重新申请' } });

    const second = await director.salaryApplications.apply({ body: period });
    const list = await finance.salaryApplications.list({ query: { year: Y, month: 4, mine: false } });
    expect(list.list.map((r) => [r.id, r.applicationStatus, r.amount])).toEqual([
      [second.approvalId, 5, (Number(before?.total ?? 0) + 10).toFixed(2)],
      [first.approvalId, 30, before?.total],
    ]);
    await hr.approvals.pass({ body: { id: second.approvalId } });
    // Finance's to-do holds the second application, not the rejected first (the demo's own
    // applications waiting for finance are there too).
    const pending = await finance.salaryApplications.list({ query: { mine: true } });
    const ours = [first.approvalId, second.approvalId];
    expect(pending.list.map((r) => r.id).filter((id) => ours.includes(id))).toEqual([second.approvalId]);
    await finance.approvals.pass({ body: { id: second.approvalId } });
    const detail = await hr.salaryApplications.detail({ params: { id: second.approvalId } });
    expect(detail).toMatchObject({ applicationStatus: 20, status: 20, currentTotal: detail.amount });
    expect(detail.history.map((h) => h.decision)).toEqual(['pass', 'pass']);

    // Locked: recomputing or adjusting the campus's April is refused, naming the application.
    const locked = await expectApiError(compute(4), ErrorCode.conflict);
    expect(locked.message).toContain(`#${second.approvalId}`);
    await expectApiError(
      hr.payroll.areaEdit({
        params: { area: 'consult' },
        body: { ...period, employeeCode: E.consultant, amount: '1', reason: '再补' },
      }),
      ErrorCode.conflict,
    );
    // March (another period) is not locked; finance revoking the application unlocks April.
    await compute(3);
    await finance.approvals.revoke({ body: { id: second.approvalId, comment: '数据有误' } });
    const [a] = await t.deps.db
      .select()
      .from(salaryApplications)
      .where(eq(salaryApplications.approvalRequestId, second.approvalId));
    expect(a?.status).toBe(40);
    await compute(4);
  });
});
