// A consultant's case file: created on /students/createStudent, found by name in the case-file list,
// edited (the version read goes back with the save), and followed up on its details.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';

const uniquePhone = () => `133${String(Date.now()).slice(-8)}`;

test('a consultant creates a student, finds it by name, edits it and adds a follow record', async ({
  page,
  signIn,
}) => {
  await signIn('sales');
  const phone = uniquePhone();
  const name = `学员${phone.slice(-4)}`;

  await page.goto('/students/createStudent');
  const form = page.getByRole('form', { name: '新建学员' });
  await form.getByLabel('学员姓名').fill(name);
  await form.getByLabel('家长姓名').fill('陈静');
  await form.getByLabel('与学员关系').fill('母亲');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('出生日期').fill('2021-03-14');
  await pick(form, '校区', 'SH01');
  await form.getByLabel('诊断', { exact: true }).fill('语言发育迟缓');
  await form.getByRole('button', { name: '保存档案' }).click();

  // Saved, the details open.
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('tab', { name: '康复信息' }).click();
  await expect(page.getByRole('tabpanel').getByText('语言发育迟缓')).toBeVisible();

  // The same phone again is routed to the student who holds it.
  await page.goto('/students/createStudent');
  const again = page.getByRole('form', { name: '新建学员' });
  await again.getByLabel('学员姓名').fill('重复学员');
  await again.getByLabel('家长姓名').fill('陈静');
  await again.getByLabel('手机号').fill(phone);
  await pick(again, '校区', 'SH01');
  await again.getByRole('button', { name: '保存档案' }).click();
  await expect(again.getByText(/手机号已属于学员 S\d{8}/)).toBeVisible();

  // The case-file list finds it by name.
  await page.goto('/students/list');
  await page.getByRole('search').getByLabel('关键字').fill(name);
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(name)}`));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('在读')).toBeVisible();

  // Edit: a new diagnosis and the status suspended.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('button', { name: '编辑', exact: true }).click();
  const edit = page.getByRole('form', { name: '编辑' });
  await expect(edit.getByLabel('学员姓名')).toHaveValue(name);
  await edit.getByLabel('诊断', { exact: true }).fill('孤独症谱系障碍');
  await edit.getByLabel('状态').selectOption({ label: '休学' });
  await edit.getByRole('button', { name: '保存档案' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('休学')).toBeVisible();

  // A follow record on the details.
  await page.getByRole('tab', { name: '跟进记录' }).click();
  const follow = page.getByRole('form', { name: '添加跟进记录' });
  await follow.getByLabel('跟进节点').selectOption({ label: '月度回访' });
  await follow.getByLabel('跟进内容').fill('与家长沟通月度评估结果，语言理解进步明显。');
  await follow.getByRole('button', { name: '添加跟进' }).click();
  await expect(follow.getByLabel('跟进内容')).toHaveValue('');
  const records = page.getByRole('list', { name: '跟进记录' });
  await expect(records.getByText('与家长沟通月度评估结果，语言理解进步明显。')).toBeVisible();
  await expect(records.getByText('月度回访')).toBeVisible();

  // The e-contracts tab says plainly that e-sign is not configured on this server.
  await page.getByRole('tab', { name: '电子合同' }).click();
  await expect(page.getByRole('tabpanel').getByRole('status')).toContainText('电子签未配置');

  // The follow-up desk lists it too.
  await page.goto('/students/followUp');
  await page.getByRole('search').getByLabel('关键字').fill(name);
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: '与家长沟通月度评估结果' })).toHaveCount(1);
});
