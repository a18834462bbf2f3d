import { expect, test } from '@playwright/test';
import { DEMO, loginViaApi } from './support';

/**
 * The app shell is cached by the service worker: with the network gone, a reload still shows the
 * app with its offline bar, never the browser's error page; the bar leaves when the network is back.
 */
test('a reload without network shows the app and says it is offline', async ({ page, context }) => {
  await loginViaApi(page, DEMO.top.mobile);
  await page.goto('/pages/home/home/index');
  await expect(page.getByText('终端', { exact: true }).first()).toBeVisible();
  // Wait until the service worker has cached the shell and is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-bar')).toBeVisible();
  await expect(page.getByTestId('offline-bar')).toContainText('网络已断开');
  // The app itself is there: its tab bar, not a browser error page.
  await expect(page.locator('.adm-tab-bar')).toBeVisible();
  await page.screenshot({ path: 'test-results/offline.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('offline-bar')).toHaveCount(0);
});
