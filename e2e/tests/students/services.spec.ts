// Issue 14's after-sale services of a student, on their screens as the roles who do them: a leave the
// consultant requests and the campus head approves; a paper contract the campus head registers and
// finance approves; hours finance moves from one course to another (the ledger's two movements sum
// to zero, the student's balance changes by what was moved); the month's statement finance draws
// again (a new version, the old one kept); and a student of another campus moved here, whom the
// consultant of this campus then finds. The data (students, paid orders) is made by SDK.
import type { Sdk } from '@bo/api-sdk';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';
import { paidOrder } from '../../fixtures/orders';

/** An amount as the screens show it (spec §5): '¥3,800.00'. */
const shownYuan = (v: string) =>
  `¥${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The day `n` days from today, YYYY-MM-DD. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** An approval screen lists what the caller may decide now; this clears that filter to see decided ones. */
async function showDecided(page: Page) {
  const search = page.getByRole('search');
  await search.getByLabel('只看待我审批').selectOption('');
  await search.getByRole('button', { name: '查询' }).click();
}

async function newStudent(admin: Sdk, campus: string, tag: string) {
  const phone = `139${String(Date.now()).slice(-8)}`;
  return admin.students.insertStudent({
    body: { name: `服务${tag}${phone.slice(-4)}`, parentName: '家长', phone, schoolItemCode: campus },
  });
}

test('a student’s services: leave, paper contract, transfer course, statement; a student moved here', async ({
  page,
  signIn,
  sdkAs,
}) => {
  // A step per service, six sign-ins: 40 s idle, more than two minutes on a busy shared machine.
  test.setTimeout(180_000);
  const admin = await sdkAs('admin');
  const finance = await sdkAs('finance');
  const student = await newStudent(admin, 'SH01', 'A');
  const from = await paidOrder(admin, finance, { studentId: student.id, courseCode: 'C001', quantity: 10 });
  const to = await paidOrder(admin, finance, { studentId: student.id, courseCode: 'C007', quantity: 4 });
  const [fromItem] = (await admin.orders.detail({ params: { id: from.id } })).items;
  const [toItem] = (await admin.orders.detail({ params: { id: to.id } })).items;
  if (!fromItem || !toItem) throw new Error('the orders have no lines');

  await test.step('leave: requested by the consultant, approved by the campus head', async () => {
    await signIn('sales', { to: '/students/askLeave' });
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增请假申请' });
    await pick(dialog, '学员', student.code);
    await dialog.getByLabel('开始日期').fill(day(1));
    await dialog.getByLabel('结束日期').fill(day(2));
    // The leave concerns one of the student's two courses (those with hours left are offered).
    const courses = dialog.getByRole('group', { name: '课程' });
    await expect(courses.getByRole('checkbox')).toHaveCount(2);
    await courses.getByRole('checkbox', { name: new RegExp(fromItem.courseName) }).check();
    await dialog.getByLabel('原因').fill('家中有事');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    const filed = page.getByRole('row').filter({ hasText: student.name });
    await expect(filed).toContainText('待审批');
    await expect(filed).toContainText(fromItem.courseName);
    await expect(filed).not.toContainText(toItem.courseName);

    await signIn('director', { to: '/financial/approvalAskLeave' });
    const row = page.getByRole('row').filter({ hasText: student.name });
    await row.getByRole('button', { name: '审批' }).click();
    const decide = page.getByRole('dialog', { name: '请假审批' });
    await decide.getByRole('button', { name: '通过' }).click();
    await expect(decide).toBeHidden();
    await showDecided(page);
    await expect(row).toContainText('已通过');
  });

  await test.step('temporary absence: filed by the campus head on its approval screen, the last one shown first', async () => {
    await page.getByRole('link', { name: '休学审批' }).click();
    await page.getByRole('button', { name: '申请休学' }).click();
    const dialog = page.getByRole('dialog', { name: '申请休学' });
    await pick(dialog, '学员', student.code);
    await expect(dialog.getByLabel('最近一次休学申请')).toContainText('无');
    await dialog.getByLabel('开始日期').fill(day(30));
    await dialog.getByLabel('结束日期').fill(day(60));
    await dialog.getByLabel('原因').fill('住院治疗');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    await showDecided(page);
    await expect(page.getByRole('row').filter({ hasText: student.name })).toContainText('待审批');
  });

  await test.step('the filer of the absence sees whom it awaits and why they cannot decide it, and withdraws it', async () => {
    const row = page.getByRole('row').filter({ hasText: student.name });
    await row.getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '休学审批' });
    const waiting = dialog.getByRole('region', { name: '待审批' });
    // The current step names its approvers; the campus head filed it, so cannot decide it.
    await expect(waiting.getByRole('listitem').first()).toContainText('当前步骤');
    await expect(waiting.getByRole('note')).toContainText('不能审批自己的申请');
    await expect(dialog.getByRole('button', { name: '通过' })).toHaveCount(0);
    await dialog.getByRole('button', { name: '撤回申请' }).click();
    await page.getByRole('dialog', { name: '请确认' }).getByRole('button', { name: '撤回申请' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('已取消');
  });

  const contractNo = `HT${String(Date.now()).slice(-8)}`;
  await test.step('paper contract: registered by the campus head, approved by finance', async () => {
    await page.getByRole('link', { name: '恢复协议' }).click();
    await page.getByRole('button', { name: '登记纸质合同' }).click();
    const dialog = page.getByRole('dialog', { name: '登记纸质合同' });
    await dialog.getByLabel('订单编号').fill(from.code);
    await dialog.getByLabel('合同编号').fill(contractNo);
    await dialog.getByLabel('签订日期').fill(day(-1));
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();

    await signIn('finance', { to: '/financial/recoveredAgree' });
    const row = page.getByRole('row').filter({ hasText: contractNo });
    await row.getByRole('button', { name: '审批' }).click();
    const decide = page.getByRole('dialog', { name: '纸质合同审批' });
    await expect(decide).toContainText(from.code);
    await decide.getByRole('button', { name: '通过' }).click();
    await expect(decide).toBeHidden();
    await showDecided(page);
    await expect(row).toContainText('已通过');
  });

  // 4 of the 10 paid hours of the first course, at what was paid for them, become hours of the
  // second at its unit price, not what its own order paid (another journey's offer may have priced
  // that order); hours to the hundredth, rounded down, counted in hundredths.
  const paidPerHour = Math.round((Number(fromItem.amount) * 100) / fromItem.quantity);
  const movedCents = 4 * paidPerHour;
  const toPrice = Math.round(Number(toItem.unitPrice) * 100);
  const gained100 = Math.floor((movedCents * 100) / toPrice);
  await test.step('transfer course: hours moved, the movements summing to zero', async () => {
    await page.goto('/students/transfer');
    await pick(page, '学员', student.code);
    await page.getByRole('combobox', { name: '订单', exact: true }).selectOption({
      label: `${from.code}（${fromItem.courseName}）剩余 10，${shownYuan(fromItem.amount)}`,
    });
    const form = page.getByRole('form', { name: '转课' });
    await form.getByLabel('转出课程').selectOption({ index: 1 });
    await pick(form, '转入课程', toItem.courseCode);
    await form.getByLabel('转出已付课时').fill('4');
    const movements = page.getByRole('table', { name: '台账变动' });
    await expect(movements.getByRole('row')).toHaveCount(4);
    await expect(movements.getByRole('row').last()).toContainText('¥0.00');
    await form.getByRole('button', { name: '确认转课' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已转课' })).toBeVisible();

    await page.goto(`/students/studentDetail?code=${student.code}&tab=balance`);
    const balance = page.getByRole('table', { name: '按课程剩余' });
    const course = (name: string) =>
      balance.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(course(fromItem.courseName).getByRole('cell').first()).toHaveText('6');
    await expect(course(toItem.courseName).getByRole('cell').first()).toHaveText(
      String((400 + gained100) / 100),
    );
  });

  await test.step('statement: drawn again as a new version, the old one kept', async () => {
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    await finance.statements.generate({ body: { schoolItemCode: 'SH01', month, studentId: student.id } });
    const statements = page.getByRole('link', { name: '对账单' });
    if (!(await statements.isVisible())) await page.getByRole('button', { name: '财务管理' }).click();
    await statements.click();
    const search = page.getByRole('search');
    await search.getByLabel('学员姓名或编号').fill(student.code);
    await search.getByRole('button', { name: '查询' }).click();
    const row = page.getByRole('row').filter({ hasText: student.name });
    await expect(row).toHaveCount(1);
    const headers = await page
      .getByRole('table', { name: '对账单' })
      .getByRole('columnheader')
      .allTextContents();
    const version = row.getByRole('cell').nth(headers.indexOf('版本'));
    await expect(version).toHaveText('1');
    await row.getByRole('button', { name: '重新生成' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(version).toHaveText('2');
    await row.getByRole('button', { name: '查看' }).click();
    const shown = page.getByRole('dialog', { name: `对账单 · ${student.name} · ${month}` });
    await expect(shown.getByRole('table', { name: '本月变动' })).toContainText('转出');
    await expect(shown.getByRole('status').filter({ hasText: '与台账一致' })).toBeVisible();
    const versions = shown.getByRole('table', { name: '历史版本' });
    await expect(versions.getByRole('row')).toHaveCount(2);
    await expect(versions.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
  });

  await test.step('transfer school: a student of SH02 moved to SH01, then found by SH01’s consultant', async () => {
    const moving = await newStudent(admin, 'SH02', 'B');
    await paidOrder(admin, finance, {
      studentId: moving.id,
      courseCode: 'C001',
      quantity: 2,
      campus: 'SH02',
    });
    await signIn('admin', { to: '/financial/transferSchool' });
    await page.getByRole('button', { name: '申请转校' }).click();
    const dialog = page.getByRole('dialog', { name: '申请转校' });
    await pick(dialog, '学员', moving.code);
    await pick(dialog, '转入校区', '徐汇');
    await dialog.getByLabel('原因').fill('家庭搬家');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    for (const who of ['director', 'finance'] as const) {
      await signIn(who, { to: '/financial/transferSchool' });
      const row = page.getByRole('row').filter({ hasText: moving.name });
      await row.getByRole('button', { name: '审批' }).click();
      const decide = page.getByRole('dialog', { name: '转校审批' });
      await decide.getByRole('button', { name: '通过' }).click();
      await expect(decide).toBeHidden();
    }
    await showDecided(page);
    await expect(page.getByRole('row').filter({ hasText: moving.name })).toContainText('已通过');

    await signIn('sales', { to: '/students/list' });
    const search = page.getByRole('search');
    await search.getByLabel('关键字').fill(moving.code);
    await search.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('row').filter({ hasText: moving.name })).toBeVisible();
    const there = await admin.students.students({ query: { schoolItemCode: 'SH02', keyword: moving.name } });
    expect(there.total).toBe(0);
  });
});
