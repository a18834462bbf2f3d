import { expect, test, type Page } from '@playwright/test';
import { agentToken, consoleLogin, OPERATORS, shot } from './support';

/** Calls the agent API as the given token. */
async function agent<T>(
  page: Page,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const res = await page.request.fetch(`/prod-api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

test('operations sells a product; the top agent buys 10 with its capital pool; operations ships them and they land in its stock, ready to allocate down', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Ten fresh terminals in the platform's stock, imported through the console's API.
  const login = await page.request.post('/prod-api/admin/auth/login', {
    data: OPERATORS.operations,
  });
  const opsToken = ((await login.json()) as { data: { token: string } }).data.token;
  const stamp = String(Date.now()).slice(-6);
  const sns = Array.from({ length: 10 }, (_, i) => `MALL${stamp}${String(i).padStart(2, '0')}`);
  const admin = async <T>(url: string, data: object) => {
    const res = await page.request.post(`/prod-api/admin${url}`, {
      data,
      headers: { authorization: `Bearer ${opsToken}` },
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, `${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  const preview = await admin<{ id: number }>('/terminals/import/preview', {
    fileName: 'mall.csv',
    csv: ['sn,brand,model', ...sns.map((sn) => `${sn},新大陆,ME31`)].join('\n'),
  });
  await admin('/terminals/import/commit', { id: preview.id });

  // The product, made in the console.
  await consoleLogin(page, 'operations');
  await page.goto('/admin/mall/products');
  await page.getByTestId('new-product').click();
  const form = page.getByTestId('product-form');
  await form.getByLabel('品牌').click();
  await page.locator('.ant-select-item-option', { hasText: '新大陆' }).click();
  await form.getByLabel('型号').click();
  await page.locator('.ant-select-item-option', { hasText: 'ME31' }).click();
  await form.getByLabel('商品名称').fill(`新大陆 ME31 ${stamp}`);
  await page.getByRole('button', { name: '添加价格档' }).click();
  const prices = form.locator('input[id$="_price"]');
  await prices.nth(0).fill('9.9');
  await form.locator('input[id$="_minQty"]').nth(1).fill('10');
  await prices.nth(1).fill('8.9');
  await page.getByTestId('product-stock').fill('10');
  await form.getByRole('switch').click();
  await page.locator('#product-save').click();
  const row = page.getByRole('row', { name: new RegExp(`ME31 ${stamp}`) });
  await expect(row).toContainText('10+ ¥8.90');
  await expect(row).toContainText('在售');
  await shot(page, 'mall-products');

  // The top agent moves earnings to its capital pool and buys all ten at the 10-unit price.
  const top = await agentToken(page, '13800000001');
  await agent(page, top, 'POST', '/api/ag/agent/wallet/toCapitalPool', {
    fromWalletType: 'profit',
    amountFen: 8_900,
    payPassword: '123456',
    idempotencyKey: `mall-e2e-${stamp}`,
  });
  const product = (
    await agent<{ id: number; name: string }[]>(page, top, 'GET', '/api/mall/products')
  ).find((p) => p.name === `新大陆 ME31 ${stamp}`)!;
  const address = await agent<{ id: number }>(page, top, 'POST', '/api/mall/address/save', {
    name: '张总',
    mobile: '13800000001',
    province: '福建省',
    city: '厦门市',
    district: '思明区',
    detail: '软件园二期 1 号',
  });
  const order = await agent<{ id: number; orderNo: string; totalFen: number }>(
    page,
    top,
    'POST',
    '/api/mall/order/create',
    {
      items: [{ productId: product.id, quantity: 10 }],
      addressId: address.id,
      shippingWay: 4,
      payType: 4,
    },
  );
  expect(order.totalFen).toBe(8_900);
  await agent(page, top, 'POST', '/api/mall/order/pay', {
    id: order.id,
    payType: 4,
    payPassword: '123456',
  });

  // Operations ships it by SN from the console.
  await page.goto('/admin/mall/orders');
  const orderRow = page.getByRole('row', { name: new RegExp(order.orderNo) });
  await expect(orderRow).toContainText('待发货');
  await page.getByTestId(`ship-${order.id}`).click();
  // The platform's SNs of the model are listed; the count is checked before anything is sent.
  await expect(page.getByTestId('ship-available')).toContainText('ME31：应发 10 台');
  await expect(page.getByTestId('ship-available')).toContainText(sns[0]!);
  await page.getByTestId('ship-sns').fill(sns.slice(0, 9).join('\n'));
  await expect(page.getByTestId('ship-count')).toHaveText('已选 9 台 / 应发 10 台');
  await expect(page.getByTestId('ship-ok')).toBeDisabled();
  await page.getByTestId('ship-sns').fill(sns.join('\n'));
  await expect(page.getByTestId('ship-count')).toHaveText('已选 10 台 / 应发 10 台');
  // A courier and a waybill number are required.
  await page.getByTestId('ship-ok').click();
  await expect(page.getByText('请填写快递公司')).toBeVisible();
  await expect(page.getByText('请填写运单号')).toBeVisible();
  await page.getByLabel('快递公司').fill('顺丰速运');
  await page.getByTestId('ship-waybill').fill('SF1234567890');
  await shot(page, 'mall-ship');
  await page.getByTestId('ship-ok').click();
  // The last word names how many go to whom, with which waybill.
  await expect(page.getByTestId('ship-confirm')).toContainText('终端：10 台');
  await expect(page.getByTestId('ship-confirm')).toContainText('SF1234567890');
  await page.getByTestId('ship-confirm-ok').click();
  await expect(page.getByText(/已发货：10 台 → .* · 顺丰速运 SF1234567890/)).toBeVisible();
  await expect(orderRow).toContainText('SF1234567890');
  await expect(orderRow).toContainText('已发货');

  // The terminals are in the top agent's stock at once, and it allocates one to its child.
  const mine = await agent<{ rows: { sn: string }[] }>(
    page,
    top,
    'GET',
    `/api/term-info/list?bindStatus=0&sn=MALL${stamp}&pageSize=20`,
  );
  expect(mine.rows.map((r) => r.sn).sort()).toEqual(sns);
  const info = await agent<{ user: { userId: number } }>(
    page,
    await agentToken(page, '13800000002'),
    'GET',
    '/getInfo',
  );
  const moved = await agent<{ count: number }>(page, top, 'POST', '/api/term-info/operate', {
    type: 0,
    sns: [sns[0]],
    toAgentId: info.user.userId,
  });
  expect(moved.count).toBe(1);
});
