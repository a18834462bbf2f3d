import { expect, test } from '@playwright/test';
import { consoleLogin, shot } from './support';

/**
 * The console's root-policy editor holds the SIM fee cashback per collection (issue 33): the demo
 * top agent's second and third-and-later cashback are shown per option; lowering one is refused
 * on its own field (it needs the agent's consent), raising one saves a new version.
 */
test("operations raises a top agent's SIM fee cashback of the later years, refused when lowered", async ({
  page,
}) => {
  await consoleLogin(page, 'operations');
  await page.goto('/admin/policies');
  await page
    .getByRole('row', { name: /联迪标准政策/ })
    .getByTestId(/^policy-\d+$/)
    .click();
  const row = page.getByRole('row', { name: /张总/ });
  await expect(row).toContainText('已开通 v1');
  await row.getByTestId(/^root-\d+$/).click();
  await expect(page.getByTestId('root-form')).toBeVisible();
  const tiers = page.getByTestId('root-sim-tiers');
  await tiers.scrollIntoViewIfNeeded();
  const second = page.getByTestId('root-sim-3600-second');
  const later = page.getByTestId('root-sim-3600-later');
  await expect(second).toHaveValue('14.00');
  await expect(later).toHaveValue('10.00');

  // Lower than the agent holds: the server refuses it on that field, nothing is saved.
  await later.fill('9');
  await page.locator('#root-save').click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(tiers.locator('.ant-form-item-explain-error')).toContainText(
    '流量费36.00元档第三次及以后返现只能调高',
  );
  await shot(page, 'root-sim-tier-refused');

  await second.fill('16');
  await later.fill('12');
  await page.locator('#root-save').click();
  // The confirmation lists what each collection will pay before anything is saved.
  await expect(page.getByTestId('root-confirm-sim-3600')).toHaveText(
    '流量费返现 ¥36.00：首次 ¥24.00 / 第二次 ¥16.00 / 第三次及以后 ¥12.00',
  );
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(row).toContainText('已开通 v2');

  // Opened again, the editor shows what was saved.
  await row.getByTestId(/^root-\d+$/).click();
  await expect(page.getByTestId('root-sim-3600-second')).toHaveValue('16.00');
  await expect(page.getByTestId('root-sim-3600-later')).toHaveValue('12.00');
  await shot(page, 'root-sim-tiers');
});
