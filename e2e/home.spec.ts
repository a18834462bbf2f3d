import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaApi } from './support';

/** A finger pulling the page down from `from` to `to` (CSS pixels), in small steps, still down. */
async function pull(page: Page, from: number, to: number) {
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x: 180, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let y = from; y <= to; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
  }
  return cdp;
}

test('the home tab shows its banners from one request, and pulling it down refreshes it', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.top.mobile);
  const bannerCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ag/home/banner/list')) bannerCalls.push(r.url());
  });
  await page.goto('/pages/home/home/index');
  const first = page.getByTestId('banner-carousel').locator('img').first();
  await expect(first).toBeVisible();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByTestId('home-agent-name')).toHaveText('张总');
  // The page asked for the banners while its scripts loaded; the app took that answer.
  expect(bannerCalls).toHaveLength(1);

  // A short pull springs back and asks for nothing.
  const cdp = await pull(page, 300, 340);
  await expect(page.getByText('下拉刷新')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(page.getByText('下拉刷新')).toHaveCount(0);
  expect(bannerCalls).toHaveLength(1);

  // A long pull says it will refresh, and on release it does.
  const long = await pull(page, 300, 500);
  await expect(page.getByText('释放立即刷新')).toBeVisible();
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/ag/home/banner/list'));
  await long.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await refreshed;
  // The header says so and closes (its texts are checked step by step in pull-refresh.test.tsx).
  await expect(page.locator('.pull-refresh[data-status="idle"]')).toHaveCount(1);
  await expect(page.getByText('释放立即刷新')).toHaveCount(0);
  expect(bannerCalls).toHaveLength(2);
});
