import { expect, test } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/**
 * The merchant detail shows what the server computed: the merchant's volume from settlement, its
 * rates on file and its latest transactions, on each of the three pages that show a merchant.
 */
test('a merchant with trades shows its real volume, rates and latest transactions', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.top.mobile);
  let chosen: { id: number; totalVolumeFen: number } | null = null;
  let cursor: string | null = '';
  while (!chosen && cursor !== null) {
    const list: { data: { rows: { id: number }[]; nextCursor: string | null } } = await api(
      page,
      token,
      'GET',
      `/api/merchant/list?pageSize=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const row of list.data.rows) {
      const d = await api<{
        id: number;
        totalVolumeFen: number;
        rates: unknown[];
        recentTrades: unknown[];
      }>(page, token, 'GET', `/api/merchant/info?id=${row.id}`);
      if (d.data.totalVolumeFen > 0 && d.data.rates.length > 0 && d.data.recentTrades.length > 0) {
        chosen = d.data;
        break;
      }
    }
    cursor = list.data.nextCursor;
  }
  expect(chosen, 'the demo has a merchant with settled trades').not.toBeNull();
  const yuan = (fen: number) =>
    (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  for (const path of ['/pages/home/home/detailInfo', '/pages/data/merch-detail']) {
    await page.goto(`${path}?id=${chosen!.id}`);
    const detail = page.getByTestId('merchant-detail');
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(yuan(chosen!.totalVolumeFen));
    await expect(detail).not.toContainText('交易数据接入后显示');
    await expect(detail).not.toContainText('暂无费率信息');
    await expect(
      page.getByTestId('merchant-trades').locator('.adm-list-item').first(),
    ).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/merchant-detail.png', fullPage: true });
});
