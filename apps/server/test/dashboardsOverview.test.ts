// Overview, student and schedule dashboards over HTTP on a month of their own (a year past the demo
// data): one new student buys ten hours, has two lessons and attends one. Every figure is checked
// against the value worked out by hand (or, for balances over the whole demo, a sum of the raw
// rows), the rows behind a figure sum to it, and figures of two dashboards that mean the same agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
const rowsOf = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.deps.db.execute(q)) as unknown as { rows: T[] }).rows;
let admin: Sdk;
let finance: Sdk;
let director: Sdk;
let month: string; // 'YYYY-MM' of the test's month
let course: string;
let studentId: number;
let studentCode: string;
let orderCode: string;
let paidCents: number;
let lessonValue: number;

const f = () => ({ schoolItemCode: 'SH01', startDate: `${month}-01`, endDate: `${month}-28` });

beforeAll(async () => {
  t = await startTestServer();
  const later = new Date(t.clock.now().getTime() + 400 * 86_400_000);
  month = shanghaiDate(later).slice(0, 7);
  // 10:00 in Shanghai on the 15th: the lessons of the 15th can be signed, the 20th's lie ahead.
  t.clock.set(new Date(`${month}-15T02:00:00Z`));
  admin = await t.as('admin');
  finance = await t.as('finance');
  director = await t.as('director');
  const ranks = await t.deps.db
    .select({ rank: courseAuthorityRanks.courseRankCode })
    .from(courseAuthorityRanks)
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(eq(courseAuthorities.employeeCode, 'E0005'));
  const all = await t.deps.db.select().from(courses).where(eq(courses.purchaseUnit, 1));
  const c = all.find(
    (x) => ranks.some((r) => r.rank === x.rankCode) && Number(x.price) > 0 && x.validStatus === 1,
  );
  if (!c) throw new Error('the demo seed has a course E0005 may teach');
  course = c.code;

  const s = await admin.students.insertStudent({
    body: {
      name: '看板测试',
      parentName: '家长',
      phone: `139${String(Date.now()).slice(-8)}`,
      schoolItemCode: 'SH01',
    },
  });
  studentId = s.id;
  studentCode = s.code;
  const o = await admin.orders.create({
    body: { schoolItemCode: 'SH01', studentId, orderType: 1, items: [{ courseCode: course, quantity: 10 }] },
  });
  orderCode = o.code;
  const d = await admin.orders.detail({ params: { id: o.id } });
  paidCents = Math.round(Number(d.payable) * 100);
  const r = await admin.orders.addPayRecord({
    body: { orderId: o.id, method: 3, amount: d.payable, paidAt: t.clock.now().toISOString() },
  });
  await finance.approvals.pass({ body: { id: r.approvalId ?? 0 } });
  const lesson = (lessonDate: string, startTime: string, endTime: string) =>
    admin.teaching.planInsert({
      body: {
        schoolItemCode: 'SH01',
        courseCode: course,
        teacherCode: 'E0005',
        kind: 'oneToOne',
        studentIds: [studentId],
        lessonDate,
        startTime,
        endTime,
      },
    });
  const first = await lesson(`${month}-15`, '08:00', '09:00');
  await lesson(`${month}-20`, '08:00', '09:00');
  await admin.teaching.sign({
    body: { lessonId: first.lessonIds[0] ?? 0, items: [{ studentId, status: 'present' }] },
  });
  // One of ten paid hours, at the price paid.
  lessonValue = Math.round(paidCents / 10);
}, 180_000);
afterAll(async () => t?.close());

/** Sums of the raw ledger rows of SH01: the closing value, and the students holding some. */
async function rawBalances() {
  const rows = await t.deps.db.select().from(studentLedger).where(eq(studentLedger.schoolItemCode, 'SH01'));
  const per = new Map<number, number>();
  for (const r of rows) per.set(r.studentId, (per.get(r.studentId) ?? 0) + r.valueCents);
  return {
    closing: rows.reduce((a, r) => a + r.valueCents, 0),
    holding: [...per.values()].filter((v) => v > 0).length,
  };
}

describe('overview', () => {
  it('counts the month by hand: one payment, one lesson consumed of two, one new student', async () => {
    const raw = await rawBalances();
    const o = await director.dashboards.overviewSummary({ query: f() });
    expect(o).toMatchObject({
      receivedCents: paidCents,
      revenueCents: lessonValue,
      refundedCents: 0,
      closingCents: raw.closing,
      consumedHours: 1,
      newStudents: 1,
      activeStudents: 1,
      lessons: 2,
      givenLessons: 1,
    });
    const table = await director.dashboards.overviewSchoolSummary({
      query: { ...f(), schoolItemCode: undefined },
    });
    const sh01 = table.rows.find((r) => r.schoolItemCode === 'SH01');
    expect(sh01).toMatchObject({ receivedCents: paidCents, revenueCents: lessonValue, lessons: 2 });
    expect(table.rows.every((r) => ['SH01', 'SH02', 'HZ01', 'NJ01'].includes(r.schoolItemCode))).toBe(true);
    expect(table.total.receivedCents).toBe(table.rows.reduce((a, r) => a + r.receivedCents, 0));

    const courses = await director.dashboards.overviewSchoolCourseSummary({ query: f() });
    expect(courses.rows).toEqual([
      expect.objectContaining({
        courseCode: course,
        revenueCents: lessonValue,
        consumedHours: 1,
        activeStudents: 1,
        scheduledHours: 2,
        lessons: 2,
      }),
    ]);
  });

  it('agrees with the advance-receipt and revenue dashboards on the same figures', async () => {
    const o = await finance.dashboards.overviewSummary({ query: f() });
    const revenue = await finance.dashboards.revenueSummary({ query: f() });
    const advance = await finance.dashboards.advanceSummary({ query: f() });
    const pay = await finance.dashboards.advancePayProportion({ query: f() });
    expect(o.revenueCents).toBe(revenue.revenueCents);
    expect(o.revenueCents).toBe(advance.consumedCents);
    expect(o.closingCents).toBe(advance.closingCents);
    expect(o.receivedCents).toBe(pay.rows.reduce((a, r) => a + r.cents, 0));
    const st = await director.dashboards.studentSummary({ query: f() });
    expect(st.activeStudents).toBe(revenue.students);
    expect(st.holdingStudents).toBe(advance.students);
  });

  it('drills a figure down to rows that sum to it, and exports them', async () => {
    const received = await director.dashboards.drillPage({ query: { ...f(), figure: 'received' } });
    expect(received.total).toBe(1);
    expect(received.list[0]).toMatchObject({
      ref: orderCode,
      studentCode,
      cents: paidCents,
      detail: 'POS',
      date: `${month}-15`,
    });
    const revenue = await director.dashboards.drillPage({ query: { ...f(), figure: 'revenue' } });
    expect(revenue.sumCents).toBe(lessonValue);
    expect(revenue.list[0]).toMatchObject({ ref: orderCode, hours: 1, cents: lessonValue });
    const lessons = await director.dashboards.drillPage({
      query: { ...f(), figure: 'lessons', pageSize: 1 },
    });
    expect(lessons.total).toBe(2);
    expect(lessons.list).toHaveLength(1);
    expect(lessons.sumHours).toBe(2);
    const fresh = await director.dashboards.drillPage({ query: { ...f(), figure: 'newStudents' } });
    expect(fresh.list.map((r) => r.studentCode)).toEqual([studentCode]);
    const blob = await director.dashboards.drillExport({ body: { ...f(), figure: 'received' } });
    expect(blob.size).toBeGreaterThan(1000);
    await expectApiError(
      director.dashboards.drillPage({ query: { figure: 'received', schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
  });

  it('pages through a figure’s rows: a later page continues the first in order, with the same count and sums', async () => {
    // Page 2 reads only from the day it reaches back to.
    const whole = await director.dashboards.drillPage({ query: { ...f(), figure: 'lessons', pageSize: 2 } });
    expect(whole.list).toHaveLength(2);
    const pages = [];
    for (const pageIdx of [1, 2]) {
      const p = await director.dashboards.drillPage({
        query: { ...f(), figure: 'lessons', pageIdx, pageSize: 1 },
      });
      expect(p).toMatchObject({ total: 2, sumHours: whole.sumHours, sumCents: whole.sumCents });
      pages.push(...p.list);
    }
    expect(pages).toEqual(whole.list);
    const past = await director.dashboards.drillPage({
      query: { ...f(), figure: 'lessons', pageIdx: 3, pageSize: 1 },
    });
    expect(past).toMatchObject({ list: [], total: 2, sumHours: whole.sumHours });
  });
});

describe('students', () => {
  it('counts new, active, holding, left and reading students by hand', async () => {
    const raw = await rawBalances();
    const reading = await t.deps.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolItemCode, 'SH01'), eq(students.status, 10)));
    const s = await director.dashboards.studentSummary({ query: f() });
    expect(s).toMatchObject({
      newStudents: 1,
      activeStudents: 1,
      holdingStudents: raw.holding,
      leftStudents: 0,
      readingStudents: reading.length,
    });
    const byCampus = await director.dashboards.studentCampusDistribution({ query: f() });
    expect(byCampus.rows).toEqual([expect.objectContaining({ schoolItemCode: 'SH01', newStudents: 1 })]);
    const statuses = await director.dashboards.studentStatusSummary({ query: f() });
    expect(statuses.rows.find((r) => r.status === 10)?.students).toBe(reading.length);
    const trend = await director.dashboards.studentSchoolTrend({ query: f() });
    expect(trend.months).toEqual([month]);
    expect(trend.series[0]?.values).toEqual([1]);
    expect(trend.series[1]).toMatchObject({ key: 'SH01', values: [1] });
  });
});

describe('schedule, class use and arrival', () => {
  it('counts the two lessons by lesson day, and the class use of the one whose day has come', async () => {
    const s = await director.dashboards.scheduleSummary({ query: f() });
    expect(s).toMatchObject({
      lessons: 2,
      givenLessons: 1,
      confirmedLessons: 0,
      scheduledHours: 2,
      consumedHours: 1,
      students: 1,
    });
    const kinds = await director.dashboards.scheduleByKind({ query: f() });
    expect(kinds.rows).toEqual([expect.objectContaining({ kind: 'oneToOne', lessons: 2 })]);
    const byCourse = await director.dashboards.scheduleCourseProportion({ query: f() });
    expect(byCourse.rows).toEqual([expect.objectContaining({ key: course, value: 2 })]);
    const trend = await director.dashboards.scheduleSchoolTrend({ query: f() });
    expect(trend.series.map((x) => x.values)).toEqual([[2], [2]]);

    // Only the lesson of the 15th has come: one booking, one arrival, all its hour consumed.
    const r = await director.dashboards.ratioSummary({ query: f() });
    expect(r).toMatchObject({
      bookedHours: 1,
      consumedHours: 1,
      usedPct: 100,
      bookings: 1,
      arrivals: 1,
      unsigned: 0,
      arrivalPct: 100,
    });
    const byCampus = await director.dashboards.ratioCampusDistribution({ query: f() });
    expect(byCampus.rows).toEqual([expect.objectContaining({ schoolItemCode: 'SH01', usedPct: 100 })]);
  });

  it('lists the student’s lessons and the schedule agrees with the overview', async () => {
    const sum = await director.dashboards.scheduleStudentSummary({ query: f() });
    expect(sum).toMatchObject({
      students: 1,
      attended: 1,
      scheduledHours: 2,
      consumedHours: 1,
      hoursPerStudent: 1,
    });
    const list = await director.dashboards.scheduleStudentList({ query: { ...f(), keyword: '看板测试' } });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      studentCode,
      lessons: 2,
      arrivals: 1,
      scheduledHours: 2,
      consumedHours: 1,
    });
    const h = await director.dashboards.scheduleStudentHistory({ query: { ...f(), studentId } });
    expect(h.rows.map((x) => [x.date, x.sign, x.hours])).toEqual([
      [`${month}-15`, 'present', 1],
      [`${month}-20`, '', 1],
    ]);
    const o = await director.dashboards.overviewSummary({ query: f() });
    const s = await director.dashboards.scheduleSummary({ query: f() });
    expect([o.lessons, o.givenLessons]).toEqual([s.lessons, s.givenLessons]);
    const bj = (
      await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'BJ01')).limit(1)
    )[0];
    await expectApiError(
      director.dashboards.scheduleStudentHistory({ query: { studentId: bj?.id ?? 1 } }),
      ErrorCode.noPermission,
    );
  });
});

describe('centre', () => {
  it('counts the teacher’s lessons, and the given lesson awaiting confirmation', async () => {
    const c = await director.dashboards.centerSummary({ query: f() });
    expect(c).toMatchObject({
      lessons: 2,
      givenLessons: 1,
      confirmedLessons: 0,
      unconfirmedLessons: 1,
      teachers: 1,
    });
    const byEmp = await director.dashboards.centerSummaryByEmp({ query: f() });
    expect(byEmp.rows).toEqual([
      expect.objectContaining({ teacherCode: 'E0005', lessons: 2, scheduledHours: 2, consumedHours: 1 }),
    ]);
    const pending = await director.dashboards.centerTeacherConfirm({ query: f() });
    expect(pending.rows.map((r) => [r.teacherCode, r.unconfirmedLessons])).toEqual([['E0005', 1]]);
  });
});

describe('pre-revenue, income, profit and targets', () => {
  // The lesson of the 20th is booked and unsigned: one hour at the price of the nine hours left.
  const pre = () => Math.round((paidCents - lessonValue) / 9);

  it('values the booked, unsigned hour at the remaining price, the same from every pre-revenue endpoint', async () => {
    const s = await director.dashboards.preRevenueSummary({ query: f() });
    expect(s).toMatchObject({ preRevenueCents: pre(), hours: 1, students: 1 });
    const q = { query: { ...f(), schoolItemCode: undefined } };
    const campus = await director.dashboards.preRevenueCampusDistribution(q);
    expect(campus.rows.find((r) => r.key === 'SH01')?.cents).toBe(pre());
    const courses = await director.dashboards.preRevenueCourseProportion({ query: f() });
    expect(courses.rows).toEqual([expect.objectContaining({ key: course, cents: pre() })]);
    const types = await director.dashboards.preRevenueTypeProportion({ query: f() });
    expect(types.rows).toEqual([expect.objectContaining({ key: '1', cents: pre() })]);
    const trend = await director.dashboards.preRevenueSchoolTrend({ query: f() });
    expect(trend.series[0]?.values).toEqual([pre()]);
  });

  it('counts income as received − refunded, and agrees with the overview and the pre-revenue', async () => {
    const m = await director.dashboards.revenueMobileQuery({ query: f() });
    expect(m).toMatchObject({
      receivedCents: paidCents,
      refundedCents: 0,
      incomeCents: paidCents,
      revenueCents: lessonValue,
      preRevenueCents: pre(),
    });
    expect(m.methods).toEqual([expect.objectContaining({ key: '3', cents: paidCents })]);
    expect(m.trend.series.find((x) => x.key === 'income')?.values).toEqual([paidCents]);
    const range = await director.dashboards.revenueWebRange({ query: { ...f(), schoolItemCode: undefined } });
    const overview = await director.dashboards.overviewSchoolSummary({
      query: { ...f(), schoolItemCode: undefined },
    });
    expect(range.total.receivedCents).toBe(overview.total.receivedCents);
    expect(range.total.closingCents).toBe(overview.total.closingCents);
    expect(range.rows.find((r) => r.schoolItemCode === 'SH01')).toMatchObject({
      receivedCents: paidCents,
      preRevenueCents: pre(),
    });
    const blob = await director.dashboards.revenueWebRangeExport({ query: f() });
    expect(blob.size).toBeGreaterThan(1000);
  });

  it('is revenue − imported school costs − payroll over the whole months, by campus and cost type', async () => {
    await t.deps.db
      .execute(sql`insert into school_costs (month, school_item_code, rent, labour, utilities, marketing, materials, other, total)
      values (${month}, 'SH01', 1000.00, 200.50, 30.25, 0, 0, 9.25, 1240.00)`);
    await t.deps.db
      .execute(sql`insert into salary_lines (year, month, school_item_code, employee_code, role, kind, item, amount_cents, created_at)
      values (${Number(month.slice(0, 4))}, ${Number(month.slice(5, 7))}, 'SH01', 'E0005', 'teacher', 'computed', 'base', 12345, now())`);
    const costs = 124_000 + 12_345;
    const p = await finance.dashboards.profitSummary({ query: f() });
    expect(p.period.endDate.slice(0, 7)).toBe(month);
    expect(Number(p.period.endDate.slice(8))).toBeGreaterThanOrEqual(28);
    expect(p).toMatchObject({
      revenueCents: lessonValue,
      schoolCostCents: 124_000,
      payrollCents: 12_345,
      costCents: costs,
      profitCents: lessonValue - costs,
    });
    expect(p.marginPct).toBe(Math.round(((lessonValue - costs) * 10_000) / lessonValue) / 100);
    const byCampus = await director.dashboards.profitCampusDistribution({
      query: { ...f(), schoolItemCode: undefined },
    });
    expect(byCampus.rows.find((r) => r.schoolItemCode === 'SH01')?.profitCents).toBe(lessonValue - costs);
    expect(byCampus.total.profitCents).toBe(byCampus.rows.reduce((a, r) => a + r.profitCents, 0));
    const ratio = await finance.dashboards.profitCostRatio({ query: f() });
    expect(ratio.totalCents).toBe(costs);
    expect(ratio.rows.find((r) => r.key === 'rent')).toMatchObject({ cents: 100_000 });
    expect(ratio.rows.find((r) => r.key === 'payroll')).toMatchObject({
      cents: 12_345,
      pct: Math.round((12_345 * 10_000) / costs) / 100,
    });
    await expectApiError(
      director.dashboards.profitSummary({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
  });

  it('answers the latest ended month holding costs, where gross profit opens, with the same profit by campus', async () => {
    // The month holds costs now (the test above imported them), but it has not ended: the latest
    // ended month with imported school costs or payroll is the demo's.
    const before = await rowsOf<{ mon: string }>(
      sql`select max(mon) as mon from (
        select month as mon from school_costs where month < ${month}
        union all select to_char(make_date(year, month, 1), 'YYYY-MM') from salary_lines
          where to_char(make_date(year, month, 1), 'YYYY-MM') < ${month}) x`,
    );
    const demo = before[0]?.mon ?? '';
    expect(demo < month).toBe(true);
    expect(await finance.dashboards.profitLatestMonth()).toEqual({
      startDate: `${demo}-01`,
      endDate: expect.stringMatching(new RegExp(`^${demo}-(28|29|30|31)$`)) as string,
    });
    // Costs imported for the month before (ended): it becomes the latest, and its profit is the same
    // number whether asked as a summary or by campus.
    const d = new Date(`${month}-15T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 1);
    const prev = d.toISOString().slice(0, 7);
    await t.deps.db
      .execute(sql`insert into school_costs (month, school_item_code, rent, labour, utilities, marketing, materials, other, total)
      values (${prev}, 'SH01', 800.00, 0, 0, 0, 0, 0, 800.00)`);
    const latest = await finance.dashboards.profitLatestMonth();
    expect(latest?.startDate).toBe(`${prev}-01`);
    if (!latest) throw new Error('the month before holds costs');
    const summary = await finance.dashboards.profitSummary({ query: latest });
    expect(summary.period).toEqual(latest);
    expect(summary.schoolCostCents).toBe(80_000);
    const byCampus = await finance.dashboards.profitCampusDistribution({ query: latest });
    expect(byCampus.total.profitCents).toBe(summary.profitCents);
    // Scoped to the caller's campuses: the director's hold SH01; the sales consultant may not ask.
    expect(await director.dashboards.profitLatestMonth()).toEqual(latest);
    const sales = await t.as('sales');
    await expectApiError(sales.dashboards.profitLatestMonth(), ErrorCode.noPermission);
  });

  it('sets income and revenue against the monthly uploads, and hours against the teachers’ bookings', async () => {
    await t.deps.db
      .execute(sql`insert into monthly_advances (kind, month, school_item_code, employee_code, amount)
      values ('centerAdvanceIncome', ${month}, 'SH01', '', ${((paidCents * 2) / 100).toFixed(2)}),
        ('centerAdvanceConsumer', ${month}, 'SH01', '', ${((lessonValue * 4) / 100).toFixed(2)}),
        ('consultantAdvanceIncome', ${month}, 'SH01', 'E0005', 1000)`);
    const targets = await director.dashboards.revenueTargetRate({ query: f() });
    expect(targets.rows).toEqual([
      expect.objectContaining({
        schoolItemCode: 'SH01',
        income: { targetCents: paidCents * 2, actualCents: paidCents, ratePct: 50 },
        revenue: { targetCents: lessonValue * 4, actualCents: lessonValue, ratePct: 25 },
      }),
    ]);
    const teachers = await director.dashboards.revenueTeacherPlanRate({ query: f() });
    expect(teachers.rows).toEqual([
      expect.objectContaining({ teacherCode: 'E0005', scheduledHours: 2, consumedHours: 1, ratePct: 50 }),
    ]);
    const advisers = await director.dashboards.revenueCardPlanRate({ query: f() });
    expect(advisers.rows.find((r) => r.employeeCode === 'E0005')).toMatchObject({
      role: 'consultant',
      targetCents: 100_000,
    });
    const parents = await director.dashboards.revenueParentCostRate({ query: f() });
    const v2 = await director.dashboards.advanceReceiptV2({ body: f() });
    const row = v2.rows.find((r) => r.schoolItemCode === 'SH01');
    expect(parents.rows.find((r) => r.schoolItemCode === 'SH01')).toMatchObject({
      availableCents: (row?.openingCents ?? 0) + (row?.receivedCents ?? 0),
      consumedCents: lessonValue,
    });
  });

  it('counts the month’s order by the days it took to become effective', async () => {
    const o = await director.dashboards.orderPeriod({ query: f() });
    expect(o).toMatchObject({ orders: 1, effective: 1, avgDays: 0, termOrders: 0, paidCents });
    expect(o.buckets.find((b) => b.key === 'sameDay')).toMatchObject({ orders: 1, payableCents: paidCents });
    expect(o.byType).toEqual([expect.objectContaining({ key: '1', orders: 1, effective: 1 })]);
  });

  it('lists the students behind the closing advance receipts', async () => {
    const detail = await director.dashboards.advancePageDetail({ query: { ...f(), keyword: '看板测试' } });
    expect(detail.list).toEqual([
      expect.objectContaining({ studentCode, hours: 9, closingCents: paidCents - lessonValue }),
    ]);
    const data = await director.dashboards.advanceData({ query: f() });
    const all = await director.dashboards.advancePageDetail({ query: f() });
    expect(all.sumCents).toBe(data.closingCents);
    // A page past the last still carries the count and the sum of all.
    const past = await director.dashboards.advancePageDetail({
      query: { ...f(), pageIdx: Math.ceil(all.total / all.pageSize) + 1 },
    });
    expect(past).toMatchObject({ list: [], total: all.total, sumCents: all.sumCents });
    const pc = await director.dashboards.advanceDataForPC({ query: f() });
    expect(pc.total.closingCents).toBe(data.closingCents);
  });
});
