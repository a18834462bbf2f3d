import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

test('finance proposes an adjustment, the super admin approves it, and the wallet moves only then', async ({
  page,
}) => {
  const token = await agentToken(page, '13800000003');
  const info = await (
    await page.request.get('/prod-api/getInfo', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const agentId = (info.data ?? info).user.userId as number;
  const reward = async () => {
    const w = await (
      await page.request.get('/prod-api/api/ag/agent/wallet/showAgentWallet', {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    return (
      (w.data.wallets as { walletType: string; balanceFen: number }[]).find(
        (x) => x.walletType === 'capital_pool',
      )?.balanceFen ?? 0
    );
  };
  const before = await reward();

  await consoleLogin(page, 'finance');
  await page.goto('/admin/finance/adjustments');
  await page.getByTestId('new-adjustment').click();
  await page.locator('#adj-agent').fill(String(agentId));
  // The capital pool: no background job pays into it, so only the adjustment moves it.
  await page.locator('#adj-amount').fill('88.80');
  await page.locator('#adj-reason').fill('活动奖励补发');
  await page.locator('.ant-modal .ant-select').click();
  await page.getByTitle('capital_pool').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const row = page.locator('tr', { hasText: '活动奖励补发' }).first();
  await expect(row).toContainText('待复核');
  // The maker has no approve action on their own adjustment.
  await expect(row.getByText('通过')).toHaveCount(0);
  expect(await reward()).toBe(before);
  await shot(page, 'adjustment-pending');

  await page.getByText('退出登录').click();
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/finance/adjustments');
  const row2 = page.locator('tr', { hasText: '活动奖励补发' }).first();
  await row2.getByText('通过').click();
  // On a busy machine a tap during the dialog's opening animation can be lost; a user taps again.
  await expect(async () => {
    const ok = page.getByTestId('confirm-decide');
    if (await ok.isVisible()) await ok.click();
    await expect(row2).toContainText('已入账', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'adjustment-posted');
  expect(await reward()).toBe(before + 8880);
});
