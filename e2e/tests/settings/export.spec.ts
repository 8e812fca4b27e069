import ExcelJS from 'exceljs';
import { SHEETS, exportColumns } from '@bo/api-sdk';
import { expect, test } from '../../fixtures/auth';
import { signIn } from './helpers';

/** The journey's own course, put back to these values first (a retry starts from them too). */
const OWN = { code: 'E2ERT01', name: 'E2E往返课程', price: '300.00', edited: '345.50' };

test('export writes the whole filtered result to an xlsx named by date; the file, edited, imports back', async ({
  page,
  sdkAs,
}) => {
  const admin = await sdkAs('admin');
  const [model] = (await admin.courses.coursesPage({ query: { pageIdx: 1, pageSize: 1 } })).list;
  if (!model) throw new Error('the demo has no course');
  await admin.courses.courseImport({
    body: {
      rows: [
        {
          code: OWN.code,
          name: OWN.name,
          coursecategorycode: model.coursecategorycode,
          courserankcode: model.courserankcode,
          price: OWN.price,
        },
      ],
    },
  });

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
  if (!ws) throw new Error('no sheet');
  expect((ws.actualRowCount ?? 0) - 1).toBe(total);

  await test.step('the export has the import template’s columns; edited, it imports back as one update', async () => {
    const header: string[] = [];
    ws.getRow(1).eachCell((c, i) => void (header[i - 1] = c.text));
    expect(header).toEqual(exportColumns(SHEETS.courses).map((c) => c.header));
    const codeAt = header.indexOf('课程编码 / course code') + 1;
    const priceAt = header.indexOf('价格 / price') + 1;
    let edited = 0;
    ws.eachRow((row, n) => {
      if (n > 1 && row.getCell(codeAt).text === OWN.code) {
        expect(row.getCell(priceAt).text).toBe(OWN.price);
        row.getCell(priceAt).value = OWN.edited;
        edited += 1;
      }
    });
    expect(edited).toBe(1);

    await page.locator('input[type=file]').setInputFiles({
      name: 'courses-edited.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    const preview = page.getByRole('dialog', { name: '导入预览' });
    await expect(preview.getByText(`共 ${total} 行：新增 0，更新 1，不变 ${total - 1}`)).toBeVisible();
    await preview.getByRole('button', { name: '确认导入' }).click();
    await expect(page.getByText('导入成功：新增 0，更新 1')).toBeVisible();

    await page.getByRole('search').getByLabel('名称').fill(OWN.name);
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    const own = table.getByRole('row').filter({ hasText: OWN.code });
    await expect(own).toContainText(OWN.edited);
  });
});
