import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { runActivationJob } from '../src/jobs/activation';
import { runCommFeeJob } from '../src/jobs/comm-fee';
import { runMonthlyAllowanceJob } from '../src/jobs/monthly-allowance';
import { runStandardCheckJob } from '../src/jobs/standard-check';
import { agentBalances } from '../src/db/ledger-accounts';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { createSettlementFixture, fixtureTerms } from '../src/modules/settlement/fixtures';
import { monthBounds, previousMonth } from '../src/lib/periods';
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
const healthy = {
  globalSumFen: 0,
  linesSumFen: 0,
  negativeAgentAccounts: 0,
  unbalancedEntries: 0,
  balanceMismatches: 0,
  refundsAwaitingOriginal: 0,
  feesSuperseded: 0,
};
const n = (v: unknown) => Number(v);

let seq = 0;
const pay = (
  sn: string,
  amountFen: number,
  tradeTime = new Date(),
  over: Record<string, unknown> = {},
) =>
  ingestNotification(db, {
    txnId: `J${++seq}-${Date.now()}`,
    kind: 1,
    sn,
    amountFen,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: tradeTime.toISOString(),
    ...over,
  });
const rewardLines = (infoType: string, detailKey: string, value: string) =>
  rows<{ agent_id: unknown; amount_fen: unknown; own_cost: unknown; lower_rate: unknown }>(
    db,
    sql`SELECT agent_id, amount_fen, own_cost, lower_rate FROM ledger_lines
         WHERE info_type = ${infoType} AND agent_id IS NOT NULL AND detail ->> ${detailKey} = ${value} ORDER BY id`,
  );
const jobRow = async (job: string, period: string) =>
  (
    await rows<{ status: unknown; processed: unknown; runs: unknown }>(
      db,
      sql`SELECT status, processed, runs FROM job_runs WHERE job = ${job} AND period = ${period}`,
    )
  )[0];

describe('activation', () => {
  it('activates at the threshold, collects the deposit and shares the activation reward, once', async () => {
    await clearOfShanghaiMidnight();
    const fx = await createSettlementFixture(db, chain, {
      tag: 'JA',
      terminals: 2,
      boundAt: new Date(Date.now() - 2 * 86400e3),
    });
    // 6,000 + 4,500 yuan of card payments on the first terminal; QR does not count.
    await pay(fx.sns[0]!, 600_000);
    await pay(fx.sns[0]!, 900_000, new Date(), {
      totalType: 4,
      cardType: 0,
      payType: 3,
      method: 3,
    });
    await runSettlement(db);
    await runActivationJob(db);
    const status = async (id: number) =>
      n(
        (
          await rows<{ s: unknown }>(
            db,
            sql`SELECT bind_status AS s FROM terminals WHERE id = ${id}`,
          )
        )[0]!.s,
      );
    expect(await status(fx.terminalIds[0]!)).toBe(1);
    await pay(fx.sns[0]!, 450_000);
    await runSettlement(db);
    const first = await runActivationJob(db);
    expect(first).toMatchObject({ ran: true, processed: 1 });
    expect(await status(fx.terminalIds[0]!)).toBe(3);
    expect(await status(fx.terminalIds[1]!)).toBe(1);
    // Activation reward: R0, R1 - R0, R2 - R1 up the chain.
    const rewards = await rewardLines('activation_reward', 'sn', fx.sns[0]!);
    expect(rewards.map((r) => [n(r.agent_id), n(r.amount_fen)])).toEqual([
      [demo.grandchild.id, fixtureTerms(2).activationRewardFen],
      [demo.child.id, fixtureTerms(1).activationRewardFen - fixtureTerms(2).activationRewardFen],
      [demo.top.id, fixtureTerms(0).activationRewardFen - fixtureTerms(1).activationRewardFen],
    ]);
    // The deposit was collected and, settled, shared by the 99-yuan option's shares.
    await runSettlement(db);
    const deposit = await rows<{ agent_id: unknown; amount_fen: unknown }>(
      db,
      sql`SELECT l.agent_id, l.amount_fen FROM ledger_lines l JOIN transactions t ON t.id = l.txn_id
           WHERE t.acquirer_txn_id = ${`SF-${fx.terminalIds[0]}`} AND l.agent_id IS NOT NULL ORDER BY l.id`,
    );
    expect(deposit.map((d) => n(d.amount_fen)).reduce((a, b) => a + b, 0)).toBe(
      fixtureTerms(0).serviceFeeShares[1]!.shareFen,
    );
    // Once only.
    const again = await runActivationJob(db);
    expect(again).toMatchObject({ ran: true, processed: 0 });
    expect((await rewardLines('activation_reward', 'sn', fx.sns[0]!)).length).toBe(3);
    expect(await jobRow('activation', 'live')).toMatchObject({ status: 2 });
    const stats = await rows<{ a: unknown }>(
      db,
      sql`SELECT activated_terminals AS a FROM agent_daily_stats WHERE agent_id = ${demo.grandchild.id} AND day = (now() AT TIME ZONE 'Asia/Shanghai')::date`,
    );
    expect(n(stats[0]!.a)).toBeGreaterThanOrEqual(1);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });
});

describe('monthly standard assessment', () => {
  it('assesses last month once: met terminals earn the reward up the chain, the rest are recorded', async () => {
    const month = previousMonth(new Date());
    const { start } = monthBounds(month);
    const fx = await createSettlementFixture(db, chain, {
      tag: 'JS',
      terminals: 2,
      boundAt: new Date(start.getTime() + 3600e3),
    });
    const inMonth = new Date(start.getTime() + 5 * 86400e3);
    // Month 1 threshold is 20,000 yuan: the first terminal meets it, the second does not.
    await pay(fx.sns[0]!, 1_500_000, inMonth);
    await pay(fx.sns[0]!, 600_000, inMonth);
    await pay(fx.sns[1]!, 800_000, inMonth);
    await runSettlement(db);
    const result = await runStandardCheckJob(db, new Date(), month);
    expect(result.ran).toBe(true);
    const assessed = await rows<{
      terminal_id: unknown;
      month_index: unknown;
      result: unknown;
      volume_fen: unknown;
      reward_fen: unknown;
    }>(
      db,
      sql`SELECT terminal_id, month_index, result, volume_fen, reward_fen FROM standard_assessments
           WHERE terminal_id = ANY(${sql.param(fx.terminalIds)}::bigint[]) ORDER BY terminal_id`,
    );
    expect(assessed.map((a) => [n(a.month_index), n(a.result), n(a.volume_fen)])).toEqual([
      [1, 1, 2_100_000],
      [1, -1, 800_000],
    ]);
    const rewards = await rewardLines('standard_reward', 'terminalId', String(fx.terminalIds[0]));
    expect(rewards.map((r) => [n(r.agent_id), n(r.amount_fen)])).toEqual([
      [demo.grandchild.id, fixtureTerms(2).standardRewardsFen[0]!],
      [
        demo.child.id,
        fixtureTerms(1).standardRewardsFen[0]! - fixtureTerms(2).standardRewardsFen[0]!,
      ],
      [
        demo.top.id,
        fixtureTerms(0).standardRewardsFen[0]! - fixtureTerms(1).standardRewardsFen[0]!,
      ],
    ]);
    expect(n(assessed[0]!.reward_fen)).toBe(fixtureTerms(0).standardRewardsFen[0]!);
    // The period succeeded: running it again does nothing.
    expect(await jobRow('standard_check', month)).toMatchObject({ status: 2 });
    const again = await runStandardCheckJob(db, new Date(), month);
    expect(again).toMatchObject({ ran: false, reason: 'already_succeeded' });
    expect(
      (await rewardLines('standard_reward', 'terminalId', String(fx.terminalIds[0]))).length,
    ).toBe(3);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });
});

describe('yearly communication fee', () => {
  it('collects the SIM fee on the activation anniversary and shares it, once a year', async () => {
    const fx = await createSettlementFixture(db, chain, {
      tag: 'JC',
      terminals: 1,
      boundAt: new Date(Date.now() - 400 * 86400e3),
      commFeeFen: 3600,
    });
    await db.execute(
      sql`UPDATE terminals SET bind_status = 3, activated_at = now() - interval '13 months' WHERE id = ${fx.terminalIds[0]!}`,
    );
    const result = await runCommFeeJob(db, new Date(), 'test-day-1');
    expect(result).toMatchObject({ ran: true, processed: 1, postedFen: 3600 });
    await runSettlement(db);
    const shares = await rows<{ agent_id: unknown; amount_fen: unknown; info_type: string }>(
      db,
      sql`SELECT l.agent_id, l.amount_fen, l.info_type FROM ledger_lines l JOIN transactions t ON t.id = l.txn_id
           WHERE t.acquirer_txn_id = ${`CF-${fx.terminalIds[0]}-1`} AND l.agent_id IS NOT NULL ORDER BY l.id`,
    );
    expect(shares.map((s) => s.info_type)).toEqual([
      'communication_fee_profit',
      'communication_fee_profit',
      'communication_fee_profit',
    ]);
    expect(shares.reduce((sum, s) => sum + n(s.amount_fen), 0)).toBe(
      fixtureTerms(0).commFeeShares[1]!.shareFen,
    );
    const again = await runCommFeeJob(db, new Date(), 'test-day-2');
    expect(again).toMatchObject({ ran: true, processed: 0 });
  });
});

describe('monthly allowance', () => {
  it("pays the agent's own allowance for last month's activations, once", async () => {
    const month = previousMonth(new Date());
    const { start } = monthBounds(month);
    const fx = await createSettlementFixture(db, chain, {
      tag: 'JM',
      terminals: 3,
      boundAt: new Date(start.getTime() - 86400e3),
    });
    await db.execute(sql`UPDATE terminals SET bind_status = 3, activated_at = ${new Date(start.getTime() + 86400e3)}
                          WHERE id = ANY(${sql.param(fx.terminalIds)}::bigint[])`);
    const before = (await agentBalances(db, demo.grandchild.id)).reward ?? 0;
    const activatedLastMonth = n(
      (
        await rows<{ c: unknown }>(
          db,
          sql`SELECT count(*) AS c FROM terminals t JOIN merchants m ON m.id = t.merchant_id
             WHERE m.agent_id = ${demo.grandchild.id} AND t.activated_at >= ${start} AND t.activated_at < ${monthBounds(month).end}`,
        )
      )[0]!.c,
    );
    const result = await runMonthlyAllowanceJob(db, new Date(), month);
    expect(result.ran).toBe(true);
    expect((await agentBalances(db, demo.grandchild.id)).reward).toBe(
      before + activatedLastMonth * 500,
    );
    const again = await runMonthlyAllowanceJob(db, new Date(), month);
    expect(again).toMatchObject({ ran: false, reason: 'already_succeeded' });
    expect((await agentBalances(db, demo.grandchild.id)).reward).toBe(
      before + activatedLastMonth * 500,
    );
    expect(await ledgerHealth(db)).toEqual(healthy);
  });
});

describe('job status for operators', () => {
  it('lists the jobs with their execution status and runs one on request; agents are refused', async () => {
    const op = await loginAs(app, '13800000000', 'admin123');
    const list = (
      await app.inject({
        method: 'GET',
        url: '/prod-api/api/ag/admin/jobs/list',
        headers: bearer(op),
      })
    ).json();
    expect(list.code).toBe(200);
    expect(list.data.map((j: { job: string }) => j.job)).toEqual(
      expect.arrayContaining(['activation', 'standard_check']),
    );
    const run = (
      await app.inject({
        method: 'POST',
        url: '/prod-api/api/ag/admin/jobs/run',
        headers: bearer(op),
        payload: { job: 'standard_check', period: previousMonth(new Date()) },
      })
    ).json();
    expect(run.data).toMatchObject({ ran: false, status: 2 });
    const future = (
      await app.inject({
        method: 'POST',
        url: '/prod-api/api/ag/admin/jobs/run',
        headers: bearer(op),
        payload: { job: 'standard_check', period: '2999-01' },
      })
    ).json();
    expect(future).toMatchObject({ code: 400, field: 'period' });
    const agent = await loginAs(app, demo.top.mobile);
    const refused = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/admin/jobs/list',
      headers: bearer(agent),
    });
    expect(refused.json().code).toBe(403);
  });
});
