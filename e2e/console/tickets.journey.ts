import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

/** A real 2×2 PNG, as a phone's screenshot would be. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('客服工单: an operator opens an agent’s ticket with its image, replies and closes it', async ({
  page,
}) => {
  // The agent opens a ticket with an image, as the app does.
  const agent = await agentToken(page, '13800000003');
  const auth = { Authorization: `Bearer ${agent}` };
  const up = await page.request.post('/prod-api/api/ag/ticket/image', {
    headers: auth,
    multipart: { file: { name: 'shot.png', mimeType: 'image/png', buffer: PNG } },
  });
  const imageId = ((await up.json()) as { data: { imageId: number } }).data.imageId;
  const description = `终端无法开机 ${Date.now()}`;
  const opened = await page.request.post('/prod-api/api/ag/ticket/create', {
    headers: auth,
    data: { type: 1, description, imageIds: [imageId] },
  });
  const id = ((await opened.json()) as { data: { id: number } }).data.id;

  await consoleLogin(page, 'operations');
  await page.goto('/admin/tickets');
  await expect(page.getByTestId('page-title')).toHaveText('客服工单');
  const row = page.locator('tr', { hasText: description });
  await expect(row).toContainText('待处理');
  await page.getByTestId(`ticket-open-${id}`).click();

  const drawer = page.getByTestId('ticket-drawer');
  await expect(drawer).toContainText(description);
  await expect(page.getByTestId('ticket-drawer-images').locator('img')).toHaveCount(1);
  await page
    .getByTestId('ticket-reply-input')
    .fill('请长按电源键10秒重启，如仍无法开机我们安排换机。');
  await page.getByTestId('ticket-send').click();
  await expect(page.getByTestId('ticket-drawer-status')).toHaveText('已回复');
  await expect(page.getByTestId('ticket-drawer-reply')).toContainText('长按电源键');
  await shot(page, 'ticket-drawer');

  await page.getByTestId('ticket-close').click();
  await page.getByTestId('ticket-close-note').fill('已电话确认恢复正常。');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByTestId('ticket-drawer-status')).toHaveText('已关闭');

  // The agent reads both replies.
  const seen = await page.request.get(`/prod-api/api/ag/ticket/detail?id=${id}`, {
    headers: auth,
  });
  const ticket = (await seen.json()) as { data: { status: number; replyList: { body: string }[] } };
  expect(ticket.data.status).toBe(4);
  expect(ticket.data.replyList.map((r) => r.body)).toEqual([
    '请长按电源键10秒重启，如仍无法开机我们安排换机。',
    '已电话确认恢复正常。',
  ]);
});

test('客服工单 is not in the menu of a role without ticket:view', async ({ page }) => {
  await consoleLogin(page, 'content');
  await expect(page.getByText('客服工单')).toHaveCount(0);
});
