import { expect, test } from '@playwright/test';
import { signIn, unique } from './helpers';
import { pick } from '../../fixtures/combobox';

test('an employee is created with campus and post, then found by the filters', async ({ page }) => {
  await signIn(page);
  await page.goto('/staff/list');
  const table = page.getByRole('table', { name: '员工' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  const id = unique();
  const name = `测试员工${id}`;
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增员工' });
  // The schema's errors show on the fields before anything is sent.
  await dialog.getByRole('button', { name: '保存' }).click();
  // In the user's language, naming the field by its label (the form kit's messages).
  await expect(dialog.getByRole('alert').filter({ hasText: '所属校区' })).toHaveText('请填写 所属校区');

  await dialog.getByLabel('工号').fill(`E${id}`);
  await dialog.getByLabel('姓名').fill(name);
  await pick(dialog, '所属校区', 'shxh', '上海徐汇校区');
  await dialog.getByLabel('岗位').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('search').getByLabel('姓名').fill(name);
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
});
