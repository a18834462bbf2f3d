import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

test('content publishes a banner in the console and the agent app shows it', async ({ page }) => {
  await consoleLogin(page, 'content');
  await expect(page.getByTestId('menu-/finance/withdrawals')).toHaveCount(0);
  await page.goto('/admin/content/banners');
  await page.getByTestId('new-banner').click();
  await page.getByTestId('banner-title').fill('控制台发布的活动');
  // The form says where the app draws the title.
  await expect(page.getByTestId('banner-title-hint')).toContainText('标题用白字显示在图片');
  // The image is uploaded; the form then holds its published address.
  await page
    .locator('.ant-modal input[type=file]')
    .setInputFiles(
      fileURLToPath(new URL('../../apps/web/public/static/icon-192.png', import.meta.url)),
    );
  await expect(page.getByTestId('banner-image')).toHaveValue(
    /^\/prod-api\/files\/\d+\/[0-9a-f]{64}$/,
  );
  await shot(page, 'banner-form');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已新建轮播图「控制台发布的活动」')).toBeVisible();
  await expect(page.getByRole('cell', { name: '控制台发布的活动' })).toBeVisible();
  await expect(page.getByTestId('page-info')).toContainText(/共 \d+ 条/);
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
  const shown = page.getByAltText('控制台发布的活动');
  await expect(shown).toBeAttached();
  await expect(shown).toHaveAttribute('src', /^\/prod-api\/files\/\d+\/[0-9a-f]{64}$/);
});
