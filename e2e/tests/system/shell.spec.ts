// The shell: tabs across a reload and past the width of the bar, the task-centre badge by role,
// feedback with an attachment and its reply.
import { expect, test } from '../../fixtures/auth';
import { unique } from './helpers';

// 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('tabs survive a reload, and right-click → close all leaves home', async ({ page, signIn }) => {
  await signIn('admin', { to: '/home' });
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('button', { name: '系统设置' }).click();
  await menu.getByRole('link', { name: '校区管理' }).click();
  await expect(page).toHaveURL(/\/setting\/campus/);
  await menu.getByRole('link', { name: '课程设置' }).click();
  await expect(page).toHaveURL(/\/setting\/course/);

  const tabs = page.getByRole('navigation', { name: '已打开的页面' });
  await expect(tabs.getByRole('link', { name: '校区管理' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '课程设置' })).toBeVisible();

  await page.reload();
  await expect(tabs.getByRole('link', { name: '校区管理' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '课程设置' })).toBeVisible();

  await tabs.getByRole('link', { name: '校区管理' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(tabs.getByRole('link', { name: '校区管理' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: '课程设置' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: '首页' })).toBeVisible();
});

test('many tabs scroll with arrows, list in a menu, and keep the active one in view', async ({
  page,
  signIn,
}) => {
  // Opens screen after screen until the tab strip overflows: more time than one journey step needs.
  test.slow();
  await page.setViewportSize({ width: 900, height: 700 });
  await signIn('admin', { to: '/home' });
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('button', { name: '系统设置' }).click();
  const screens = menu.getByRole('link');
  const count = Math.min(await screens.count(), 12);
  for (let i = 0; i < count; i++) await screens.nth(i).click();

  const tabs = page.getByRole('navigation', { name: '已打开的页面' });
  const left = page.getByRole('button', { name: '向左滚动页签' });
  const right = page.getByRole('button', { name: '向右滚动页签' });
  // The last one opened is active, at the far end: only the way back is open.
  await expect(tabs.locator('a[aria-current="page"]')).toBeInViewport();
  await expect(left).toBeEnabled();
  await expect(right).toBeDisabled();
  await expect(tabs.getByRole('link', { name: '首页' })).not.toBeInViewport();

  // The menu of every open page takes you to one scrolled out of sight, and brings it into view.
  await page.getByRole('button', { name: '全部已打开的页面' }).click();
  await page.getByRole('menuitem', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(tabs.getByRole('link', { name: '首页' })).toBeInViewport();
  await expect(left).toBeDisabled();

  // The arrows scroll; End moves the focus to the last tab and shows it.
  await right.click();
  await expect(left).toBeEnabled();
  await tabs.getByRole('link', { name: '首页' }).focus();
  await page.keyboard.press('End');
  const last = tabs.getByRole('link').last();
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
});

test('the task-centre badge shows for sales, never for finance', async ({ page, signIn, sdkAs }) => {
  const sales = await sdkAs('sales');
  await sales.tasks.addTodo({
    body: { title: `回访 ${unique()}`, content: '', dueAt: new Date().toISOString() },
  });
  const { count } = await sales.tasks.menuCount();
  expect(count).toBeGreaterThan(0);

  await signIn('sales', { to: '/home' });
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('button', { name: '线索管理' }).click();
  const item = menu.getByRole('link', { name: /任务中心/ });
  await expect(item.getByLabel(/项待办任务/)).toBeVisible();

  await signIn('finance', { to: '/home' });
  await expect(page.getByText('张丽华').first()).toBeVisible();
  await expect(page.getByLabel(/项待办任务/)).toHaveCount(0);
  await expect(menu.getByRole('link', { name: /任务中心/ })).toHaveCount(0);
});

test('feedback with an attachment reaches the feedback list', async ({ page, signIn }) => {
  const text = `上传按钮没有反应 ${unique()}`;
  await signIn('teacher', { to: '/home' });
  await page.getByRole('button', { name: '反馈' }).click();
  await page.getByRole('menuitem', { name: '提交问题和意见' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('问题和意见').fill(text);
  await dialog
    .getByLabel('添加附件')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('screen.png')).toBeVisible();
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('感谢您的反馈').first()).toBeVisible();

  await signIn('admin', { to: '/operation/feedback' });
  await expect(page.getByText(text).first()).toBeVisible();

  // The handler replies and marks it handled; the row then reads as handled.
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '反馈详情' });
  await detail.getByLabel('回复').fill('已修复，请刷新后再试');
  await detail.getByRole('button', { name: '标记为已处理' }).click();
  await expect(detail).toBeHidden();
  await expect(row.getByText('已处理')).toBeVisible();
});
