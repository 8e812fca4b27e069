// Saved views of list screens (the list kit's 视图 menu): a person saves the filters of a list under
// a name, leaves, comes back to the list opened without filters, applies the view, then makes it the
// default and finds the list opened with it.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';
import { unique } from './helpers';

const SCREEN = '/staff/list';
const PREFIX = '徐汇员工';

test('a saved view is applied again after leaving the list, and a default view opens it', async ({
  page,
  signIn,
  sdkAs,
}) => {
  const admin = await sdkAs('admin');
  // What an earlier attempt left (the default view would open the other journeys' staff list too).
  const clear = async () => {
    for (const v of await admin.system.viewList({ query: { screen: SCREEN } }))
      if (v.name.startsWith(PREFIX)) await admin.system.viewDelete({ body: { id: v.id } });
  };
  await clear();
  const name = `${PREFIX}${unique()}`;
  try {
    await signIn('admin', { to: SCREEN });
    const search = page.getByRole('search');
    const campus = search.getByRole('combobox', { name: '校区' });
    const table = page.getByRole('table', { name: '员工' });
    const views = search.getByRole('button', { name: /^视图/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await test.step('filter the list and save the filters as a view', async () => {
      await pick(search, '校区', 'shxh', '上海徐汇校区');
      await search.getByRole('button', { name: '查询' }).click();
      await expect(page).toHaveURL(/SH01/);
      await views.click();
      await page.getByRole('menuitem', { name: '保存当前筛选为视图…' }).click();
      const dialog = page.getByRole('dialog', { name: '保存视图' });
      await dialog.getByLabel('视图名称').fill(name);
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog).toBeHidden();
      // The menu names the view the list shows.
      await expect(search.getByRole('button', { name: `视图 · ${name}` })).toBeVisible();
    });

    await test.step('leave, come back to the list without filters, and apply the view', async () => {
      await page.goto('/setting/campus');
      await expect(page.getByRole('table', { name: '校区' })).toBeVisible();
      await page.goto(SCREEN);
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expect(campus).toHaveValue('');
      await views.click();
      await page.getByRole('menuitem', { name }).click();
      await expect(page).toHaveURL(/SH01/);
      await expect(campus).toHaveValue('上海徐汇校区');
      await expect(table.getByRole('row').filter({ hasText: '上海徐汇校区' }).first()).toBeVisible();
    });

    await test.step('make it the default: the list opens with it', async () => {
      await views.click();
      await page.getByRole('menuitem', { name: '管理视图…' }).click();
      const dialog = page.getByRole('dialog', { name: '管理视图' });
      await dialog.getByRole('listitem', { name }).getByRole('button', { name: '设为默认' }).click();
      await expect(dialog.getByRole('listitem', { name }).getByText('默认', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: '关闭' }).first().click();
      await expect(dialog).toBeHidden();

      await page.goto('/setting/campus');
      await expect(page.getByRole('table', { name: '校区' })).toBeVisible();
      await page.goto(SCREEN);
      await expect(page).toHaveURL(/SH01/);
      await expect(campus).toHaveValue('上海徐汇校区');
      await expect(search.getByRole('button', { name: `视图 · ${name}` })).toBeVisible();
    });
  } finally {
    await clear();
  }
});
