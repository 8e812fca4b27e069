// An e-sales resource is created, followed up and sent to a campus, where it becomes a clue.
import { expect, test } from '../../fixtures/auth';
import { uniquePhone } from './helpers';
import { pick } from '../../fixtures/combobox';

test.use({ user: 'sales' });

test('a resource is followed up and sent to a campus as a clue', async ({ page }) => {
  const phone = uniquePhone();
  const name = `资源${phone.slice(-4)}`;
  await page.goto('/clues/clueResources');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增资源' });
  await dialog.getByLabel('联系人').fill(name);
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('孩子姓名').fill(`${name}宝宝`);
  await pick(dialog, '校区', 'SH01');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await page.getByLabel('跟进内容').fill('家长有意向，约到校');
  await page.getByRole('button', { name: '保存跟进' }).click();
  // Saved when the form clears and the history shows it (React writes a controlled textarea's value
  // as its text too, so the bare text is found in the form before the save has answered).
  await expect(page.getByLabel('跟进内容')).toHaveValue('');
  await expect(page.getByRole('listitem').filter({ hasText: '家长有意向，约到校' })).toBeVisible();

  await page.getByRole('toolbar', { name: '线索操作' }).getByRole('button', { name: '下发校区' }).click();
  const send = page.getByRole('dialog', { name: '下发校区' });
  await expect(send.getByRole('combobox', { name: '校区' })).toHaveValue('上海徐汇校区');
  await send.getByRole('button', { name: '提交' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByRole('heading', { name: new RegExp(name) }).getByText('已下发校区')).toBeVisible();
  await expect(page.getByRole('link', { name: /^XS|^C/ }).first()).toBeVisible();
});

test.describe('distribution', () => {
  test.use({ user: 'admin' });

  test('resources are dealt out to the chosen specialists; choosing none is refused on the field', async ({
    page,
  }) => {
    const phone = uniquePhone();
    const name = `分配${phone.slice(-4)}`;
    await page.goto('/clues/clueResources');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const create = page.getByRole('dialog', { name: '新增资源' });
    await create.getByLabel('联系人').fill(name);
    await create.getByLabel('手机号').fill(phone);
    await create.getByRole('button', { name: '保存' }).click();
    await expect(create).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('checkbox', { name: '选择此行' }).check();
    await page.getByRole('button', { name: '分配', exact: true }).click();
    const dist = page.getByRole('dialog', { name: '分配 1 条资源' });
    await dist.getByRole('button', { name: '分配', exact: true }).click();
    await expect(dist.getByRole('alert')).toContainText('分配给（轮流分配）');
    await dist
      .getByRole('group', { name: '分配给（轮流分配）' })
      .getByRole('checkbox', { name: /赵敏/ })
      .check();
    await dist.getByRole('button', { name: '分配', exact: true }).click();
    await expect(dist).toBeHidden();
  });
});
