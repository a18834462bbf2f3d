import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

/*
 * Fee cashback tiers (issue 33), end to end in Chromium against the real server with demo data:
 * the top agent gives its sub-agent a SIM fee cashback per collection (first, second, third and
 * later) no higher than its own, the form refusing a tier above it as typed with the field's own
 * message; the saved version shows the tiers and what changed, and the sub-agent sees the same
 * tiers and its deposit options on its own policy page. Then a SIM fee collected through the
 * terminal's channel pays the chain its first-collection cashback, and the leaf's earnings record
 * says which collection it was.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LEAF = '13800000003';

const TOP = '13800000001';
const CHILD = '13800000002';
const PASSWORD = 'demo123';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function signIn(page: Page, mobile: string): Promise<string> {
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: mobile, password: PASSWORD },
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  await page.goto('/pages/login/index');
  await page.evaluate((t) => {
    localStorage.clear();
    localStorage.setItem('token', JSON.stringify(t));
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, body.token!);
  return body.token!;
}

async function api<T>(page: Page, token: string, url: string): Promise<T> {
  const res = await page.request.get(`/prod-api${url}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

async function typeInto(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.fill('');
  await input.fill(value);
}

test("a parent sets its sub-agent's SIM fee cashback per collection, bounded by its own, and both see the tiers", async ({
  page,
}) => {
  const topToken = await signIn(page, TOP);
  const own = await api<{ policyId: number; brandName: string }[]>(
    page,
    topToken,
    '/api/ag/agent/open/policy/info',
  );
  const ld = own.find((p) => p.brandName === '联迪')!;
  const children = await api<{ rows: { id: number; mobile: string }[] }>(
    page,
    topToken,
    '/api/ag/agent/open/policy/children?pageSize=50',
  );
  const child = children.rows.find((c) => c.mobile.endsWith('0002'))!;

  await page.goto(`/pages/home/policy/open?agentId=${child.id}&policyId=${ld.policyId}`);
  await expect(page.getByTestId('open-policy-form')).toBeVisible();
  // The 36-yuan SIM fee (the second option): the child's tiers now, the top's own beside them.
  const tiers = page.getByTestId('comm-tiers-1');
  await tiers.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('comm-1-secondFen')).toHaveValue('12.00');
  await expect(page.getByTestId('comm-1-laterFen')).toHaveValue('8.00');
  await expect(tiers).toContainText('我的第二次返现 14.00元');
  await expect(tiers).toContainText('我的第三次及以后返现 10.00元');

  // Above the top's own second-year cashback: refused as typed, under the field.
  await typeInto(page, 'comm-1-secondFen', '15');
  await expect(page.getByTestId('comm-1-secondFen-error')).toHaveText(
    '流量费36.00元档第二次返现不能高于上级的14.00元',
  );
  // Lowering the child's later cashback needs its consent.
  await typeInto(page, 'comm-1-laterFen', '7');
  await expect(page.getByTestId('comm-1-laterFen-error')).toContainText('调低需下级同意');
  await typeInto(page, 'comm-1-secondFen', '13');
  await typeInto(page, 'comm-1-laterFen', '9');
  await expect(page.getByTestId('comm-1-secondFen-error')).toHaveCount(0);
  await expect(page.getByTestId('comm-1-laterFen-error')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/fee-tiers-form.png' });

  const saved = page.waitForResponse((r) => r.url().includes('/api/ag/agent/open/policy/open'));
  await page.getByTestId('open-submit').click();
  await expect(page.getByTestId('open-confirm')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  expect(((await (await saved).json()) as Envelope<unknown>).code).toBe(200);
  await expect(page).toHaveURL(/\/pages\/home\/policy\/policyInfo\?id=\d+/);
  const row = page.getByTestId('sim-tier-3600');
  await expect(row).toContainText('36.00元');
  await expect(row).toContainText('20.00元');
  await expect(row).toContainText('13.00元');
  await expect(row).toContainText('9.00元');
  const versions = page.getByTestId('versions');
  await expect(versions).toContainText('流量费36.00元 第二次返现 12.00元 → 13.00元');
  await expect(versions).toContainText('流量费36.00元 第三次及以后返现 8.00元 → 9.00元');

  // The sub-agent finds the same tiers, and its deposit options, on its own policy.
  await signIn(page, CHILD);
  await page.goto('/pages/home/policy/policyInfo');
  await page.getByTestId('own-policies').locator('.pol-list-item').first().click();
  const sim = page.getByTestId('sim-tiers');
  await sim.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('sim-tier-3600')).toContainText('13.00元');
  await expect(page.getByTestId('sim-tier-6000')).toContainText('35.00元');
  await expect(page.getByTestId('deposit-tier-19900')).toContainText('140.00元');
  await expect(page.getByTestId('deposit-tier-29900')).toContainText('210.00元');
  await page.screenshot({ path: 'test-results/fee-tiers-detail.png', fullPage: true });
});

/** A fee collection pushed as the terminal's channel would (e2e/fixtures/push-fee.ts). */
function pushFee(baseURL: string, sn: string, txnId: string, amountFen: number, at: Date) {
  const run = spawnSync(
    'npx',
    [
      'tsx',
      'e2e/fixtures/push-fee.ts',
      baseURL,
      sn,
      txnId,
      String(amountFen),
      '9',
      at.toISOString(),
    ],
    { cwd: REPO, encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.status, run.stderr || run.stdout).toBe(0);
}

test("a SIM fee collected through the terminal's channel pays the chain its first-collection cashback, explained", async ({
  page,
  baseURL,
}) => {
  const leaf = await signIn(page, LEAF);
  const trades = await api<{ rows: { sn: string; kind: number }[] }>(
    page,
    leaf,
    '/api/ag/agent/trade/list?scope=own&pageSize=50',
  );
  const sn = trades.rows.find((r) => r.kind === 1 && r.sn.startsWith('LD'))?.sn ?? 'LD00001801';
  const txnId = `E2ESIM${Date.now().toString(36).toUpperCase()}`;
  pushFee(baseURL!, sn, txnId, 3600, new Date(Date.now() - 60_000));

  // Settlement runs in the background: wait for the collection to be settled with the leaf's share.
  let earning: { id: number; amountFen: number } | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<{ rows: { id: number; acquirerTxnId: string }[] }>(
          page,
          leaf,
          `/api/ag/agent/trade/list?sn=${sn}&pageSize=50`,
        );
        const row = list.rows.find((r) => r.acquirerTxnId.includes(txnId));
        if (!row) return 0;
        const detail = await api<{
          settled: boolean;
          myEarnings: { id: number; infoType: string; amountFen: number }[];
        }>(page, leaf, `/api/ag/agent/trade/detail?id=${row.id}`);
        earning = detail.myEarnings.find((e) => e.infoType === 'communication_fee_profit');
        return detail.settled && earning ? 1 : 0;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(1);
  // The leaf's own first-collection cashback for the 36-yuan option (the demo's 15.00 yuan).
  expect(earning!.amountFen).toBe(1500);

  await page.goto(`/pages/earnings/earningsInfo?id=${earning!.id}`);
  await expect(page.getByTestId('earning-amount')).toContainText('15.00');
  await expect(page.getByTestId('earning-formula')).toContainText(
    '收取 36.00元，本终端第1年的流量费，按「首次」档返现',
  );
  await page.screenshot({ path: 'test-results/fee-tiers-earning.png' });
});
