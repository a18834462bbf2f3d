import { expect, test } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/*
 * The data journey: the top agent opens the data tab and sees its month's figures (the same the
 * API reports), opens the merchant standard check and sees the month's terminals with their check
 * types and the assessment job's status, then looks up one SN in the activation check and opens
 * its check details. SNs are found through the API first, so the journey also runs on a database
 * an earlier run has changed.
 */

interface Overview {
  team: { tradeAmountFen: number; tradeCount: number };
  own: { tradeAmountFen: number };
  earningsFen: number;
  terminals: { team: { unbound: number; bound: number; activated: number } };
}
interface ActivationRow {
  sn: string;
  state: string;
}

/** Money as the app shows it: two decimals and thousands separators. */
const yuan = (fen: number) =>
  (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const STATE_LABELS: Record<string, string> = {
  activated: '已激活',
  reached: '已达标，待激活',
  volume_short: '交易额未达标',
  window_passed: '已过激活期限',
  not_bound: '未绑定商户',
};

test('the top agent reads its month on the data tab, then checks standards and an SN', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.top.mobile, DEMO.top.password);

  // The data tab, inside the tab bar: the month's figures as the API reports them. The server's
  // jobs (activation, allowances) may post earnings meanwhile, so the page is compared with the
  // API read just before it loaded, again after a reload if the figures moved in between.
  await expect(async () => {
    const overview = await api<Overview>(page, token, 'GET', '/api/ag/stats/overview');
    expect(overview.code).toBe(200);
    const o = overview.data;
    await page.goto('/pages/data/index');
    await expect(page.getByTestId('data-hero')).toBeVisible();
    const quick = { timeout: 3000 };
    await expect(page.getByTestId('team-volume')).toHaveText(yuan(o.team.tradeAmountFen), quick);
    await expect(page.getByTestId('team-count')).toHaveText(
      o.team.tradeCount.toLocaleString('en-US'),
      quick,
    );
    await expect(page.getByTestId('own-volume')).toHaveText(yuan(o.own.tradeAmountFen), quick);
    await expect(page.getByTestId('month-earnings')).toHaveText(yuan(o.earningsFen), quick);
    await expect(page.getByTestId('stock-bound')).toContainText(
      o.terminals.team.bound.toLocaleString('en-US'),
      quick,
    );
  }).toPass({ timeout: 40_000 });
  // Two scopes of stock, each named by whose it is.
  await expect(page.getByTestId('stock-unbound')).toContainText('团队库存');
  await expect(page.getByTestId('stock-unbound')).toContainText('我的库存');
  await expect(page.getByTestId('data-trend').locator('.data-trend-col')).toHaveCount(7);
  await expect(page.locator('.tab-bar')).toBeVisible();

  // The merchant standard check of this month: terminals with their check type and job status.
  await page.getByTestId('entry-standard').click();
  await expect(page).toHaveURL(/\/pages\/home\/tripartiteData\/merchStandardCheck/);
  await expect(page.getByTestId('job-status')).toContainText('考核任务');
  const firstCard = page.getByTestId('standard-list').locator('[data-testid^="standard-"]').first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard.getByTestId('check-result')).toHaveText(
    /无考核|未达标|待考核|已达标|达标等级\d+/,
  );
  // Filtering by "pending" leaves only pending terminals.
  await page.getByRole('tab', { name: '待考核' }).click();
  await expect(page).toHaveURL(/result=0/);
  const results = page.getByTestId('standard-list').getByTestId('check-result');
  await expect(results.first()).toHaveText('待考核');

  // The activation check for one SN, typed into the search.
  const pending = await api<{ rows: ActivationRow[] }>(
    page,
    token,
    'GET',
    '/api/ag/check/activation?status=pending&pageSize=20',
  );
  // Not one that reached the volume: the activation job may activate it while the page loads.
  const target = pending.data.rows.find((r) => r.state !== 'reached');
  expect(target, 'a bound terminal waiting for activation').toBeDefined();
  await page.goto('/pages/data/index');
  await page.getByTestId('entry-activation').click();
  await expect(page).toHaveURL(/\/pages\/home\/tripartiteData\/activationCheck/);
  await page.getByTestId('activation-search').locator('input').fill(target!.sn);
  const card = page.getByTestId(`activation-${target!.sn}`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('activation-list').locator('.data-card')).toHaveCount(1);
  await expect(card.getByTestId('activation-state')).toHaveText(STATE_LABELS[target!.state]!);

  // Its check details: activation and the standard months of its policy.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/pages/home/tripartiteData/info\\?sn=${target!.sn}`));
  await expect(page.getByTestId('check-info')).toContainText(target!.sn);
  await expect(
    page.getByTestId('check-months').locator('[data-testid^="month-"]').first(),
  ).toBeVisible();
});
