import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/**
 * The purchase mall in the agent app:
 * 1. the top agent buys 10 terminals with its capital pool from the shop; the platform ships them;
 *    they are in its stock, it confirms receipt and allocates them down to its child;
 * 2. a WeChat payment through the built-in simulated gateway's cashier, from the cart;
 * 3. a new address with the region wheel, and an order left unpaid that times out.
 */

const OPS = { username: 'ops', password: 'Ops@1234' };

async function adminToken(page: Page) {
  const res = await page.request.post('/prod-api/admin/auth/login', { data: OPS });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}

async function admin<T>(page: Page, token: string, url: string, data: unknown) {
  const res = await page.request.post(`/prod-api/admin${url}`, {
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Types the 6-digit pay password into the six boxes. */
async function typePayPassword(page: Page, digits: string) {
  await page.getByTestId('pay-password').locator('.adm-passcode-input').click();
  await page.keyboard.type(digits);
}

/**
 * A product of its own for the journey (so other journeys' purchases cannot change its stock):
 * ten new 新大陆 ME31 terminals in the platform's stock, sold at ¥9.90, ¥8.90 from 10 units.
 */
async function journeyProduct(page: Page, stamp: string) {
  const ops = await adminToken(page);
  const sns = Array.from({ length: 10 }, (_, i) => `MJ${stamp}${String(i).padStart(2, '0')}`);
  const preview = await admin<{ id: number }>(page, ops, '/terminals/import/preview', {
    fileName: 'mall-e2e.csv',
    csv: ['sn,brand,model', ...sns.map((sn) => `${sn},新大陆,ME31`)].join('\n'),
  });
  await admin(page, ops, '/terminals/import/commit', { id: preview.id });
  const brands = await page.request.get('/prod-api/admin/brands', {
    headers: { Authorization: `Bearer ${ops}` },
  });
  const brandId = ((await brands.json()) as { data: { id: number; name: string }[] }).data.find(
    (b) => b.name === '新大陆',
  )!.id;
  const product = await admin<{ id: number }>(page, ops, '/mall/products/save', {
    brandId,
    model: 'ME31',
    name: `新大陆 ME31 ${stamp}`,
    priceTiers: [
      { minQty: 1, unitPriceFen: 990 },
      { minQty: 10, unitPriceFen: 890 },
    ],
    stock: 10,
    onSale: true,
  });
  return { ops, sns, productId: product.id };
}

test('buys 10 terminals with the capital pool; shipped, they are in stock and go down the team', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const { ops, sns, productId } = await journeyProduct(page, stamp);
  const top = await loginViaApi(page, DEMO.top.mobile);
  // The agent moves ¥89.00 of its earnings into the capital pool (from its fuller wallet).
  const wallets = await api<{ wallets: { walletType: string; balanceFen: number }[] }>(
    page,
    top,
    'GET',
    '/api/ag/agent/wallet/showAgentWallet',
  );
  const fuller = ['reward', 'profit']
    .map((w) => ({ w, fen: wallets.data.wallets.find((x) => x.walletType === w)?.balanceFen ?? 0 }))
    .sort((a, b) => b.fen - a.fen)[0]!;
  expect(fuller.fen).toBeGreaterThanOrEqual(8_900);
  const moved = await api(page, top, 'POST', '/api/ag/agent/wallet/toCapitalPool', {
    fromWalletType: fuller.w,
    amountFen: 8_900,
    payPassword: '123456',
    idempotencyKey: `mall-spec-${stamp}`,
  });
  expect(moved.code, moved.msg).toBe(200);

  // From the home grid into the shop, the product, ten of them.
  await page.goto('/pages/home/home/index');
  await page.getByTestId('shortcut-mall').click();
  await expect(page).toHaveURL(/\/pages\/mall\/index/);
  await expect(page.getByTestId('mall-banners')).toBeVisible();
  // The header's buttons say what they open.
  await expect(page.getByRole('button', { name: '我的订单' })).toHaveText('我的订单');
  await expect(page.getByRole('button', { name: '购物车' })).toHaveText('购物车');
  await page.getByTestId(`mall-product-${productId}`).click();
  await expect(page.getByTestId('price-tiers')).toContainText('¥8.90');
  // One costs 9.90 on the first tier; asking for more than the stock is corrected, and says so.
  await expect(page.getByTestId('subtotal-amount')).toHaveText('¥9.90');
  await expect(page.getByTestId('active-tier')).toContainText('1 台起');
  await page.getByTestId('quantity').locator('input').fill('500');
  await page.getByTestId('quantity').locator('input').press('Tab');
  await expect(page.getByTestId('quantity-note')).toHaveText('库存仅 10 台，已改为 10 台');
  await expect(page.getByTestId('quantity').locator('input')).toHaveValue('10');
  await expect(page.getByTestId('active-tier')).toContainText('10 台起');
  await expect(page.getByTestId('subtotal-amount')).toHaveText('¥89.00');
  await page.getByTestId('buy-now').click();

  // The confirm page shows the server's price for ten, the default address and the wallet.
  await expect(page).toHaveURL(/\/pages\/mall\/confirm/);
  await expect(page.getByTestId('confirm-address')).toContainText('张总');
  await expect(page.getByTestId('confirm-total')).toHaveText('¥89.00');
  // The goods balance holds exactly 89.00, so the page starts on it.
  await expect(page.getByTestId('pay-type').locator('.adm-selector-item-active')).toContainText(
    '货款余额',
  );
  await typePayPassword(page, '123456');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('order-confirm')).toContainText(`新大陆 ME31 ${stamp} ×10`);
  await expect(page.getByTestId('order-confirm')).toContainText('支付方式：货款余额，应付 ¥89.00');
  await page.getByRole('button', { name: '确认' }).click();

  await expect(page).toHaveURL(/\/pages\/mall\/order-detail\?id=\d+/);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  const orderId = Number(new URL(page.url()).searchParams.get('id'));

  // The platform ships the ten SNs; the order shows them and they are in the agent's stock.
  await admin(page, ops, '/mall/orders/ship', {
    id: orderId,
    sns,
    courier: '顺丰速运',
    waybillNo: 'SF1234567890',
  });
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('已发货');
  await expect(page.getByTestId('shipped-sns')).toContainText(sns[9]!);
  // The courier and waybill are on the order; its terminals open as this order's SNs, not the stock list.
  await expect(page.getByTestId('order-waybill')).toContainText('顺丰速运');
  await expect(page.getByTestId('order-waybill')).toContainText('SF1234567890');
  await page.getByTestId('view-shipped-terminals').click();
  await expect(page.getByTestId('order-terminals')).toContainText(`本单终端 (10)`);
  await expect(page.getByTestId('order-terminals').getByText(sns[0]!)).toBeVisible();
  await page.getByTestId('order-terminals').getByText(sns[0]!).click();
  await expect(page).toHaveURL(new RegExp(`terminalInfo\\?sn=${sns[0]}`));
  await page.goBack();
  await expect(page.getByTestId('order-status')).toHaveText('已发货');
  // The way back lands on the order itself, the terminals' list closed.
  await expect(page.getByTestId('order-terminals')).toBeHidden();
  await page.getByTestId('receive-order').click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('已收货');

  await page.goto(`/pages/home/terminal/terminalInfo?sn=${sns[0]}`);
  await expect(page.getByTestId('terminal-holder')).toHaveText(/^持有人\s*我$/);

  // And they go down the team like any other stock.
  const childLogin = await page.request.post('/prod-api/login/app', {
    data: { username: DEMO.child.mobile, password: DEMO.child.password },
  });
  const childToken = ((await childLogin.json()) as { token: string }).token;
  const info = await page.request.get('/prod-api/getInfo', {
    headers: { Authorization: `Bearer ${childToken}` },
  });
  const infoBody = (await info.json()) as {
    data?: { user: { userId: number } };
    user?: { userId: number };
  };
  const childId = (infoBody.data ?? infoBody).user!.userId;
  const down = await api<{ count: number }>(page, top, 'POST', '/api/term-info/operate', {
    type: 0,
    sns: sns.slice(0, 3),
    toAgentId: childId,
  });
  expect(down.code, down.msg).toBe(200);
});

test('pays from the cart with WeChat through the simulated cashier', async ({ page }) => {
  const top = await loginViaApi(page, DEMO.top.mobile);
  const products = await api<{ id: number; name: string }[]>(
    page,
    top,
    'GET',
    '/api/mall/products',
  );
  const e350 = products.data.find((p) => p.name === '联迪 E350 电签')!;

  await page.goto(`/pages/mall/detail?id=${e350.id}`);
  await page.getByTestId('add-to-cart').click();
  await page.goto('/pages/mall/cart');
  await expect(page.getByTestId(`cart-line-${e350.id}`)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('¥99.00');
  // No pay type is chosen in the cart, so it warns about none.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByTestId('checkout').click();

  await page.getByTestId('pay-type').getByText('微信支付').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('¥99.00');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('order-confirm')).toContainText('支付方式：微信支付，应付 ¥99.00');
  await page.getByRole('button', { name: '确认' }).click();

  // The simulated gateway's cashier stands in for WeChat; paying sends its signed callback.
  await expect(page.getByTestId('sim-cashier')).toContainText('¥99.00');
  await page.getByRole('button', { name: '确认支付 ¥99.00' }).click();
  await expect(page).toHaveURL(/\/pages\/mall\/order-detail/);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await expect(page.getByTestId('order-amounts')).toContainText('微信支付');

  // The cart no longer holds what was bought.
  await page.goto('/pages/mall/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

test('adds an address with the region wheel; an order left unpaid times out', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, DEMO.top.mobile);
  await page.goto('/pages/mall/address');
  await page.getByTestId('add-address').click();
  await page.getByTestId('address-name').locator('input').fill('张总');
  await page.getByTestId('address-mobile').locator('input').fill('1380000000');
  await page.getByTestId('address-detail').locator('input').fill('创业路 8 号');
  // 所在地区 is marked required like the other fields.
  await expect(
    page
      .locator('.adm-form-item', { has: page.getByTestId('address-region') })
      .locator('.adm-form-item-required-asterisk'),
  ).toBeVisible();
  await page.getByTestId('save-address').click();
  // Every field is checked before anything is sent: the mobile and the region are named.
  await expect(page.getByText('手机号码格式错误')).toBeVisible();
  await expect(page.getByText('请选择所在地区')).toBeVisible();
  await page.getByTestId('address-mobile').locator('input').fill('13800000001');
  await page.getByTestId('address-region').click();
  await expect(page.locator('.adm-picker-view-column').first()).toContainText('北京市');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('address-region')).toHaveText('北京市 市辖区 东城区');
  await page.getByTestId('save-address').click();
  await expect(page).toHaveURL(/\/pages\/mall\/address$/);
  await expect(page.getByText('北京市市辖区东城区 创业路 8 号')).toBeVisible();

  // An order placed for WeChat and not paid at the cashier waits, then is cancelled by itself.
  const products = await api<{ id: number; name: string }[]>(
    page,
    (await page.evaluate(() => JSON.parse(localStorage.getItem('token')!))) as string,
    'GET',
    '/api/mall/products',
  );
  const a8 = products.data.find((p) => p.name === '联迪 A8 智能POS')!;
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('token')!))) as string;
  const mallWallet = await api<{ goodsBalanceFen: number }>(page, token, 'GET', '/api/mall/wallet');
  await page.goto(`/pages/mall/confirm?items=${a8.id}:1`);
  await expect(page.getByTestId('confirm-total')).toHaveText('¥199.00');
  // The page starts on a pay type that can pay: the goods balance only when it holds 199.00.
  const chosen = page.getByTestId('pay-type').locator('.adm-selector-item-active');
  if (mallWallet.data.goodsBalanceFen >= 19_900) await expect(chosen).toContainText('货款余额');
  else {
    await expect(chosen).toContainText('微信支付');
    await expect(page.getByTestId('quote-refusal')).toHaveCount(0);
    // Chosen anyway, the goods balance says what it lacks, links to the transfer and names the others.
    await page.getByTestId('pay-type').getByText('货款余额').click();
    await expect(page.getByTestId('pay-short')).toContainText('货款余额不足，请先转入资金池');
    await expect(page.getByTestId('pay-short')).toContainText('也可改用微信支付或支付宝支付');
    await expect(page.getByTestId('go-capital-pool')).toBeVisible();
  }
  // Postage in points needs points: the page changes the pay type and says so.
  await page.getByTestId('shipping-way').getByText('积分抵扣').click();
  await expect(page.getByTestId('pay-switch-note')).toHaveText(
    '积分抵扣须使用积分支付，支付方式已改为积分支付',
  );
  await page.getByTestId('pay-type').getByText('微信支付').click();
  await expect(page.getByTestId('pay-switch-note')).toHaveText(
    '积分抵扣不能用微信支付，配送方式已改为包邮',
  );
  await page.getByTestId('submit-order').click();
  await page.getByRole('button', { name: '确认' }).click();
  await page.getByRole('button', { name: '暂不支付' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('待付款');
  await expect(page.getByText(/超时订单自动取消/)).toBeVisible();
  // The pay sheet shows the amount in the way being chosen: yuan for WeChat, points for points.
  await page.getByTestId('pay-order').click();
  await expect(page.getByTestId('pay-amount')).toHaveText('¥199.00');
  await page.getByTestId('pay-type').getByText('积分支付').click();
  await expect(page.getByTestId('pay-amount')).toHaveText('19,900 积分');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('已取消', { timeout: 2_000 });
  }).toPass({ timeout: 75_000, intervals: [5_000] });
  await expect(page.getByText('超时未支付，自动取消')).toBeVisible();
});
