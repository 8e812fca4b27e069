import { expect, test } from '@playwright/test';

test('the server serves the UI and a healthy API on one port', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  await page.goto('/setting/campus');
  await expect(page.locator('#root')).not.toBeEmpty();
});
