import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaApi } from './support';

/** Opens the login page with the cache notice already acknowledged (as a returning user). */
async function openLogin(page: Page) {
  await page.goto('/pages/login/index');
  await page.evaluate(() => localStorage.setItem('appVersion', JSON.stringify('1.1.2')));
  await page.reload();
  await expect(page.getByTestId('login-page')).toBeVisible();
}

async function signInThroughForm(page: Page, mobile: string, password: string) {
  await page.locator('#login-mobile').fill(mobile);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('agreement-checkbox').click();
  await page.getByTestId('login-submit').click();
}

test('a first visit shows the cache clear notice; confirming stores the version and reloads', async ({
  page,
}) => {
  await page.goto('/pages/login/index');
  const notice = page.getByRole('alertdialog', { name: '缓存清理通知' });
  await expect(notice).toContainText('应用已更新至 1.1.2');
  // The modal covers the page: the form underneath cannot be reached.
  await expect(
    page.getByTestId('login-submit').click({ trial: true, timeout: 1000 }),
  ).rejects.toThrow(/intercepts pointer events|Timeout/);
  await notice.getByRole('button', { name: '立即清理' }).click();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('appVersion'))).toBe('"1.1.2"');
});

test('a demo agent signs in, moves through the four tabs and logs out', async ({ page }) => {
  await openLogin(page);
  await signInThroughForm(page, DEMO.top.mobile, DEMO.top.password);
  await expect(page).toHaveURL(/\/pages\/home\/home\/index/);
  // The role info, agent info and policy list are fetched and stored after login.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).sort().join(',')))
    .toContain('userAdminInfo');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userInfo: localStorage.getItem('userInfo'),
    policyList: localStorage.getItem('policyList'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.userInfo).toContain('张总');
  expect(stored.policyList).not.toBeNull();

  const tabBar = page.locator('.adm-tab-bar');
  for (const [label, path] of [
    ['终端', '/pages/terminal/index'],
    ['数据', '/pages/data/index'],
    ['我的', '/pages/myInfo/index'],
    ['首页', '/pages/home/home/index'],
  ] as const) {
    await tabBar.getByText(label, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(path.replace(/\//g, '\\/')));
    // The selected tab is the blue one.
    const active = tabBar.locator('.adm-tab-bar-item-active');
    await expect(active).toContainText(label);
    await expect(active).toHaveCSS('color', 'rgb(22, 119, 255)');
  }

  await tabBar.getByText('我的', { exact: true }).click();
  await expect(page.getByTestId('mine-name')).toHaveText('张总');
  await page.getByTestId('logout-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/pages\/login\/index/);
  const after = await page.evaluate(() => [
    localStorage.getItem('token'),
    localStorage.getItem('user'),
    localStorage.getItem('userInfo'),
    localStorage.getItem('userAdminInfo'),
  ]);
  expect(after).toEqual([null, null, null, null]);
});

test('a wrong password shows the server message', async ({ page }) => {
  await openLogin(page);
  await signInThroughForm(page, DEMO.otherTop.mobile, 'not-the-password');
  await expect(page.getByText('账号或密码错误', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/login\/index/);
});

test('a new agent registers with the SMS code from the outbox and signs in', async ({ page }) => {
  const mobile = `136${String(Date.now()).slice(-8)}`;
  await page.goto('/pages/login/register?inviteCode=10000002');
  await page.evaluate(() => localStorage.setItem('appVersion', JSON.stringify('1.1.2')));
  await page.reload();
  await expect(page.getByTestId('register-page')).toBeVisible();
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByTestId('sms-code-button').click();
  await expect(page.getByTestId('sms-code-button')).toContainText('s后重发');

  const outbox = await page.request.get(`/prod-api/api/dev/sms/outbox?mobile=${mobile}`);
  const code = ((await outbox.json()) as { data: { code: string } }).data.code;
  expect(code).toMatch(/^\d{6}$/);

  await page.getByPlaceholder('6位验证码').fill(code);
  await page.getByPlaceholder('至少6位').fill('secret88');
  await page.getByPlaceholder('请再次输入密码').fill('secret88');
  await expect(page.getByPlaceholder('请输入上级的邀请码')).toHaveValue('10000002');
  await page.getByTestId('agreement-checkbox').click();
  await page.getByTestId('register-submit').click();

  await expect(page).toHaveURL(/\/pages\/login\/index/);
  await expect(page.locator('#login-mobile')).toHaveValue(mobile);
  await page.locator('#login-password').fill('secret88');
  await page.getByTestId('agreement-checkbox').click();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/pages\/home\/home\/index/);
});

test('an expired session brings the login-expired modal, then the login page', async ({ page }) => {
  const token = await loginViaApi(page, DEMO.child.mobile);
  // The session ends elsewhere (logout from another device): the stored token is now dead.
  await page.request.post('/prod-api/api/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  await page.goto('/pages/myInfo/index');
  await expect(page.getByText('登录状态已过期，即将跳转登录！')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/pages\/login\/index/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('every route of the product answers, and other paths get a real 404', async ({
  page,
  request,
}) => {
  const { ROUTE_PATHS } = await import('../packages/core/src/routes');
  for (const path of ROUTE_PATHS) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
  }
  const missing = await request.get('/pages/not/a/route');
  expect(missing.status()).toBe(404);
  await loginViaApi(page, DEMO.top.mobile);
  for (const path of [
    '/pages/home/home/index',
    '/pages/home/notice/notice',
    '/page-subpage/setting/aboutUs',
  ]) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByTestId('page-error')).toHaveCount(0);
  }
});
