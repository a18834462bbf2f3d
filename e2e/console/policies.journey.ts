import { expect, test } from '@playwright/test';
import { consoleLogin, OPERATORS, shot } from './support';

/**
 * Operations opens a product policy for a new top-level agent from the console (starting from a
 * draft that keeps the platform a margin, confirming before anything is saved), and then reads a
 * terminal's chain of costs from the platform down to its holder.
 */
test('operations opens a root policy for a new top-level agent and reads a terminal cost chain', async ({
  page,
}) => {
  // A new top-level agent, made through the console API as the agents page would.
  const login = await page.request.post('/prod-api/admin/auth/login', {
    data: OPERATORS.operations,
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await page.request.post('/prod-api/admin/agents/create', {
    data: { name: '控制台总代', mobile: '13700000088', level: 1 },
    headers: { authorization: `Bearer ${token}` },
  });
  const agentId = ((await created.json()) as { data: { agent: { id: number } } }).data.agent.id;

  await consoleLogin(page, 'operations');
  await page.goto('/admin/policies');

  // A new product policy: a range that does not hold its standard rate is refused on its field.
  await page.getByTestId('new-policy').click();
  const form = page.getByTestId('policy-form');
  await form.getByLabel('品牌').click();
  await page.locator('.ant-select-item-option', { hasText: '新大陆' }).click();
  await form.getByLabel('政策名称').fill('新大陆特惠政策');
  await form.getByLabel('商户费率上限').fill('0.5');
  await page.locator('#policy-save').click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await shot(page, 'new-policy-refused');
  await form.getByLabel('商户费率上限').fill('0.68');
  await page.locator('#policy-save').click();
  await expect(page.getByRole('cell', { name: '新大陆特惠政策' })).toBeVisible();
  await page.getByTestId('policy-1').click();
  const row = page.getByTestId(`root-${agentId}`);
  await expect(row).toHaveText('开通');
  await row.click();
  await expect(page.getByTestId('root-form')).toBeVisible();
  await page.getByTestId('root-activation').fill('100');
  await shot(page, 'root-policy-form');
  await page.locator('#root-save').click();
  const confirm = page.getByTestId('root-confirm');
  await expect(confirm).toContainText('控制台总代');
  await expect(confirm).toContainText('激活奖励 ¥100.00');
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(page.getByTestId(`root-${agentId}`)).toHaveText('修改');
  await expect(page.getByRole('row', { name: /控制台总代/ })).toContainText('已开通 v1');
  await shot(page, 'policy-drawer');

  // The product policy itself is edited into version 2; version 1 stays in the history.
  await page.getByTestId('edit-policy').click();
  const editForm = page.getByTestId('policy-form');
  await expect(editForm.getByLabel('品牌')).toBeDisabled();
  await editForm.getByLabel('激活期限（天）').fill('45');
  await page.locator('#policy-save').click();
  const confirmVersion = page.locator('.ant-modal-confirm');
  await expect(confirmVersion).toContainText('v2');
  await confirmVersion.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已生成新版本')).toBeVisible();
  const versions = page.getByTestId('policy-versions');
  await expect(versions.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(versions.locator('tbody tr.ant-table-row').first()).toContainText('v2');
  await expect(page.locator('.ant-drawer-body .ant-descriptions')).toContainText('45');
  await shot(page, 'policy-versions');
  await page.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  // The chain of a demo terminal: the platform first, then each agent down to the holder.
  await page.getByRole('tab', { name: '终端成本链' }).click();
  await page.getByPlaceholder('SN').fill('LD00000001');
  await page.getByPlaceholder('SN').press('Enter');
  const table = page.getByTestId('chain-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('平台');
  await expect(table).toContainText('留¥');
  await shot(page, 'policy-chain');

  // Account actions ask first, naming whom they touch and what ends, and say what was done.
  await page.goto('/admin/agents');
  await page.getByPlaceholder('姓名/手机号/邀请码').fill('13700000088');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const agentRow = page.getByRole('row', { name: /控制台总代/ });
  await agentRow.getByText('详情').click();
  await page.getByTestId('agent-disable').click();
  const what = page.getByTestId('confirm-what');
  await expect(what).toContainText('控制台总代（13700000088');
  await expect(what).toContainText('立即退出所有设备');
  await shot(page, 'agent-disable-confirm');
  // Cancelling changes nothing.
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByTestId('agent-disable')).toBeVisible();
  await page.getByTestId('agent-disable').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('已停用：控制台总代')).toBeVisible();
  await expect(page.getByTestId('agent-enable')).toBeVisible();
  await page.getByTestId('agent-reset-password').click();
  await expect(page.getByTestId('confirm-what')).toContainText('原密码立即失效');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('已重置密码：控制台总代')).toBeVisible();
  await expect(page.getByTestId('initial-password')).toHaveText(/\S{6,}/);
});
