import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/*
 * The message centre journey: an operator publishes an important message to one agent through
 * the console API (after asking who it reaches); the agent signs in, the message pops up once,
 * the mine tab carries the unread badge, the list shows it with an unread dot, opening it reads
 * it, and the badge and the dot go away. The list is then read in English.
 *
 * The product's own events (decision 043): the finance operator approves the top agent's
 * withdrawal; the agent finds a message with the amount under the unread badge, opens it, and
 * goes on to the withdrawal it is about.
 */

const CONTENT = { username: 'content', password: 'Content@123' };
const FINANCE = { username: 'finance', password: 'Finance@123' };

async function operator(page: Page, who: { username: string; password: string }) {
  const login = await page.request.post('/prod-api/admin/auth/login', { data: who });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * The agent's messages before the journey: once the server's daily earnings summary (a job
 * that runs a few seconds after start) has been written, every message already there is read,
 * so the badge counts only what the journey sends.
 */
async function readEverything(page: Page, token: string) {
  const finance = await operator(page, FINANCE);
  await expect
    .poll(
      async () =>
        (
          await api<{ rows: unknown[] }>(
            page,
            finance,
            'GET',
            '/admin/jobs?job=earnings_summary&status=2',
          )
        ).data.rows.length,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&cursor=${cursor}` : '';
    const page1 = await api<{ rows: { id: number; read: boolean }[]; nextCursor: string | null }>(
      page,
      token,
      'GET',
      `/api/ag/message/list?pageSize=50${q}`,
    );
    for (const m of page1.data.rows.filter((r) => !r.read))
      await api(page, token, 'GET', `/api/ag/message/detail?id=${m.id}`);
    cursor = page1.data.nextCursor;
  } while (cursor);
}

test('a message published to an agent pops up once, shows in the list, and is read', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.grandchild.mobile);
  const info = await api<{ info: { id: number } }>(page, token, 'GET', '/api/ag/my/center/info');
  const agentId = info.data.info.id;
  await readEverything(page, token);

  const op = await operator(page, CONTENT);
  const audience = await api<{ count: number; names: string[] }>(
    page,
    op,
    'POST',
    '/admin/messages/audience',
    { target: 'agents', agentIds: [agentId] },
  );
  expect(audience.data.count).toBe(1);
  expect(audience.data.names[0]).toContain(DEMO.grandchild.mobile);
  const title = `端到端紧急通知 ${Date.now()}`;
  const published = await api<{ id: number }>(page, op, 'POST', '/admin/messages/publish', {
    type: 4,
    title,
    body: '今晚 22:00 至 23:00 系统维护，期间暂停提现。',
    target: 'agents',
    agentIds: [agentId],
    expiryDays: 3,
    important: true,
  });
  expect(published.code, published.msg).toBe(200);

  // Signed in: the important message pops up.
  await page.goto('/pages/home/home/index');
  const popup = page.getByTestId('message-popup');
  await expect(popup).toContainText('系统维护');
  await expect(page.locator('.adm-dialog')).toContainText(title);
  await page.getByRole('button', { name: '我知道了' }).click();
  await expect(popup).toBeHidden();

  // Once only: after a reload the server has nothing to pop up.
  const asked = page.waitForResponse(
    (r) => r.url().includes('/api/ag/message/popup') && r.request().method() === 'GET',
  );
  await page.reload();
  const again = (await (await asked).json()) as { data: { rows: unknown[] } };
  expect(again.data.rows).toEqual([]);
  await expect(popup).toHaveCount(0);

  // The mine tab and the mine page's entry carry the unread count.
  const tabBadge = page.locator('.adm-tab-bar-item').last().locator('.adm-badge');
  await expect(tabBadge).toHaveText('1');
  await page.goto('/pages/myInfo/index');
  await expect(page.getByTestId('mine-unread')).toHaveText('1');
  await page.getByTestId('mine-messages').click();
  await expect(page).toHaveURL(/\/pages\/message\/index$/);

  const card = page.getByTestId('message-card').filter({ hasText: title });
  await expect(card).toContainText('紧急');
  await expect(card).toContainText('重要');
  await expect(card.getByTestId('unread-dot')).toBeVisible();
  await card.click();
  await expect(page.getByTestId('message-detail')).toContainText('今晚 22:00 至 23:00 系统维护');

  // Read: the dot, the entry's count and the tab's badge are gone.
  await page.goBack();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('unread-dot')).toHaveCount(0);
  await page.goto('/pages/myInfo/index');
  await expect(page.getByTestId('mine-messages')).toBeVisible();
  await expect(page.getByTestId('mine-unread')).toHaveCount(0);
  await expect(page.locator('.adm-tab-bar-item').last().locator('.adm-badge')).toHaveCount(0);

  // The same list in English.
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.goto('/pages/message/index');
  await expect(page.getByText('Messages').first()).toBeVisible();
  await expect(page.getByTestId('message-card').filter({ hasText: title })).toContainText('Urgent');
  await page.screenshot({ path: 'test-results/message-list-en.png' });
});

test('a withdrawal approved reaches the agent as a message with its amount, under the unread badge', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.top.mobile);
  await readEverything(page, token);
  const accounts = await api<{ own: { id: number } }>(
    page,
    token,
    'GET',
    '/api/ag/my/center/settlement/list',
  );
  const applied = await api<{ id: number }>(page, token, 'POST', '/api/ag/agent/withdraw/apply', {
    walletType: 'profit',
    amountFen: 1234,
    accountId: accounts.data.own.id,
    payPassword: '123456',
    idempotencyKey: `e2e-message-${Date.now()}`,
  });
  expect(applied.code, applied.msg).toBe(200);
  const finance = await operator(page, FINANCE);
  const approved = await api<{ done: number[] }>(
    page,
    finance,
    'POST',
    '/admin/withdrawals/approve',
    {
      ids: [applied.data.id],
    },
  );
  expect(approved.data.done).toEqual([applied.data.id]);

  await page.goto('/pages/myInfo/index');
  await expect(page.locator('.adm-tab-bar-item').last().locator('.adm-badge')).toHaveText('1');
  await page.getByTestId('mine-messages').click();
  const card = page.getByTestId('message-card').filter({ hasText: '提现审核通过 ¥12.34' });
  await expect(card).toContainText('业务提醒');
  await expect(card.getByTestId('unread-dot')).toBeVisible();
  await page.screenshot({ path: 'test-results/message-event-list-zh.png' });
  await card.click();
  const detail = page.getByTestId('message-detail');
  await expect(detail).toContainText('您申请的提现 ¥12.34 已审核通过');
  await page.screenshot({ path: 'test-results/message-event-detail-zh.png' });
  await page.getByTestId('message-link').click();
  await expect(page).toHaveURL(
    new RegExp(`/pages/earnings/earningsWithdrawalInfo\\?id=${applied.data.id}$`),
  );

  // Read: no badge; and the same message in English.
  await page.goto('/pages/myInfo/index');
  await expect(page.getByTestId('mine-messages')).toBeVisible();
  await expect(page.locator('.adm-tab-bar-item').last().locator('.adm-badge')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.goto('/pages/message/index');
  const en = page.getByTestId('message-card').filter({ hasText: 'Withdrawal approved: ¥12.34' });
  await expect(en).toContainText('Business reminder');
  await page.screenshot({ path: 'test-results/message-event-list-en.png' });
  await en.click();
  await expect(page.getByTestId('message-detail')).toContainText(
    'Your withdrawal of ¥12.34 has been approved',
  );
  await expect(page.getByTestId('message-link')).toHaveText('Go to it');
  await page.screenshot({ path: 'test-results/message-event-detail-en.png' });
});
