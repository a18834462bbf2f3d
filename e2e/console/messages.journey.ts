import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

test('消息中心 publishes to an agent and its team after naming who receives it, and lists it', async ({
  page,
}) => {
  const child = await agentToken(page, '13800000002');
  const info = await page.request.get('/prod-api/api/ag/my/center/info', {
    headers: { Authorization: `Bearer ${child}` },
  });
  const childId = ((await info.json()) as { data: { info: { id: number } } }).data.info.id;

  // Picking the tree's agent needs agent:view as well as content:publish: the super admin has both.
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/content/messages');
  await expect(page.getByTestId('page-title')).toHaveText('消息中心');
  await page.getByTestId('message-new').click();
  const title = `节前提醒 ${Date.now()}`;
  await page.getByTestId('message-title').fill(title);
  await page.getByTestId('message-body').fill('春节期间提现顺延至节后第一个工作日。');
  await page.getByLabel('某代理商及其团队').check();
  await page.locator('#treeAgentId').fill('13800000002');
  await page.getByTestId(`agent-option-${childId}`).click();
  await shot(page, 'messages-form');
  await page.locator('#message-submit').click();

  // The confirmation names the tree's root and how many agents it reaches.
  const confirm = page.getByTestId('message-confirm');
  await expect(confirm).toContainText(title);
  await expect(confirm).toContainText('13800000002');
  await expect(confirm).toContainText('及其团队，共');
  await shot(page, 'messages-confirm');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();

  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('及其团队');
  await expect(row).toContainText('系统公告');
  await shot(page, 'messages-list');

  // The child sees it in its own list.
  const list = await page.request.get('/prod-api/api/ag/message/list', {
    headers: { Authorization: `Bearer ${child}` },
  });
  const rows = ((await list.json()) as { data: { rows: { title: string }[] } }).data.rows;
  expect(rows.map((r) => r.title)).toContain(title);
});
