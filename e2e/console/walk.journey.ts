import { expect, test, type Page } from '@playwright/test';
import { consoleLogin } from './support';

/**
 * What the walk of every console page at 1280 and 1024, in Chinese and English, still found
 * (issue 28's last round): words instead of codes, one time-zone label, SN runs, icons in the
 * folded menu, tables whose important columns stay on screen.
 */

/** Switches the console to English (the language is remembered on this browser). */
const inEnglish = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('console.lang', 'en'));
  await page.reload();
};

/** The right edge of an element, for "is it on screen" at a given width. */
const rightEdge = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.x + box!.width;
};

test('at 1024 in Chinese: the header, the folded menu, operations, transactions and the mall fit and read', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await consoleLogin(page, 'super_admin');

  // The demo operator is called after its role: the header says it once.
  await expect(page.getByTestId('header-operator')).toHaveText('超级管理员');

  // The menu is folded at 1024, and every entry shows an icon, not a first letter.
  const entries = page.locator('.ant-layout-sider .ant-menu-root > li');
  await expect(entries.first()).toBeVisible();
  const count = await entries.count();
  expect(count).toBeGreaterThan(5);
  for (let i = 0; i < count; i++) await expect(entries.nth(i).locator('.anticon')).toHaveCount(1);

  // Operations: the SNs each moved read as runs, and the fixed action column opens them all.
  await page.goto('/admin/terminals/operations');
  const firstSns = page.locator('[data-testid^="op-sns-"]').first();
  await expect(firstSns).toHaveText(/[A-Z]+\d+/);
  await expect(page.locator('.ant-table-thead')).not.toContainText('首尾');
  const detail = page.locator('[data-testid^="op-detail-"]').first();
  expect(await rightEdge(page, '[data-testid^="op-detail-"]')).toBeLessThanOrEqual(1024);
  await detail.click();
  const drawer = page.getByTestId('op-drawer');
  await expect(drawer).toContainText('SN段');
  await expect(drawer).toContainText('处理时间（北京时间）');
  await expect(drawer.locator('.ant-list-item').first()).toHaveText(/[A-Z]+\d+/);
  await page.keyboard.press('Escape');

  // Transactions: amount and status are on screen, the action column is real.
  await page.goto('/admin/finance/transactions');
  await expect(page.locator('[data-testid^="txn-detail-"]').first()).toBeVisible();
  const head = page.locator('.ant-table-thead');
  for (const title of ['金额', '状态']) {
    const th = head.locator('th', { hasText: new RegExp(`^${title}$`) }).first();
    const box = await th.boundingBox();
    expect(box!.x + box!.width, title).toBeLessThanOrEqual(1024);
  }
  await expect(head).toContainText('交易时间（北京时间）');
  await page.locator('[data-testid^="txn-detail-"]').first().click();
  await expect(page.getByTestId('txn-drawer')).toContainText('收单交易号');
  await page.keyboard.press('Escape');

  // Mall products: every header on one line (no character-per-line wrapping) at 1024.
  await page.goto('/admin/mall/products');
  await expect(page.getByTestId('list-total')).toBeVisible();
  const ths = page.locator('.ant-table-thead th');
  for (let i = 0; i < (await ths.count()); i++) {
    const box = await ths.nth(i).boundingBox();
    if (box) expect(box.height, await ths.nth(i).innerText()).toBeLessThan(64);
  }

  // Mall orders say how many there are.
  await page.goto('/admin/mall/orders');
  await expect(page.getByTestId('page-info')).toContainText(/共 \d+ 条/);

  // The import button names what the hint says it accepts.
  await page.goto('/admin/terminals/import');
  await expect(page.getByTestId('choose-csv')).toHaveText('选择文件（CSV或Excel）');
});

test('in English at 1280: parameters, dictionaries, operators, audit, identifications and the FAQ in words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await consoleLogin(page, 'super_admin');
  await inEnglish(page);
  await expect(page.getByTestId('header-operator')).toHaveText('Super admin');

  // Parameters: names in words with the key beneath, money in yuan, lists as a table.
  await page.goto('/admin/system/params');
  await expect(page.getByTestId('param-mall_rules')).toContainText('Mall rules');
  await expect(page.getByTestId('param-mall_rules')).toContainText('mall_rules');
  await expect(page.getByTestId('param-value-mall_rules')).toContainText('Postage');
  // The postage is whatever an earlier journey left (the mall journey sets it): read in yuan.
  await expect(page.getByTestId('param-value-mall_rules')).toContainText(
    /Postage\D*\d+\.\d{2} yuan/,
  );
  await expect(page.getByTestId('param-value-agent_common_level')).toContainText('Level');
  await expect(page.getByTestId('param-value-mall_rules')).not.toContainText('{');
  await expect(page.locator('.ant-table-thead').first()).toContainText('Updated (Beijing time)');

  // Dictionaries are headed by their names.
  await page.goto('/admin/system/dicts');
  await expect(page.getByTestId('dict-title-bind_status')).toContainText('Terminal binding status');

  // Operators' times say their zone.
  await page.goto('/admin/system/operators');
  await expect(page.locator('.ant-table-thead').first()).toContainText(
    'Last sign-in (Beijing time)',
  );

  // Reading the SMS outbox is audited with an empty list of ids: its summary shows no "[]".
  await page.goto('/admin/system/sms');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.goto('/admin/system/audit');
  const body = page.locator('.ant-table-tbody');
  await expect(body.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(body).not.toContainText('[]');
  await expect(body).not.toContainText('ids:');
  await expect(page.locator('.ant-table-thead')).toContainText('Time (Beijing time)');
  await expect(page.locator('body')).not.toContainText('UTC+8');

  // A long filter label leaves its input room.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/admin/merchants/identifications');
  const input = page
    .locator('.ant-pro-query-filter .ant-form-item', { hasText: 'Merchant number or name' })
    .locator('input');
  await expect(input).toBeVisible();
  expect((await input.boundingBox())!.width).toBeGreaterThan(150);

  // The FAQ editor heads its entries "Question n".
  await page.goto('/admin/content/texts');
  await expect(page.getByText('Question 1', { exact: true })).toBeVisible();
});
