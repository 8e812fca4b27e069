import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

test('export writes the whole filtered result, not just the page, to an xlsx named by date', async ({
  page,
}) => {
  await signIn(page);
  // Ten rows a page, so the export has to fetch beyond the page shown.
  await page.goto('/setting/course?courses.size=10');
  const table = page.getByRole('table', { name: '课程' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const totalText = await page.getByText(/^共 \d+ 条$/).textContent();
  const total = Number(/\d+/.exec(totalText ?? '')?.[0]);
  expect(total).toBeGreaterThan(10);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^课程_\d{8}\.xlsx$/);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0];
  expect(ws?.getRow(1).getCell(1).text).toBe('编码');
  expect((ws?.actualRowCount ?? 0) - 1).toBe(total);
});
