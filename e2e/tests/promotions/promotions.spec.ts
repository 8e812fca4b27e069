// Promotions: headquarters designs a discount, sees its preview priced by the server, saves and
// publishes it and finds it in the list with its status tag; a consultant's new order then gets it.
// The discount names one course no other journey sells (C007), so it changes no other journey's prices.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';

const COURSE = 'C007';
const shanghaiDay = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('a discount: preview, save, publish, listed as active, applied to an order', async ({
  page,
  signIn,
  sdkAs,
}) => {
  test.setTimeout(120_000);
  const admin = await sdkAs('admin');
  const course = (await admin.courses.courses({ query: { status: 1 } })).find((c) => c.code === COURSE);
  const campus = (await admin.organisation.allSchoolItems({ query: {} })).find((c) => c.code === 'SH01');
  const student = (await admin.students.students({ query: { schoolItemCode: 'SH01', pageSize: 1 } })).list[0];
  if (!course || !campus || !student) throw new Error('the demo seed has C007, SH01 and its students');
  // 10 hours at the seeded ¥400: ¥4,000 list, 15 % off → ¥3,400 (叁仟肆佰元整).
  expect(course.price).toBe('400.00');
  const name = `春季八五折${Date.now().toString(36).slice(-4)}`;

  await signIn('admin', { to: '/newDiscount/discountList' });
  await page.getByRole('button', { name: '新增折扣' }).click();
  await expect(page.getByRole('heading', { name: '新增折扣' })).toBeVisible();
  const form = page.getByRole('form', { name: '新增折扣' });
  await form.getByLabel('名称').fill(name);
  await form.getByLabel('结束日期').fill(shanghaiDay(30));
  await form.getByLabel('优惠方式').selectOption({ label: '按比例' });
  await form.getByLabel('优惠比例(%)').fill('15');
  await form.getByRole('group', { name: '适用校区' }).getByLabel(campus.name, { exact: true }).check();
  await form.getByRole('group', { name: '适用课程' }).getByLabel(course.name, { exact: true }).check();

  // The preview prices 10 hours of the course at the campus, with and without the discount.
  const preview = page.getByRole('region', { name: '价格预览' });
  const withIt = preview.getByRole('table', { name: '含本优惠' });
  const line = (label: string | RegExp) =>
    withIt.getByRole('rowheader', { name: label, exact: typeof label === 'string' }).locator('..');
  const list = Number(course.price) * 10;
  const payable = list * 0.85;
  const yuan = (n: number) => `¥${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(line('原价合计')).toContainText(yuan(list));
  await expect(line(new RegExp(`折扣「${name}」`))).toContainText(`-${yuan(list * 0.15)}`);
  await expect(line('应付金额')).toContainText(yuan(payable));
  await expect(line('应付金额（大写）')).toContainText('叁仟肆佰元整');
  await expect(preview.getByText(yuan(list * 0.15)).first()).toBeVisible();

  await form.getByRole('button', { name: '保存' }).click();
  // The top bar names the page too: the page's own heading is in main.
  await expect(page.getByRole('main').getByRole('heading', { name, level: 1 })).toBeVisible();
  const detail = page.getByRole('region', { name });
  await expect(detail.getByText('草稿', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: '发布' }).click();
  await expect(detail.getByText('进行中', { exact: true })).toBeVisible();
  const detailUrl = page.url();

  await page.goto('/newDiscount/discountList');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('进行中', { exact: true })).toBeVisible();

  // A consultant's new order of the course at the campus gets the discount by itself.
  await signIn('sales', { to: `/students/order?studentCode=${student.code}` });
  await pick(page, '课程', COURSE);
  await page.getByLabel('购买数量').fill('10');
  const breakdown = page.getByRole('table', { name: '价格明细' });
  const orderLine = (label: string | RegExp) =>
    breakdown.getByRole('rowheader', { name: label, exact: typeof label === 'string' }).locator('..');
  await expect(orderLine(new RegExp(`折扣「${name}」`))).toContainText(`-${yuan(list * 0.15)}`);
  await expect(orderLine('应付金额')).toContainText(yuan(payable));

  // The order made with it is one of the discount's uses: its detail lists it and exports every use.
  const order = await admin.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId: student.id,
      orderType: 0,
      items: [{ courseCode: COURSE, quantity: 10 }],
    },
  });
  try {
    await signIn('admin', { to: detailUrl });
    const uses = page.getByRole('region', { name: '使用记录' });
    await expect(uses.getByRole('row').filter({ hasText: order.code })).toContainText(name);
    const download = page.waitForEvent('download');
    await uses.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toMatch(/^使用记录_\d{8}\.xlsx$/);
  } finally {
    // Unpaid, it would wait in the student's orders of the journeys after this one.
    await admin.orders.revoke({ params: { id: order.id }, body: { reason: 'e2e' } }).catch(() => undefined);
  }
});
