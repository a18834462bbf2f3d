import { TXN_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ensureAgentAccounts, platformAccountId } from '../src/db/ledger-accounts';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { postEntry } from '../src/modules/ledger/post-entry';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { settleBatch } from '../src/modules/settlement/settle-batch';
import { createTestContext } from './helpers';
import { settlementWorld } from './settlement-world';
import { until } from './processes';

/**
 * Issue 26, second review: two settlement batches in parallel, one held inside its transaction
 * while the other runs into it, settle both and take back what an in-order settlement would.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const num = (v: unknown) => Number(v);
const { chain, fx, t0, send, earned, pays, feeSettled } = await settlementWorld(ctx, {
  tag: 'RC',
  terminals: 4,
});

/** Backends of this database waiting for a lock another holds. */
const lockWaits = async () => {
  const [r] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return num(r!.n);
};

/** A batch of these transactions that stops at `step` until released. */
function heldBatch(ids: number[], at: 'staged' | 'lines') {
  let reached!: () => void;
  let release!: () => void;
  const isThere = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  const done = settleBatch(db, {
    onlyTxnIds: ids,
    onStep: async (step) => {
      if (step !== at) return;
      reached();
      await released;
    },
  });
  return { isThere, release, done };
}

const healthy = {
  globalSumFen: 0,
  unbalancedEntries: 0,
  negativeAgentAccounts: 0,
  balanceMismatches: 0,
};

describe.runIf(ctx.database.kind === 'postgres')('two settlement batches in parallel', () => {
  it('a refund of a superseded fee and the fee that superseded it take back the fee once', async () => {
    const sn = fx.sns[0]!;
    const late = await send({ txnId: 'RC1-late', sn, amountFen: 9900, at: t0 + 5000 });
    await runSettlement(db);
    const early = await send({ txnId: 'RC1-early', sn, amountFen: 9900, at: t0 });
    const refund = await send({
      txnId: 'RC1-refund',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'RC1-late',
      amountFen: 4950,
      at: t0 + 6000,
    });
    // The refund's batch has read and staged what it takes back, and holds there.
    const refunding = heldBatch([refund.id!], 'staged');
    await refunding.isThere;
    // The successor's batch runs into it.
    const superseding = settleBatch(db, { onlyTxnIds: [early.id!] });
    await until(async () => ((await lockWaits()) > 0 ? true : undefined), 30_000);
    refunding.release();
    const [a, b] = await Promise.allSettled([refunding.done, superseding]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    // The period's one fee pays once, whichever batch took back what.
    expect(await earned(late.id!, refund.id!, early.id!)).toEqual(pays(9900));
    expect(await feeSettled(late.id!, refund.id!, early.id!)).toBe(9900);
    expect(await ledgerHealth(db)).toMatchObject(healthy);
  });

  it('a batch that posts nothing while arrears are owed waits for a posting batch instead of deadlocking', async () => {
    const sn = fx.sns[1]!;
    await send({ txnId: 'RC2-fee', sn, amountFen: 9900, at: t0 });
    await runSettlement(db);
    // The direct agent owes 100 fen on its receivable while its wallet holds money (as a refund
    // settled before the recovery would leave it).
    const agentId = chain[2]!.id;
    const accounts = await ensureAgentAccounts(db, [{ agentId, walletType: 'receivable' }]);
    await postEntry(db, {
      idemKey: 'RC2-owed',
      reason: 'trade_settlement',
      lines: [
        {
          accountId: accounts.get(`${agentId}:receivable`)!,
          amountFen: -100,
          infoType: 'refund_reversal',
        },
        {
          accountId: await platformAccountId(db, 'share_expense'),
          amountFen: 100,
          infoType: 'refund_reversal',
        },
      ],
    });
    // A payment's batch has posted to the chain's wallets (holding them and the gate) and holds.
    const payment = await send({
      txnId: 'RC2-pay',
      sn,
      amountFen: 1_000_000,
      at: t0 + 1000,
      totalType: 1,
    });
    const paying = heldBatch([payment.id!], 'lines');
    await paying.isThere;
    // A batch whose only refund waits for its original posts nothing and runs into it.
    const orphan = await send({
      txnId: 'RC2-orphan',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'RC2-unknown',
      amountFen: 500,
      at: t0 + 2000,
      totalType: 1,
    });
    const waiting = settleBatch(db, { onlyTxnIds: [orphan.id!] });
    await until(async () => ((await lockWaits()) > 0 ? true : undefined), 30_000);
    paying.release();
    const [a, b] = await Promise.allSettled([paying.done, waiting]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { settled: 0, deferred: 1 } });
    const [owed] = await rows<{ balance_fen: unknown }>(
      db,
      sql`SELECT balance_fen FROM ledger_accounts WHERE agent_id = ${agentId} AND wallet_type = 'receivable'`,
    );
    expect(num(owed!.balance_fen)).toBe(0);
    expect(await ledgerHealth(db)).toMatchObject(healthy);
  });

  it('a batch settling a refund does not wait, under the gate, for a later refund another batch picked', async () => {
    const sn = fx.sns[2]!;
    const pay = (txnId: string, at: number) =>
      send({ txnId, sn, amountFen: 1_000_000, at, totalType: 1 });
    const refundOf = (txnId: string, orig: string, at: number) =>
      send({
        txnId,
        sn,
        kind: TXN_KIND.REFUND,
        origTxnId: orig,
        amountFen: 100_000,
        at,
        totalType: 1,
      });
    await pay('RC3-other', t0);
    await pay('RC3-pay', t0 + 1000);
    await runSettlement(db);
    const other = await refundOf('RC3-other-r', 'RC3-other', t0 + 2000);
    const first = await refundOf('RC3-r1', 'RC3-pay', t0 + 3000);
    const later = await refundOf('RC3-r2', 'RC3-pay', t0 + 4000);
    // The later refund waited (as behind an earlier one) and falls due in a second.
    await db.execute(
      sql`UPDATE settlement_queue SET not_before = now() + interval '1 second' WHERE txn_id = ${later.id!}`,
    );
    // A third batch holds the gate.
    const holding = heldBatch([other.id!], 'staged');
    await holding.isThere;
    // The earlier refund's batch starts before the later one falls due and waits for the gate;
    // then the later refund's batch picks it, sees the earlier one still queued, puts it back to
    // wait and waits for the gate behind.
    const settlingFirst = settleBatch(db, { onlyTxnIds: [first.id!] });
    await until(async () => ((await lockWaits()) >= 1 ? true : undefined), 30_000);
    await until(async () => {
      const [r] = await rows<{ due: boolean }>(
        db,
        sql`SELECT not_before <= now() AS due FROM settlement_queue WHERE txn_id = ${later.id!}`,
      );
      return r!.due ? true : undefined;
    }, 30_000);
    const settlingLater = settleBatch(db, { onlyTxnIds: [later.id!] });
    await until(async () => ((await lockWaits()) >= 2 ? true : undefined), 30_000);
    holding.release();
    const [a, b, c] = await Promise.allSettled([holding.done, settlingFirst, settlingLater]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    expect(c).toMatchObject({ status: 'fulfilled', value: { settled: 0, deferred: 1 } });
    expect(await ledgerHealth(db)).toMatchObject(healthy);
  });
});
