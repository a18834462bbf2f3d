import { expect, test, type Browser, type Page } from '@playwright/test';

// Team journeys: a parent adds a sub-agent who signs in and replaces the initial password; a new
// agent registers through an invitation link and appears in the inviter's list. They run against
// a server with the demo data and captcha off (see playwright.config.ts).

const TOP = { mobile: '13800000001', password: 'demo123' };
const CHILD = { mobile: '13800000002', password: 'demo123', name: '李经理' };

/** A fresh mobile for this run, so the journeys can run again on the same database. */
function freshMobile(prefix: string) {
  return `${prefix}${String(Date.now()).slice(-8)}`;
}

/** A valid mainland ID number (GB 11643 check character) for a serial of three digits. */
function idCard(serial: string) {
  const first17 = `11010519880512${serial}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((n, d, i) => n + Number(d) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
}

/** Marks the app's cache as current so the cache-clear notice does not cover the page. */
async function openApp(page: Page) {
  await page.goto('/pages/login/agreement/index');
  await page.evaluate(() => localStorage.setItem('appVersion', JSON.stringify('1.1.2')));
}

/** Signs in through the real login call and leaves the token where the app keeps it. */
async function signInViaApi(page: Page, mobile: string, password: string) {
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: mobile, password },
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  await openApp(page);
  await page.evaluate((token) => localStorage.setItem('token', JSON.stringify(token)), body.token!);
}

/** Signs in through the login page, as a person would. */
async function signInViaUi(page: Page, mobile: string, password: string) {
  await openApp(page);
  await page.goto('/pages/login/index');
  await page.locator('#login-mobile').fill(mobile);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('agreement-checkbox').click();
  await page.getByTestId('login-submit').click();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test('an agent adds a sub-agent, who signs in and replaces the initial password', async ({
  page,
  browser,
}) => {
  const mobile = freshMobile('136');
  await signInViaApi(page, TOP.mobile, TOP.password);
  await page.goto('/pages/home/myAgent/index');
  await expect(page.getByTestId('team-list')).toBeVisible();
  await page.getByTestId('add-agent-button').click();
  await expect(page).toHaveURL(/\/pages\/home\/myAgent\/addAgent$/);

  await page.locator('#add-agent-name').fill('钱多多');
  await page.locator('#add-agent-mobile').fill(mobile);
  await page.locator('#add-agent-id-card').fill(idCard('357'));
  await page.getByTestId('add-agent-level').getByText('V2', { exact: true }).click();
  await page.getByTestId('add-agent-submit').click();

  const dialog = page.getByTestId('initial-password-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('initial-account')).toHaveText(mobile);
  const initialPassword = (await page.getByTestId('initial-password').innerText()).trim();
  expect(initialPassword).toMatch(/^[A-Za-z0-9]{8}$/);
  await page.getByRole('button', { name: '完成' }).click();

  // The parent's list shows its new direct sub-agent at once, by full name and mobile (decision
  // 010), newest first when sorted by joining.
  await expect(page).toHaveURL(/\/pages\/home\/myAgent\/index$/);
  await page.getByTestId('sort-createdAt').click();
  const card = page.getByTestId('team-card').first();
  await expect(card.getByTestId('agent-mobile')).toHaveText(mobile);
  await expect(card.getByTestId('agent-name')).toHaveText('钱多多');

  // The new agent signs in with the initial password and is held at the password change.
  const newcomer = await freshPage(browser);
  await signInViaUi(newcomer, mobile, initialPassword);
  await expect(newcomer).toHaveURL(/\/pages\/myInfo\/updatePassword\/index\?first=1/);
  await expect(newcomer.getByTestId('first-password-notice')).toBeVisible();
  await newcomer.locator('#update-old-password').fill(initialPassword);
  await newcomer.locator('#update-new-password').fill('mypass88');
  await newcomer.locator('#update-confirm').fill('mypass88');
  await newcomer.getByTestId('update-password-submit').click();
  await expect(newcomer).toHaveURL(/\/pages\/home\/home\/index/);

  // Now the team pages open for the newcomer: an empty team of its own.
  await newcomer.goto('/pages/home/myAgent/index');
  await expect(newcomer.getByTestId('team-empty')).toBeVisible();

  // The initial password is spent; the new one works.
  const old = await newcomer.request.post('/prod-api/login/app', {
    data: { username: mobile, password: initialPassword },
  });
  expect(((await old.json()) as { code: number }).code).not.toBe(200);
  const fresh = await newcomer.request.post('/prod-api/login/app', {
    data: { username: mobile, password: 'mypass88' },
  });
  expect(await fresh.json()).toMatchObject({ code: 200, mustChangePassword: false });
});

test("a new agent registers through an invitation link and appears in the inviter's list", async ({
  page,
  browser,
}) => {
  // The inviter opens its invitation page and hands out the link.
  await signInViaApi(page, CHILD.mobile, CHILD.password);
  await page.goto('/pages/home/invitation/index');
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  const link = (await page.getByTestId('invite-link').innerText()).trim();
  expect(link).toMatch(/\/pages\/home\/invitation\/invitationRegistered\?inviteCode=\w+$/);

  // A stranger opens the link, without an account.
  const mobile = freshMobile('137');
  const stranger = await freshPage(browser);
  await openApp(stranger);
  await stranger.goto(link);
  await expect(stranger.getByTestId('invited-by')).toHaveText('李** 邀请您加入');
  await stranger.locator('#invite-mobile').fill(mobile);
  await stranger.getByTestId('invite-sms-button').click();
  // The simulated SMS gateway's outbox holds the code "sent".
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await stranger.request.get(`/prod-api/api/dev/sms/outbox?mobile=${mobile}`);
      code = ((await outbox.json()) as { data: { code: string } | null }).data?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await expect(stranger.getByTestId('invite-sms-button')).toHaveText(/\d+s/);
  await stranger.locator('#invite-sms-code').fill(code);
  await stranger.locator('#invite-password').fill('secret88');
  await stranger.locator('#invite-confirm').fill('secret88');
  await stranger.locator('#invite-name').fill('孙悟空');
  await stranger.getByTestId('invite-agree').click();
  await stranger.getByTestId('invite-register-submit').click();
  await expect(stranger.getByTestId('registered-dialog')).toBeVisible();

  // The inviter finds the new agent in its list.
  await page.goto('/pages/home/myAgent/index');
  await page.getByTestId('sort-createdAt').click();
  const card = page.getByTestId('team-card').first();
  await expect(card.getByTestId('agent-mobile')).toHaveText(mobile);
  await expect(card.getByTestId('agent-name')).toHaveText('孙悟空');

  // Its parent's parent sees it one level down, and the other tree never does.
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: '13900000001', password: 'demo123' },
  });
  const other = (await res.json()) as { token: string };
  const list = await page.request.get('/prod-api/api/ag/myAgent/list?sort=createdAt&pageSize=50', {
    headers: { Authorization: `Bearer ${other.token}` },
  });
  const rows = ((await list.json()) as { data: { rows: { mobile: string }[] } }).data.rows;
  const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  expect(rows.map((r) => r.mobile)).not.toContain(masked);
  expect(rows.map((r) => r.mobile)).not.toContain(mobile);
});
