// An administrator turns the invalid-clue approval into a two-step chain in the settings; a request
// filed afterwards needs the director and then the named finance person.
import { expect, test } from '../../fixtures/auth';

test('a two-step invalid-clue flow saved in the settings needs both approvers', async ({
  page,
  signIn,
  sdkAs,
}) => {
  const admin = await sdkAs('admin');
  const before = (await admin.approvals.policyList()).find((p) => p.kind === 'clueInvalid');
  expect(before).toBeDefined();
  try {
    await signIn('admin', { to: '/setting/operate?tab=flows' });
    const flows = page.getByRole('table', { name: '审批流程' });
    await flows.getByRole('button', { name: '编辑 无效线索审批' }).click();
    const dialog = page.getByRole('dialog', { name: /编辑审批流程/ });
    await dialog.getByRole('button', { name: '添加步骤' }).click();
    await dialog.getByLabel('第 2 步名称').fill('财务复核');
    await dialog.getByLabel('第 2 步添加审批人').selectOption({ label: '张丽华 (finance)' });
    await expect(dialog.getByRole('list', { name: '第 2 步审批人' })).toContainText('张丽华');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    const row = flows.getByRole('row', { name: /无效线索审批/ });
    await expect(row).toContainText('财务复核');
    await expect(row).toContainText('已自定义');

    const sales = await sdkAs('sales');
    const director = await sdkAs('director');
    const finance = await sdkAs('finance');
    const phone = `139${Date.now().toString().slice(-8)}`;
    const clue = await sales.clues.clueSave({
      body: {
        childName: `流程${phone.slice(-4)}`,
        parentName: '测试',
        phone,
        gender: 1,
        birthDate: '2020-05-01',
        schoolItemCode: 'SH01',
        channel: 'WALKIN',
      },
    });
    const req = await sales.clues.invalidSubmit({ body: { clueId: clue.clueId, reason: '空号' } });
    const id = req.id ?? 0;
    expect(await director.approvals.pass({ body: { id } })).toMatchObject({ status: 10, step: 1 });
    expect((await sales.clues.detail({ query: { clueId: clue.clueId } })).flowState).toBe('invalid_pending');
    expect(await finance.approvals.pass({ body: { id } })).toMatchObject({ status: 20 });
    expect((await admin.clues.detail({ query: { clueId: clue.clueId } })).flowState).toBe('invalid');
  } finally {
    // Later journeys expect today's one-step flow.
    const now = (await admin.approvals.policyList()).find((p) => p.kind === 'clueInvalid');
    if (before && now)
      await admin.approvals.policySave({
        body: { kind: 'clueInvalid', steps: before.steps, version: now.version },
      });
  }
});
