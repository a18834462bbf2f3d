import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

test('content publishes a banner in the console and the agent app shows it', async ({ page }) => {
  await consoleLogin(page, 'content');
  await expect(page.getByTestId('menu-/finance/withdrawals')).toHaveCount(0);
  await page.goto('/admin/content/banners');
  await page.getByTestId('new-banner').click();
  await page.getByTestId('banner-title').fill('控制台发布的活动');
  await page.getByTestId('banner-image').fill('/static/banners/banner-2.svg');
  await shot(page, 'banner-form');
  await page.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByRole('cell', { name: '控制台发布的活动' })).toBeVisible();
  await shot(page, 'banners');

  // The agent app's home carousel reads the same banners.
  const token = await agentToken(page, '13800000002');
  await page.goto('/pages/login/index');
  await page.evaluate((t) => {
    localStorage.setItem('token', JSON.stringify(t));
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/pages/home/home/index');
  await expect(page.getByAltText('控制台发布的活动')).toBeAttached();
});
