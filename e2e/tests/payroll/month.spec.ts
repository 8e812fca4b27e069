// Closing a month's payroll (issue 17): HR computes SH01's month, opens a teacher's payslip (lines and
// total) and adds a manual adjustment with a reason, the campus head applies for it,
// HR and finance approve, HR seals the month, and then cancelling a lesson of that month and changing
// a student's attendance (present, to be made absent: the sign cancelled first) are refused with the
// sealing message. The month is the current one: a lesson of an earlier month is already past the
// date lock, which would refuse the change before sealing is asked. It is unsealed at the end (an
// administrator, with a reason) and the lessons cancelled, so the other journeys find it open.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';
import { paidOrder } from '../../fixtures/orders';

const CAMPUS = 'SH01';

/** Today in Shanghai, the campuses' day, and its month. */
function thisMonth() {
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day };
}
const ym = (p: { year: number; month: number }) => `${p.year}-${String(p.month).padStart(2, '0')}`;

/** The cents of a money text as the screens show it ('¥3,000.00', '-¥12.34'). */
function cents(text: string): number {
  const m = /^(-?)¥([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!m?.[2] || !m[3]) throw new Error(`not a money text: ${text}`);
  const v = Number(m[2].replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] ? -v : v;
}
/** Cents as the screens show them. */
function money(c: number): string {
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}¥${Math.floor(a / 100).toLocaleString('en-US')}.${String(a % 100).padStart(2, '0')}`;
}

test('a month closed: computed, applied, approved, sealed; lesson and attendance changes are refused', async ({
  page,
  signIn,
  sdkAs,
}) => {
  test.setTimeout(120_000);
  const p = thisMonth();
  const admin = await sdkAs('admin');
  const finance = await sdkAs('finance');

  // A booked lesson today at SH01 of a course the demo teacher E0005 may teach, bought and paid.
  const [pupil] = await admin.teaching.planOrders({ query: { schoolItemCode: CAMPUS } });
  if (!pupil) throw new Error('the demo data has a SH01 student');
  const lessonOf = (courseCode: string, startTime = '18:00', endTime = '19:00') => ({
    schoolItemCode: CAMPUS,
    courseCode,
    teacherCode: 'E0005',
    kind: 'oneToOne' as const,
    studentIds: [pupil.studentId],
    lessonDate: p.day,
    startTime,
    endTime,
    hours: 1,
  });
  const ranks = await admin.courseAuthority.queryTeacherCouseLevels({ query: { employeeCode: 'E0005' } });
  const courses = await admin.courses.courses({ query: { status: 1, purchaseUnit: 1 } });
  const course = courses.find(
    (c) => Number(c.price) > 0 && ranks.some((r) => r.courseRankCode === c.courserankcode),
  );
  if (!course) throw new Error('the demo data has a course E0005 may teach');
  await paidOrder(admin, finance, {
    campus: CAMPUS,
    studentId: pupil.studentId,
    courseCode: course.code,
    quantity: 2,
  });
  expect((await admin.teaching.planInsertPreview({ body: lessonOf(course.code) })).ok).toBe(true);
  const [lessonId] = (await admin.teaching.planInsert({ body: lessonOf(course.code) })).lessonIds;
  // A second lesson right after it, the student signed present (its other paid hour).
  const [signedId] = (await admin.teaching.planInsert({ body: lessonOf(course.code, '19:00', '20:00') }))
    .lessonIds;
  const [attendanceId] = (
    await admin.teaching.sign({
      body: { lessonId: signedId ?? 0, items: [{ studentId: pupil.studentId, status: 'present' }] },
    })
  ).attendanceIds;
  const lessonCourse = course.name;

  try {
    // HR computes the campus's month.
    await signIn('hr', { to: `/staffsalary/manage?year=${p.year}&month=${p.month}` });
    await pick(page, '校区', CAMPUS);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.getByRole('button', { name: '计算本校区' }).click();
    await expect(page.getByText(/^已计算：/)).toBeVisible();

    // HR opens the teacher's payslip of the month: its lines and their total, the list's total.
    await page.goto(`/staffsalary/frontline?year=${p.year}&month=${p.month}&keyword=E0005`);
    const slipRow = page.getByRole('table', { name: '工资条' }).getByRole('row').filter({ hasText: 'E0005' });
    const totalCell = slipRow.getByRole('cell').nth(6);
    const before = cents(await totalCell.innerText());
    await slipRow.getByRole('button', { name: '查看' }).click();
    const slip = page.getByRole('dialog', { name: `陈思远 的工资条（${ym(p)}）` });
    await expect(slip.getByRole('cell', { name: '基本工资' })).toBeVisible();
    await expect(slip.getByRole('row', { name: /^工资条合计/ })).toContainText(money(before));
    await slip.getByRole('button', { name: '×' }).click();

    // The month before last (computed and approved by the demo seed): the teacher's class-hour line
    // opens onto the lessons it counts, each with its date, student, course and hours, and the
    // class-hour confirmation that approved it.
    const back = thisMonth();
    const earlier = new Date(Date.UTC(back.year, back.month - 3, 1));
    const q2 = { year: earlier.getUTCFullYear(), month: earlier.getUTCMonth() + 1 };
    await page.goto(`/staffsalary/frontline?year=${q2.year}&month=${q2.month}&keyword=E0005`);
    await slipRow.getByRole('button', { name: '查看' }).click();
    const earlierSlip = page.getByRole('dialog', { name: `陈思远 的工资条（${ym(q2)}）` });
    const hoursLine = earlierSlip.getByRole('row').filter({ hasText: '课时费' });
    await hoursLine.getByRole('button', { name: /^来源明细/ }).click();
    const taught = page.getByRole('table', { name: '计薪课节' });
    // What teaching recorded: the teacher's confirmed, paid attendances of that month.
    const lessons = (
      await admin.classHours.confirmedPage({
        query: { ...q2, schoolItemCode: CAMPUS, keyword: 'E0005', pageSize: 50 },
      })
    ).list.filter((r) => r.teacherCode === 'E0005' && r.paid);
    expect(lessons.length).toBeGreaterThan(0);
    // The class-hour confirmation of that month that approved them (the demo's passed original).
    const [approved] = (
      await admin.classHours.list({
        query: { ...q2, teacherCode: 'E0005', status: 20, pageIdx: 1, pageSize: 10 },
      })
    ).list.filter((r) => r.schoolItemCode === CAMPUS);
    if (!approved) throw new Error('the demo data passes E0005’s month before last');
    await expect(taught.getByRole('row')).toHaveCount(lessons.length + 1);
    for (const l of lessons)
      await expect(
        taught
          .getByRole('row')
          .filter({ hasText: `#${l.lessonId}` })
          .getByRole('cell'),
      ).toHaveText([
        l.lessonDate,
        l.time,
        l.studentName ?? '',
        l.courseName ?? '',
        /\S/,
        String(l.hours),
        /^¥[\d,]+\.\d{2}$/,
        `#${l.lessonId}`,
        `${approved.confirmationKind === 'original' ? '原始确认' : '补充确认'} #${approved.id}`,
      ]);
    await page
      .getByRole('dialog', { name: /^明细来源/ })
      .getByRole('button', { name: '×' })
      .click();
    await earlierSlip.getByRole('button', { name: '×' }).click();
    await page.goto(`/staffsalary/frontline?year=${p.year}&month=${p.month}&keyword=E0005`);

    // A manual adjustment with its reason: the total moves by exactly its amount.
    await slipRow.getByRole('button', { name: '调整' }).click();
    const adjust = page.getByRole('dialog', { name: '手工调整：陈思远' });
    await adjust.getByLabel('金额（元，扣款为负）').fill('-12.34');
    await adjust.getByLabel('调整原因').fill('e2e：迟到扣款');
    await adjust.getByRole('button', { name: '保存' }).click();
    await expect(adjust).toBeHidden();
    await expect(totalCell).toHaveText(money(before - 1234));
    await slipRow.getByRole('button', { name: '查看' }).click();
    await expect(slip.getByRole('row').filter({ hasText: 'e2e：迟到扣款' })).toContainText('-¥12.34');
    await expect(slip.getByRole('row', { name: /^工资条合计/ })).toContainText(money(before - 1234));
    await slip.getByRole('button', { name: '×' }).click();

    // The campus head applies for it.
    await signIn('director', {
      to: `/staffsalary/manage?tab=apply&apply.year=${p.year}&apply.month=${p.month}`,
    });
    const campuses = await admin.salaryApplications.campuses({ query: { year: p.year, month: p.month } });
    const campusName = campuses.find((c) => c.schoolItemCode === CAMPUS)?.schoolItemName ?? CAMPUS;
    const campusRow = page
      .getByRole('table', { name: '薪资申请' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: campusName, exact: true }) });
    await campusRow.getByRole('button', { name: '申请薪资' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已提交申请')).toBeVisible();
    const [application] = (
      await admin.salaryApplications.list({ query: { year: p.year, month: p.month, status: 5 } })
    ).list;
    if (!application) throw new Error('the application was filed');
    expect(application.schoolItemCode).toBe(CAMPUS);

    // HR passes its step; finance approves on the applications tab.
    await (await sdkAs('hr')).approvals.pass({ body: { id: application.id } });
    await signIn('finance', { to: '/staffsalary/manage?tab=approve' });
    const request = page
      .getByRole('table', { name: '薪资申请' })
      .getByRole('row')
      .filter({ hasText: campusName })
      .filter({ hasText: ym(p) });
    await request.getByRole('button', { name: '审批' }).click();
    const sheet = page.getByRole('dialog', { name: '薪资申请' });
    await expect(sheet.getByText(ym(p)).first()).toBeVisible();
    await sheet.getByRole('button', { name: '通过' }).click();
    await expect(sheet).toBeHidden();

    // HR seals the month.
    await signIn('hr', { to: `/staffsalary/dataSealing?year=${p.year}` });
    const period = page
      .getByRole('table', { name: '期间' })
      .getByRole('row')
      .filter({ hasText: ym(p) });
    await period.getByRole('button', { name: '封账' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect(period.getByText('已封账')).toBeVisible();

    // Cancelling the lesson of that month is refused with the sealing message.
    await signIn('admin', { to: '/education/classTable' });
    await pick(page, '校区', CAMPUS);
    await page
      .getByRole('button', { name: new RegExp(`^18:00-19:00 ${lessonCourse}`) })
      .first()
      .click();
    await page.getByRole('button', { name: '取消课程' }).click();
    await page.getByRole('dialog', { name: '取消课程' }).getByRole('button', { name: '确定' }).click();
    const sealedAlert = page.getByRole('alert').filter({ hasText: `该期间已封账（${ym(p)}）` });
    await expect(sealedAlert).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

    // Nor can the signed student's attendance change: making them absent starts by cancelling the
    // sign, refused in the sealed month, and they stay present.
    await page
      .getByRole('button', { name: new RegExp(`^19:00-20:00 ${lessonCourse}`) })
      .first()
      .click();
    const signed = page.getByRole('dialog');
    await signed.getByRole('button', { name: '取消考勤' }).click();
    await expect(sealedAlert.filter({ hasText: '考勤不能再修改' })).toBeVisible();
    await expect(signed.getByText('出勤', { exact: true })).toBeVisible();
  } finally {
    await admin.sealing
      .unseal({ body: { year: p.year, month: p.month, reason: 'e2e：恢复' } })
      .catch(() => undefined);
    // The lessons would otherwise stay booked in E0005's evening for the journeys after this one.
    if (attendanceId)
      await admin.teaching.signCancel({ body: { attendanceId, reason: 'e2e' } }).catch(() => undefined);
    const lessons = (
      await admin.teaching.planList({ query: { schoolItemCode: CAMPUS, from: p.day, to: p.day } })
    ).filter((l) => l.id === lessonId || l.id === signedId);
    for (const lesson of lessons)
      await admin.teaching
        .planCancel({ body: { id: lesson.id, version: lesson.version } })
        .catch(() => undefined);
  }
});
