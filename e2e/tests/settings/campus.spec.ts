import { expect, test } from '@playwright/test';
import { signIn, unique } from './helpers';
import { pick } from '../../fixtures/combobox';

test('a campus created in a region shows in the campus selector of another screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/setting/campus');
  await expect(page.getByRole('tab', { name: '校区' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: '校区' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  const id = unique();
  const name = `E2E校区${id}`;
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增校区' });
  await dialog.getByLabel('编码').fill(`E2E${id}`);
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('区域').selectOption({ index: 1 });
  await dialog.getByLabel('城市').selectOption({ index: 1 });
  // Last in the campus order (排序), as an administrator places a new campus: screens that open on a
  // user's first campus keep opening on the demo's (the filled-screens walk reads them later).
  await dialog.getByLabel('排序').fill('999');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  // The list filters by the trimmed name, and the filter is kept in the URL.
  await page.getByRole('search').getByLabel('名称').fill(`  ${name}  `);
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/campuses\.name=/);
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('search').getByLabel('名称')).toHaveValue(name);

  // Another screen's campus selector offers it (the staff list's campus filter).
  await page.goto('/staff/list');
  await pick(page.getByRole('search'), '校区', `e2e${id}`, name);
  await expect(page.getByRole('search').getByRole('combobox', { name: '校区' })).toHaveValue(name);
});

test('a list filter picks a campus by typing the pinyin initials of its name', async ({ page }) => {
  await signIn(page);
  await page.goto('/staff/list');
  const table = page.getByRole('table', { name: '员工' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // 上海徐汇校区: s(hang) h(ai) x(u) h(ui).
  await pick(page.getByRole('search'), '校区', 'shxh', '上海徐汇校区');
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/SH01/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '上海徐汇校区' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('search').getByRole('combobox', { name: '校区' })).toHaveValue('上海徐汇校区');
});
