// Issue 14's instalment journey, on the server with online payment (the fake WeChat Pay gateway): an
// order of a consultant's student is paid by three instalments agreed before they were recorded
// (terms given with their dates, the first two already due; docs/decisions.md "Instalment journeys").
// The campus head and finance approve the application on its page; finance records the first term in
// cash; the second is shown overdue and counted on the adviser's workbench; the family then pays it
// by scanning the QR code the instalment screen shows, and the screen says so; the third is paid with
// a voucher the family was given, priced on the term by the pricing engine.
import { expect, test } from '../../fixtures/auth';
import { fakeWechatPayURL, qrBaseURL } from '../../playwright.config';

test.use({ baseURL: qrBaseURL });

/** The day `n` days from today, YYYY-MM-DD. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** Cents as yuan with 2 decimals. */
const yuan = (c: number) => (c / 100).toFixed(2);
/** As MoneyText shows it: ¥1,234.50. */
const shown = (c: number) => `¥${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('an order paid by three instalments: approved, the first paid in cash, the overdue second by QR code', async ({
  page,
  request,
  signIn,
  sdkAs,
}) => {
  // Four sign-ins, two approvals, a QR payment and a voucher: beyond the default minute on a busy machine.
  test.setTimeout(120_000);
  const admin = await sdkAs('admin');
  const sales = await sdkAs('sales');
  const [adviser] = await admin.system.allUsers({ query: { name: 'sales' } });
  if (!adviser) throw new Error('no demo account sales');
  const students = await admin.students.students({ query: { schoolItemCode: 'SH01', pageSize: 1 } });
  const student = students.list[0];
  if (!student) throw new Error('no demo student of SH01');
  const order = await admin.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId: student.id,
      orderType: 0,
      adviserId: adviser.id,
      items: [{ courseCode: 'C001', quantity: 3 }],
    },
  });
  const { payable } = await admin.orders.detail({ params: { id: order.id } });
  const total = Math.round(Number(payable) * 100);
  const third = Math.floor(total / 3);
  const cents = [third, third, total - 2 * third];
  // A ¥10 voucher of the family's (vouchers apply only by code: no other journey's price moves).
  const coupon = await admin.promotions.couponSave({
    body: {
      name: `E2E分期券${Date.now()}`,
      mode: 'amount',
      amount: '10.00',
      startDate: day(0),
      endDate: day(30),
      validDays: 30,
    },
  });
  await admin.promotions.couponStatus({ body: { id: coupon.id, status: 1 } });
  const [voucher] = await admin.promotions.voucherIssue({
    body: { configId: coupon.id, count: 1, studentId: student.id },
  });
  if (!voucher) throw new Error('a voucher issued');
  const overdueBefore = (await sales.workbench.workList({ query: { type: 4 } })).targets.find(
    (x) => x.key === 'overdueTerms',
  )?.actual;
  const applied = await admin.termBills.applySubmit({
    body: {
      orderId: order.id,
      terms: [
        { dueDate: day(-40), amount: yuan(cents[0] ?? 0) },
        { dueDate: day(-10), amount: yuan(cents[1] ?? 0) },
        { dueDate: day(20), amount: yuan(cents[2] ?? 0) },
      ],
      remark: '',
    },
  });

  // The campus head takes the first step on the application's page, then finance.
  const detailUrl = `/financial/approvalRepaymentDetail/${applied.approvalId}`;
  await signIn('director', { to: detailUrl });
  await page.getByRole('button', { name: '通过' }).click();
  await expect(page.getByRole('button', { name: '通过' })).toHaveCount(0);
  await signIn('finance', { to: detailUrl });
  await page.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('生效中')).toBeVisible();

  // Finance records the first term in cash; the second is past its date and unpaid.
  await page.getByRole('link', { name: '分期详情' }).click();
  const terms = page.getByRole('table', { name: '分期' });
  await expect(terms.getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: '登记付款' }).first().click();
  const dialog = page.getByRole('dialog', { name: '登记第1期付款' });
  await dialog.getByLabel('付款方式').selectOption({ label: '现金' });
  await dialog.getByRole('button', { name: '登记付款' }).click();
  await expect(page.getByText('已登记付款')).toBeVisible();
  await expect(terms.getByRole('row').nth(1)).toContainText(/已付/);
  await expect(terms.getByRole('row').nth(1)).not.toContainText('逾期');
  const second = terms.getByRole('row').nth(2);
  await expect(second).toContainText('未付');
  await expect(second).toContainText('逾期');
  await expect(second).toContainText(shown(cents[1] ?? 0));
  await expect(terms.getByRole('row').nth(3)).not.toContainText('逾期');

  // The adviser's workbench counts it.
  await signIn('sales');
  await page.getByRole('link', { name: '工作台' }).first().click();
  await expect(page.getByRole('group', { name: '逾期分期' })).toContainText(String((overdueBefore ?? 0) + 1));

  // The family pays the second term by scanning the code finance shows them.
  await signIn('finance', { to: `/financial/installmentDetails/${order.id}` });
  await second.getByRole('button', { name: '在线支付' }).click();
  const qr = page.getByRole('dialog', { name: '第2期在线支付' });
  await expect(qr.getByRole('img', { name: '第2期支付二维码' })).toBeVisible();
  const link = (await qr.getByText(/^支付链接/).textContent()) ?? '';
  const codeUrl = link.replace(/^支付链接:\s*/, '');
  expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  const paid = await request.post(`${fakeWechatPayURL}/e2e/pay?code_url=${encodeURIComponent(codeUrl)}`);
  expect(await paid.json()).toMatchObject({ notified: 200 });
  await expect(qr).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText(`第2期已在线收款 ${shown(cents[1] ?? 0)}`)).toBeVisible();
  await expect(second).toContainText(/已付/);
  await expect(second).not.toContainText('逾期');
  await expect(terms.getByRole('row').nth(3)).toContainText('未付');

  // The third term is paid with the voucher: the dialog shows what the engine takes off the term.
  const third3 = terms.getByRole('row').nth(3);
  const rest = (cents[2] ?? 0) - 1000;
  await third3.getByRole('button', { name: '登记付款' }).click();
  const pay3 = page.getByRole('dialog', { name: '登记第3期付款' });
  const offers = pay3.getByRole('region', { name: '本期优惠' });
  await offers.getByLabel('代金券码').fill(voucher.code);
  await offers.getByRole('button', { name: '使用代金券' }).click();
  await expect(offers.getByText(/本期实付/)).toContainText(shown(rest));
  await pay3.getByLabel('付款方式').selectOption({ label: '现金' });
  await pay3.getByRole('button', { name: '登记付款' }).click();
  await expect(pay3).toBeHidden();
  await expect(third3).toContainText(/已付/);
  await expect(third3).toContainText(shown(rest));
});
