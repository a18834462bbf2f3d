import { splitTrade } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import {
  createSettlementFixture,
  fixtureTerms,
  FIXTURE_PRODUCT_RATES,
} from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { agentAccountId, agentBalances, platformAccountId } from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { notifyTransaction } from './notify-helpers';
import { clearOfShanghaiMidnight, createTestContext } from './helpers';

const ctx = await createTestContext();
const { demo } = ctx;
const db = ctx.database.db;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const fx = await createSettlementFixture(db, chain, { tag: 'S1', terminals: 3 });

let seq = 0;
const notify = (body: Record<string, unknown>) => notifyTransaction(ctx, body);
const nextId = () => `T${Date.now()}${++seq}`;

async function linesOf(txnId: number) {
  return rows<{
    agent_id: unknown;
    amount_fen: unknown;
    info_type: string;
    own_cost: unknown;
    lower_rate: unknown;
  }>(
    db,
    sql`SELECT agent_id, amount_fen, info_type, own_cost, lower_rate FROM ledger_lines WHERE txn_id = ${txnId} AND agent_id IS NOT NULL ORDER BY id`,
  );
}

describe('settlement of a payment', () => {
  it('pays each agent of the chain its spread, as the pure split says', async () => {
    const n = await notify({ txnId: nextId(), sn: fx.sns[0], amountFen: 1_000_000 });
    expect(n.code).toBe(200);
    const totals = await runSettlement(db);
    expect(totals.settled).toBe(1);
    const lines = await linesOf(n.data.id);
    const expected = splitTrade({
      amountFen: 1_000_000,
      chain: [2, 1, 0].map((level) => ({
        agentId: chain[level]!.id,
        costPpm: fixtureTerms(level).costs[1]!,
      })),
      merchantRatePpm: FIXTURE_PRODUCT_RATES[1]!.standard,
      standardRatePpm: FIXTURE_PRODUCT_RATES[1]!.standard,
      acquirerCostPpm: FIXTURE_PRODUCT_RATES[1]!.acquirer,
    });
    expect(lines.map((l) => [Number(l.agent_id), Number(l.amount_fen), l.info_type])).toEqual(
      expected.shares.map((s) => [s.agentId, s.amountFen, s.kind]),
    );
    const health = await ledgerHealth(db);
    expect(health).toEqual({
      globalSumFen: 0,
      linesSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
      refundsAwaitingOriginal: 0,
      feesSuperseded: 0,
    });
  });
});

const healthy = {
  globalSumFen: 0,
  linesSumFen: 0,
  negativeAgentAccounts: 0,
  unbalancedEntries: 0,
  balanceMismatches: 0,
  refundsAwaitingOriginal: 0,
  feesSuperseded: 0,
};
const count = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: unknown }>(db, query))[0]!.n);
/** What the pure split pays in all for a payment of rate type 1 on this fixture. */
const expectedShares = (amountFen: number) =>
  splitTrade({
    amountFen,
    chain: [2, 1, 0].map((level) => ({
      agentId: chain[level]!.id,
      costPpm: fixtureTerms(level).costs[1]!,
    })),
    merchantRatePpm: FIXTURE_PRODUCT_RATES[1]!.standard,
    standardRatePpm: FIXTURE_PRODUCT_RATES[1]!.standard,
    acquirerCostPpm: FIXTURE_PRODUCT_RATES[1]!.acquirer,
  }).shares.reduce((sum, x) => sum + x.amountFen, 0);

describe('settlement is repeatable and crash-safe', () => {
  it('settles nothing new when run twice', async () => {
    await notify({ txnId: nextId(), sn: fx.sns[1], amountFen: 250_000 });
    await runSettlement(db);
    const lines = await count(sql`SELECT count(*) AS n FROM ledger_lines`);
    const settled = await count(sql`SELECT count(*) AS n FROM settlements`);
    const again = await runSettlement(db);
    expect(again.settled).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM ledger_lines`)).toBe(lines);
    expect(await count(sql`SELECT count(*) AS n FROM settlements`)).toBe(settled);
  });

  it('finishes with exactly the right totals after a crash between two batches and one inside a batch', async () => {
    const amounts = Array.from({ length: 12 }, (_, i) => 100_000 + i * 77_777);
    const ids: number[] = [];
    for (const amountFen of amounts)
      ids.push((await notify({ txnId: nextId(), sn: fx.sns[2], amountFen })).data.id);
    const sharesOf = async () =>
      count(
        sql`SELECT coalesce(sum(amount_fen), 0) AS n FROM ledger_lines WHERE txn_id = ANY(${sql.param(ids)}::bigint[]) AND agent_id IS NOT NULL`,
      );
    // The first batch commits; the process "dies" before the next one.
    const first = await runSettlement(db, { batchSize: 5, maxBatches: 1, onlyTxnIds: ids });
    expect(first.settled).toBe(5);
    // The next batch dies halfway, after writing its lines: nothing of it may remain.
    await expect(
      runSettlement(db, {
        batchSize: 5,
        onlyTxnIds: ids,
        onStep: (step) => {
          if (step === 'lines') throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(
      await count(
        sql`SELECT count(*) AS n FROM settlements WHERE txn_id = ANY(${sql.param(ids)}::bigint[])`,
      ),
    ).toBe(5);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM settlement_queue WHERE txn_id = ANY(${sql.param(ids)}::bigint[])`,
      ),
    ).toBe(7);
    // The rerun settles the rest, once.
    const rest = await runSettlement(db, { batchSize: 5, onlyTxnIds: ids });
    expect(rest.settled).toBe(7);
    expect(await sharesOf()).toBe(amounts.reduce((sum, a) => sum + expectedShares(a), 0));
    expect(await ledgerHealth(db)).toEqual(healthy);
  });

  it('settles each transaction once when two workers run together', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await notify({ txnId: nextId(), sn: fx.sns[0], amountFen: 123_456 + i })).data.id);
    const [a, b] = await Promise.all([
      runSettlement(db, { batchSize: 3, onlyTxnIds: ids }),
      runSettlement(db, { batchSize: 3, onlyTxnIds: ids }),
    ]);
    expect(a.settled + b.settled).toBe(20);
    expect(
      await count(
        sql`SELECT count(DISTINCT txn_id) AS n FROM ledger_lines WHERE txn_id = ANY(${sql.param(ids)}::bigint[])`,
      ),
    ).toBe(20);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });
});

describe("a batch's picked range", () => {
  const queued = (ids: number[]) =>
    rows<{ attempts: unknown; later: boolean }>(
      db,
      sql`SELECT attempts, not_before > now() AS later FROM settlement_queue
           WHERE txn_id = ANY(${sql.param(ids)}::bigint[])`,
    );
  const settledOf = (ids: number[]) =>
    count(
      sql`SELECT count(*) AS n FROM settlements WHERE txn_id = ANY(${sql.param(ids)}::bigint[])`,
    );

  it('settles every transaction it picked, with trade times to the microsecond at both ends', async () => {
    const ids: number[] = [];
    for (const amountFen of [200_000, 300_000, 400_000])
      ids.push((await notify({ txnId: nextId(), sn: fx.sns[1], amountFen })).data.id);
    // Times a JavaScript Date could not hold, on the batch's first and last trade.
    const micros = [1, 500_000, 999_999];
    for (const [i, id] of ids.entries()) {
      await db.execute(sql`UPDATE transactions
                              SET trade_time = date_trunc('second', trade_time) + make_interval(secs => ${micros[i]!} / 1e6)
                            WHERE id = ${id}`);
      await db.execute(sql`UPDATE settlement_queue q SET trade_time = t.trade_time
                             FROM transactions t WHERE t.id = q.txn_id AND q.txn_id = ${id}`);
    }
    const stored = await rows<{ us: string }>(
      db,
      sql`SELECT to_char(trade_time, 'US') AS us FROM transactions
           WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id`,
    );
    expect(stored.map((r) => Number(r.us) % 1_000_000)).toEqual(micros);
    const run = await runSettlement(db, { onlyTxnIds: ids });
    expect(run).toMatchObject({ picked: 3, settled: 3, deferred: 0 });
    expect(await settledOf(ids)).toBe(3);
    expect(await queued(ids)).toEqual([]);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });

  it('puts a payment its policy cannot price yet back on the queue to wait', async () => {
    const unpriced = await createSettlementFixture(db, chain, { tag: 'S2', terminals: 1 });
    // The policy has no rate for card payments (rate type 1) yet.
    await db.execute(
      sql`DELETE FROM policy_rates WHERE policy_id = ${unpriced.policyId} AND rate_type = 1`,
    );
    const { id } = (await notify({ txnId: nextId(), sn: unpriced.sns[0], amountFen: 120_000 }))
      .data;
    const run = await runSettlement(db, { onlyTxnIds: [id] });
    expect(run).toMatchObject({ picked: 1, settled: 0, deferred: 1 });
    expect(await settledOf([id])).toBe(0);
    expect(await queued([id])).toEqual([{ attempts: 1, later: true }]);
  });

  it('puts a picked transaction it could not stage back on the queue, never dropping it', async () => {
    const { id } = (await notify({ txnId: nextId(), sn: fx.sns[1], amountFen: 150_000 })).data;
    // A queue row whose trade time is a microsecond off its transaction's.
    await db.execute(sql`UPDATE settlement_queue SET trade_time = trade_time + interval '1 microsecond'
                          WHERE txn_id = ${id}`);
    const run = await runSettlement(db, { onlyTxnIds: [id] });
    expect(run).toMatchObject({ picked: 1, settled: 0, deferred: 1 });
    expect(await settledOf([id])).toBe(0);
    expect(await queued([id])).toEqual([{ attempts: 1, later: true }]);
    // Put back with its transaction's trade time, it settles on the next try.
    await db.execute(sql`UPDATE settlement_queue SET not_before = now() WHERE txn_id = ${id}`);
    expect(await runSettlement(db, { onlyTxnIds: [id] })).toMatchObject({ settled: 1 });
    expect(await queued([id])).toEqual([]);
  });
});

describe('refunds', () => {
  it("reverse a settled payment at the rates frozen when it was earned, not today's", async () => {
    const payment = await notify({ txnId: `PAY-FROZEN`, sn: fx.sns[0], amountFen: 2_000_000 });
    await runSettlement(db);
    const original = await linesOf(payment.data.id);
    // The policy changes after the payment: the child's cost goes down.
    await db.execute(
      sql`UPDATE agent_policy_rates SET cost = cost - 100 WHERE agent_id = ${demo.child.id} AND policy_id = ${fx.policyId}`,
    );
    const refund = await notify({
      txnId: nextId(),
      kind: 3,
      origTxnId: 'PAY-FROZEN',
      sn: fx.sns[0],
      amountFen: 2_000_000,
    });
    await runSettlement(db);
    const reversal = await linesOf(refund.data.id);
    expect(reversal.map((l) => [Number(l.agent_id), -Number(l.amount_fen), l.info_type])).toEqual(
      original.map((l) => [Number(l.agent_id), Number(l.amount_fen), 'refund_reversal']),
    );
    // The reversal keeps the frozen explanation.
    expect(reversal.map((l) => Number(l.own_cost))).toEqual(
      original.map((l) => Number(l.own_cost)),
    );
    // A new payment is settled at the new rates.
    const after = await notify({ txnId: nextId(), sn: fx.sns[0], amountFen: 2_000_000 });
    await runSettlement(db);
    const newLines = await linesOf(after.data.id);
    const childNow = newLines.find((l) => Number(l.agent_id) === demo.child.id)!;
    const childThen = original.find((l) => Number(l.agent_id) === demo.child.id)!;
    expect(Number(childNow.amount_fen)).toBe(Number(childThen.amount_fen) + 200);
    await db.execute(
      sql`UPDATE agent_policy_rates SET cost = cost + 100 WHERE agent_id = ${demo.child.id} AND policy_id = ${fx.policyId}`,
    );
    expect(await ledgerHealth(db)).toEqual(healthy);
  });

  it('take what the wallet holds and record the rest as owed, recovered from later earnings', async () => {
    const payment = await notify({ txnId: 'PAY-DRAINED', sn: fx.sns[0], amountFen: 5_000_000 });
    await runSettlement(db);
    const gc = demo.grandchild.id;
    const share = Number(
      (await linesOf(payment.data.id)).find((l) => Number(l.agent_id) === gc)!.amount_fen,
    );
    // The grandchild takes everything out of its profit wallet (as a withdrawal would).
    const profit = await agentAccountId(db, gc, 'profit');
    const balance = (await agentBalances(db, gc)).profit!;
    await postEntry(db, {
      idemKey: 'drain-gc',
      reason: 'withdrawal',
      lines: [
        { accountId: profit, amountFen: -balance, infoType: 'withdrawal' },
        {
          accountId: await platformAccountId(db, 'withdrawal_clearing'),
          amountFen: balance,
          infoType: 'withdrawal',
        },
      ],
    });
    await notify({
      txnId: nextId(),
      kind: 3,
      origTxnId: 'PAY-DRAINED',
      sn: fx.sns[0],
      amountFen: 5_000_000,
    });
    await runSettlement(db);
    expect((await agentBalances(db, gc)).profit).toBe(0);
    const receivable = await agentAccountId(db, gc, 'receivable');
    const owed = async () =>
      Number(
        (
          await rows<{ b: unknown }>(
            db,
            sql`SELECT balance_fen AS b FROM ledger_accounts WHERE id = ${receivable}`,
          )
        )[0]!.b,
      );
    expect(await owed()).toBe(-share);
    // The next earnings pay the debt first.
    await notify({ txnId: nextId(), sn: fx.sns[0], amountFen: 5_000_000 });
    await runSettlement(db);
    expect(await owed()).toBe(0);
    expect((await agentBalances(db, gc)).profit).toBe(0);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });
});

describe('fee collections and rollups', () => {
  it('shares a deposit by fee-option shares, once per terminal', async () => {
    const fee = await notify({ txnId: nextId(), sn: fx.sns[1], amountFen: 9900, totalType: 8 });
    await runSettlement(db);
    const lines = await linesOf(fee.data.id);
    // Shares 4000 / 6000 / 8000 of the 99-yuan option down the chain: 4000, 2000, 2000.
    expect(lines.map((l) => [Number(l.agent_id), Number(l.amount_fen), l.info_type])).toEqual([
      [demo.grandchild.id, fixtureTerms(2).serviceFeeShares[1]!.shareFen, 'service_fee_profit'],
      [
        demo.child.id,
        fixtureTerms(1).serviceFeeShares[1]!.shareFen -
          fixtureTerms(2).serviceFeeShares[1]!.shareFen,
        'service_fee_profit',
      ],
      [
        demo.top.id,
        fixtureTerms(0).serviceFeeShares[1]!.shareFen -
          fixtureTerms(1).serviceFeeShares[1]!.shareFen,
        'service_fee_profit',
      ],
    ]);
    const [st] = await rows<{ margin_fen: unknown }>(
      db,
      sql`SELECT margin_fen FROM settlements WHERE txn_id = ${fee.data.id}`,
    );
    expect(Number(st!.margin_fen)).toBe(9900 - fixtureTerms(0).serviceFeeShares[1]!.shareFen);
    const again = await notify({ txnId: nextId(), sn: fx.sns[1], amountFen: 9900, totalType: 8 });
    expect(again.data.flag).toBe('duplicate_fee');
  });

  it("adds each settled payment to the direct agent's day and the terminal's day", async () => {
    await clearOfShanghaiMidnight();
    const day = sql`(now() AT TIME ZONE 'Asia/Shanghai')::date`;
    const stats = async () =>
      (
        await rows<{ a: unknown; c: unknown }>(
          db,
          sql`SELECT coalesce(sum(trade_amount_fen), 0) AS a, coalesce(sum(trade_count), 0) AS c FROM agent_daily_stats WHERE agent_id = ${demo.grandchild.id} AND day = ${day}`,
        )
      )[0]!;
    const volume = async () =>
      Number(
        (
          await rows<{ v: unknown }>(
            db,
            sql`SELECT coalesce(sum(card_volume_fen), 0) AS v FROM terminal_daily_volume WHERE terminal_id = ${fx.terminalIds[2]!} AND day = ${day}`,
          )
        )[0]!.v,
      );
    const before = await stats();
    const volBefore = await volume();
    await notify({ txnId: nextId(), sn: fx.sns[2], amountFen: 333_300 });
    await notify({
      txnId: nextId(),
      sn: fx.sns[2],
      amountFen: 100,
      totalType: 4,
      cardType: 0,
      payType: 3,
      method: 3,
    });
    await runSettlement(db);
    const after = await stats();
    expect(Number(after.a) - Number(before.a)).toBe(333_400);
    expect(Number(after.c) - Number(before.c)).toBe(2);
    // QR payments are not card volume (activation counts card volume only).
    expect((await volume()) - volBefore).toBe(333_300);
  });
});
