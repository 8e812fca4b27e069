// Outbound calling from the screens (issue 12): the agent panel signs in to the call centre (the fake
// Tencent Cloud Contact Center of e2e/fake-provider/server.mjs, on the second app server), a phone
// number on the clue detail dials through the Web SDK, the screen pop shows who is called, and the
// call record appears on the clue. Without a call centre the panel says calling is not set up.
import { expect, test } from '../../fixtures/auth';
import { fakeTccc, qrBaseURL } from '../../playwright.config';

const uniquePhone = () => `137${String(Date.now()).slice(-8)}`;

test.describe('with the Tencent call centre configured', () => {
  test.use({ baseURL: qrBaseURL });

  test('signs in on the panel, dials from the clue detail, pops the screen and records the call', async ({
    page,
    signIn,
    sdkAs,
  }) => {
    const sales = await sdkAs('sales');
    const phone = uniquePhone();
    const clue = await sales.clues.clueSave({
      body: { childName: '外呼测试', parentName: '王外呼', phone, schoolItemCode: 'SH01' },
    });
    await signIn('sales', { to: `/clues/clueDetail?id=${clue.clueId}` });
    await expect(page.getByRole('heading', { name: '外呼测试线索详情' })).toBeVisible();

    await page.getByRole('button', { name: '打开坐席面板' }).click();
    const panel = page.getByRole('region', { name: '坐席面板' });
    await expect(panel.getByRole('status').first()).toHaveText('未登录腾讯云联络中心');
    await panel.getByLabel('绑定手机（可选）').fill('13800000001');
    await panel.getByRole('button', { name: '登录坐席' }).click();
    await expect(panel.getByRole('status').first()).toHaveText('已登录腾讯云联络中心（坐席 sales）');
    await panel.getByLabel('通话类型').selectOption({ label: '邀约到访' });

    await page.getByRole('button', { name: `拨打 ${phone}` }).click();
    const pop = panel.getByRole('region', { name: '来电弹屏' });
    await expect(pop).toContainText(`正在呼叫 王外呼 ${phone}`);
    await expect(pop).toContainText(`线索 ${clue.cluecode}：王外呼（外呼测试）`);
    // The call type is fixed once the call has started (spec §4 lock).
    await expect(panel.getByLabel('通话类型')).toBeDisabled();

    await pop.getByRole('button', { name: '挂断' }).click();
    await expect(pop.getByRole('status')).toHaveText('通话已结束，已记入通话记录');

    await page.getByRole('tab', { name: '通话记录' }).click();
    const calls = page.getByRole('table', { name: '通话记录' });
    await expect(calls.getByRole('row')).toHaveCount(2);
    await expect(calls.getByRole('row').nth(1)).toContainText('呼出');

    const saved = await sales.calls.list({ query: { clueId: clue.clueId, pageIdx: 1, pageSize: 10 } });
    expect(saved.list).toHaveLength(1);
    expect(saved.list[0]).toMatchObject({
      phone,
      callerPhone: fakeTccc.callerNumber,
      provider: 'tencent',
      direction: 'out',
      callType: 'invite',
    });
    expect(saved.list[0]?.sessionId).toMatch(/^tccc-sales-/);
    expect(saved.list[0]?.endAt).not.toBeNull();

    await panel.getByRole('button', { name: '退出坐席' }).click();
    await expect(panel.getByRole('status').first()).toHaveText('未登录腾讯云联络中心');
  });
});

test('without a call centre the panel says calling is not set up', async ({ page, signIn, sdkAs }) => {
  const sales = await sdkAs('sales');
  const phone = uniquePhone();
  const clue = await sales.clues.clueSave({
    body: { childName: '未配置外呼', parentName: '李家长', phone, schoolItemCode: 'SH01' },
  });
  await signIn('sales', { to: `/clues/clueDetail?id=${clue.clueId}` });
  await page.getByRole('button', { name: '打开坐席面板' }).click();
  const panel = page.getByRole('region', { name: '坐席面板' });
  await expect(panel.getByRole('status')).toHaveText('外呼服务未配置，请联系管理员');
  await expect(page.getByRole('button', { name: `拨打 ${phone}` })).toHaveCount(0);
});
