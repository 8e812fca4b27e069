// Issue 14's instalment journey: an administrator applies an instalment plan to an unpaid order on
// the order's instalment screen (not finance: nobody approves their own application), the campus
// head and finance approve it on the application's page, and finance records the payment of the
// first term, which the terms table then shows as paid.
import { expect, test } from '../../fixtures/auth';
import { unpaidOrder } from '../../fixtures/orders';

test('an order paid by instalments: apply a plan, approve it, pay the first term', async ({
  page,
  signIn,
  sdkAs,
}) => {
  const admin = await sdkAs('admin');
  const { order } = await unpaidOrder(admin);
  const planName = `两期${Date.now() % 100000}`;
  await admin.termBills.planSave({
    body: { name: planName, shares: [60, 40], intervalMonths: 1, firstDueDays: 0 },
  });

  await signIn('admin');
  await page.goto(`/financial/installmentDetails/${order.id}`);
  const apply = page.getByRole('form', { name: '申请分期' });
  await apply.getByLabel('分期方案').selectOption({ label: `${planName}（60/40%）` });
  await apply.getByRole('button', { name: '申请分期' }).click();
  const terms = page.getByRole('table', { name: '分期' });
  await expect(terms.getByRole('row')).toHaveCount(3);
  await expect(terms).toContainText('¥228.00');
  await expect(terms).toContainText('¥152.00');

  // The campus head takes the first step on the application's page, then finance.
  await page.getByRole('link', { name: '查看审批' }).click();
  const detailUrl = page.url();
  await signIn('director');
  await page.goto(detailUrl);
  await page.getByRole('button', { name: '通过' }).click();
  await expect(page.getByRole('button', { name: '通过' })).toHaveCount(0);
  await signIn('finance');
  await page.goto(detailUrl);
  await page.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('生效中')).toBeVisible();

  await page.goto(`/financial/installmentDetails/${order.id}`);
  await page.getByRole('button', { name: '登记付款' }).first().click();
  const dialog = page.getByRole('dialog', { name: '登记第1期付款' });
  await dialog.getByLabel('付款方式').selectOption({ label: '现金' });
  await dialog.getByRole('button', { name: '登记付款' }).click();
  await expect(page.getByText('已登记付款')).toBeVisible();
  await expect(terms.getByRole('row').nth(1)).toContainText(/已付/);
  await expect(terms.getByRole('row').nth(2)).toContainText('未付');
});
