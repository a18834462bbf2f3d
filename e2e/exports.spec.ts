import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, DEMO, loginViaApi } from './support';

/*
 * The exports journey (我的导出, decision 038): an agent on its unbound terminals asks for an
 * export from the list's header, lands on "my exports" where the export shows queued or being
 * written and then ready with its row count, downloads it, and the file opened is the list: the
 * same SNs in the same order, under Chinese headers. Another agent cannot fetch the file by its
 * id, and the download needs a session.
 */

interface Terminal {
  sn: string;
  holderName: string;
}

async function listAll(page: Page, token: string, url: string) {
  const found: Terminal[] = [];
  let cursor: string | null = null;
  do {
    const page1: { code: number; data: { rows: Terminal[]; nextCursor: string | null } } =
      await api(page, token, 'GET', `${url}&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page1.code).toBe(200);
    found.push(...page1.data.rows);
    cursor = page1.data.nextCursor;
  } while (cursor);
  return found;
}

test('an agent exports its unbound terminals and opens the file with the same rows', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.top.mobile);
  const list = await listAll(page, token, '/api/term-info/list?bindStatus=0');
  expect(list.length).toBeGreaterThan(0);

  await page.goto('/pages/home/terminal/terminalList?bindStatus=0');
  await expect(page.getByTestId('export-terminals')).toBeVisible();
  const asked = page.waitForResponse((r) => r.url().includes('/api/ag/export/create'));
  await page.getByTestId('export-terminals').click();
  const made = (await (await asked).json()) as { code: number; data: { id: number } };
  expect(made.code).toBe(200);

  // My exports: the new one on top, followed until it is ready.
  await expect(page).toHaveURL(/\/pages\/exports\/index/);
  const card = page.getByTestId('export-card').first();
  await expect(card.getByTestId('export-name')).toContainText(/^终端-\d{8}-\d{6}\.xlsx$/);
  await expect(card.getByTestId('export-status')).toHaveText(/排队中|生成中|已完成/);
  await expect(card.getByTestId('export-status')).toHaveText('已完成', { timeout: 20_000 });
  await expect(card.getByTestId('export-rows')).toHaveText(`${list.length} 行`);

  const download = page.waitForEvent('download');
  await card.getByTestId('export-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^终端-\d{8}-\d{6}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]!.slice(0, 5)).toEqual(['SN', '品牌', '型号', '状态', '持有人']);
  expect(rows.slice(1).map((r) => r[0])).toEqual(list.map((t) => t.sn));
  expect(rows.slice(1).map((r) => r[4])).toEqual(list.map((t) => t.holderName));
  expect(new Set(rows.slice(1).map((r) => r[3]))).toEqual(new Set(['未绑定']));

  // Only mine: another agent's session and no session both find nothing there.
  const other = await page.request.post('/prod-api/login/app', {
    data: { username: DEMO.otherTop.mobile, password: DEMO.otherTop.password },
  });
  const otherToken = ((await other.json()) as { token: string }).token;
  const stolen = await page.request.get(`/prod-api/api/ag/export/download?id=${made.data.id}`, {
    headers: { Authorization: `Bearer ${otherToken}` },
  });
  expect(stolen.status()).toBe(404);
  const anonymous = await page.request.get(`/prod-api/api/ag/export/download?id=${made.data.id}`);
  expect(anonymous.status()).toBe(401);
});

test('my exports is reached from the mine tab, in English too', async ({ page }) => {
  await loginViaApi(page, DEMO.grandchild.mobile);
  await page.goto('/pages/myInfo/index');
  await page.getByTestId('mine-exports').click();
  await expect(page).toHaveURL(/\/pages\/exports\/index/);
  await expect(page.getByTestId('export-empty')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.reload();
  await expect(page.getByTestId('export-empty')).toContainText('No exports yet');
});
