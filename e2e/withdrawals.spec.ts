import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

interface Wallet {
  availableFen: number;
  wallets: { walletType: string; balanceFen: number }[];
}
interface Withdrawal {
  id: number;
  amountFen: number;
  status: number;
}

/** Fen as the app shows money: thousands grouped, two decimals. */
const money = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

const wallet = async (page: Page, token: string) => {
  const res = await api<Wallet>(page, token, 'GET', '/api/ag/agent/wallet/showAgentWallet');
  expect(res.code, res.msg).toBe(200);
  const profit = res.data.wallets.find((w) => w.walletType === 'profit')?.balanceFen ?? 0;
  return { available: res.data.availableFen, profit };
};

/**
 * The wallet once the server's background jobs (first run a few seconds after start: rewards,
 * allowances, fee collection) have stopped moving it: unchanged over six seconds.
 */
async function quietWallet(page: Page, token: string) {
  let last = await wallet(page, token);
  for (let i = 0; i < 8; i++) {
    await page.waitForTimeout(6_000);
    const now = await wallet(page, token);
    if (now.available === last.available && now.profit === last.profit) return now;
    last = now;
  }
  throw new Error('the wallet kept changing');
}

/** Types the 6-digit pay password into the six boxes. */
async function typePayPassword(page: Page, digits: string) {
  await page.getByTestId('pay-password').locator('.adm-passcode-input').click();
  await page.keyboard.type(digits);
}

test('the top agent withdraws 20.00 from earnings; the operator rejects it and the money returns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const amountFen = 2000;
  const token = await loginViaApi(page, DEMO.top.mobile, DEMO.top.password);
  const before = await quietWallet(page, token);
  // The demo seed gives the top agent earnings in its profit wallet (the page's default wallet).
  expect(before.profit).toBeGreaterThanOrEqual(amountFen);

  await page.goto('/pages/earnings/index');
  await expect(page.getByTestId('wallet-available')).toHaveText(money(before.available));
  await page.getByRole('button', { name: '提现', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/earnings\/earningsWithdrawal/);

  await page.getByTestId('amount').locator('input').fill('20.00');
  // Fee 3.00, tax 6% of 20.00 = 1.20, net 15.80, shown before anything is confirmed.
  const charges = page.getByTestId('charges');
  await expect(charges).toContainText('手续费¥3.00');
  await expect(charges).toContainText('税费¥1.20');
  await expect(page.getByTestId('net')).toHaveText('¥15.80');

  await typePayPassword(page, '123456');
  await page.getByTestId('submit-withdraw').click();
  // The first tap only asks: the server's figures and the card, and nothing is frozen yet.
  const confirm = page.getByTestId('withdraw-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('confirm-amount')).toHaveText('¥20.00');
  await expect(confirm.getByTestId('confirm-fee')).toHaveText('¥3.00');
  await expect(confirm.getByTestId('confirm-tax')).toHaveText('¥1.20');
  // Today's 6% is the default tax channel's VAT; it takes no personal income tax (decision 034).
  await expect(confirm.getByTestId('confirm-vat')).toHaveText('¥1.20');
  await expect(confirm.getByTestId('confirm-pit')).toHaveText('¥0.00');
  await expect(confirm.getByTestId('confirm-net')).toHaveText('¥15.80');
  await expect(confirm.getByTestId('confirm-card')).not.toBeEmpty();
  expect((await wallet(page, token)).available).toBe(before.available);
  await page.getByRole('dialog').getByRole('button', { name: '确认提现' }).click();
  await expect(page).toHaveURL(/\/pages\/earnings\/earningsWithdrawalInfo\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  // The detail keeps the two taxes apart, at the rates and channel frozen at request.
  await expect(page.getByTestId('detail-vat')).toHaveText('¥1.20');
  await expect(page.getByTestId('detail-pit')).toHaveText('¥0.00');
  await expect(page.getByTestId('detail-tax-channel')).toHaveText(
    '默认税务通道（分润钱包） · 打款时扣税',
  );
  await page.screenshot({ path: 'test-results/withdrawal-detail-taxes.png' });

  const frozen = await wallet(page, token);
  expect(frozen.available).toBe(before.available - amountFen);
  expect(frozen.profit).toBe(before.profit - amountFen);

  await page.goto('/pages/earnings/withdrawalList');
  const row = page.getByTestId(`withdrawal-${id}`);
  await expect(row).toContainText('¥20.00');
  await expect(row).toContainText('待审核');

  // The operator rejects it through the API; the frozen amount goes back to the wallet.
  const opToken = await loginViaApi(page, DEMO.operator.mobile, DEMO.operator.password);
  const rejected = await api<Withdrawal>(page, opToken, 'POST', '/api/ag/agent/withdraw/reject', {
    id,
    reason: '银行卡信息有误',
  });
  expect(rejected.code, rejected.msg).toBe(200);
  expect(rejected.data.status).toBe(3);

  const after = await wallet(page, token);
  expect(after.available).toBe(before.available);
  expect(after.profit).toBe(before.profit);

  await loginViaApi(page, DEMO.top.mobile, DEMO.top.password);
  await page.goto('/pages/earnings/index');
  await expect(page.getByTestId('wallet-available')).toHaveText(money(before.available));
  await page.goto('/pages/earnings/withdrawalList');
  await expect(page.getByTestId(`withdrawal-${id}`)).toContainText('已驳回');
});

test('an amount below the minimum shows the server minimum-amount message', async ({ page }) => {
  const token = await loginViaApi(page, DEMO.top.mobile, DEMO.top.password);
  const list = async () =>
    (await api<{ rows: Withdrawal[] }>(page, token, 'GET', '/api/ag/agent/withdraw/list')).data
      .rows;
  const countBefore = (await list()).length;
  const before = await quietWallet(page, token);
  // What the server answers for 5.00 (nothing is written).
  const server = await api(page, token, 'POST', '/api/ag/agent/withdraw/apply', {
    walletType: 'profit',
    amountFen: 500,
    accountId: 1,
    payPassword: '123456',
    idempotencyKey: `e2e-min-${Date.now()}`,
  });
  expect(server.code).toBe(400);
  expect(server.msg).toContain('提现金额不能低于');

  await page.goto('/pages/earnings/earningsWithdrawal');
  await page.getByTestId('amount').locator('input').fill('5');
  await typePayPassword(page, '123456');
  await page.getByTestId('submit-withdraw').click();
  await expect(page.getByText(server.msg)).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/earnings\/earningsWithdrawal/);
  expect((await list()).length).toBe(countBefore);
  expect((await wallet(page, token)).available).toBe(before.available);
});

test('moving earnings to the capital pool says where the money goes and asks first; cancelling moves nothing', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.top.mobile, DEMO.top.password);
  const pool = async () => {
    const res = await api<Wallet>(page, token, 'GET', '/api/ag/agent/wallet/showAgentWallet');
    return res.data.wallets.find((w) => w.walletType === 'capital_pool')?.balanceFen ?? 0;
  };
  const before = await pool();
  await page.goto('/pages/earnings/capitalPool');
  // A missing amount is an error, shown in the danger colour, not grey like a hint.
  await page.getByTestId('submit-transfer').click();
  const error = page.locator('.adm-form-item-feedback-error').first();
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS('color', 'rgb(255, 49, 65)');
  await expect(error).toHaveText('请输入转入金额');
  await page.getByTestId('amount').locator('input').fill('0');
  await page.getByTestId('submit-transfer').click();
  await expect(error).toHaveText('金额须大于0');
  await page.getByTestId('amount').locator('input').fill('1.00');
  await typePayPassword(page, '123456');
  await page.getByTestId('submit-transfer').click();
  const confirm = page.getByTestId('transfer-confirm');
  await expect(confirm).toContainText('转入资金池 ¥1.00');
  await expect(confirm).toContainText('不能提现');
  await page.screenshot({ path: 'test-results/capital-pool-confirm.png' });
  await page.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await pool()).toBe(before);

  await typePayPassword(page, '123456');
  await page.getByTestId('submit-transfer').click();
  await page.getByRole('button', { name: '确认转入' }).last().click();
  await expect(page.getByText('转入成功')).toBeVisible();
  expect(await pool()).toBe(before + 100);
});
