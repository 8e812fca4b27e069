import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

const HEADERS = [
  '年份* / year',
  '目标类型* / type',
  '校区编码* / campus code',
  '员工编码 / employee code',
  ...Array.from({ length: 12 }, (_, i) => `${i + 1}月 / m${i + 1}`),
  '备注 / remark',
];

async function targetsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('targets');
  ws.addRow(HEADERS);
  ws.addRow([2031, 1, 'SH01', '', 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 'e2e good row']);
  // A consultant target without the employee code: the bad row.
  ws.addRow([2031, 2, 'SH01', '', 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 'e2e bad row']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('importing clue targets with a bad row downloads the import-result workbook', async ({ page }) => {
  await signIn(page);
  await page.goto('/setting/clues?tab=clueTargets');
  await expect(page.getByRole('tab', { name: '线索目标' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: '线索目标' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.locator('input[type=file]').setInputFiles({
    name: 'targets.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await targetsWorkbook(),
  });
  const file = await download;
  expect(file.suggestedFilename()).toBe('导入结果.xlsx');

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const text: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => text.push(String(c.text)))));
  expect(text.join(' ')).toMatch(/员工编码|employee code/);

  // All-or-nothing: the good row was not written either.
  await page.getByRole('search').getByLabel('年份').fill('2031');
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('暂无数据')).toBeVisible();
});

test('the template downloads', async ({ page }) => {
  await signIn(page);
  await page.goto('/setting/clues?tab=clueTargets');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载模板' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
