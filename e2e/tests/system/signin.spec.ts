// Sign-in, menus by role, forbidden paths, revoked sessions and the own password change.
import { expect, test, DEMO_PASSWORD } from '../../fixtures/auth';
import { freshAccount, unique } from './helpers';

test('a wrong password shows the server’s message; the right one lands on /home with the name', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('用户名', { exact: true }).fill('teacher');
  await page.getByLabel('密码', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('陈思远').first()).toBeVisible();
});

test('two roles see different menus', async ({ page, signIn }) => {
  await signIn('admin', { to: '/home' });
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('button', { name: '系统设置' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '线索管理' })).toBeVisible();

  await signIn('sales', { to: '/home' });
  await expect(menu.getByRole('button', { name: '线索管理' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '系统设置' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: '财务管理' })).toHaveCount(0);
});

test('a forbidden path goes to /noauth', async ({ page, signIn }) => {
  await signIn('sales', { to: '/setting/systemUsers' });
  await expect(page).toHaveURL(/\/noauth/);
  await expect(page.getByText('无权访问').first()).toBeVisible();
});

test('a session revoked on the server sends the next request to /login', async ({ page, signIn }) => {
  await signIn('sales', { to: '/home' });
  await expect(page.getByText('李晓燕').first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const res = await page.request.post('/api/auth/logout', { headers: { token: token ?? '' } });
  expect(((await res.json()) as { code: number }).code).toBe(0);

  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '线索管理' }).click();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '线索列表' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('changes the own password, then signs in with the new one', async ({ page, request, sdkAs, signIn }) => {
  const admin = await sdkAs('admin');
  const username = `pwd${unique()}`;
  await freshAccount(admin, request, {
    username,
    name: '改密测试',
    roles: [40],
    password: 'Start12345',
    regions: ['HD'],
    campuses: ['SH01'],
  });

  await signIn(username, { via: 'ui', password: 'Start12345' });
  await page.goto('/modifyPwd');
  await page.getByLabel('原密码').fill('Start12345');
  await page.getByLabel('新密码', { exact: true }).fill('Changed67890');
  await page.getByLabel('确认新密码').fill('Changed67890');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill('Start12345');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('密码', { exact: true }).fill('Changed67890');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('改密测试').first()).toBeVisible();
});
