import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createSettlementFixture, fixtureTerms } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { bearer, clearOfShanghaiMidnight, createTestContext, loginAs } from './helpers';

const ctx = await createTestContext();
const { app, demo } = ctx;
const db = ctx.database.db;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const fx = await createSettlementFixture(db, chain, { tag: 'W1', terminals: 1 });
const top = await loginAs(app, demo.top.mobile);
const gc = await loginAs(app, demo.grandchild.mobile);
const other = await loginAs(app, demo.otherTop.mobile);
const get = (url: string, token: string) =>
  app
    .inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) })
    .then((r) => r.json());

let seq = 0;
const pay = (amountFen: number) =>
  ingestNotification(db, {
    txnId: `W${++seq}`,
    kind: 1,
    sn: fx.sns[0]!,
    amountFen,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date().toISOString(),
  });

describe('GET /api/ag/agent/wallet/showAgentWallet', () => {
  it("shows balances by wallet type and today's earnings growing with settlement", async () => {
    await clearOfShanghaiMidnight();
    const before = (await get('/api/ag/agent/wallet/showAgentWallet', gc)).data;
    expect(before.wallets.map((w: { walletType: string }) => w.walletType)).toEqual([
      'profit',
      'reward',
      'capital_pool',
      'frozen',
    ]);
    await pay(1_000_000);
    await runSettlement(db);
    const after = (await get('/api/ag/agent/wallet/showAgentWallet', gc)).data;
    // The grandchild sells at 0.60% and costs 0.54%: 60 yuan on 10,000 yuan.
    const share = (1_000_000 * (6000 - fixtureTerms(2).costs[1]!)) / 1_000_000;
    expect(after.todayEarningsFen - before.todayEarningsFen).toBe(share);
    expect(after.monthEarningsFen - before.monthEarningsFen).toBe(share);
    const profit = (w: { wallets: { walletType: string; balanceFen: number }[] }) =>
      w.wallets.find((x) => x.walletType === 'profit')!.balanceFen;
    expect(profit(after) - profit(before)).toBe(share);
    expect(after.availableFen).toBe(
      profit(after) +
        after.wallets.find((x: { walletType: string }) => x.walletType === 'reward')!.balanceFen,
    );
  });
});

describe('the ledger', () => {
  it('pages newest first with a cursor, filters by info type and month, and explains each record', async () => {
    for (const amount of [200_000, 300_000, 400_000]) await pay(amount);
    await runSettlement(db);
    const first = (await get('/api/ag/agent/wallet/ledger?pageSize=2&earningsOnly=true', gc)).data;
    expect(first.rows).toHaveLength(2);
    expect(first.rows[0].id).toBeGreaterThan(first.rows[1].id);
    expect(first.rows[0]).toMatchObject({
      infoType: 'trade_profit',
      walletType: 'profit',
      source: expect.any(String),
    });
    const second = (
      await get(
        `/api/ag/agent/wallet/ledger?pageSize=2&earningsOnly=true&cursor=${first.nextCursor}`,
        gc,
      )
    ).data;
    expect(second.rows[0].id).toBeLessThan(first.rows[1].id);
    const month = new Date(Date.now() + 8 * 3600e3).toISOString().slice(0, 7);
    const byMonth = (
      await get(
        `/api/ag/agent/wallet/ledger?month=${month}&infoType=trade_profit&walletType=profit`,
        gc,
      )
    ).data;
    expect(byMonth.rows.every((r: { infoType: string }) => r.infoType === 'trade_profit')).toBe(
      true,
    );
    expect(byMonth.monthTotalFen).toBeGreaterThan(0);
    // The top's record of the same transaction explains its share: its cost, the child's, the gap.
    const topLedger = (
      await get('/api/ag/agent/wallet/ledger?pageSize=1&infoType=trade_profit', top)
    ).data;
    const detail = (await get(`/api/ag/agent/wallet/earning?id=${topLedger.rows[0].id}`, top)).data;
    expect(detail.basis).toMatchObject({
      unit: 'ppm',
      ownCost: fixtureTerms(0).costs[1],
      lowerRate: fixtureTerms(1).costs[1],
      diff: fixtureTerms(1).costs[1]! - fixtureTerms(0).costs[1]!,
      volumeFen: 400_000,
      policyVersion: 1,
    });
    expect(detail.transaction).toMatchObject({ sn: fx.sns[0], amountFen: 400_000 });
    expect(detail.formula).toContain('0.52%');
    expect(detail.formulaEn).toContain('your cost');
  });

  it("answers someone else's record like a missing one", async () => {
    const [line] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM ledger_lines WHERE agent_id = ${demo.top.id} ORDER BY id DESC LIMIT 1`,
    );
    const res = await get(`/api/ag/agent/wallet/earning?id=${Number(line!.id)}`, gc);
    expect(res).toMatchObject({ code: 404, msg: '数据不存在' });
    const otherLedger = (await get('/api/ag/agent/wallet/ledger?earningsOnly=1', other)).data;
    expect(otherLedger.rows.every((r: { id: number }) => r.id !== Number(line!.id))).toBe(true);
  });

  it('refuses malformed filters with the field named', async () => {
    expect(await get('/api/ag/agent/wallet/ledger?month=2026-13', gc)).toMatchObject({
      code: 400,
      field: 'month',
    });
    expect(await get('/api/ag/agent/wallet/ledger?walletType=gold', gc)).toMatchObject({
      code: 400,
      field: 'walletType',
    });
    expect(await get('/api/ag/agent/wallet/earning?id=abc', gc)).toMatchObject({
      code: 400,
      field: 'id',
    });
  });

  it("gives this month's earnings by type and by day", async () => {
    const stats = (await get('/api/ag/agent/wallet/earningsStats', gc)).data;
    expect(
      stats.byType.find((t: { infoType: string }) => t.infoType === 'trade_profit').amountFen,
    ).toBeGreaterThan(0);
    expect(stats.totalFen).toBe(
      stats.byDay.reduce((s: number, d: { amountFen: number }) => s + d.amountFen, 0),
    );
  });
});

describe('balance after each line, and a refund against its original', () => {
  it('every line of a wallet shows the balance right after it, however postings interleave', async () => {
    // Several settlements racing each other, then the account details read.
    for (let i = 0; i < 6; i++) await pay(10_000 + i * 1_111);
    await Promise.all([runSettlement(db), runSettlement(db)]);
    const page = (await get('/api/ag/agent/wallet/ledger?walletType=profit&pageSize=50', gc))
      .data as { rows: { amountFen: number; balanceAfterFen: number }[] };
    const [wallet] = await rows<{ b: unknown }>(
      db,
      sql`SELECT balance_fen AS b FROM ledger_accounts WHERE agent_id = ${demo.grandchild.id} AND wallet_type = 'profit'`,
    );
    expect(page.rows.length).toBeGreaterThan(3);
    expect(page.rows[0]!.balanceAfterFen).toBe(Number(wallet!.b));
    for (let i = 0; i + 1 < page.rows.length; i++) {
      const line = page.rows[i]!;
      expect(page.rows[i + 1]!.balanceAfterFen).toBe(line.balanceAfterFen - line.amountFen);
    }
  });

  it("a refund's line names the original payment it is proportional to", async () => {
    await pay(200_000);
    await runSettlement(db);
    const origId = `W${seq}`;
    await ingestNotification(db, {
      txnId: `W${++seq}-R`,
      kind: 2,
      origTxnId: origId,
      sn: fx.sns[0]!,
      amountFen: 50_000,
      payType: 1,
      totalType: 1,
      cardType: 1,
      method: 1,
      status: 1,
      tradeTime: new Date().toISOString(),
    });
    await runSettlement(db);
    const page = (await get('/api/ag/agent/wallet/ledger?infoType=refund_reversal&pageSize=5', gc))
      .data as { rows: { id: number; originalAmountFen: number | null; volumeFen: number }[] };
    const line = page.rows[0]!;
    expect(line.originalAmountFen).toBe(200_000);
    const detail = (await get(`/api/ag/agent/wallet/earning?id=${line.id}`, gc)).data;
    expect(detail.transaction.originalAmountFen).toBe(200_000);
    expect(detail.formula).toContain('原交易 2,000.00');
    expect(detail.formula).toContain('退款 500.00');
  });
});
