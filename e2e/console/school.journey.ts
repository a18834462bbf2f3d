import { expect, test } from '@playwright/test';
import { agentToken, consoleLogin, shot } from './support';

test('内容 › 商学院: a category and an article published from the console reach the agents', async ({
  page,
}) => {
  await consoleLogin(page, 'content');
  await page.goto('/admin/content/school');
  await expect(page.getByTestId('page-title')).toHaveText('商学院');

  // A category of the business school.
  const category = `政策解读${Date.now() % 100000}`;
  await page.getByTestId('school-categories').click();
  await page.getByTestId('school-category-name').fill(category);
  await page.getByTestId('school-category-save').click();
  await expect(page.locator('.ant-modal-body tr', { hasText: category })).toBeVisible();
  await page.locator('.ant-modal-close').click();

  // An article in it.
  const title = `新政策一图读懂 ${Date.now()}`;
  await page.getByTestId('school-new').click();
  await page.getByTestId('school-category').click();
  await page.locator('.ant-select-item-option', { hasText: category }).click();
  await page.getByTestId('school-kind').click();
  await page.locator('.ant-select-item-option', { hasText: '文章' }).click();
  await page.getByTestId('school-title').fill(title);
  await page.getByTestId('school-body').fill('费率调整自下月一日起生效。');
  await shot(page, 'school-form');
  await page.locator('#school-submit').click();
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText(category);
  await expect(row).toContainText('文章');
  await shot(page, 'school-list');

  // An agent finds it in the business school.
  const agent = await agentToken(page, '13800000002');
  const list = await page.request.get('/prod-api/api/ag/school/items?section=school', {
    headers: { Authorization: `Bearer ${agent}` },
  });
  const rows = ((await list.json()) as { data: { rows: { title: string }[] } }).data.rows;
  expect(rows.map((r) => r.title)).toContain(title);
});
