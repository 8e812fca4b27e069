// Every clue screen opens for the director with its title and no error; the list screens show a table.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';

const LISTS: Array<[string, string]> = [
  ['/clues/clueList', '线索列表'],
  ['/clues/schoolClues', '校区线索'],
  ['/clues/disCluelist', ''],
  ['/clues/cluePublic', '公海线索'],
  ['/clues/invalidClue', ''],
  ['/clues/primaryScreen', ''],
  ['/clues/baiduClue', ''],
  ['/clues/h5activity', ''],
  ['/clues/channelSign', ''],
  ['/clues/admissionAssessment', ''],
  ['/clues/speechScreening', ''],
  ['/clues/taskCenter', '任务中心'],
  ['/clues/qualityControl', ''],
  ['/clues/clueResources', ''],
];

test.use({ user: 'director' });

test('the clue list screens open with a table and no error', async ({ page }) => {
  // Fourteen full page loads in one test: more time than one journey step needs on a busy machine.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [path, title] of LISTS) {
    await page.goto(path);
    if (title) await expect(page.getByRole('heading', { name: title, level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('table').first(), path).toBeVisible();
    await expect(page.getByText('页面出错')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('the workbench shows its sections', async ({ page }) => {
  await page.goto('/workSurface/index');
  for (const name of ['我的审批', '本月业绩', '今日待跟进', '今日到访', '我的待办'])
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
});

test('a channel sign is created and deleted', async ({ page }) => {
  await page.goto('/clues/channelSign');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增渠道标识' });
  const name = `E2E标识${Date.now().toString(36).slice(-4)}`;
  await dialog.getByLabel('标识名称').fill(name);
  await dialog.getByLabel('渠道').selectOption({ index: 1 });
  await pick(dialog, '校区', 'SH01');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toHaveCount(0);
});
