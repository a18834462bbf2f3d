import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signBundle } from '../hot-update-signing';
import { agentToken, consoleLogin, shot } from './support';

/**
 * Content staff upload a hot update signed on the release machine (the bundle and its .sig, as
 * `npm run app:publish` writes them): the server verifies it and shows its SHA-256, and it waits
 * until the super admin, a second operator, approves it; only then does the app's update check
 * offer it. Then content changes the customer-service phone the app shows.
 */
test('content uploads a signed hot update, a second operator approves it, and the app follows', async ({
  page,
}) => {
  const bytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('journey bundle')]);
  mkdirSync('test-results/console', { recursive: true });
  const file = 'test-results/console/pos-hot-update-9.8.0.zip';
  writeFileSync(file, bytes);
  writeFileSync(`${file}.sig`, `${signBundle(bytes, '9.8.0')}\n`);
  const offeredVersion = async () => {
    const check = await page.request.get(
      '/prod-api/app/api/check/app/update?version=1.1.2&platform=h5',
    );
    return ((await check.json()) as { data: { version: string; url: string } | null }).data;
  };

  await consoleLogin(page, 'content');
  await page.goto('/admin/content/app-versions');
  await page.getByTestId('publish-bundle').click();
  await page.locator('#version-number').fill('9.8.0');
  await page.locator('#version-title').fill('控制台热更新');
  await page.locator('.ant-modal input[type=file][accept*=zip]').setInputFiles(file);
  await page.locator('.ant-modal input[type=file][accept*=sig]').setInputFiles(`${file}.sig`);
  await expect(page.locator('#bundle-signature')).not.toHaveValue('');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const sha = createHash('sha256').update(bytes).digest('hex');
  await expect(page.getByTestId('published-sha')).toContainText(sha);
  await shot(page, 'hot-update-uploaded');
  await page
    .getByRole('button', { name: /知道了|确\s*定/ })
    .last()
    .click();
  const row = page.locator('tr', { hasText: '控制台热更新' }).first();
  await expect(row).toContainText('待批准');
  // The uploader waits for someone else; the app is not offered it yet.
  await expect(row.getByText('等待另一位操作员批准')).toBeVisible();
  await expect(row.getByText('批准发布')).toHaveCount(0);
  expect((await offeredVersion())?.version).not.toBe('9.8.0');

  await page.getByText('退出登录').click();
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/content/app-versions');
  const row2 = page.locator('tr', { hasText: '控制台热更新' }).first();
  await row2.getByText('批准发布').click();
  // On a busy machine a tap during the dialog's opening animation can be lost; a user taps again.
  await expect(async () => {
    const ok = page.getByTestId('confirm-decide');
    if (await ok.isVisible()) await ok.click();
    await expect(row2).toContainText('已发布', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'hot-update-published');

  const offered = await offeredVersion();
  expect(offered?.version).toBe('9.8.0');
  // Withdrawn again, the app is no longer offered it (and later journeys see no update popup).
  const id = offered!.url.split('/').pop();
  await page.getByTestId(`withdraw-${id}`).click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(page.getByRole('cell', { name: '控制台热更新' })).toHaveCount(0);
  expect((await offeredVersion())?.version).not.toBe('9.8.0');

  await page.getByText('退出登录').click();
  await consoleLogin(page, 'content');
  await page.goto('/admin/content/app-config');
  await page.locator('#service-phone').fill('400-600-7788');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await shot(page, 'app-config');

  // The agent app's about page reads the same config.
  const token = await agentToken(page, '13800000002');
  await page.goto('/pages/login/index');
  await page.evaluate((t) => {
    localStorage.setItem('token', JSON.stringify(t));
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/page-subpage/setting/aboutUs');
  await expect(page.getByText('400-600-7788')).toBeVisible();
});
