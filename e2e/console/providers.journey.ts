import { expect, test } from '@playwright/test';
import { consoleLogin } from './support';

test('系统 › 外部服务 shows what each outside party runs on, the demo on its simulators; a key proposed by one super admin waits for the other, then is read at the next start', async ({
  page,
}) => {
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/system/providers');
  await expect(page.getByTestId('page-title')).toHaveText('外部服务');
  const alipay = page.getByTestId('provider-alipay');
  await expect(alipay).toContainText('支付宝（商城支付与提现打款）');
  await expect(alipay.locator('.ant-tag', { hasText: 'simulated' })).toHaveCount(2);
  await expect(page.getByTestId('provider-sms')).toContainText('simulated');

  // Every key with where it comes from, a tab per party: the demo sets none.
  await page.getByRole('tab', { name: '短信' }).click();
  const sms = page.getByTestId('provider-keys-sms');
  const signRow = sms.locator('tr', { hasText: 'SMS_SIGN_NAME' });
  await expect(signRow).toContainText('未设置');

  // The sign name is proposed; the dialog says what will change and when before anything is sent.
  await page.getByTestId('propose-keys-sms').click();
  await page.getByTestId('key-SMS_SIGN_NAME').fill('拓客宝');
  await page.getByTestId('submit-provider-keys').click();
  await expect(page.getByTestId('provider-keys-confirm')).toContainText('SMS_SIGN_NAME');
  await expect(page.getByTestId('provider-keys-confirm')).toContainText('下次启动时生效');
  await page.getByTestId('confirm-provider-keys').click();
  const changes = page.getByTestId('provider-key-changes');
  const pending = changes.locator('tr', { hasText: 'SMS_SIGN_NAME: 拓客宝' });
  await expect(pending).toContainText('待复核');
  // Its proposer cannot approve it.
  await expect(pending.getByText('通过')).toHaveCount(0);
  // Nothing changed yet.
  await expect(signRow).toContainText('未设置');

  // The other super admin approves it: in use from the next start, this process unchanged.
  await page.getByText('退出登录').click();
  await consoleLogin(page, 'super_admin2');
  await page.goto('/admin/system/providers');
  await page.getByRole('tab', { name: '短信' }).click();
  const row = page.getByTestId('provider-key-changes').locator('tr', {
    hasText: 'SMS_SIGN_NAME: 拓客宝',
  });
  await row.getByText('通过').click();
  await page.getByTestId('confirm-provider-keys-decide').click();
  await expect(row).toContainText('已批准');
  const sign = page.getByTestId('provider-keys-sms').locator('tr', { hasText: 'SMS_SIGN_NAME' });
  await expect(sign).toContainText('未设置');
  await expect(sign).toContainText('拓客宝');
});
