import { expect, test, type Page } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

/** The reward wallet's preview of a 200-yuan withdrawal, as the app asks for it. */
async function rewardPreview(page: Page, token: string) {
  const res = await page.request.get(
    '/prod-api/api/ag/agent/withdraw/preview?walletType=reward&amountFen=20000',
    { headers: { authorization: `Bearer ${token}` } },
  );
  const body = (await res.json()) as { code: number; data: Record<string, unknown> };
  expect(body.code).toBe(200);
  return body.data;
}

async function approveAs(page: Page, code: string) {
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/finance/tax-channels');
  const changes = page
    .locator('.ant-card')
    .filter({ has: page.getByText('税务通道变更', { exact: true }) });
  const pending = changes.locator('tr', { hasText: code }).filter({ hasText: '待复核' }).first();
  await pending.getByText('通过').click();
  // The approver reads the new terms in words, and that requests made already keep theirs.
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('已提交的提现仍按提交时的通道计算');
  await page.getByTestId('confirm-tax-decide').click();
  await expect(page.getByText('税务通道变更已生效')).toBeVisible();
}

test('finance proposes a tax channel for the reward wallet, another operator approves it, and the app previews its parts', async ({
  page,
}) => {
  const agent = await agentToken(page, '13800000001');
  // The default channel: today's 3 yuan + 6%.
  expect(await rewardPreview(page, agent)).toMatchObject({
    feeFen: 300,
    vatFen: 1200,
    pitFen: 0,
    netFen: 18500,
  });

  await consoleLogin(page, 'finance');
  await page.goto('/admin/finance/tax-channels');
  const defaults = page.locator('tr', { hasText: 'default-reward' }).first();
  await expect(defaults).toContainText('3.00');
  await expect(defaults).toContainText('6.00%');
  await expect(defaults).toContainText('打款时扣税');

  await page.getByTestId('new-tax-channel').click();
  await page.locator('#code').fill('e2e-reward');
  await page.locator('#name').fill('灵活用工（奖励）');
  await page.locator('#walletType').click();
  await page.getByTitle('奖励钱包').click();
  await page.locator('#feeYuan').fill('2');
  await page.locator('#vatPct').fill('3');
  await page.locator('#pitPct').fill('1.5');
  // The select shows its default (taxed at payout) over its input: open it by its box.
  await page.locator('.ant-select', { has: page.locator('#taxAt') }).click();
  await page.getByTitle('申请时扣税').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/税务通道变更已提交复核 #\d+/)).toBeVisible();
  const changes = page
    .locator('.ant-card')
    .filter({ has: page.getByText('税务通道变更', { exact: true }) });
  const change = changes.locator('tr', { hasText: 'e2e-reward' }).first();
  await expect(change).toContainText('待复核');
  await expect(change).toContainText('手续费 2.00 · 增值税 3.00% · 个税 1.50% · 申请时扣税');
  // The proposer cannot approve their own change, and nothing applies before it is approved.
  await expect(change.getByText('通过')).toHaveCount(0);
  expect((await rewardPreview(page, agent)).feeFen).toBe(300);
  await shot(page, 'tax-channel-pending');

  await page.getByText('退出登录').click();
  await approveAs(page, 'e2e-reward');
  const row = page.locator('tr', { hasText: 'e2e-reward' }).first();
  await expect(row).toContainText('启用');
  await expect(page.locator('tr', { hasText: 'default-reward' }).first()).toContainText('停用');
  await shot(page, 'tax-channel-applied');
  expect(await rewardPreview(page, agent)).toMatchObject({
    feeFen: 200,
    vatFen: 600,
    pitFen: 300,
    taxFen: 900,
    netFen: 18900,
    taxAt: 'request',
    taxChannelName: '灵活用工（奖励）',
  });

  // Put the reward wallet back on its default channel for the journeys after this one.
  await page.getByTestId('edit-tax-channel-default-reward').click();
  await page.locator('#enabled').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/税务通道变更已提交复核 #\d+/)).toBeVisible();
  await page.getByText('退出登录').click();
  await consoleLogin(page, 'finance');
  await page.goto('/admin/finance/tax-channels');
  const back = changes.locator('tr', { hasText: 'default-reward' }).filter({ hasText: '待复核' });
  await back.first().getByText('通过').click();
  await page.getByTestId('confirm-tax-decide').click();
  await expect(page.getByText('税务通道变更已生效')).toBeVisible();
  expect((await rewardPreview(page, agent)).feeFen).toBe(300);
});
