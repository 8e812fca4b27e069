import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('disabling a course rank that courses still use is refused with the reason', async ({ page }) => {
  await signIn(page);
  await page.goto('/setting/course?tab=ranks');
  await expect(page.getByRole('tab', { name: '课程级别' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: '课程级别' });
  const firstSwitch = table.getByRole('switch').first();
  await expect(firstSwitch).toBeChecked();

  await firstSwitch.click();
  // What cannot be undone lightly is confirmed first.
  const confirm = page.getByRole('dialog', { name: '提示' });
  await expect(confirm.getByText('确定要停用吗？')).toBeVisible();
  await confirm.getByRole('button', { name: '确定' }).click();

  // The server refuses: valid courses (or teachers' authorities) still use the rank.
  await expect(page.getByRole('alert').filter({ hasText: '不能停用' })).toBeVisible();
  await expect(firstSwitch).toBeChecked();
});

test('a course edit sends its version; the list shows the saved name', async ({ page }) => {
  await signIn(page);
  await page.goto('/setting/course');
  const table = page.getByRole('table', { name: '课程' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await table.getByRole('button', { name: '编辑' }).first().click();
  const dialog = page.getByRole('dialog', { name: '编辑课程' });
  const name = dialog.getByLabel('名称');
  const renamed = `${(await name.inputValue()).replace(/（改）$/, '')}（改）`;
  await name.fill(renamed);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
});

test('deleting a course that orders use is refused, naming what uses it, and the course stays', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/setting/course');
  const table = page.getByRole('table', { name: '课程' });
  // C001 is the course of the demo orders (and of the order journey).
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'C001', exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /正被使用.*订单/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '请改为停用' })).toBeVisible();
  await expect(row).toHaveCount(1);
});
