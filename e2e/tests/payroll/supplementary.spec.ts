// Payroll pays exactly the approved class hours (issue 33 §1): a teacher's month is filed from the
// lesson-confirmation screen and approved; a lesson confirmed afterwards is not covered until a
// supplementary confirmation of the same month is filed there and approved; the confirmation screen
// lists both. A teacher of its own (a new employee each run): confirmations cannot be deleted, and the
// demo teacher's months feed the payroll journey.
import type { Sdk } from '@bo/api-sdk';
import { expect, test } from '../../fixtures/auth';
import { paidOrder } from '../../fixtures/orders';

// SH02: the other journeys book and sign SH01's students today.
const CAMPUS = 'SH02';

/** Today in Shanghai. */
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

test('a lesson confirmed after the month was approved is filed and approved as a supplementary confirmation', async ({
  page,
  signIn,
  sdkAs,
}) => {
  test.setTimeout(120_000);
  const day = today();
  const admin = await sdkAs('admin');
  const finance = await sdkAs('finance');
  const director = await sdkAs('director');

  // A teacher of their own, allowed the demo teacher's course ranks.
  const code = `T${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const name = `月结教师${code}`;
  await admin.employees.employeeSave({
    body: {
      code,
      name,
      schoolItemCode: CAMPUS,
      schoolItemCodes: [CAMPUS],
      postCode: 'TEACHER',
      skillRankCode: 'TR3',
      subjectIds: [1, 2],
    },
  });
  const ranks = await admin.courseAuthority.queryTeacherCouseLevels({ query: { employeeCode: 'E0005' } });
  await admin.courseAuthority.authoritySave({
    body: { employeeCode: code, courseRankCodes: ranks.map((r) => r.courseRankCode) },
  });
  const courses = await admin.courses.courses({ query: { status: 1, purchaseUnit: 1 } });
  const course = courses.find(
    (c) => Number(c.price) > 0 && ranks.some((r) => r.courseRankCode === c.courserankcode),
  );
  if (!course) throw new Error('the demo data has a course E0005 may teach');
  const [pupil] = await admin.teaching.planOrders({ query: { schoolItemCode: CAMPUS } });
  if (!pupil) throw new Error('the demo data has a SH02 student');
  await paidOrder(admin, finance, {
    campus: CAMPUS,
    studentId: pupil.studentId,
    courseCode: course.code,
    quantity: 2,
  });

  /** A lesson of the new teacher today, signed present and confirmed. */
  const givenLesson = async (startTime: string, endTime: string) => {
    const [lessonId] = (
      await admin.teaching.planInsert({
        body: {
          schoolItemCode: CAMPUS,
          courseCode: course.code,
          teacherCode: code,
          kind: 'oneToOne',
          studentIds: [pupil.studentId],
          lessonDate: day,
          startTime,
          endTime,
          hours: 1,
        },
      })
    ).lessonIds;
    await admin.teaching.sign({
      body: { lessonId: lessonId ?? 0, items: [{ studentId: pupil.studentId, status: 'present' }] },
    });
    await admin.teaching.planConfirm({ body: { ids: [lessonId ?? 0] } });
  };
  /** The campus head, then finance, pass a request. */
  const approve = async (approvalId: number) => {
    for (const who of [director, finance] as Sdk[]) await who.approvals.pass({ body: { id: approvalId } });
  };
  /** Files the month from the lesson-confirmation screen, expecting `kind`; answers the approval's id. */
  const fileMonth = async (kind: string) => {
    await page.goto(
      `/education/classConfirm?schoolItemCode=${CAMPUS}&teacherCode=${code}&from=${day}&to=${day}`,
    );
    await page.getByRole('button', { name: '提交月度课时确认' }).click();
    const dialog = page.getByRole('dialog', { name: '提交月度课时确认' });
    await expect(dialog.getByRole('status')).toHaveText(`将提交${kind}：1 节已确认的课，1 课时`);
    await dialog.getByRole('button', { name: kind === '原始确认' ? '提交课时确认' : '提交补充确认' }).click();
    const done = page.getByText(new RegExp(`${kind}已提交审批（审批单 #(\\d+)）`));
    await expect(done).toBeVisible();
    return Number(/#(\d+)/.exec((await done.textContent()) ?? '')?.[1]);
  };

  await givenLesson('06:00', '07:00');
  await signIn('admin');
  const original = await fileMonth('原始确认');
  await approve(original);

  // A lesson confirmed after the month passed: not covered, so it is filed as a supplementary one.
  await givenLesson('07:00', '08:00');
  const supplementary = await fileMonth('补充确认');
  expect(supplementary).not.toBe(original);
  await approve(supplementary);

  // The confirmation screen lists both, each with its kind.
  await page.goto('/financial/classConfirm');
  const search = page.getByRole('search');
  await search.getByLabel('只看待我审批').selectOption('');
  await search.getByLabel('姓名/工号').fill(code);
  await search.getByRole('button', { name: '查询' }).click();
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '原始确认' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '补充确认' })).toHaveCount(1);
});
