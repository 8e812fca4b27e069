// Seats (degrees) of issue 15: on /students/degreeManagement a campus's planner holds a teacher's
// evening time for a student (an assist task, temporary: it books no lesson), finds the seat in the
// campus's list, held, edits its item (continuous now) in the seat's detail and releases the seat.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';

test('a seat held for a student is listed, its item edited, and the seat released', async ({
  page,
  signIn,
  sdkAs,
}) => {
  const admin = await sdkAs('admin');
  const [pupil] = await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01' } });
  if (!pupil) throw new Error('the demo data has a SH01 student');

  await signIn('admin', { to: '/students/degreeManagement' });
  await pick(page, '校区', 'SH01');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await page.getByRole('button', { name: '新增学位', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增学位' });
  await pick(dialog, '教师', 'E0005');
  await dialog.getByLabel('时段类型').selectOption({ label: 'B段 晚间' });
  await dialog.getByLabel('开始时间').fill('21:10');
  await dialog.getByLabel('结束时间').fill('21:50');
  await dialog.getByLabel('学位类型').selectOption({ label: '辅助任务' });
  await dialog.getByLabel('按姓名搜索').fill(pupil.studentName);
  await dialog.getByLabel('占用对象').selectOption({ label: `${pupil.studentName}（${pupil.studentCode}）` });
  await dialog.getByLabel('频次', { exact: true }).selectOption({ label: '临时' });
  await dialog.getByRole('button', { name: '提交', exact: true }).click();
  // (Saved: the dialog closes; the seat books no lesson, its item shows none coming below.)
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: '21:10-21:50' });
  await expect(row).toContainText(pupil.studentName);
  await expect(row).toContainText('占用中');

  await test.step('the item is edited in the seat detail (reloaded after the save)', async () => {
    await row.getByRole('button', { name: '学位详情' }).click();
    const detail = page.getByRole('dialog', { name: '学位详情' });
    await detail.getByRole('tab', { name: '班课及其他' }).click();
    const item = detail.getByRole('row').filter({ hasText: pupil.studentName });
    await expect(item).toContainText('临时');
    await expect(item.getByRole('cell').nth(5)).toHaveText('0');
    await item.getByRole('button', { name: '编辑', exact: true }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await edit.getByLabel('频次', { exact: true }).selectOption({ label: '连续' });
    await edit.getByRole('button', { name: '提交', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(item).toContainText('连续');
  });

  await test.step('the seat is released: its detail and the held list show it', async () => {
    const detail = page.getByRole('dialog', { name: '学位详情' });
    await detail.getByRole('button', { name: '释放学位', exact: true }).click();
    await page
      .getByRole('dialog', { name: /释放后/ })
      .getByRole('button', { name: '确定' })
      .click();
    await expect(detail.getByText('已释放')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(row).toHaveCount(0);
  });
});
