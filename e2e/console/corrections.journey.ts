import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { baseURL } from './playwright.config';
import { agentToken, consoleLogin, shot } from './support';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('operations reclaims a terminal from an agent after confirming the count the server gives, and finds it in the operation records', async ({
  page,
}) => {
  // The last unbound terminal in 赵六's stock (a tree no other journey uses).
  const token = await agentToken(page, '13900000001');
  const stock = async () => {
    const res = await page.request.get('/prod-api/api/term-info/list?bindStatus=0&pageSize=100', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: { rows: { sn: string }[] } }).data.rows.map((r) => r.sn);
  };
  const before = await stock();
  const sn = before[before.length - 1]!;

  await consoleLogin(page, 'operations');
  await page.goto('/admin/terminals/manage');
  await page.getByTestId('batch-sns').fill(sn);
  await page.getByTestId('batch-submit').click();
  await expect(page.locator('.ant-form-item-explain-error')).toContainText('请填写回收原因');
  await page.getByTestId('batch-reason').fill('故障机返厂');
  await page.getByTestId('batch-submit').click();
  await expect(page.getByTestId('batch-confirm')).toContainText('回收 1 台终端');
  await shot(page, 'reclaim-confirm');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('回收成功：1')).toBeVisible();
  expect(await stock()).not.toContain(sn);

  // Deleting a terminal that no longer exists in anyone's stock names it and changes nothing.
  await page.getByTestId('batch-action').getByText('删除').click();
  await page.getByTestId('batch-sns').fill('NOSUCH000001');
  await page.getByTestId('batch-submit').click();
  await expect(page.getByText('SN NOSUCH000001 不存在').first()).toBeVisible();

  await page.goto('/admin/terminals/operations');
  await page.getByLabel('SN', { exact: true }).fill(sn);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText('回收');
  await expect(row).toContainText('赵六');
  await expect(row).toContainText('故障机返厂');
  await shot(page, 'operation-records');
});

test('finance attaches a notification for an unknown SN to the terminal it came from, and it leaves the flagged list', async ({
  page,
}) => {
  // The acquirer sends a payment with a mistyped SN (the traffic simulator, signed as usual).
  const run = spawnSync(
    'npm',
    [
      'run',
      'simulate',
      '-w',
      '@pos/server',
      '--',
      '--url',
      baseURL,
      '--sn',
      'LD0000TYPO1',
      '--count',
      '1',
      '--payments-only',
      '--prefix',
      'TYPO',
      '--quiet',
      '--seed',
      '3',
    ],
    { cwd: REPO, encoding: 'utf8', timeout: 60_000, env: { ...process.env } },
  );
  expect(run.status, run.stderr || run.stdout).toBe(0);
  const token = await agentToken(page, '13900000001');
  const res = await page.request.get('/prod-api/api/term-info/list?bindStatus=1&pageSize=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const bound = ((await res.json()) as { data: { rows: { sn: string }[] } }).data.rows[0]!.sn;

  await consoleLogin(page, 'finance');
  await page.goto('/admin/finance/transactions');
  await page.getByLabel('SN', { exact: true }).fill('LD0000TYPO1');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText('未知终端');
  await row.getByText('挂接终端').click();
  // The notified SN is still unknown: refused on the field, nothing changes.
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-form-item-explain-error')).toContainText('LD0000TYPO1');
  await page.getByTestId('attach-sn').fill(bound);
  await shot(page, 'attach-terminal');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/已挂接：/)).toBeVisible();
  // Now it is the bound terminal's newest transaction, with its merchant and agent, unflagged.
  await page.getByLabel('SN', { exact: true }).fill(bound);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(row).toContainText('TYPO');
  await expect(row).toContainText('赵六');
  await expect(row).not.toContainText('未知终端');
});
