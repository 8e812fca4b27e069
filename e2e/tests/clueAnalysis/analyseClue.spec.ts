import ExcelJS from 'exceljs';
import { expect, test } from '../../fixtures/auth';

test.use({ user: 'admin' });

test('clue analysis: the school report lists the seeded campuses and exports them as xlsx', async ({
  page,
}) => {
  await page.goto('/clues/analyseClue');
  await expect(page.getByRole('tab', { name: '校区' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: '校区' });
  for (const campus of ['上海徐汇校区', '上海浦东校区', '北京朝阳校区'])
    await expect(table.getByRole('cell', { name: campus, exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /合计/ })).toBeVisible();
  const rows = (await table.getByRole('row').count()) - 2;

  // A figure opens the clue rows behind it.
  await table.getByRole('button', { name: /查看 合计 的 新增线索 明细/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('cell', { name: /^XS\d{8}$/ }).first()).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).first().click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^校区_\d{8}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0];
  expect(ws?.getRow(1).getCell(1).text).toBe('校区');
  expect(ws?.actualRowCount).toBe(rows + 2);
  expect(ws?.getRow(rows + 2).getCell(1).text).toBe('合计');
});

test('referral statistics: a consultant sees their campus preselected, kept in the URL', async ({
  page,
  signIn,
}) => {
  await signIn('sales', { to: '/clues/recommendStatic' });
  await expect(page).toHaveURL(/ca\.schoolItemCode=SH01/);
  await expect(page.getByRole('heading', { name: '转介绍', exact: true })).toBeVisible();
  await expect(page.getByText('推荐线索').first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/ca\.schoolItemCode=SH01/);
});
