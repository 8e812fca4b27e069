// A clue marked invalid leaves the lists once approved; a visited clue becomes a student; the
// task-centre badge follows the todos.
import { expect, test } from '../../fixtures/auth';
import { createClue, openClue, rowOf, uniquePhone } from './helpers';

test('an invalid request approved by the director takes the clue out of the lists', async ({
  page,
  signIn,
}) => {
  await signIn('sales');
  const phone = uniquePhone();
  const child = `无效${phone.slice(-4)}`;
  await createClue(page, { child, parent: '测试', phone });
  await openClue(page, child);
  await page.getByRole('toolbar', { name: '线索操作' }).getByRole('button', { name: '标记无效' }).click();
  const dialog = page.getByRole('dialog', { name: '标记无效' });
  await dialog.getByLabel('原因').fill('空号');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: new RegExp(child) }).getByText('无效待审批')).toBeVisible();

  await signIn('director', { to: '/clues/invalidClue' });
  await rowOf(page, child).getByRole('button', { name: '审批' }).click();
  const decide = page.getByRole('dialog', { name: '无效审批' });
  await expect(decide.getByLabel('无效校验')).toContainText('创建未超过两天');
  await decide.getByRole('button', { name: '通过' }).click();
  await expect(decide).toBeHidden();

  await page.goto(`/clues/schoolClues?keyword=${encodeURIComponent(child)}`);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('link', { name: child, exact: true })).toHaveCount(0);

  await signIn('sales', { to: `/clues/clueList?keyword=${encodeURIComponent(child)}` });
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('link', { name: child, exact: true })).toHaveCount(0);
});

test('a visited clue is converted into a student', async ({ page, signIn }) => {
  await signIn('sales');
  const phone = uniquePhone();
  const child = `转化${phone.slice(-4)}`;
  await createClue(page, { child, parent: '家长', phone });
  await openClue(page, child);
  const actions = page.getByRole('toolbar', { name: '线索操作' });

  await actions.getByRole('button', { name: '预约到访' }).click();
  let dialog = page.getByRole('dialog', { name: '预约到访' });
  const soon = new Date(Date.now() + 60 * 60 * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  await dialog
    .getByLabel('到访时间')
    .fill(
      `${soon.getFullYear()}-${p(soon.getMonth() + 1)}-${p(soon.getDate())}T${p(soon.getHours())}:${p(soon.getMinutes())}`,
    );
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog).toBeHidden();

  await actions.getByRole('button', { name: '确认到访' }).click();
  dialog = page.getByRole('dialog', { name: '确认到访' });
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog).toBeHidden();

  await actions.getByRole('button', { name: '转为学员' }).click();
  dialog = page.getByRole('dialog', { name: '转为学员' });
  await expect(dialog.getByLabel('学员姓名')).toHaveValue(child);
  await expect(dialog.getByRole('combobox', { name: '校区' })).toHaveValue('上海徐汇校区');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: new RegExp(child) }).getByText('已转化')).toBeVisible();
  await expect(page.getByText(/学员编号: S\d{8}/)).toBeVisible();
});

test('the task-centre badge follows the todos', async ({ page, signIn, sdkAs }) => {
  const before = (await (await sdkAs('sales')).tasks.menuCount()).count;
  await signIn('sales', { to: '/clues/taskCenter' });
  if (before > 0) await expect(page.getByLabel(`${before} 项待办任务`)).toBeVisible();

  await page.getByRole('tab', { name: '我的待办' }).click();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增待办' });
  const title = `回电 ${Date.now()}`;
  await dialog.getByLabel('事项').fill(title);
  const now = new Date(Date.now() - 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  await dialog
    .getByLabel('截止时间')
    .fill(
      `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}T${p(now.getHours())}:${p(now.getMinutes())}`,
    );
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(`${before + 1} 项待办任务`)).toBeVisible();

  await rowOf(page, title).getByRole('button', { name: '完成' }).click();
  if (before === 0) await expect(page.getByLabel(/项待办任务$/)).toHaveCount(0);
  else await expect(page.getByLabel(`${before} 项待办任务`)).toBeVisible();
});
