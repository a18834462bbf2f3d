import { expect, type Page } from '@playwright/test';

export const OPERATORS = {
  super_admin: { username: 'admin', password: 'Admin@123' },
  /** The demo's second super admin, the other pair of eyes for what only super admins do. */
  super_admin2: { username: 'admin2', password: 'Admin2@123' },
  operations: { username: 'ops', password: 'Ops@1234' },
  finance: { username: 'finance', password: 'Finance@123' },
  content: { username: 'content', password: 'Content@123' },
} as const;

/** Signs an operator in through the console's own form. */
export async function consoleLogin(page: Page, who: keyof typeof OPERATORS) {
  await page.goto('/admin/login');
  await page.getByTestId('login-username').fill(OPERATORS[who].username);
  await page.getByTestId('login-password').fill(OPERATORS[who].password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('退出登录')).toBeVisible();
}

export async function agentToken(page: Page, mobile: string, password = 'demo123') {
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: mobile, password },
  });
  const body = (await res.json()) as { code: number; token: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body.token;
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/console/${name}.png` });
