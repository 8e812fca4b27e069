// Shared steps of the settings journeys: sign in through the login form as a person does.
import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, username = 'admin', password = 'demo123456'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A suffix that keeps codes unique across runs on the same database. */
export const unique = () => Date.now().toString(36).slice(-5).toUpperCase();
