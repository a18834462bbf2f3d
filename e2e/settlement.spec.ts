import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The settlement journey: the traffic simulator sends signed payments for a leaf agent's
 * merchant through the real endpoint; the server settles them in the background; the leaf, its
 * parent and the top agent each find their share in their ledgers, with how it was computed, and
 * the three shares add up to the chain's spread on the payment.
 *
 * Assumes baseURL is a running server with the demo data, captcha off and background jobs on.
 */

// ---------------------------------------------------------------------------------------------
// Self-contained helpers
// ---------------------------------------------------------------------------------------------

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AGENTS = {
  leaf: { mobile: '13800000003', password: 'demo123' },
  parent: { mobile: '13800000002', password: 'demo123' },
  top: { mobile: '13800000001', password: 'demo123' },
} as const;
type Who = keyof typeof AGENTS;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface TradeRow {
  id: number;
  acquirerTxnId: string;
  sn: string;
  kind: number;
  status: number;
  amountFen: number;
}
interface TradeDetail extends TradeRow {
  settled: boolean;
  myEarnings: { id: number; infoType: string; amountFen: number }[];
}
interface Earning {
  id: number;
  infoType: string;
  amountFen: number;
  basis: {
    volumeFen: number | null;
    unit: 'ppm' | 'fen';
    ownCost: number | null;
    lowerRate: number | null;
    diff: number | null;
  };
  formula: string;
}

async function login(request: APIRequestContext, who: Who): Promise<string> {
  const res = await request.post('/prod-api/login/app', {
    data: { username: AGENTS[who].mobile, password: AGENTS[who].password },
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body.token!;
}

async function get<T>(
  request: APIRequestContext,
  token: string,
  url: string,
): Promise<Envelope<T>> {
  const res = await request.get(`/prod-api${url}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Envelope<T>;
}

/** Opens the app as an agent (the token where the app keeps it, the cache notice acknowledged). */
async function openAs(page: Page, token: string, url: string) {
  await page.goto('/pages/login/index');
  await page.evaluate((t) => {
    localStorage.setItem('token', JSON.stringify(t));
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, token);
  await page.goto(url);
}

/** The traffic simulator (npm run simulate), as an operator would run it, against this server. */
function simulate(baseURL: string, sn: string, count: number, prefix: string) {
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
      sn,
      '--count',
      String(count),
      '--rate',
      '20',
      '--payments-only',
      '--prefix',
      prefix,
      '--quiet',
      '--seed',
      '7',
    ],
    { cwd: REPO, encoding: 'utf8', timeout: 60_000, env: { ...process.env } },
  );
  expect(run.status, run.stderr || run.stdout).toBe(0);
  // The simulator speaks the terminal's channel protocol (the demo's 联迪 is served by 恒信通),
  // whose endpoint acknowledges a push only once it is stored; none refused, none lost.
  expect(run.stdout).toContain(`done: ${count} sent, `);
  expect(run.stdout).toContain(`, ${count} acknowledged by their channel, `);
  expect(run.stdout).toContain(', 0 refused, 0 unreachable');
}

const yuan = (fen: number) =>
  (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// ---------------------------------------------------------------------------------------------
// The journey
// ---------------------------------------------------------------------------------------------

test("simulated payments at a leaf agent's merchant reach the leaf, its parent and the top, explained and adding up", async ({
  page,
  request,
  baseURL,
}) => {
  const tokens = {
    leaf: await login(request, 'leaf'),
    parent: await login(request, 'parent'),
    top: await login(request, 'top'),
  };
  // A terminal of one of the leaf's own merchants (from its trading history; the demo seed's
  // first bound terminal of the leaf otherwise).
  const own = await get<{ rows: TradeRow[] }>(
    request,
    tokens.leaf,
    '/api/ag/agent/trade/list?scope=own&pageSize=50',
  );
  const sn = own.data.rows.find((r) => r.kind === 1)?.sn ?? 'LD00001801';
  const prefix = `E2E${Date.now().toString(36).toUpperCase()}`;

  simulate(baseURL!, sn, 5, prefix);

  // Settlement runs in the background: wait until every simulated payment is settled.
  let sent: TradeRow[] = [];
  await expect
    .poll(
      async () => {
        const list = await get<{ rows: TradeRow[] }>(
          request,
          tokens.leaf,
          `/api/ag/agent/trade/list?sn=${sn}&pageSize=50`,
        );
        // A channel's order numbers are kept under its code (`hengxintong:<order no>`).
        sent = list.data.rows.filter((r) => r.acquirerTxnId.split(':').pop()!.startsWith(prefix));
        const details = await Promise.all(
          sent.map((r) =>
            get<TradeDetail>(request, tokens.leaf, `/api/ag/agent/trade/detail?id=${r.id}`),
          ),
        );
        return details.filter((d) => d.data.settled).length;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(5);

  const trade = sent.sort((a, b) => b.amountFen - a.amountFen)[0]!;
  const shares: Record<Who, number> = { leaf: 0, parent: 0, top: 0 };
  const explained: Partial<Record<Who, Earning>> = {};
  for (const who of ['leaf', 'parent', 'top'] as const) {
    const detail = (
      await get<TradeDetail>(request, tokens[who], `/api/ag/agent/trade/detail?id=${trade.id}`)
    ).data;
    expect(detail.myEarnings.length, `${who} earned on the payment`).toBeGreaterThan(0);
    shares[who] = detail.myEarnings.reduce((s, e) => s + e.amountFen, 0);
    const main = detail.myEarnings.find(
      (e) => e.infoType === 'trade_profit' || e.infoType === 'debit_cap_profit',
    )!;
    explained[who] = (
      await get<Earning>(request, tokens[who], `/api/ag/agent/wallet/earning?id=${main.id}`)
    ).data;

    // In the app: the transaction shows the agent's own share...
    await openAs(page, tokens[who], `/pages/home/trading/detail?id=${trade.id}`);
    const mine = page.getByTestId('my-earnings');
    await expect(mine).toContainText(`+${yuan(main.amountFen)}`);
    // ...which opens the record with how it was computed.
    await mine
      .getByText(main.infoType === 'trade_profit' ? '交易分润' : '封顶分润')
      .first()
      .click();
    await expect(page).toHaveURL(/\/pages\/earnings\/earningsInfo\?id=/);
    await expect(page.getByTestId('earning-amount')).toContainText(yuan(main.amountFen));
    await expect(page.getByTestId('earning-formula')).toContainText(
      main.infoType === 'trade_profit' ? '交易额' : '封顶',
    );
    await expect(page.getByTestId('earning-basis')).toContainText(
      main.infoType === 'trade_profit' ? '我的成本' : '我的封顶成本',
    );

    // And the agent's ledger (earnings details) lists it.
    await page.goto('/pages/earnings/earningsDetails');
    await expect(page.getByTestId('ledger-list')).toBeVisible();
    await expect(page.getByTestId('ledger-list')).toContainText(`+${yuan(main.amountFen)}`);
  }

  // Each share is its rung of the ladder: the parent is measured against the leaf's cost, the
  // top against the parent's, and the rungs telescope from the rate the leaf sells at down to
  // the top's cost.
  const leaf = explained.leaf!;
  const parent = explained.parent!;
  const top = explained.top!;
  expect(parent.basis.lowerRate).toBe(leaf.basis.ownCost);
  expect(top.basis.lowerRate).toBe(parent.basis.ownCost);
  const spread = leaf.basis.lowerRate! - top.basis.ownCost!;
  expect(leaf.basis.diff! + parent.basis.diff! + top.basis.diff!).toBe(spread);
  const volume = leaf.basis.volumeFen!;
  const chainTotal = leaf.basis.unit === 'ppm' ? Math.floor((volume * spread) / 1_000_000) : spread;
  const mainTotal = leaf.amountFen + parent.amountFen + top.amountFen;
  // Each share is rounded down on its own, so together they may be a fen or two under the whole.
  expect(mainTotal).toBeLessThanOrEqual(chainTotal);
  expect(mainTotal).toBeGreaterThanOrEqual(chainTotal - 2);
  expect(shares.leaf + shares.parent + shares.top).toBeGreaterThanOrEqual(mainTotal);
});
