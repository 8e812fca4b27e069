// Roles and accounts: a new role (its number assigned) granted one screen found by the tree's
// search, an account with that role, and that account's first sign-in landing on that screen with a
// menu holding exactly it. Also the reset of a password shown once.
import { expect, test } from '../../fixtures/auth';
import { changePasswordByApi, freshAccount, unique } from './helpers';

test.use({ user: 'admin' });

test('a new role granted one screen gives its account exactly that menu', async ({
  page,
  request,
  signIn,
}) => {
  const suffix = unique();
  const roleName = `质检员${suffix}`;

  // The role: its number is the system's to assign, not asked.
  await page.goto('/setting/roleAuthorization');
  await page.getByRole('button', { name: '新增' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('角色编码')).toHaveCount(0);
  await dialog.getByLabel('角色名称').fill(roleName);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);

  // One screen in the tree.
  const row = page.getByRole('row').filter({ hasText: roleName });
  await row.getByRole('button', { name: '分配权限' }).click();
  const tree = page.getByRole('region', { name: `角色「${roleName}」的权限` });
  await tree.getByLabel('搜索权限').fill('意见');
  await expect(tree.getByRole('checkbox', { name: '首页', exact: true })).toHaveCount(0);
  const group = tree.getByRole('list', { name: '运营管理', exact: true });
  await group.getByRole('checkbox', { name: '意见反馈', exact: true }).check();
  await expect(tree.getByRole('checkbox', { name: '运营管理', exact: true })).toBeChecked();
  // No home page granted: the account lands on the one screen it holds.
  await tree.getByRole('button', { name: '保存权限' }).click();
  await expect(page.getByText('权限已保存').first()).toBeVisible();

  // The account, with its one-time password.
  const username = `qc${suffix}`;
  await page.goto('/setting/systemUsers');
  await page.getByRole('button', { name: '新增' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('姓名').fill(`质检${suffix}`);
  await dialog.getByRole('group', { name: '角色' }).getByRole('checkbox', { name: roleName }).check();
  await dialog.getByRole('button', { name: '保存' }).click();
  const secret = page.getByRole('dialog', { name: '临时密码' });
  await expect(secret).toBeVisible();
  const temporary = (await secret.getByRole('status').textContent())?.trim() ?? '';
  expect(temporary.length).toBeGreaterThanOrEqual(8);
  await secret.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('row').filter({ hasText: username })).toBeVisible();

  await changePasswordByApi(request, username, temporary, 'Quality123');
  await signIn(username, { password: 'Quality123', to: '/home' });
  await expect(page).toHaveURL(/\/operation\/feedback/);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  // The group of the screen it landed on is open.
  await expect(menu.getByRole('button', { name: '运营管理' })).toHaveAttribute('aria-expanded', 'true');
  // The brand link and the feedback screen; no home link for a role without the home screen.
  await expect(menu.getByRole('link')).toHaveText([/.*/, '意见反馈']);
  await expect(menu.getByRole('button')).toHaveCount(1);
});

test('resetting a password shows the temporary one once', async ({ page, request, sdkAs }) => {
  // A fresh account: the demo ones stay intact for the other journeys.
  const username = `rst${unique()}`;
  await freshAccount(await sdkAs('admin'), request, {
    username,
    name: `重置${username}`,
    roles: [40],
    password: 'Before1234',
    regions: ['HD'],
    campuses: ['SH01'],
  });
  await page.goto(`/setting/systemUsers?username=${username}`);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '重置密码' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  const secret = page.getByRole('dialog', { name: '临时密码' });
  await expect(secret).toContainText(username);
  await expect(secret.getByRole('button', { name: '复制' })).toBeVisible();
  const temporary = (await secret.getByRole('status').textContent())?.trim() ?? '';
  await secret.getByRole('button', { name: '确定' }).click();
  await expect(secret).toHaveCount(0);
  // The old password no longer works; the temporary one does.
  expect(
    (
      (await (
        await request.post('/api/auth/login', { data: { username, password: 'Before1234' } })
      ).json()) as { code: number }
    ).code,
  ).not.toBe(0);
  expect(
    (
      (await (await request.post('/api/auth/login', { data: { username, password: temporary } })).json()) as {
        code: number;
      }
    ).code,
  ).toBe(0);
});
