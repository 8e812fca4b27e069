// The teaching week of issue 15: a campus manager schedules a group class's lesson on the group
// screen and sets its members an assessment task (one result recorded), then schedules a weekly
// one-to-one series for a member of the class in the one scheduling form (the student's bought
// course, only the teachers authorised for it) — refused on the class's hour with the reason shown,
// then previewed free and booked at another hour —, sees both in the class table, is refused
// dragging the lesson onto the class's hour (the reason shown) and drags it to a free hour, and
// books a lesson from the timetable's 新建排课 (the same form, prefilled from the student shown and
// the hour double-clicked; cancelled again); the teacher learns in 新建排课 what they may book, signs
// the student present and sees the student's hours go down by the lesson's hours, records the
// child's progress on a target of the individual plan (where the task's result is listed) and
// confirms the lesson.
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
/** The week grid: 07:00 at the top of a day's column, a pixel a minute (weekGrid.ts). */
const yOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return (Number(h) - 7) * 60 + Number(m);
};

// The week's columns are 900 px tall: the whole day fits, so a drop lands where it is aimed.
test.use({ viewport: { width: 1440, height: 1400 } });

test('a week: a group class and its assessment task, a one-to-one series refused then booked, a refused and a free drag, signed by the teacher, hours consumed, plan progress, confirmed', async ({
  page,
  signIn,
  sdkAs,
}) => {
  test.setTimeout(240_000);
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
  // A group class of the same teacher and course, the student a member (its lesson is scheduled below).
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const className = `周末小组${stamp}`;
  const cls = await admin.teaching.classSave({
    body: { schoolItemCode: 'SH01', name: className, courseCode: course, teacherCode: 'E0005', capacity: 6 },
  });
  await admin.teaching.classAddStudents({ body: { classId: cls.id, studentIds: [pupil.studentId] } });
  // A target on the child's individual plan, for the teacher to record progress on.
  const goal = await admin.teaching.planTargetSave({
    body: { courseTypeCode: '1', code: `E2E-${stamp}`, name: `仿说双音节词${stamp}`, domain: '语言' },
  });
  await admin.teaching.studentPlanTargetSave({
    body: {
      studentId: pupil.studentId,
      targetId: goal.id,
      baseline: '需全辅助',
      goal: '独立仿说，正确率≥80%',
      startOn: addDays(today, -7),
    },
  });

  expect((await admin.teaching.planInsertPreview({ body: body(course) })).ok).toBe(true);

  await signIn('director', { to: '/education/teamCourse' });
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const classRow = page.getByRole('row').filter({ hasText: className });
  await test.step('the group class meets today 18:00–19:00, scheduled on the group screen', async () => {
    await pick(page, '校区', 'SH01');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await classRow.getByRole('button', { name: '排课', exact: true }).click();
    const plan = page.getByRole('dialog', { name: `班级排课：${className}` });
    await plan.getByLabel('开始时间').fill('18:00');
    await plan.getByLabel('结束时间').fill('19:00');
    await plan.getByRole('button', { name: '排课', exact: true }).click();
    await expect(page.getByText('已排 1 节课')).toBeVisible();
  });
  await test.step('an assessment task on the class: one pending member, its result recorded', async () => {
    await classRow.getByRole('button', { name: '评估任务', exact: true }).click();
    const tasks = page.getByRole('dialog', { name: `${className} 的评估任务` });
    await tasks.getByLabel('评估量表').selectOption({ label: '语言发育评估量表' });
    await tasks.getByRole('button', { name: '创建任务' }).click();
    const member = tasks
      .getByRole('table', { name: '任务学员' })
      .getByRole('row')
      .filter({ hasText: pupil.studentName });
    await expect(member).toContainText('待评估');
    await member.getByRole('button', { name: `录入结果 ${pupil.studentName}` }).click();
    const result = tasks.getByRole('form', { name: `录入 ${pupil.studentName} 的评估结果` });
    await result.getByLabel('语言理解 得分（0–30）').fill('20');
    await result.getByLabel('语言表达 得分（0–30）').fill('12');
    await result.getByLabel('构音清晰度 得分（0–20）').fill('15');
    await result.getByLabel('语用能力 得分（0–20）').fill('10');
    await expect(result.getByText('总分：57')).toBeVisible();
    await result.getByRole('button', { name: '提交结果' }).click();
    await expect(member).toContainText('已完成');
    await expect(member).toContainText('57');
    await expect(tasks.getByText('已完成 1/1').first()).toBeVisible();
    await tasks.getByRole('button', { name: '关闭' }).click();
  });
  await test.step('the task list finds the task across classes and opens it', async () => {
    await menu.getByRole('link', { name: '评估任务', exact: true }).click();
    const list = page.getByRole('main', { name: '评估任务' });
    await pick(list, '校区', 'SH01');
    // The class choice lists the classes of the campus searched.
    await list.getByRole('button', { name: '查询', exact: true }).click();
    await list.getByRole('combobox', { name: '班级', exact: true }).selectOption({ label: className });
    await list.getByRole('button', { name: '查询', exact: true }).click();
    // The demo's own classes hold tasks of the same scale: the journey's class names its row.
    const row = list.getByRole('row').filter({ hasText: className });
    await expect(row).toContainText('语言发育评估量表');
    await expect(row).toContainText('已完成');
    await row.getByRole('button', { name: '查看', exact: true }).click();
    const task = page.getByRole('dialog', { name: `${className} · 语言发育评估量表` });
    await expect(task.getByRole('table', { name: '任务学员' })).toContainText('57');
    await task.getByRole('button', { name: '关闭' }).click();
  });

  // What the one-to-one dialog offers now that the class's lesson books an hour.
  const student = (await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01' } })).find(
    (o) => o.studentId === pupil.studentId && o.courseCode === course,
  );
  if (!student) throw new Error('the bought hours are schedulable');
  await menu.getByRole('link', { name: '一对一排课', exact: true }).click();
  await pick(page.getByRole('main', { name: '一对一排课' }), '校区', 'SH01');
  await page
    .getByRole('main', { name: '一对一排课' })
    .getByRole('button', { name: '查询', exact: true })
    .click();
  await page
    .getByRole('main', { name: '一对一排课' })
    .getByRole('button', { name: '排课', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: '一对一排课' });
  await test.step('the one scheduling form offers the student’s bought course and its authorised teachers', async () => {
    await dialog.getByLabel('学员', { exact: true }).selectOption({
      label: `${student.studentName}（${student.studentCode}）`,
    });
    await dialog.getByLabel('课程', { exact: true }).selectOption({
      label: `${student.courseName} · 可排 ${student.schedulableHours} 课时`,
    });
    // Only teachers holding the course's authority at the campus are offered.
    const teachers = await admin.teaching.planTeachers({
      query: { schoolItemCode: 'SH01', courseCode: course },
    });
    const teacherBox = dialog.getByLabel('教师', { exact: true });
    await expect(teacherBox.getByRole('option', { name: /（E0005）$/ })).toHaveCount(1);
    await expect(teacherBox.getByRole('option').filter({ hasText: /（E\d+）$/ })).toHaveCount(
      teachers.length,
    );
    await teacherBox.selectOption({ value: 'E0005' });
  });
  await dialog.getByLabel('结束日期').fill(series.toDate);
  await test.step('a double booking is refused in the dialog with its reason', async () => {
    await dialog.getByLabel('开始时间').fill('18:00');
    await dialog.getByLabel('结束时间').fill('19:00');
    await dialog.getByRole('button', { name: '排课', exact: true }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: '已有课' }).first()).toBeVisible();
  });
  await dialog.getByLabel('开始时间').fill(at.startTime);
  await dialog.getByLabel('结束时间').fill(at.endTime);
  await dialog.getByRole('button', { name: '预览冲突' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 节课均无冲突');
  await dialog.getByRole('button', { name: '排课', exact: true }).click();
  await expect(page.getByText('已排 2 节课')).toBeVisible();
  // The demo's own lessons of today at SH01 fill the first page: find the student's by name.
  const oneToOne = page.getByRole('main', { name: '一对一排课' });
  await oneToOne.getByRole('search').getByLabel('学员姓名').fill(student.studentName);
  await oneToOne.getByRole('button', { name: '查询', exact: true }).click();
  await expect(
    page.getByRole('row').filter({ hasText: today }).filter({ hasText: student.studentName }),
  ).toBeVisible();

  // The week view shows the lesson and the group class; a drag onto the class's hour is refused
  // naming the teacher's other lesson, a drag to a free hour moves it.
  await menu.getByRole('link', { name: '课表', exact: true }).click();
  // The scheduling screen stays open (hidden) in its tab: the week's own campus box is in its main.
  await pick(page.getByRole('main', { name: '课表' }), '校区', 'SH01');
  const lessonAt = (from: string, to: string) =>
    page.getByRole('button', {
      name: new RegExp(`^${from}-${to} ${escape(student.courseName)} .* ${escape(student.studentName)}$`),
    });
  const column = page.getByRole('region', { name: today });
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^18:00-19:00 ${escape(student.courseName)} .* ${className}$`),
    }),
  ).toBeVisible();
  const drag = (from: string, to: string, at: string) =>
    lessonAt(from, to).dragTo(column, {
      sourcePosition: { x: 8, y: 4 },
      targetPosition: { x: 8, y: yOf(at) + 4 },
    });
  await test.step('a double booking is refused with its reason', async () => {
    await drag('20:00', '21:00', '18:00');
    await expect(page.getByRole('alert')).toContainText('未能调课');
    await expect(page.getByRole('alert')).toContainText('已有课');
    await expect(lessonAt('20:00', '21:00')).toBeVisible();
  });
  await test.step('a drag to a free hour moves the lesson', async () => {
    await drag('20:00', '21:00', '16:00');
    await expect(page.getByText('已调课')).toBeVisible();
    await expect(lessonAt('16:00', '17:00')).toBeVisible();
  });

  await test.step('the timetable’s 新建排课 opens the same form, prefilled from the week shown and the hour clicked', async () => {
    const week = page.getByRole('main', { name: '课表' });
    await week.getByLabel('查看', { exact: true }).selectOption({ label: '按学员' });
    await week.getByLabel('学员', { exact: true }).selectOption({ label: student.studentName });
    // A double click on today's column at 20:00 (the series' old hour, free since the drag).
    await column.dblclick({ position: { x: 60, y: yOf('20:00') + 2 } });
    const form = page.getByRole('dialog', { name: '一对一排课' });
    await expect(form.getByLabel('学员', { exact: true })).toHaveValue(String(student.studentId));
    await expect(form.getByLabel('开始时间')).toHaveValue('20:00');
    await expect(form.getByLabel('结束时间')).toHaveValue('21:00');
    await expect(form.getByLabel('上课日期', { exact: true })).toHaveValue(today);
    await form.getByLabel('课程', { exact: true }).selectOption({ value: course });
    await form.getByLabel('教师', { exact: true }).selectOption({ value: 'E0005' });
    await form.getByRole('button', { name: '排课', exact: true }).click();
    await expect(page.getByText('已排 1 节课')).toBeVisible();
    // The lesson stands in the week; cancelled again, so the teacher's day below is the one above.
    await lessonAt('20:00', '21:00').click();
    const booked = page.getByRole('dialog', { name: new RegExp(`20:00–21:00`) });
    await booked.getByRole('button', { name: '取消课程' }).click();
    await page.getByRole('dialog', { name: '取消课程' }).getByRole('button', { name: '确定' }).click();
    await expect(lessonAt('20:00', '21:00')).toHaveCount(0);
  });

  await test.step('一对一排课 applies its preselected filters at once (a one-campus scheduler)', async () => {
    await signIn('scheduler', { to: '/education/courseAdjustment' });
    const list = page.getByRole('main', { name: '一对一排课' });
    // This week's lessons at the scheduler's campus are listed without a 查询 (today's among them).
    await expect(list.getByRole('row').filter({ hasText: today }).first()).toBeVisible();
  });

  // The teacher signs the student present on the week view: the lesson's hour is consumed.
  await signIn('teacher', { to: '/education/classTable' });
  await pick(page.getByRole('main', { name: '课表' }), '校区', 'SH01');
  await test.step('a teacher opening 新建排课 learns first what they may book, themself chosen', async () => {
    await page.getByRole('button', { name: '新建排课' }).click();
    const form = page.getByRole('dialog', { name: '试听课' });
    await expect(form.getByRole('note')).toContainText('您可以预约：试听课、测评课。');
    await expect(form.getByRole('note')).toContainText(student.courseName);
    await form.getByLabel('学员', { exact: true }).selectOption({ value: String(student.studentId) });
    await form.getByLabel('课程', { exact: true }).selectOption({ value: course });
    await expect(form.getByLabel('教师', { exact: true })).toHaveValue('E0005');
    await form.getByRole('button', { name: '取消', exact: true }).click();
  });
  await lessonAt('16:00', '17:00').click();
  const sheet = page.getByRole('dialog', { name: new RegExp(escape(student.courseName)) });
  const before = student.remainingHours;
  await expect(sheet.getByText(`剩余 ${before} 课时`)).toBeVisible();
  await sheet.getByLabel(`考勤 ${student.studentName}`).selectOption({ label: '出勤' });
  await sheet.getByRole('button', { name: '考勤', exact: true }).click();
  await expect(sheet.getByText('消耗 1 课时')).toBeVisible();
  await expect(sheet.getByText(`剩余 ${before - 1} 课时`)).toBeVisible();

  await test.step('the teacher opens the child’s plan from the lesson and records progress', async () => {
    await sheet.getByRole('link', { name: `个训计划 ${student.studentName}` }).click();
    // Read-only for a teacher: no money tabs, no adding targets; recording is theirs.
    await expect(page.getByRole('tab', { name: '个训计划' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: '订单' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '添加目标' })).toHaveCount(0);
    const target = page.getByRole('row').filter({ hasText: goal.name });
    await target.getByRole('button', { name: `记录进度 ${goal.name}` }).click();
    const record = page.getByRole('dialog', { name: `记录进度：${goal.name}` });
    await record.getByLabel('得分/通过率').fill('60');
    await record.getByRole('button', { name: '提交', exact: true }).click();
    await expect(target).toContainText(`60（${today}）`);
    await expect(target.getByRole('button', { name: '达成' })).toHaveCount(0);
    // The child's assessments under the plan: the class task's result recorded above.
    const assessed = page.getByRole('table', { name: '评估记录' }).getByRole('row');
    await expect(
      assessed.filter({ hasText: '语言发育评估量表' }).filter({ hasText: '57' }).first(),
    ).toBeVisible();
  });

  // The teacher confirms the lesson they gave; it leaves the unconfirmed list.
  const nav = page.getByRole('navigation', { name: '主菜单' });
  const confirmScreen = nav.getByRole('link', { name: '课时确认', exact: true });
  if (!(await confirmScreen.isVisible())) await nav.getByRole('button', { name: '教务管理' }).click();
  await confirmScreen.click();
  const confirmMain = page.getByRole('main', { name: '课时确认' });
  await confirmMain.getByRole('button', { name: '查询', exact: true }).click();
  const row = confirmMain
    .getByRole('row')
    .filter({ hasText: today })
    .filter({ hasText: student.studentName });
  await row.getByRole('button', { name: '确认课时' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toHaveCount(0);
  const [confirmed] = await admin.teaching.planList({
    query: { schoolItemCode: 'SH01', from: today, to: today, studentId: student.studentId, confirmed: 'yes' },
  });
  expect(confirmed?.confirmed).toBe(true);
});
