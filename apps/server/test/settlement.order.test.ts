import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { createTestContext } from './helpers';
import {
  factsFrom,
  listsOf,
  netPerPayment,
  orderWorld,
  settleAll,
  shuffled,
  type Fact,
} from './order-facts';

/**
 * One set of facts, one ledger (issue 26): the same notifications, delivered in random orders
 * and lists, with settlement restarted between random batches, end in the same earnings per
 * transaction, agent and kind, to the fen. settlement.order-crash.test.ts does the same with the
 * jobs process killed mid-batch.
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
const base = Date.now() - 5 * 86_400_000;
let worlds = 0;

const delivery = fc.record({
  seed: fc.integer(),
  // Notifications per list (one statement), lists between settlement runs, batch sizes.
  listSize: fc.integer({ min: 1, max: 4 }),
  listsPerRun: fc.integer({ min: 0, max: 3 }),
  batchSize: fc.integer({ min: 1, max: 5 }),
  maxBatches: fc.integer({ min: 1, max: 3 }),
});

/**
 * Delivers the facts to a world of their own and returns what they earned per fact, agent level
 * and kind. With `interleave`, settlement runs a few batches between lists and stops.
 */
async function deliver(
  list: readonly Fact[],
  d: {
    seed: number;
    listSize: number;
    listsPerRun: number;
    batchSize: number;
    maxBatches: number;
  },
  interleave: boolean,
): Promise<Map<string, number>> {
  const world = await orderWorld(db, chain, base, `OW${++worlds}`);
  let lists = 0;
  for (const part of listsOf(shuffled(list, d.seed), d.listSize)) {
    await world.ingest(part);
    // The settlement process runs a few batches, and is stopped (restarted) between them.
    if (interleave && ++lists >= d.listsPerRun) {
      lists = 0;
      await runSettlement(db, { batchSize: d.batchSize, maxBatches: d.maxBatches });
    }
  }
  await settleAll(db, d.batchSize);
  return world.earnings();
}

describe('property: the same facts in any order settle to the same earnings', () => {
  it('per transaction, agent and kind, to the fen, across orders, lists, batches and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(factsFrom(base), delivery, delivery, async (list, a, b) => {
        // All delivered before settling: every transaction, refunds included, matches.
        const first = await deliver(list, a, false);
        expect(await deliver(list, b, false)).toEqual(first);
        // Settled while they arrive, refunds included: a refund that sorts before one already
        // settled re-applies that one, so each refund carries what an in-order run gives it.
        expect(await deliver(list, a, true)).toEqual(first);
        expect(await deliver(list, b, true)).toEqual(first);
        // Per payment and agent, its refunds never take back more than it earned.
        for (const v of netPerPayment(list, first).values()) expect(v).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 15, seed: 2626 },
    );
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
      refundsAwaitingOriginal: 0,
    });
  }, 120_000);
});
