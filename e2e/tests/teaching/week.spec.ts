// The teaching week of issue 15: a campus manager schedules a weekly one-to-one series (previewed
// free first), sees its lesson in the class table, signs the student present there and sees the
// student's hours go down by the lesson's hours; the teacher then confirms the lesson.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';
import { paidOrder } from '../../fixtures/orders';

/** Today in Shanghai, the campuses' day. */
const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

test('a weekly one-to-one series: scheduled, shown, signed, hours consumed, confirmed', async ({
  page,
  signIn,
  sdkAs,
}) => {
  test.setTimeout(90_000);
  const today = shanghaiToday();
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() + 1;
  const series = { fromDate: today, toDate: addDays(today, 7), weekdays: [weekday] };
  const at = { startTime: '20:00', endTime: '21:00' };

  // A SH01 student buys 10 hours of a course the demo teacher E0005 may teach (paid and approved).
  const admin = await sdkAs('admin');
  const finance = await sdkAs('finance');
  const [pupil] = await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01' } });
  if (!pupil) throw new Error('the demo data has a SH01 student with hours');
  const body = (courseCode: string) => ({
    schoolItemCode: 'SH01',
    courseCode,
    teacherCode: 'E0005',
    kind: 'oneToOne' as const,
    studentIds: [pupil.studentId],
    series,
    ...at,
    hours: 1,
  });
  const courses = await admin.courses.courses({ query: { status: 1, purchaseUnit: 1 } });
  let course: string | undefined;
  for (const c of courses.filter((x) => Number(x.price) > 0).slice(0, 20)) {
    const p = await admin.teaching.planInsertPreview({ body: body(c.code) });
    if (!p.rows.some((r) => r.conflicts.some((m) => m.includes('authority')))) {
      course = c.code;
      break;
    }
  }
  if (!course) throw new Error('the demo data has a course E0005 may teach');
  await paidOrder(admin, finance, { studentId: pupil.studentId, courseCode: course, quantity: 10 });
  expect((await admin.teaching.planInsertPreview({ body: body(course) })).ok).toBe(true);
  const student = (await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01' } })).find(
    (o) => o.studentId === pupil.studentId && o.courseCode === course,
  );
  if (!student) throw new Error('the bought hours are schedulable');

  await signIn('director', { to: '/education/courseAdjustment' });
  await pick(page, '校区', 'SH01');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await page.getByRole('button', { name: '排课', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '一对一排课' });
  await dialog.getByLabel('学员 · 课程').selectOption({
    label: `${student.studentName}（${student.studentCode}）· ${student.courseName} · 可排课时 ${student.schedulableHours}`,
  });
  await pick(dialog, '教师', 'E0005');
  await dialog.getByLabel('结束日期').fill(series.toDate);
  await dialog.getByLabel('开始时间').fill(at.startTime);
  await dialog.getByLabel('结束时间').fill(at.endTime);
  await dialog.getByRole('button', { name: '预览冲突' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 节课均无冲突');
  await dialog.getByRole('button', { name: '排课', exact: true }).click();
  await expect(page.getByText('已排 2 节课')).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: today }).filter({ hasText: student.studentName }),
  ).toBeVisible();

  // The week view shows it; signing the student present consumes the lesson's hour.
  await page.goto('/education/classTable');
  await pick(page, '校区', 'SH01');
  const lesson = page.getByRole('button', {
    name: new RegExp(`^20:00-21:00 ${escape(student.courseName)} .* ${escape(student.studentName)}$`),
  });
  await lesson.click();
  const sheet = page.getByRole('dialog', { name: new RegExp(escape(student.courseName)) });
  const before = student.remainingHours;
  await expect(sheet.getByText(`剩余 ${before} 课时`)).toBeVisible();
  await sheet.getByLabel(`考勤 ${student.studentName}`).selectOption({ label: '出勤' });
  await sheet.getByRole('button', { name: '考勤', exact: true }).click();
  await expect(sheet.getByText('消耗 1 课时')).toBeVisible();
  await expect(sheet.getByText(`剩余 ${before - 1} 课时`)).toBeVisible();

  // The teacher confirms the lesson they gave; it leaves the unconfirmed list.
  await signIn('teacher', { to: '/education/classConfirm' });
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: today }).filter({ hasText: student.studentName });
  await row.getByRole('button', { name: '确认课时' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toHaveCount(0);
  const [confirmed] = await admin.teaching.planList({
    query: { schoolItemCode: 'SH01', from: today, to: today, studentId: student.studentId, confirmed: 'yes' },
  });
  expect(confirmed?.confirmed).toBe(true);
});
