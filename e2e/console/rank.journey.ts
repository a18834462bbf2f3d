import { expect, test } from '@playwright/test';
import { consoleLogin } from './support';

test('排行榜 ranks every tree by full name, with medals, by metric and period', async ({
  page,
}) => {
  await consoleLogin(page, 'operations');
  await page.goto('/admin/rank');
  await expect(page.getByTestId('page-title')).toHaveText('排行榜');
  const table = page.getByTestId('rank-table');
  // The demo's settled trades this month, agents named in full (the app shows 张* to others).
  await expect(table.getByTestId('medal-1')).toBeVisible();
  await expect(table).toContainText('张总');
  await page.getByText('团队交易额', { exact: true }).click();
  await expect(table.locator('thead')).toContainText('团队交易额');
  await expect(table.getByTestId('medal-1')).toBeVisible();
  await page.screenshot({ path: 'test-results/console-rank.png' });
});
