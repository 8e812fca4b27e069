// The director's income journey: a payment made today, the income dashboard filtered to its campus and
// month, the campus's bar drilled down to its payments and exported (§9 file name), the same total on
// the centre overview, and the page opened from the mobile-chat link (`?dd_code=`, exchanged with the
// fake messenger of e2e/fake-provider) on a phone-sized screen.
import type { Sdk } from '@bo/api-sdk';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';
import { paidOrder } from '../../fixtures/orders';
import { fakeProvider } from '../../playwright.config';
import { freshAccount } from '../system/helpers';

/**
 * The account the fake messenger's person (its one mobile number) signs in as on the main server: a
 * regional director of the demo director's campuses, made once per database.
 */
async function messengerDirector(admin: Sdk, request: APIRequestContext) {
  const username = 'ddincome';
  const found = await admin.system.authInfos({ query: { username } });
  if (found.list.some((a) => a.username === username)) return;
  await freshAccount(admin, request, {
    username,
    name: '移动看板总监',
    roles: [76],
    password: 'DdIncome123',
    mobile: fakeProvider.mobile,
    regions: ['HD'],
    campuses: ['SH01', 'SH02', 'HZ01', 'NJ01'],
  });
}

/** A code of the messenger, as its chat link carries one (its authorize page hands it out). */
async function messengerCode(request: APIRequestContext): Promise<string> {
  const authorize = new URL(`http://127.0.0.1:${fakeProvider.port}/oauth2/auth`);
  authorize.searchParams.set('client_id', fakeProvider.clientId);
  authorize.searchParams.set('redirect_uri', 'http://127.0.0.1/chat');
  const res = await request.get(authorize.toString(), { maxRedirects: 0 });
  const code = new URL(res.headers()['location'] ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`the fake messenger gave no code (${res.status()})`);
  return code;
}

test('a director follows a month’s income down to its payments, exports them, and reads it on a phone', async ({
  page,
  request,
  sdkAs,
  signIn,
}) => {
  test.setTimeout(120_000);
  const admin = await sdkAs('admin');
  const finance = await sdkAs('finance');
  await messengerDirector(admin, request);
  const campus = (await admin.organisation.allSchoolItems({ query: {} })).find((c) => c.code === 'SH01');
  if (!campus) throw new Error('the demo data has SH01');
  const s = await admin.students.insertStudent({
    body: {
      name: `收入看板${Date.now() % 100_000}`,
      parentName: '家长',
      phone: `137${String(Date.now()).slice(-8)}`,
      schoolItemCode: 'SH01',
    },
  });
  const courses = await admin.courses.courses({ query: { status: 1, purchaseUnit: 1 } });
  const course = courses.find((c) => Number(c.price) > 0);
  if (!course) throw new Error('the demo data has a priced course');
  const order = await paidOrder(admin, finance, {
    studentId: s.id,
    courseCode: course.code,
    quantity: 2,
    orderType: 1,
    method: 3,
  });

  await signIn('director', { to: '/dataStatistics/incomeGM' });
  // Today in Shanghai (UTC+8), and the last day of its month: the month filter's period end.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const filter = page.getByRole('form', { name: '统计条件' });
  await filter.getByLabel('年份').selectOption(today.slice(0, 4));
  await filter.getByLabel('月份').selectOption(String(Number(today.slice(5, 7))));
  await pick(filter, '校区', 'SH01');
  await expect(page).toHaveURL(/ds\.schoolItemCode=SH01/);
  // A figure is the output its card's label names.
  const received = page.getByLabel('实收', { exact: true });
  await expect(received).toContainText('¥');

  // The campus's bar (the chart of income by campus) opens its payments.
  await page.getByRole('button', { name: new RegExp(`^${campus.name}：`) }).click();
  const rows = page.getByRole('table', { name: '实收 · 明细' });
  await expect(rows.getByRole('row').filter({ hasText: order.code })).toContainText(s.name);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出', exact: true }).click();
  expect((await download).suggestedFilename()).toBe(`实收明细_${monthEnd.replaceAll('-', '')}.xlsx`);

  const total = (await received.textContent()) ?? '';
  // The month chosen is the screen's default, so the URL holds only the campus: the overview (any
  // days, month to date by default) is given the whole month explicitly.
  const ds = new URLSearchParams({
    'ds.startDate': `${today.slice(0, 7)}-01`,
    'ds.endDate': monthEnd,
    'ds.schoolItemCode': 'SH01',
  });
  await page.goto(`/dataStatistics/centerData?${ds.toString()}`);
  await expect(page.getByLabel('本期实收', { exact: true })).toHaveText(total);

  // The mobile-chat link: its code signs its person in (over the director's session on this browser)
  // and the page comes back without it, with the same campus and month.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dataStatistics/incomeGM?dd_code=${await messengerCode(request)}&${ds.toString()}`);
  await expect(received).toHaveText(total);
  expect(new URL(page.url()).searchParams.has('dd_code')).toBe(false);
  const session = await page.evaluate(() => localStorage.getItem('userToken'));
  expect(session).toContain('ddincome');
  await expect(page.getByLabel('净收入', { exact: true })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
