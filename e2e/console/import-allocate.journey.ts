import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Response } from '@playwright/test';
import { consoleLogin, shot } from './support';

/** Brand and model the demo has, read through the agent API's brand list. */
async function demoBrand(page: Page, token: string) {
  const res = await page.request.get('/prod-api/api/term-info/brandList', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { id: number; name: string; models: string[] }[] };
  return body.data[0]!;
}

test('operations imports terminals by CSV, allocates them to the top agent, who allocates one in the app', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = async (mobile: string) => {
    const r = await page.request.post('/prod-api/login/app', {
      data: { username: mobile, password: 'demo123' },
    });
    return ((await r.json()) as { token: string }).token;
  };
  const topToken = await login('13800000001');
  const info = await (
    await page.request.get('/prod-api/getInfo', {
      headers: { Authorization: `Bearer ${topToken}` },
    })
  ).json();
  const topId = (info.data ?? info).user.userId as number;
  const brand = await demoBrand(page, topToken);
  const stamp = String(Date.now()).slice(-6);
  const sns = [1, 2, 3].map((i) => `E2EIMP${stamp}${i}`);
  const csv = [
    'sn,brand,model',
    ...sns.map((sn) => `${sn},${brand.name},${brand.models[0]}`),
    `${sns[0]},${brand.name},${brand.models[0]}`,
    `E2EBAD${stamp},没有这个品牌,X1`,
  ].join('\n');

  await consoleLogin(page, 'operations');
  await page.goto('/admin/terminals/import');
  // Choosing the file only reads it: nothing the page sends meanwhile is answered 404 (the
  // upload control once posted the file to the page's own address).
  const answered: string[] = [];
  const record = (r: Response) =>
    answered.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  page.on('response', record);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'terminals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('共 5 行：可导入 3 行，问题 2 行');
  page.off('response', record);
  expect(answered).toContain('200 POST /prod-api/admin/terminals/import/preview');
  expect(answered.filter((a) => a.startsWith('404'))).toEqual([]);
  await expect(preview).toContainText('与第2行重复');
  await expect(preview).toContainText('品牌 没有这个品牌 不存在');
  await shot(page, 'import-preview');
  await page.getByTestId('commit-import').click();
  await expect(page.getByTestId('import-progress')).toHaveText('3 / 3');
  // The top agent is picked by name; the confirmation names it before anything moves.
  await page.locator('#allocate-agent').fill('张总');
  await page.getByTestId(`agent-option-${topId}`).click();
  await page.getByTestId('allocate').click();
  await expect(page.getByTestId('allocate-confirm')).toContainText('张总（13800000001');
  await page.getByTestId('confirm-allocate').click();
  await expect(page.getByText('下发给一级代理商：3')).toBeVisible();
  await shot(page, 'import-allocated');

  // The top agent now holds them and allocates the first to its child in the agent app.
  const childToken = await login('13800000002');
  const childInfo = await (
    await page.request.get('/prod-api/getInfo', {
      headers: { Authorization: `Bearer ${childToken}` },
    })
  ).json();
  const childId = (childInfo.data ?? childInfo).user.userId as number;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/pages/login/index');
  await page.evaluate(
    ([t, i]) => {
      localStorage.clear();
      localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('userAdminInfo', JSON.stringify(i));
      localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
    },
    [topToken, info.data ?? info] as const,
  );
  await page.goto('/pages/home/terminal/operation?type=0');
  await page.getByTestId('pick-agent').click();
  await page.getByTestId('agent-search').locator('input').fill('13800000002');
  await page.getByTestId(`agent-option-${childId}`).click();
  await page.getByTestId('start-sn').locator('input').fill(sns[0]!);
  await page.getByTestId('end-sn').locator('input').fill(sns[0]!);
  await expect(page.getByTestId('selection-note')).toHaveText('共 1 台');
  await page.getByTestId('preview-button').click();
  await expect(page.getByTestId('preview-sns')).toContainText(sns[0]!);
  await page.getByTestId('confirm-operation').click();
  await expect(page).toHaveURL(/termOperatHistory/);
  const t = await (
    await page.request.get(
      `/prod-api/api/term-info/list?sn=${sns[0]}&holderAgentId=${childId}&pageSize=5`,
      {
        headers: { Authorization: `Bearer ${childToken}` },
      },
    )
  ).json();
  expect(JSON.stringify(t.data)).toContain(sns[0]);
});

test('operations imports terminals from an Excel workbook the same way', async ({ page }) => {
  await consoleLogin(page, 'operations');
  await page.goto('/admin/terminals/import');
  await page
    .locator('input[type=file]')
    .setInputFiles(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/terminals.xlsx'),
    );
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('共 3 行：可导入 3 行，问题 0 行');
  await page.getByTestId('commit-import').click();
  await expect(page.getByTestId('import-progress')).toHaveText('3 / 3');
  await shot(page, 'import-xlsx');
});
