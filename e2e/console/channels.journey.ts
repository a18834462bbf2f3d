import { expect, test } from '@playwright/test';
import { consoleLogin, shot } from './support';

test('operators see the channels with keys masked, change an allow-list under four eyes, and read why a push was refused', async ({
  page,
}) => {
  // A push signed with nothing the channel's key verifies: refused, stored, nothing applied.
  const orderNo = `E2EBADSIG${Date.now()}`;
  const push = await page.request.post('/prod-api/api/notify/channel/hengxintong', {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({
      action: 'pos_order',
      orderNo,
      amount: '10000',
      sign: Buffer.from('not a signature of these fields').toString('base64'),
    }),
  });
  expect(push.status()).toBe(403);

  await consoleLogin(page, 'operations');
  await page.goto('/admin/system/channels');
  const hxt = page.locator('tr', { hasText: '恒信通' }).first();
  const ld = page.locator('tr', { hasText: '联动' }).first();
  await expect(hxt).toContainText('hengxintong');
  await expect(ld).toContainText('liandong');
  // Keys are shown by their last characters only, never in clear.
  const hxtKeys = page.getByTestId('channel-keys-hengxintong');
  const ldKeys = page.getByTestId('channel-keys-liandong');
  await expect(hxtKeys).toHaveText(/^通道公钥 …\S{8}$/);
  await expect(ldKeys).toHaveText(/^通道公钥 …\S{8} · 平台私钥 …\S{8}$/);
  await expect(page.locator('body')).not.toContainText('BEGIN');
  await shot(page, 'channels-list');

  // The allow-list keeps the loopback the demo traffic comes from and adds one address.
  const list = '127.0.0.0/8, ::1, 203.0.113.7';
  await page.getByTestId('edit-channel-liandong').click();
  await page.locator('#ipAllow').fill(list);
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/通道变更已提交复核 #\d+/)).toBeVisible();
  // Scoped to the changes card: once applied, the channel's own row shows the address too.
  const changes = page
    .locator('.ant-card')
    .filter({ has: page.getByText('通道变更', { exact: true }) });
  const change = changes.locator('tr', { hasText: '203.0.113.7' }).first();
  await expect(change).toContainText('待复核');
  // The change reads in words, field by field, not as JSON.
  await expect(change).toContainText('IP白名单：127.0.0.0/8、::1、203.0.113.7');
  await expect(change).not.toContainText('"ipAllow"');
  // Not applied yet, and the proposer has no approve action on their own change.
  await expect(ld).not.toContainText('203.0.113.7');
  await expect(change.getByText('通过')).toHaveCount(0);
  await shot(page, 'channel-change-pending');

  await page.getByText('退出登录').click();
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/system/channels');
  const change2 = changes.locator('tr', { hasText: '203.0.113.7' }).first();
  await change2.getByText('通过').click();
  // The approver reads the change in words before approving it.
  await expect(page.locator('.ant-modal-confirm')).toContainText('IP白名单：');
  await expect(page.locator('.ant-modal-confirm')).not.toContainText('"ipAllow"');
  await expect(async () => {
    const ok = page.getByTestId('confirm-channel-decide');
    if (await ok.isVisible()) await ok.click();
    await expect(change2).toContainText('已生效', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('tr', { hasText: '联动' }).first()).toContainText(
    '127.0.0.0/8, ::1, 203.0.113.7',
  );
  await shot(page, 'channel-change-applied');

  // The refused push is listed with its outcome and its reason.
  await page.goto('/admin/system/channel-pushes');
  const row = page.locator('tr', { hasText: orderNo }).first();
  await expect(row).toContainText('hengxintong');
  await expect(row).toContainText('已拒绝');
  await expect(row).toContainText('签名验证失败');
  await shot(page, 'channel-push-refused');
});
