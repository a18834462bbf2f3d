import { expect, test, type Page } from '@playwright/test';

/*
 * Terminal journeys in the browser, against a running server with the demo data and captcha off
 * (baseURL from the Playwright config):
 * 1. the top agent allocates 10 terminals by SN range to its child, the child sees them, the top
 *    agent recalls 5, the child accepts, and both records show;
 * 2. a leaf agent binds one terminal to a new merchant by typing the SN.
 * The SNs are found through the API at the start, so the journeys also run on a database an
 * earlier run has changed.
 */

const DEMO = {
  top: { mobile: '13800000001', password: 'demo123' },
  child: { mobile: '13800000002', password: 'demo123' },
  grandchild: { mobile: '13800000003', password: 'demo123' },
} as const;

interface Session {
  token: string;
  agentId: number;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface TerminalRow {
  sn: string;
  bindStatus: number;
  holderAgentId: number | null;
  pending: boolean;
}

interface RecordRow {
  id: number;
  type: number;
  status: number;
  count: number;
  firstSn: string | null;
  lastSn: string | null;
}

async function call<T>(
  page: Page,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const res = await page.request.fetch(`/prod-api${url}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Envelope<T>;
}

/** Signs in through the login call and leaves what the app keeps after a login on the device. */
async function signIn(page: Page, account: { mobile: string; password: string }): Promise<Session> {
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: account.mobile, password: account.password },
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  const token = body.token!;
  const roleRes = await page.request.get('/prod-api/getInfo', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const role = (await roleRes.json()) as {
    data?: { user: { userId: number } };
    user?: { userId: number };
  };
  const roleInfo = role.data ?? role;
  await page.goto('/pages/login/index');
  await page.evaluate(
    ([t, info]) => {
      localStorage.clear();
      localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('userAdminInfo', JSON.stringify(info));
      localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
    },
    [token, roleInfo] as const,
  );
  return { token, agentId: roleInfo.user!.userId };
}

/** Every unbound terminal a holder can move now, with the given SN prefix, in SN order. */
async function freeStock(page: Page, session: Session, prefix: string): Promise<string[]> {
  const sns: string[] = [];
  let cursor: string | null = null;
  do {
    const qs = new URLSearchParams({
      holderAgentId: String(session.agentId),
      bindStatus: '0',
      operable: 'true',
      sn: prefix,
      pageSize: '100',
    });
    if (cursor) qs.set('cursor', cursor);
    const res: Envelope<{ rows: TerminalRow[]; nextCursor: string | null }> = await call(
      page,
      session.token,
      'GET',
      `/api/term-info/list?${qs}`,
    );
    expect(res.code, res.msg).toBe(200);
    sns.push(...res.data.rows.map((r) => r.sn));
    cursor = res.data.nextCursor;
  } while (cursor);
  return sns.sort();
}

/** The first run of `count` consecutive SNs (same prefix, numbers one apart). */
function consecutive(sns: string[], count: number): string[] {
  const num = (sn: string) => Number(sn.replace(/^\D+/, ''));
  let run: string[] = [];
  for (const sn of sns) {
    if (run.length && num(sn) === num(run[run.length - 1]!) + 1) run.push(sn);
    else run = [sn];
    if (run.length === count) return run;
  }
  throw new Error(`no ${count} consecutive free SNs`);
}

async function pickAgent(page: Page, mobile: string, agentId: number) {
  await page.getByTestId('pick-agent').click();
  await page.getByTestId('agent-search').locator('input').fill(mobile);
  await page.getByTestId(`agent-option-${agentId}`).click();
  // A direct sub-agent, by its full mobile (decision 010).
  await expect(page.getByTestId('pick-agent')).toContainText(mobile);
}

async function enterRange(page: Page, start: string, end: string, count: number) {
  await page.getByTestId('start-sn').locator('input').fill(start);
  await page.getByTestId('end-sn').locator('input').fill(end);
  await expect(page.getByTestId('selection-note')).toHaveText(`共 ${count} 台`);
}

async function previewAndConfirm(page: Page, count: number, sns: string[]) {
  await page.getByTestId('preview-button').click();
  await expect(page.getByTestId('preview-count')).toHaveText(`${count}台`);
  for (const sn of sns) await expect(page.getByTestId('preview-sns')).toContainText(sn);
  await page.getByTestId('confirm-operation').click();
}

test('the top agent allocates 10 terminals by range, recalls 5, the child accepts, and the records show both', async ({
  page,
}) => {
  const top = await signIn(page, DEMO.top);
  const child = await signIn(page, DEMO.child);
  const ten = consecutive(await freeStock(page, top, 'LD0000'), 10);
  const five = ten.slice(0, 5);

  // The top agent allocates the range to its child.
  await signIn(page, DEMO.top);
  await page.goto('/pages/home/terminal/operation?type=0');
  await pickAgent(page, DEMO.child.mobile, child.agentId);
  await enterRange(page, ten[0]!, ten[9]!, 10);
  await previewAndConfirm(page, 10, ten);
  await expect(page).toHaveURL(/termOperatHistory/);
  const allocations: Envelope<{ rows: RecordRow[] }> = await call(
    page,
    top.token,
    'GET',
    '/api/term-info/operations?type=0&role=mine&pageSize=5',
  );
  const allocation = allocations.data.rows.find((r) => r.firstSn === ten[0] && r.lastSn === ten[9]);
  expect(allocation).toMatchObject({ count: 10, status: 1 });
  await expect(page.getByTestId(`record-${allocation!.id}`)).toContainText('下发');

  // The child sees them in its own stock.
  await signIn(page, DEMO.child);
  await page.goto(`/pages/home/terminal/terminalList?holderAgentId=${child.agentId}&bindStatus=0`);
  await page.getByTestId('sn-search').locator('input').fill(ten[0]!.slice(0, -1));
  for (const sn of ten.filter((s) => s.slice(0, -1) === ten[0]!.slice(0, -1))) {
    await expect(page.getByTestId(`terminal-${sn}`)).toBeVisible();
  }
  await page.goto(`/pages/home/terminal/terminalInfo?sn=${ten[9]}`);
  // The agent's own terminal says the holder is 我 (not 我的).
  await expect(page.getByTestId('terminal-holder')).toHaveText(/^持有人\s*我$/);

  // The top agent recalls five of them.
  await signIn(page, DEMO.top);
  await page.goto('/pages/home/terminal/operation?type=2');
  await pickAgent(page, DEMO.child.mobile, child.agentId);
  await enterRange(page, five[0]!, five[4]!, 5);
  await previewAndConfirm(page, 5, five);
  await expect(page).toHaveURL(/termBackList/);
  const recalls: Envelope<{ rows: RecordRow[] }> = await call(
    page,
    top.token,
    'GET',
    '/api/term-info/operations?type=2&role=mine&pageSize=5',
  );
  const recall = recalls.data.rows.find((r) => r.firstSn === five[0] && r.lastSn === five[4]);
  expect(recall).toMatchObject({ count: 5, status: 0 });
  await expect(page.getByTestId(`record-${recall!.id}`)).toContainText('待处理');

  // The child accepts the recall from its recall records.
  await signIn(page, DEMO.child);
  await page.goto('/pages/home/terminal/termBackList');
  await page.getByTestId(`accept-${recall!.id}`).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已同意回拨')).toBeVisible();
  await expect(page.getByTestId(`accept-${recall!.id}`)).toHaveCount(0);

  // The records show both, passed: the top agent's operation records...
  await signIn(page, DEMO.top);
  await page.goto('/pages/home/terminal/termOperatHistory?role=mine');
  const allocationCard = page.getByTestId(`record-${allocation!.id}`);
  await expect(allocationCard).toContainText('下发');
  await expect(allocationCard).toContainText('已通过');
  await expect(allocationCard).toContainText('10台');
  const recallCard = page.getByTestId(`record-${recall!.id}`);
  await expect(recallCard).toContainText('回拨');
  await expect(recallCard).toContainText('已通过');
  await expect(recallCard).toContainText('5台');
  // ...and the child's recall records.
  await signIn(page, DEMO.child);
  await page.goto('/pages/home/terminal/termBackList?status=1');
  await expect(page.getByTestId(`record-${recall!.id}`)).toContainText('已通过');
  // The recalled five are the top agent's again, the other five stay with the child.
  const back: Envelope<{ holderAgentId: number }> = await call(
    page,
    top.token,
    'GET',
    `/api/term-info/info?sn=${five[0]}`,
  );
  expect(back.data.holderAgentId).toBe(top.agentId);
  const stays: Envelope<{ holderAgentId: number }> = await call(
    page,
    top.token,
    'GET',
    `/api/term-info/info?sn=${ten[9]}`,
  );
  expect(stays.data.holderAgentId).toBe(child.agentId);
});

test('a leaf agent binds a terminal to a new merchant by typing its SN', async ({ page }) => {
  const leaf = await signIn(page, DEMO.grandchild);
  const [sn] = await freeStock(page, leaf, 'LD');
  expect(sn, 'the leaf agent has free stock').toBeTruthy();
  const mobile = `137${String(Date.now()).slice(-8)}`;

  await page.goto('/pages/home/terminal/terminalBind');
  await page.getByTestId('bind-sn').locator('input').fill(sn!);
  await expect(page.getByTestId('bind-lookup')).toContainText('可绑定');
  await page.getByTestId('merchant-name').locator('input').fill('端到端测试便利店');
  await page.getByTestId('merchant-legal').locator('input').fill('陈测试');
  await page.getByTestId('merchant-mobile').locator('input').fill(mobile);
  await page.getByTestId('bind-submit').click();

  await expect(page).toHaveURL(new RegExp(`terminalInfo\\?sn=${sn}`));
  const info = page.getByTestId('terminal-info');
  await expect(info).toContainText('已绑定');
  await expect(info).toContainText('端到端测试便利店');
  const check: Envelope<{ bindStatus: number; merchantName: string }> = await call(
    page,
    leaf.token,
    'GET',
    `/api/term-info/info?sn=${sn}`,
  );
  expect(check.data).toMatchObject({ bindStatus: 1, merchantName: '端到端测试便利店' });
});
