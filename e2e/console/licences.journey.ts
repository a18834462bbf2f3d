import { expect, test } from '@playwright/test';
import { consoleLogin, shot } from './support';

test('operations reviews a licence: the row names the merchant, its number and licence and shows its photo; the approval names them first and says what was done; the same in English', async ({
  page,
}) => {
  await consoleLogin(page, 'operations');
  await page.goto('/admin/merchants/licences');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const row = rows.first();
  await expect(row).toContainText(/M\d{11}/);
  await expect(row).toContainText(/91310000\d{9}X/);
  // The licence photo is fetched with the operator's token and shown.
  await expect(row.locator('img')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('alt', '营业执照');
  // The queue is small: its total is shown.
  await expect(page.getByTestId('page-info')).toContainText(/共 \d+ 条/);
  await shot(page, 'licences');

  const text = (await row.textContent()) ?? '';
  const merchantNo = text.match(/M\d{11}/)![0];
  const licenceNo = text.match(/91310000\d{9}X/)![0];
  await row.getByText('通过', { exact: true }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(
    `（${merchantNo}） 的营业执照？`,
  );
  const confirm = page.getByTestId('licence-confirm');
  await expect(confirm).toContainText(`执照号：${licenceNo}`);
  await expect(confirm).toContainText('代理商：');
  await shot(page, 'licence-confirm');
  await page.getByTestId('licence-ok').click();
  await expect(page.getByText(new RegExp(`已通过 .+（${merchantNo}） 的营业执照`))).toBeVisible();
  await expect(rows.filter({ hasText: merchantNo })).toHaveCount(0);

  // In English every label and action of the page is English.
  await page.evaluate(() => localStorage.setItem('console.lang', 'en'));
  await page.reload();
  const first = rows.first();
  await expect(first.getByText('Approve', { exact: true })).toBeVisible();
  await expect(first.getByText('Reject', { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Licence no.' })).toBeVisible();
  await expect(page.getByTestId('page-info')).toContainText(/\d+ in all/);
  await first.getByText('Reject', { exact: true }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(
    'Reject the business licence of',
  );
  await expect(confirm).toContainText('Licence no.: 91310000');
  await shot(page, 'licence-reject-en');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /Cancel/ })
    .click();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
});
