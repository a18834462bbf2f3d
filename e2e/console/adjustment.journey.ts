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
  // The agent is picked by name: the choice shows its mobile and its top agent.
  await page.locator('#adj-agent').fill('王小');
  const option = page.getByTestId(`agent-option-${agentId}`);
  await expect(option).toContainText('13800000003');
  await expect(option).toContainText('张总');
  await option.click();
  // The capital pool: no background job pays into it, so only the adjustment moves it.
  await page.locator('#adj-amount').fill('88.80');
  await page.locator('#adj-reason').fill('活动奖励补发');
  await page.locator('.ant-modal .ant-select').nth(1).click();
  await page.getByTitle('资金池').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  // Nothing is proposed before the confirmation names who, which wallet and how much.
  const confirm = page.getByTestId('adjust-confirm');
  await expect(confirm).toContainText('王小二（13800000003');
  await expect(confirm).toContainText('张总');
  await expect(confirm).toContainText('资金池');
  await expect(confirm).toContainText('88.80');
  await shot(page, 'adjustment-confirm');
  await page.getByTestId('confirm-adjust').click();
  // The toast names what was proposed and that it waits for a second operator.
  await expect(
    page.getByText(/已提交调账申请 #\d+：王小二 · 资金池 \+88\.80 元，待另一位操作员复核/),
  ).toBeVisible();
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

  // The audit log names the action in words; its detail shows the record field by field, in yuan.
  await page.goto('/admin/system/audit');
  await page.getByLabel('操作类型', { exact: true }).click();
  await page.getByLabel('操作类型', { exact: true }).fill('发起账务调整');
  await page.locator('.ant-select-item-option', { hasText: '发起账务调整' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const auditRow = page.locator('tbody tr.ant-table-row', { hasText: '活动奖励补发' }).first();
  await expect(auditRow).toContainText('发起账务调整');
  await expect(auditRow).not.toContainText('adjustment.create');
  await auditRow.getByText('详情').click();
  const drawer = page.getByTestId('audit-drawer');
  await expect(drawer).toContainText('财务小钱');
  await expect(drawer).toContainText('88.80 元');
  await expect(drawer).toContainText('资金池');
  await expect(drawer).not.toContainText('capital_pool');
  await shot(page, 'audit-detail');
});
