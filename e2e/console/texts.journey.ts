import { expect, test } from '@playwright/test';
import { consoleLogin, shot } from './support';

test('content publishes the FAQ and the user agreement, and the app shows what was published', async ({
  page,
}) => {
  const confirm = async () => {
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toHaveCount(0);
  };
  await consoleLogin(page, 'content');
  await page.goto('/admin/content/texts');
  await expect(page.getByTestId('text-state')).toContainText('内置文本');
  await page.getByTestId('faq-q-0').fill('激活奖励什么时候到账？');
  await page.getByTestId('faq-a-0').fill('终端激活的当时即发放。\n\n可在“我的钱包-账户明细”查看。');
  // A blank question is refused on its field before anything is sent.
  await page.getByTestId('faq-q-1').fill('');
  await page.getByTestId('text-publish').click();
  await expect(page.locator('.ant-form-item-explain-error')).toContainText('请填写问题');
  await page.getByTestId('faq-q-1').fill('如何把终端划拨给下级代理？');
  await page.getByTestId('text-publish').click();
  await confirm();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(page.getByTestId('text-state')).toContainText('已发布');
  await shot(page, 'texts-faq');
  await expect(page.getByText('发布成功')).toHaveCount(0, { timeout: 10_000 });

  await page.getByTestId('text-key').getByText('用户服务协议').click();
  await expect(page.getByTestId('doc-title')).toHaveValue(/拓客宝用户服务协议/);
  await page.getByTestId('doc-title').fill('拓客宝用户服务协议（2026年12月版）');
  await page.getByTestId('text-publish').click();
  await confirm();
  await expect(page.getByText('发布成功')).toBeVisible();

  // The app, on a phone, before anyone signs in.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/pages/login/agreement/index');
  await page.evaluate(() => localStorage.setItem('appVersion', JSON.stringify('1.1.2')));
  await page.goto('/pages/login/agreement/index?type=agreement');
  await expect(
    page.getByRole('heading', { name: '拓客宝用户服务协议（2026年12月版）' }),
  ).toBeVisible();
  await page.goto('/page-subpage/setting/question');
  const faq = page.getByTestId('faq-list');
  await expect(faq).toContainText('激活奖励什么时候到账？');
  await expect(faq).toContainText('终端激活的当时即发放。');
  await shot(page, 'app-faq');
});
