import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { rebuildRollups, rollupDrift } from '../src/modules/stats/rollups';
import { checkActivation } from '../src/modules/terminals/check-activation';
import {
  bearer,
  clearOfShanghaiMidnight,
  createTestContext,
  DEMO_ACCOUNTS,
  loginAs,
} from './helpers';
import { notifyTransaction, simulatedChannelServesAll } from './notify-helpers';

// The figures' rollups are written by the events themselves (merchant sign-up, activation,
// settlement), in the event's transaction; the ledger health endpoint reports a rollup that
// drifts from its base tables, and the rebuild command puts it right.

await clearOfShanghaiMidnight(60_000);
const ctx = await createTestContext();
const { app, database } = ctx;
const db = database.db;
// The demo's terminals arrive in the platform's own format: no brand has a channel of its own.
await simulatedChannelServesAll(db);
const tokens = {
  top: await loginAs(app, DEMO_ACCOUNTS.top.mobile),
  grandchild: await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
  operator: await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password),
};
const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url: `/prod-api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  const body = res.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
};
const get = (token: string, url: string) => call(token, 'GET', url);

const NO_DRIFT = {
  agentDailyStats: 0,
  agentMonthlyStats: 0,
  terminalDailyVolume: 0,
  agentDailyEarnings: 0,
  terminalStockCounts: 0,
};
const health = () => get(tokens.operator, '/api/ag/admin/ledger/health');

/** What the screens show of the grandchild (own) and the top (team) this month. */
async function shown() {
  const g = await get(tokens.grandchild, '/api/ag/stats/overview');
  const gReport = await get(tokens.grandchild, '/api/ag/stats/report?scope=own');
  const gTeam = await get(tokens.grandchild, '/api/ag/myAgent/stats');
  const gMerchants = await get(tokens.grandchild, '/api/merchant/summary');
  const top = await get(tokens.top, '/api/ag/stats/overview');
  const topTeam = await get(tokens.top, '/api/ag/myAgent/stats');
  const topMerchants = await get(tokens.top, '/api/merchant/summary');
  return {
    grandchild: {
      dataTab: g.own,
      report: {
        tradeAmountFen: gReport.totals.tradeAmountFen,
        tradeCount: gReport.totals.tradeCount,
        newMerchants: gReport.totals.newMerchants,
        activatedTerminals: gReport.totals.activatedTerminals,
      },
      myAgent: gTeam.own,
      newMerchantsOnMerchantData: gMerchants.newThisMonth,
    },
    top: {
      dataTab: top.team,
      myAgent: topTeam.team,
      newMerchantsOnMerchantData: topMerchants.newThisMonth,
    },
  };
}
type Shown = Awaited<ReturnType<typeof shown>>;
const plus = (s: Shown, d: Partial<Record<string, number>>): Shown => {
  const add = (f: Record<string, number>) =>
    Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v + (d[k] ?? 0)]));
  return {
    grandchild: {
      dataTab: add(s.grandchild.dataTab),
      report: add(s.grandchild.report) as Shown['grandchild']['report'],
      myAgent: add(s.grandchild.myAgent),
      newMerchantsOnMerchantData: s.grandchild.newMerchantsOnMerchantData + (d.newMerchants ?? 0),
    },
    top: {
      dataTab: add(s.top.dataTab),
      myAgent: add(s.top.myAgent),
      newMerchantsOnMerchantData: s.top.newMerchantsOnMerchantData + (d.newMerchants ?? 0),
    },
  };
};

describe('figures written by the events', () => {
  it('starts with no drift on the demo seed', async () => {
    expect((await health()).rollupDrift).toEqual(NO_DRIFT);
  });

  it('a merchant signed up while binding counts once, on every page that shows new merchants', async () => {
    const before = await shown();
    await call(tokens.grandchild, 'POST', '/api/term-info/bind', {
      sn: 'LD00001850',
      merchant: {
        name: '新开便利店',
        legalName: '陈小明',
        mobile: '13712349876',
        address: '示范路1号',
      },
    });
    expect(await shown()).toEqual(plus(before, { newMerchants: 1 }));
    expect((await health()).rollupDrift).toEqual(NO_DRIFT);
  });

  it('a terminal activating counts once for its merchant’s agent, however often it is checked', async () => {
    const [t] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM terminals WHERE sn = 'LD00001820' AND bind_status = 1`,
    );
    const before = await shown();
    const rule = { thresholdFen: 1_000_000, windowDays: 30 };
    const first = await checkActivation(db, Number(t!.id), 2_000_000, new Date(), rule);
    expect(first.newlyActivated).toBe(true);
    await checkActivation(db, Number(t!.id), 2_000_000, new Date(), rule);
    expect(await shown()).toEqual(plus(before, { activatedTerminals: 1 }));
    expect((await health()).rollupDrift).toEqual(NO_DRIFT);
  });

  it('a settled payment and its refund move trade volume and count as settlement posts them', async () => {
    const before = await shown();
    const paid = await notifyTransaction(ctx, {
      txnId: 'ROLLUP-PAY-1',
      sn: 'LD00001801',
      amountFen: 123_400,
    });
    expect(paid.code).toBe(200);
    // Not settled yet: no figure moves.
    expect(await shown()).toEqual(before);
    await runSettlement(db);
    expect(await shown()).toEqual(plus(before, { tradeAmountFen: 123_400, tradeCount: 1 }));
    await notifyTransaction(ctx, {
      txnId: 'ROLLUP-REFUND-1',
      kind: 2,
      origTxnId: 'ROLLUP-PAY-1',
      sn: 'LD00001801',
      amountFen: 23_400,
    });
    await runSettlement(db);
    expect(await shown()).toEqual(plus(before, { tradeAmountFen: 100_000, tradeCount: 1 }));
    expect((await health()).rollupDrift).toEqual(NO_DRIFT);
  });
});

describe('drift and the rebuild', () => {
  it('reports a rollup that no longer matches its base tables, and the rebuild puts every figure right', async () => {
    const before = await shown();
    const [g] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS.grandchild.mobile}`,
    );
    // Figures written by hand, as the old demo seed did, and a terminal count knocked off.
    await db.execute(sql`
      INSERT INTO agent_daily_stats AS d (agent_id, top_id, day, trade_amount_fen, trade_count)
      SELECT id, top_id, (now() AT TIME ZONE 'Asia/Shanghai')::date, 999999, 9 FROM agents WHERE id = ${Number(g!.id)}
      ON CONFLICT (agent_id, day) DO UPDATE SET trade_amount_fen = d.trade_amount_fen + 999999,
        trade_count = d.trade_count + 9`);
    await db.execute(sql`
      UPDATE terminal_stock_counts SET n = n + 5
       WHERE (holder_path, brand_id, bind_status) IN (SELECT holder_path, brand_id, bind_status FROM terminal_stock_counts
                                                      WHERE n > 0 ORDER BY 1, 2, 3 LIMIT 1)`);
    expect((await shown()).grandchild.dataTab.tradeAmountFen).toBe(
      before.grandchild.dataTab.tradeAmountFen + 999999,
    );
    expect((await health()).rollupDrift).toEqual({
      ...NO_DRIFT,
      agentDailyStats: 1,
      agentMonthlyStats: 1,
      terminalStockCounts: 1,
    });

    const rebuilt = await rebuildRollups(db);
    expect(rebuilt.agentDailyStats).toBeGreaterThan(0);
    expect(await rollupDrift(db)).toEqual(NO_DRIFT);
    expect((await health()).rollupDrift).toEqual(NO_DRIFT);
    expect(await shown()).toEqual(before);
  });
});
