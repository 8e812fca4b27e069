// A consultant's clue from creation to a transfer decided by the director in the workbench.
import { expect, test } from '../../fixtures/auth';
import { createClue, openClue, uniquePhone } from './helpers';
import { pick } from '../../fixtures/combobox';

test('create, duplicate refused, follow-up draft across tabs, transfer approved in the workbench', async ({
  page,
  signIn,
}) => {
  await signIn('sales');
  const phone = uniquePhone();
  const child = `小明${phone.slice(-4)}`;
  await createClue(page, { child, parent: '张女士', phone });
  await expect(page.getByRole('link', { name: child, exact: true })).toBeVisible();

  // The same phone again: the server's 409 names the holder, on the phone field.
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增线索' });
  await dialog.getByLabel('孩子姓名').fill('重复');
  await dialog.getByLabel('家长姓名').fill('重复');
  await dialog.getByLabel('手机号').fill(phone);
  await pick(dialog, '校区', 'SH01');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText(/手机号已存在有效线索.*李晓燕/)).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  // Detail: the tab is titled with the child's name.
  await openClue(page, child);
  await expect(page).toHaveTitle(new RegExp(`${child}线索详情`));
  const content = page.getByLabel('跟进内容');
  await content.fill('电话沟通，家长想周末来看看');

  // Another tab and back: the draft is still there; a reload too (localStorage).
  await page
    .getByRole('navigation', { name: '已打开的页面' })
    .getByRole('link', { name: '线索列表' })
    .click();
  await expect(page).toHaveURL(/\/clues\/clueList/);
  await page
    .getByRole('navigation', { name: '已打开的页面' })
    .getByRole('link', { name: new RegExp(child) })
    .click();
  await expect(page.getByLabel('跟进内容')).toHaveValue('电话沟通，家长想周末来看看');
  await page.reload();
  await expect(page.getByLabel('跟进内容')).toHaveValue('电话沟通，家长想周末来看看');

  await page.getByLabel('意向度').selectOption('A');
  await page.getByRole('button', { name: '保存跟进' }).click();
  await expect(page.getByLabel('跟进内容')).toHaveValue('');
  await expect(page.getByRole('tab', { name: '跟进记录 (1)' })).toBeVisible();
  await expect(page.getByText('电话沟通，家长想周末来看看')).toBeVisible();

  // A new draft is cleared when the clue's tab closes.
  await page.getByLabel('跟进内容').fill('还没写完');
  const url = new URL(page.url());
  const key = `followDraft:/clues/clueDetail:${url.searchParams.get('id') ?? ''}`;
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).not.toBeNull();
  await page.getByRole('button', { name: new RegExp(`关闭 ${child}`) }).click();
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

  // Transfer to the director (a manager of the campus may own clues): an approval request.
  await page.goto(url.pathname + url.search);
  await page.getByRole('toolbar', { name: '线索操作' }).getByRole('button', { name: '转移' }).click();
  const transfer = page.getByRole('dialog', { name: '转移' });
  await pick(transfer, '顾问', 'wjg', '王建国 (director)');
  await transfer.getByLabel('原因').fill('家长希望总监亲自跟进');
  await transfer.getByRole('button', { name: '提交' }).click();
  await expect(transfer).toBeHidden();
  await expect(page.getByText('转移待审批').first()).toBeVisible();

  // The director decides it in the workbench.
  await signIn('director', { to: '/workSurface/index' });
  await page.getByRole('button', { name: `审批 ${child} 的转移申请` }).click();
  const decide = page.getByRole('dialog', { name: '转移审批' });
  await expect(decide.getByText('家长希望总监亲自跟进')).toBeVisible();
  await decide.getByLabel('审批意见').fill('同意');
  await decide.getByRole('button', { name: '通过' }).click();
  await expect(decide).toBeHidden();
  await expect(page.getByRole('button', { name: `审批 ${child} 的转移申请` })).toHaveCount(0);

  // The clue is now in the director's own list.
  await page.goto('/clues/clueList');
  await expect(page.getByRole('link', { name: child, exact: true })).toBeVisible();
});
