import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/*
 * The rankings journey: an agent opens 排行榜 from the data tab, reads its tree's top list with
 * medals for the first three and its own rank pinned at the bottom (the figures the API
 * computes), switches metric and period, then reads the same page in English.
 */

interface RankBody {
  rows: { rank: number; name: string; value: number; isSelf: boolean }[];
  mine: { rank: number | null; value: number } | null;
}

const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function expectMine(page: Page, token: string, metric: string, period: string, zh: boolean) {
  const { data } = await api<RankBody>(
    page,
    token,
    'GET',
    `/api/ag/rank/list?metric=${metric}&period=${period}`,
  );
  const mine = data.mine!;
  const mineBar = page.getByTestId('rank-mine');
  await expect(mineBar).toBeVisible();
  await expect(mineBar).toContainText(zh ? '我的排名' : 'My rank');
  await expect(page.getByTestId('rank-mine-rank')).toHaveText(
    mine.rank === null
      ? zh
        ? '未上榜'
        : 'Not ranked'
      : zh
        ? `第 ${mine.rank} 名`
        : `No. ${mine.rank}`,
  );
  await expect(page.getByTestId('rank-mine-value')).toHaveText(
    metric === 'activations' ? mine.value.toLocaleString('en-US') : yuan(mine.value),
  );
  const rows = page.getByTestId('rank-row');
  await expect(rows).toHaveCount(data.rows.length);
  if (data.rows.length > 0) {
    await expect(rows.first()).toContainText(data.rows[0]!.name);
    await expect(page.getByTestId('medal-1').first()).toBeVisible();
  } else {
    await expect(page.getByTestId('rank-empty')).toBeVisible();
  }
  return data;
}

test('an agent sees its tree’s ranking and its own rank, in Chinese and English', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.child.mobile);

  await page.goto('/pages/data/index');
  await page.getByTestId('entry-rank').click();
  await expect(page).toHaveURL(/\/pages\/rank\/index$/);
  await expect(page.getByText('排行榜').first()).toBeVisible();

  // This month's trade volume: the demo's settled trades rank the tree.
  const month = await expectMine(page, token, 'volume', 'month', true);
  expect(month.rows.length, 'the demo tree traded this month').toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/rank-zh.png' });

  await page.locator('.rank-metrics').getByText('团队交易额', { exact: true }).click();
  await page.locator('.rank-periods').getByText('本周', { exact: true }).click();
  await expectMine(page, token, 'teamVolume', 'week', true);

  await page.locator('.rank-metrics').getByText('激活数', { exact: true }).click();
  await page.locator('.rank-periods').getByText('今日', { exact: true }).click();
  await expectMine(page, token, 'activations', 'day', true);

  // The same page in English.
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.reload();
  await expect(page.getByText('Rankings').first()).toBeVisible();
  await expectMine(page, token, 'volume', 'month', false);
  await page.screenshot({ path: 'test-results/rank-en.png' });
});
