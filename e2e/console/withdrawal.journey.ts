import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

test('finance reviews and pays a withdrawal the agent requested', async ({ page }) => {
  // The top agent requests 25.00 through the agent API.
  const token = await agentToken(page, '13800000001');
  const auth = { Authorization: `Bearer ${token}` };
  const accounts = await (
    await page.request.get('/prod-api/api/ag/my/center/settlement/list', { headers: auth })
  ).json();
  const applied = await (
    await page.request.post('/prod-api/api/ag/agent/withdraw/apply', {
      headers: auth,
      data: {
        walletType: 'profit',
        amountFen: 2500,
        accountId: accounts.data.own.id,
        payPassword: '123456',
        idempotencyKey: `e2e-console-${Date.now()}`,
      },
    })
  ).json();
  expect(applied.code, applied.msg).toBe(200);
  const id = applied.data.id as number;

  await consoleLogin(page, 'finance');
  // Finance sees finance entries and no content menu.
  await expect(page.getByTestId('menu-/content/banners')).toHaveCount(0);
  await page.goto('/admin/finance/withdrawals');
  const row = page.locator('tr', { has: page.getByTestId(`status-${id}`) });
  await expect(row).toContainText('25.00');
  await expect(row).toContainText('*');
  await shot(page, 'withdrawals-queue');
  await row.locator('input[type=checkbox]').check();
  await page.getByTestId('approve').click();
  // Nothing moves before the operator confirms what: the count, the agent, the amount.
  const confirm = page.getByTestId('batch-confirm');
  await expect(confirm).toContainText('25.00');
  await expect(confirm).toContainText(`#${id}`);
  await expect(page.getByTestId(`status-${id}`)).toHaveText('待审核');
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(page.getByTestId(`status-${id}`)).toHaveText('已审核');
  await page
    .locator('tr', { has: page.getByTestId(`status-${id}`) })
    .locator('input[type=checkbox]')
    .check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('batch-confirm')).toContainText('25.00');
  await shot(page, 'withdrawals-pay-confirm');
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(page.getByTestId(`status-${id}`)).toHaveText('已到账');
  await shot(page, 'withdrawals-paid');

  // The page lets the operator go: a menu click shows the next page, not the withdrawals table.
  await page.getByTestId('menu-/finance/adjustments').click();
  await expect(page).toHaveURL(/\/admin\/finance\/adjustments/);
  await expect(page.locator('.ant-pro-table-list-toolbar-title')).toHaveText('人工调账');
  await expect(page.getByTestId(`status-${id}`)).toHaveCount(0);

  // The agent sees it paid.
  const info = await (
    await page.request.get(`/prod-api/api/ag/agent/withdraw/info?id=${id}`, { headers: auth })
  ).json();
  expect(info.data.status).toBe(2);
});
