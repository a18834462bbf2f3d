import { TXN_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { settleBatch } from '../src/modules/settlement/settle-batch';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { createTestContext } from './helpers';
import { until } from './processes';

/**
 * Parallel settlement batches never hold wallets crosswise (decision 007): a batch that locks a
 * refund's wallets while staging holds the posting gate first, so a batch posting lines to the
 * same wallets waits for it instead of deadlocking with it.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const fx = await createSettlementFixture(db, chain, { tag: 'LK', terminals: 1 });
const base = Date.now() - 3_600_000;

const send = (txnId: string, amountFen: number, at: number, orig?: string) =>
  ingestNotification(db, {
    txnId,
    kind: orig ? TXN_KIND.REFUND : TXN_KIND.PAYMENT,
    origTxnId: orig,
    sn: fx.sns[0]!,
    amountFen,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date(at).toISOString(),
  });

/** Backends of this database waiting for a lock another holds. */
const lockWaits = async () => {
  const [r] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return Number(r!.n);
};

describe.runIf(ctx.database.kind === 'postgres')('two settlement batches in parallel', () => {
  it('one staging a refund (its wallets locked) and one posting to the same wallets both settle, no deadlock', async () => {
    await send('LKP1', 1_000_000, base);
    await runSettlement(db);
    const refund = await send('LKR1', 400_000, base + 1000, 'LKP1');
    const payment = await send('LKP2', 800_000, base + 2000);

    // The refund's batch stages its lines (locking the chain's wallets) and holds there.
    let staged!: () => void;
    let release!: () => void;
    const isStaged = new Promise<void>((r) => (staged = r));
    const released = new Promise<void>((r) => (release = r));
    const refunding = settleBatch(db, {
      onlyTxnIds: [refund.id!],
      onStep: async (step) => {
        if (step !== 'staged') return;
        staged();
        await released;
      },
    });
    await isStaged;
    // The payment's batch credits the same wallets: it waits for the refund's batch.
    const paying = settleBatch(db, { onlyTxnIds: [payment.id!] });
    await until(async () => ((await lockWaits()) > 0 ? true : undefined), 30_000);
    release();
    const [a, b] = await Promise.allSettled([refunding, paying]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { settled: 1 } });
    const [n] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM settlements
           WHERE txn_id = ANY(${sql.param([refund.id!, payment.id!])}::bigint[])`,
    );
    expect(Number(n!.n)).toBe(2);
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
    });
  });
});
