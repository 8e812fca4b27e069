// The platform: one port serves the UI and the API; sign-in works by form and by API.
import { DEMO_USERS, expect, test } from '../fixtures/auth';

test('the server serves the UI and a healthy API on one port', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  const openapi = await request.get('/api/openapi.json');
  expect((await openapi.json()) as { openapi: string }).toMatchObject({ openapi: '3.1.0' });
  await page.goto('/setting/campus');
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an unknown API path answers the envelope, not the UI', async ({ request }) => {
  const res = await request.get('/api/no/such/endpoint');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 404 });
});

test('signs in through the login form and leaves /login', async ({ page, signIn }) => {
  const user = await signIn('admin', { via: 'ui' });
  expect(user.username).toBe('admin');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(user.token);
});

test('signs in by API: the shell opens signed in, showing the user', async ({ page, signIn }) => {
  const user = await signIn('sales');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText(user.name).first()).toBeVisible();
});

test.describe('test.use({ user })', () => {
  test.use({ user: 'finance' });
  test('starts the test signed in', async ({ page }) => {
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect(page.getByText('张丽华').first()).toBeVisible();
  });
});

test('every demo account can sign in (SDK)', async ({ sdkAs }) => {
  for (const u of DEMO_USERS) {
    const sdk = await sdkAs(u);
    await expect(sdk.system.userInfo()).resolves.toMatchObject({ username: u });
  }
});
