// Shared steps of the clue journeys.
import { expect, type Page } from '@playwright/test';
import { pick } from '../../fixtures/combobox';

/** An 11-digit mobile that no other run has used. */
export const uniquePhone = () => `139${String(Date.now()).slice(-8)}`;

/** Creates a clue of campus SH01 through the list's dialog and waits for it in the table. */
export async function createClue(
  page: Page,
  o: { child: string; parent: string; phone: string; list?: string },
) {
  await page.goto(o.list ?? '/clues/clueList');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增线索' });
  await dialog.getByLabel('孩子姓名').fill(o.child);
  await dialog.getByLabel('家长姓名').fill(o.parent);
  await dialog.getByLabel('手机号').fill(o.phone);
  await pick(dialog, '校区', 'SH01');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a clue's detail from a list by its child name. */
export async function openClue(page: Page, child: string) {
  await page.getByRole('search').getByLabel('关键字').fill(child);
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
  await page.getByRole('link', { name: child, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(child) })).toBeVisible();
}

/** The row of a list table holding a text. */
export const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
