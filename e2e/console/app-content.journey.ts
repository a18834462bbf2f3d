import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

/**
 * Content staff publish a hot update from the console (the server computes and shows its SHA-256,
 * and the app's update check offers it) and change the customer-service phone the app shows.
 */
test('content publishes a hot update and the service phone, and the app follows', async ({
  page,
}) => {
  const bytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('journey bundle')]);
  mkdirSync('test-results/console', { recursive: true });
  const file = 'test-results/console/bundle-9.8.0.zip';
  writeFileSync(file, bytes);

  await consoleLogin(page, 'content');
  await page.goto('/admin/content/app-versions');
  await page.getByTestId('publish-bundle').click();
  await page.locator('#version-number').fill('9.8.0');
  await page.locator('#version-title').fill('控制台热更新');
  await page.locator('.ant-modal input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const sha = createHash('sha256').update(bytes).digest('hex');
  await expect(page.getByTestId('published-sha')).toContainText(sha);
  await shot(page, 'hot-update-published');
  await page
    .getByRole('button', { name: /知道了|确\s*定/ })
    .last()
    .click();
  await expect(page.getByRole('cell', { name: '控制台热更新' })).toBeVisible();

  const check = await page.request.get(
    '/prod-api/app/api/check/app/update?version=1.1.2&platform=h5',
  );
  const offered = (await check.json()) as { data: { version: string; url: string } };
  expect(offered.data.version).toBe('9.8.0');
  // Withdrawn again, the app is no longer offered it (and later journeys see no update popup).
  const id = offered.data.url.split('/').pop();
  await page.getByTestId(`withdraw-${id}`).click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(page.getByRole('cell', { name: '控制台热更新' })).toHaveCount(0);
  const after = await page.request.get(
    '/prod-api/app/api/check/app/update?version=1.1.2&platform=h5',
  );
  expect(((await after.json()) as { data: { version: string } | null }).data?.version).not.toBe(
    '9.8.0',
  );

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
