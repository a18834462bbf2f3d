import { expect, test } from '@playwright/test';
import { consoleLogin, shot } from './support';

test('operations adds a brand with its models, and cannot take away a model terminals carry', async ({
  page,
}) => {
  await consoleLogin(page, 'operations');
  await page.goto('/admin/terminals/brands');
  await page.getByTestId('new-brand').click();
  await page.locator('#brand-name').fill('拉卡拉');
  await page.locator('#brand-models').fill('L1');
  await page.locator('#brand-models').press('Enter');
  await page.locator('#brand-models').fill('L2');
  await page.locator('#brand-models').press('Enter');
  // Close the models dropdown (it can cover the dialog's buttons) before confirming.
  await page.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const row = page.getByRole('row', { name: /拉卡拉/ });
  await expect(row).toContainText('L1');
  await expect(row).toContainText('L2');

  // 联迪's models are on its demo terminals: removing one is refused with the model named.
  await page.getByRole('row', { name: /联迪/ }).getByText('编辑型号').click();
  const tags = page.locator('.ant-modal .ant-select-selection-item');
  await expect(tags).toHaveCount(2);
  await page.locator('.ant-modal .ant-select-selection-item-remove').first().click();
  // The model is off the list before the change is sent (a click during the dialog's opening
  // animation can be lost).
  await expect(tags).toHaveCount(1);
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const error = page.locator('.ant-form-item-explain-error');
  await expect(error).toContainText('仍有终端在用');
  await expect(error).toBeVisible();
  await expect(page.getByRole('row', { name: /联迪/ })).toContainText('E350');
  await shot(page, 'brand-model-refused');
});
