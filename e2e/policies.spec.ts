import { expect, test, type Page } from '@playwright/test';

/*
 * Policies, rates and fees, end to end in Chromium against the real server with demo data
 * (captcha off, simulated acquirer with a short delay such as ACQUIRER_SIM_DELAY_MS=1500):
 * - a top agent opens a policy for a sub-agent with the margin simulator live, and the sub-agent
 *   then sees it;
 * - the demo child raises a merchant's rate: an out-of-range value shows the server's message, a
 *   value in range goes to the acquirer and is watched from applying to done.
 */

// ---------------------------------------------------------------------------------------------
// Self-contained helpers
// ---------------------------------------------------------------------------------------------

const TOP = '13800000001';
const CHILD = '13800000002';
const PASSWORD = 'demo123';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function apiLogin(page: Page, mobile: string): Promise<string> {
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: mobile, password: PASSWORD },
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body.token!;
}

/** Signs in through the API and leaves the token where the app keeps it. */
async function signIn(page: Page, mobile: string): Promise<string> {
  const token = await apiLogin(page, mobile);
  await page.goto('/pages/login/index');
  await page.evaluate((t) => {
    localStorage.clear();
    localStorage.setItem('token', JSON.stringify(t));
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, token);
  return token;
}

async function api<T>(page: Page, token: string, url: string): Promise<T> {
  const res = await page.request.get(`/prod-api${url}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Types into an antd-mobile input found by its test id (the id sits on the input itself). */
async function typeInto(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.fill('');
  await input.fill(value);
}

// ---------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------

test('a top agent opens a policy for its sub-agent with the simulator visible, and the sub-agent sees it', async ({
  page,
}) => {
  const topToken = await signIn(page, TOP);
  // A direct sub-agent without any policy yet (the demo team has several).
  const children = await api<{ rows: { id: number; mobile: string; opened: unknown[] }[] }>(
    page,
    topToken,
    '/api/ag/agent/open/policy/children?pageSize=50',
  );
  const target = children.rows.find((c) => c.opened.length === 0);
  expect(target, 'a sub-agent without a policy').toBeTruthy();

  await page.goto('/pages/home/policy/open');
  await page.getByTestId(`child-${target!.id}`).click();
  await expect(page.getByTestId('open-policy-form')).toBeVisible();

  // The draft starts with a margin kept (0.05% over the top's own 0.50% POS cost), never a copy
  // of the top's own terms that would give everything away.
  const simulator = page.getByTestId('margin-simulator');
  await expect(simulator).toBeVisible();
  await expect(page.getByTestId('sim-rate-1')).toContainText('5.00元');

  // Costs below the top's own are refused as typed, with the field and the limit named.
  await typeInto(page, 'cost-1', '0.45');
  await expect(page.getByTestId('cost-1-error')).toHaveText('POS刷卡成本不能低于上级成本0.50%');

  // 10,000 yuan * (0.55% - 0.50%) = 5 yuan kept per 10,000 yuan; 150 - 120 = 30 yuan per activation.
  await typeInto(page, 'cost-1', '0.55');
  await expect(page.getByTestId('cost-1-error')).toHaveCount(0);
  await expect(page.getByTestId('sim-rate-1')).toContainText('5.00元');
  await typeInto(page, 'activation', '120');
  await expect(page.getByTestId('sim-activation')).toContainText('30.00元');
  // Down among the last fields the simulator has scrolled away; its one-line strip stays above
  // the submit button with the same figures.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(simulator).not.toBeInViewport();
  await expect(page.getByTestId('strip-activation')).toBeInViewport();
  await expect(page.getByTestId('strip-activation')).toContainText('30.00元');
  await expect(page.getByTestId('strip-rate-1')).toContainText('5.00元');
  await page.screenshot({ path: 'test-results/open-policy-strip.png' });

  const saved = page.waitForResponse((r) => r.url().includes('/api/ag/agent/open/policy/open'));
  await page.getByTestId('open-submit').click();
  // Before anything is sent: for whom, and what the agent keeps.
  const confirm = page.getByTestId('open-confirm');
  await expect(confirm).toContainText('30.00元');
  await page.screenshot({ path: 'test-results/open-policy-confirm.png' });
  await page.getByRole('button', { name: '确定' }).click();
  expect(((await (await saved).json()) as Envelope<unknown>).code).toBe(200);
  await expect(page).toHaveURL(/\/pages\/home\/policy\/policyInfo\?id=\d+/);
  await expect(page.getByTestId('rate-row-1')).toContainText('0.55%');

  // The sub-agent signs in and finds the policy among its own.
  await signIn(page, await fullMobile(page, topToken, target!.id));
  await page.goto('/pages/home/policy/policyInfo');
  const own = page.getByTestId('own-policies');
  await expect(own).toContainText('联迪标准政策');
  await own.locator('.pol-list-item').first().click();
  await expect(page.getByTestId('rate-row-1')).toContainText('0.55%');
  await expect(page.getByTestId('activation-reward')).toHaveText('120.00元');
});

/** The demo sub-agent's full mobile (lists show it masked), from the demo team's accounts. */
async function fullMobile(page: Page, topToken: string, id: number): Promise<string> {
  const known: Record<string, string> = {
    '0011': '13800000011',
    '0012': '13800000012',
    '0013': '13800000013',
    '0014': '13800000014',
  };
  const children = await api<{ rows: { id: number; mobile: string }[] }>(
    page,
    topToken,
    '/api/ag/agent/open/policy/children?pageSize=50',
  );
  const masked = children.rows.find((c) => c.id === id)!.mobile;
  const mobile = known[masked.slice(-4)];
  expect(mobile, `demo sub-agent ${masked}`).toBeTruthy();
  return mobile!;
}

test("the child raises a merchant's rate: out of range is refused with the server's message, in range goes from applying to done", async ({
  page,
}) => {
  const token = await signIn(page, CHILD);
  // A direct merchant whose POS rate has not changed this month and has no change in flight.
  const merchants = await api<{ rows: { id: number; terminalCount: number }[] }>(
    page,
    token,
    '/api/ag/rate/change/merchants?pageSize=50',
  );
  let merchantId: number | undefined;
  for (const m of merchants.rows.filter((r) => r.terminalCount > 0)) {
    const info = await api<{
      canChange: boolean;
      rates: { rateType: number; changedThisMonth: boolean; pendingChangeId: number | null }[];
    }>(page, token, `/api/ag/rate/change/merchant?merchantId=${m.id}`);
    const pos = info.rates.find((r) => r.rateType === 1);
    if (info.canChange && pos && !pos.changedThisMonth && pos.pendingChangeId === null) {
      merchantId = m.id;
      break;
    }
  }
  expect(merchantId, 'a merchant free to change this month').toBeTruthy();

  await page.goto(`/pages/home/home/updateRate?merchantId=${merchantId}`);
  await expect(page.getByTestId('merchant-name')).toBeVisible();

  // Out of range: the server refuses and its message is shown under the rate.
  await typeInto(page, 'new-rate-1', '0.70');
  const refused = page.waitForResponse((r) => r.url().includes('/api/ag/rate/change/apply'));
  await page.getByTestId('rate-submit').click();
  // What will change, and that it can change once a month, before anything is sent.
  await expect(page.getByTestId('rate-confirm')).toContainText('0.70%');
  await expect(page.getByTestId('rate-confirm')).toContainText('每月只能调整一次');
  await page.getByRole('button', { name: '确定' }).click();
  const refusal = (await (await refused).json()) as Envelope<unknown>;
  expect(refusal.code).toBe(400);
  expect(refusal.msg).toBe('POS刷卡商户费率须在0.55%至0.68%之间');
  await expect(page.getByTestId('new-rate-1-error')).toHaveText(refusal.msg);

  // In range: submitted, then followed on the change's page until the acquirer is done. Its
  // answers are held meanwhile, so the page is seen while the change is applying however slowly
  // the page loads.
  const acquirer = async (action: 'hold' | 'release') =>
    expect((await page.request.post(`/prod-api/api/dev/acquirer/${action}`)).ok()).toBe(true);
  await typeInto(page, 'new-rate-1', '0.65');
  await page.getByTestId('rate-submit').click();
  await expect(page.getByTestId('rate-confirm')).toContainText('0.65%');
  await acquirer('hold');
  const status = page.getByTestId('rate-change-detail').getByTestId('change-status');
  try {
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/pages\/home\/policy\/changeRateInfo\?id=\d+/);
    await expect(status).toHaveText('申请中');
    await expect(page.getByTestId('new-rate')).toHaveText('0.65%');
  } finally {
    await acquirer('release');
  }
  await expect(status).toHaveText('已完成', { timeout: 20_000 });
  await expect(status).toHaveAttribute('data-status', '2');

  // The merchant now carries the new rate, and this month's POS change is used up.
  await page.goto(`/pages/home/home/updateRate?merchantId=${merchantId}`);
  await expect(page.getByTestId('current-1')).toHaveText('0.65%');
  await expect(page.getByTestId('rate-line-1')).toContainText('本月已调整');
});

test('a service fee change says what the terminals will be set to and asks first', async ({
  page,
}) => {
  await signIn(page, TOP);
  await page.goto('/pages/home/policy/changeServiceFee');
  await page.getByTestId('sn-list').fill('LD00001130\nLD00001132');
  await page.getByTestId('fee-option-0').click();
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/fee/change/apply')) sent = true;
  });
  await page.getByTestId('fee-submit').click();
  const confirm = page.getByTestId('fee-confirm');
  await expect(confirm).toContainText('2 台终端的服务费改为');
  await page.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toHaveCount(0);
  expect(sent).toBe(false);

  await page.getByTestId('fee-submit').click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/pages\/home\/policy\/changeServiceInfo\?id=\d+/);
});

test('the fee-change picker marks terminals already at the chosen fee, and the form offers to drop them', async ({
  page,
}) => {
  const token = await signIn(page, TOP);
  const own = await api<{ policyId: number; serviceFeeOptionsFen: number[] }[]>(
    page,
    token,
    '/api/ag/agent/open/policy/info',
  );
  const policy = own[0]!;
  const stock = await api<{ rows: { sn: string; serviceFeeFen: number; pending: boolean }[] }>(
    page,
    token,
    `/api/ag/fee/change/terminals?kind=1&policyId=${policy.policyId}&pageSize=50`,
  );
  const terminal = stock.rows.find((r) => !r.pending)!;
  const current = terminal.serviceFeeFen;
  const other = policy.serviceFeeOptionsFen.find((o) => o !== current)!;

  await page.goto('/pages/home/policy/changeServiceFee');
  // With the fee chosen first, a terminal already at it cannot be ticked and says why.
  await page.getByTestId(`fee-option-${current}`).click();
  await page.getByTestId('pick-stock').click();
  await expect(page.getByTestId(`stock-fee-${terminal.sn}`)).toContainText('已是');
  await expect(page.getByTestId(`stock-${terminal.sn}`)).toHaveClass(/adm-checkbox-disabled/);
  await page.screenshot({ path: 'test-results/fee-change-picker.png' });
  await page.getByTestId('stock-confirm').click();

  // Picked under another fee and then switched back: the form names it and can drop it.
  await page.getByTestId(`fee-option-${other}`).click();
  await page.getByTestId('pick-stock').click();
  await page.getByTestId(`stock-${terminal.sn}`).click();
  await page.getByTestId('stock-confirm').click();
  await expect(page.getByTestId('sn-list')).toHaveValue(terminal.sn);
  await page.getByTestId(`fee-option-${current}`).click();
  await expect(page.getByTestId('at-target')).toContainText(terminal.sn);
  await page.screenshot({ path: 'test-results/fee-change-at-target.png' });
  await page.getByTestId('fee-submit').click();
  await expect(page.getByTestId('fee-confirm')).toHaveCount(0);
  await page.getByTestId('remove-at-target').click();
  await expect(page.getByTestId('sn-list')).toHaveValue('');
  await expect(page.getByTestId('at-target')).toHaveCount(0);
});
