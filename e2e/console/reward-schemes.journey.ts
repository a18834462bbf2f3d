import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { agentToken, consoleLogin, OPERATORS, shot } from './support';

/**
 * Reward schemes and false activations in the console (issue 33): an operator opens the demo
 * policy's scheme, saves the form as the next version unchanged, and the drawer lists it; a
 * version whose genuine-activation minimum no trade reaches is saved, a terminal is activated by
 * simulated payments, and the activation is flagged with its rewards held. Finance proposes to
 * release them (it cannot approve its own proposal), a super admin approves, and the queue says
 * released.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function adminToken(page: Page) {
  const res = await page.request.post('/prod-api/admin/auth/login', {
    data: OPERATORS.super_admin,
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

async function call<T>(page: Page, token: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/prod-api${url}`, {
    method: data === undefined ? 'GET' : 'POST',
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('a scheme is saved as a policy version; a false activation is held, proposed and released by two operators', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(page);
  const policies = await call<{ rows: { id: number; name: string }[] }>(
    page,
    admin,
    '/admin/policies?keyword=联迪标准政策&pageSize=5',
  );
  const policy = policies.rows.find((p) => p.name === '联迪标准政策')!;

  // The scheme page: the demo's version 1, saved again from the form as version 2.
  await consoleLogin(page, 'operations');
  await page.goto('/admin/policies/reward-schemes');
  await page.getByTestId(`scheme-policy-${policy.id}`).click();
  await expect(page.getByTestId('scheme-current')).toContainText('V1');
  await page.getByTestId('scheme-new-version').click();
  await page.getByRole('button', { name: '保存为新版本' }).click();
  await expect(page.getByTestId('scheme-current')).toContainText('V2');
  await shot(page, 'reward-scheme-versions');
  // The version's form has closed (an Escape while it was still closing went to it, not to the
  // drawer, on a loaded machine); then the drawer is closed by its own button.
  await expect(page.getByRole('button', { name: '保存为新版本' })).toBeHidden();
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('scheme-current')).toHaveCount(0);

  // A version no activation can pass as genuine (one trade of 100,000 yuan at least).
  const versions = await call<{
    versions: { version: number; terms: Record<string, unknown> }[];
  }>(page, admin, `/admin/reward-schemes?policyId=${policy.id}`);
  const v2 = versions.versions[0]!;
  expect(v2.version).toBe(2);
  await call(page, admin, '/admin/reward-schemes/save', {
    policyId: policy.id,
    baseVersion: 2,
    terms: { ...v2.terms, genuine: { minTradeFen: 10_000_000, cardTypes: [1, 2] } },
  });

  // A bound terminal of the top agent's activated by simulated payments.
  const top = await agentToken(page, '13800000001');
  const bound = await call<{ rows: { sn: string; boundAt: string }[] }>(
    page,
    top,
    '/api/term-info/list?bindStatus=1&pageSize=100',
  );
  // Bound in the last 20 days, so inside its activation window; the phone journey takes the last.
  const recent = bound.rows.filter((r) => Date.now() - Date.parse(r.boundAt) < 20 * 86_400_000);
  const sn = recent[recent.length - 2]!.sn;
  const run = spawnSync(
    'npm',
    [
      'run',
      'simulate',
      '-w',
      '@pos/server',
      '--',
      ...['--url', baseURL!, '--sn', sn, '--count', '40', '--rate', '20', '--payments-only'],
      ...['--prefix', `FA${Date.now() % 1e6}`, '--quiet', '--seed', '5'],
    ],
    { cwd: REPO, encoding: 'utf8', timeout: 90_000, env: { ...process.env } },
  );
  expect(run.status, run.stderr || run.stdout).toBe(0);
  type Row = { terminalId: number; sn: string; status: number; heldFen: number };
  const flagged = async () =>
    (await call<{ rows: Row[] }>(page, admin, '/admin/false-activations?pageSize=50')).rows.find(
      (r) => r.sn === sn,
    );
  await expect.poll(flagged, { timeout: 120_000, intervals: [3_000] }).toBeTruthy();
  const row = (await flagged())!;
  expect(row.heldFen).toBeGreaterThan(0);

  // Finance proposes the release; its own proposal has no approve action for it.
  await page.getByText('退出登录').click();
  await consoleLogin(page, 'finance');
  await page.goto('/admin/finance/false-activations');
  await expect(page.getByTestId(`fa-status-${row.terminalId}`)).toHaveText('待审核');
  await page.getByTestId(`fa-propose-${row.terminalId}`).click();
  await page.getByTestId('fa-note').fill('商户经营属实，放行');
  await page.getByTestId('fa-propose-ok').click();
  await expect(page.getByText('待复核: 放行')).toBeVisible();
  await expect(page.getByTestId(`fa-approve-${row.terminalId}`)).toHaveCount(0);

  // A super admin approves; the queue says released.
  await page.getByText('退出登录').click();
  await consoleLogin(page, 'super_admin');
  await page.goto('/admin/finance/false-activations');
  await page.getByTestId(`fa-approve-${row.terminalId}`).click();
  await page.getByTestId('fa-decide-ok').click();
  await expect(page.getByTestId(`fa-status-${row.terminalId}`)).toHaveText('已放行');
  await shot(page, 'false-activations');
});
