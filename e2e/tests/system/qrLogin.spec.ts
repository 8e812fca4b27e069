// QR sign-in through the fake messenger (e2e/fake-provider/server.mjs): /login → the QR option →
// the provider's authorize page (redirects at once) → /auth?code=…&state=… → signed in on /home.
// Runs against the second app server, which has the QR sign-in configured.
import { expect, test } from '../../fixtures/auth';
import { fakeProvider, qrBaseURL } from '../../playwright.config';
import { freshAccount, unique } from './helpers';

test.use({ baseURL: qrBaseURL });

test('signs in with the messenger QR code', async ({ page, request, sdkAs }) => {
  // The fake provider's person carries this mobile number; the account with it is the one signed in.
  const admin = await sdkAs('admin');
  const name = `扫码${unique()}`;
  await freshAccount(admin, request, {
    username: `qr${unique()}`,
    name,
    roles: [34],
    password: 'QrStart123',
    mobile: fakeProvider.mobile,
    regions: ['HD'],
    campuses: ['SH01'],
  });

  await page.goto('/login');
  await page.getByRole('button', { name: '钉钉扫码登录' }).click();
  const toAuth = page.waitForURL(/\/auth\?code=/);
  await page.getByRole('button', { name: '前往扫码' }).click();
  await toAuth;
  expect(new URL(page.url()).searchParams.get('state')).toBeTruthy();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(name).first()).toBeVisible();
});

test('refuses a messenger return whose state this browser never sent', async ({ page }) => {
  // A forged return link (login CSRF): a valid-looking code with a state of someone else's choosing.
  await page.goto('/auth?code=forged-code&state=attacker-chosen');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回登录' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?/);
});
