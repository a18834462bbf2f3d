import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaApi } from './support';

/**
 * A detail page opened without its record (no id in the link, an id that does not exist, an id
 * outside the agent's team, or one that is not an id at all) shows one clear state with a way
 * back: never "加载失败" next to an empty list, never a toast on top of it.
 */
const DETAIL_PAGES = [
  '/pages/home/trading/detail',
  '/pages/earnings/earningsInfo',
  '/pages/earnings/earningsWithdrawalInfo',
  '/pages/home/home/bannerDetail',
  '/pages/home/home/detailInfo',
  '/pages/data/merch-detail',
  '/pages/home/data/merch-cond-Info',
  '/pages/home/merchantSupplement/changeInfo',
  '/pages/home/terminal/terminalInfo',
  '/pages/home/policy/changeRateInfo',
  '/pages/home/policy/changeServiceInfo',
  '/pages/home/policy/changeMercDetail',
  '/pages/home/myAgent/agentDetail',
];

const ID_PARAM: Record<string, string> = {
  '/pages/home/terminal/terminalInfo': 'sn',
  '/pages/home/policy/changeMercDetail': 'sn',
};

async function expectOneMissingState(page: Page, url: string) {
  await page.goto(url);
  const missing = page.getByTestId('record-missing');
  await expect(missing, url).toHaveCount(1);
  await expect(missing).toContainText('找不到这条记录');
  await expect(page.getByText('加载失败'), url).toHaveCount(0);
  await expect(page.getByText('暂无记录'), url).toHaveCount(0);
  // Toasts come with their own code, loaded at the first key or touch: a key loads it, and once
  // the network is quiet any toast the page asked for would be up.
  await page.keyboard.press('Shift');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.adm-toast-main'), url).toHaveCount(0);
}

test('every detail page opened without its record says so once and offers a way back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginViaApi(page, DEMO.top.mobile);
  for (const path of DETAIL_PAGES) {
    const param = ID_PARAM[path] ?? 'id';
    await expectOneMissingState(page, path);
    const unknown = param === 'sn' ? 'ZZ99999999' : '987654321';
    await expectOneMissingState(page, `${path}?${param}=${unknown}`);
  }
  // Without an SN the check details ask for one; an unknown SN is missing.
  await expectOneMissingState(page, '/pages/home/tripartiteData/info?sn=ZZ99999999');
  // Without an id the team detail is the agent's own team; an agent outside it is missing.
  await expectOneMissingState(page, '/pages/data/team-detail?id=987654321');
  // Without a merchant the rate change starts from a picker; an unknown merchant is missing.
  await expectOneMissingState(page, '/pages/home/home/updateRate?merchantId=987654321');
  // An id that is not a number at all is the same missing record, not a validation error.
  await expectOneMissingState(page, '/pages/home/trading/detail?id=abc');
});

test('the way back from a missing record returns to the page the agent came from', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.top.mobile);
  await page.goto('/pages/home/terminal/terminalList');
  await expect(page.getByText('终端列表').first()).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/pages/home/terminal/terminalInfo?sn=ZZ99999999');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('record-missing')).toBeVisible();
  await page.getByRole('button', { name: '返回' }).last().click();
  await expect(page).toHaveURL(/terminalList/);
});

test('a link with no history goes back to the list the record belongs to', async ({ page }) => {
  await loginViaApi(page, DEMO.top.mobile);
  await page.goto('/pages/earnings/earningsWithdrawalInfo?id=987654321');
  await expect(page.getByTestId('record-missing')).toBeVisible();
  await page.screenshot({ path: 'test-results/missing-record.png' });
  await page.getByTestId('record-missing').getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/withdrawalList/);
});

test("another agent's record is missing, not shown", async ({ page }) => {
  // The other top agent's team is out of scope: the first top agent's merchant ids answer 404.
  const token = await loginViaApi(page, DEMO.top.mobile);
  const res = await page.request.get('/prod-api/api/merchant/list?pageSize=1', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { rows: { id: number }[] } };
  const merchantId = body.data.rows[0]!.id;
  await loginViaApi(page, DEMO.otherTop.mobile);
  await expectOneMissingState(page, `/pages/home/home/detailInfo?id=${merchantId}`);
});
