// Assessment scales are global settings: a consultant reads them, only the owners of the clue
// settings (here the administrator) see the buttons that change them.
import { expect, test } from '../../fixtures/auth';

test.describe('as a consultant', () => {
  test.use({ user: 'sales' });
  test('reads the scales without buttons that would be refused', async ({ page }) => {
    await page.goto('/clues/assessScale');
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '状态' })).toBeVisible();
    await expect(page.getByRole('button', { name: /新增|新建/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
  });
});

test.describe('as the administrator', () => {
  test.use({ user: 'admin' });
  test('gets the create button and a status switch per scale', async ({ page }) => {
    await page.goto('/clues/assessScale');
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /新增|新建/ }).first()).toBeVisible();
    await expect(page.getByRole('switch').first()).toBeVisible();
  });
});
