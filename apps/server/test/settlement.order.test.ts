import { TOTAL_TYPE, TXN_KIND, type TransactionNotificationParsed } from '@pos/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotifications } from '../src/modules/transactions/ingest-notification';
import { createTestContext } from './helpers';

/**
 * One set of facts, one ledger (issue 26): the same notifications, delivered in random orders
 * and lists, with settlement restarted between random batches, end in the same earnings per
 * transaction, agent and kind, to the fen.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;
const num = (v: unknown) => Number(v);
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const level = new Map(chain.map((c, i) => [c.id, i]));
const base = Date.now() - 5 * 86_400_000;
let worlds = 0;

/** A fact, named apart from any delivery: `name` is the acquirer's id without the world's tag. */
interface Fact {
  name: string;
  kind: number;
  orig?: string;
  terminal: 0 | 1;
  totalType: number;
  amountFen: number;
  at: number;
}

const facts = fc
  .record({
    payments: fc.array(fc.integer({ min: 5_000, max: 2_000_000 }), { minLength: 1, maxLength: 4 }),
    refunds: fc.array(
      fc.record({
        of: fc.nat(),
        reversal: fc.boolean(),
        part: fc.integer({ min: 1, max: 1000 }),
        dt: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 5 },
    ),
    deposits: fc.array(
      fc.record({
        amount: fc.constantFrom(9900, 19900, 4800),
        dt: fc.integer({ min: 0, max: 20 }),
        own: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ payments, refunds, deposits }) => {
    const list: Fact[] = payments.map((amountFen, i) => ({
      name: `P${i}`,
      kind: TXN_KIND.PAYMENT,
      terminal: 0,
      totalType: 1,
      amountFen,
      at: base + i * 60_000,
    }));
    refunds.forEach((r, i) => {
      const p = list[r.of % payments.length]!;
      list.push({
        name: `R${i}`,
        kind: r.reversal ? TXN_KIND.REVERSAL : TXN_KIND.REFUND,
        orig: p.name,
        terminal: 0,
        totalType: 1,
        amountFen: r.reversal
          ? p.amountFen
          : Math.max(1, Math.floor((p.amountFen * r.part) / 2000)),
        at: p.at + r.dt * 1000,
      });
    });
    let own = false;
    deposits.forEach((d, i) => {
      // At most one deposit of the activation job's own (its id is one per terminal).
      const mine = d.own && !own;
      own ||= mine;
      list.push({
        name: mine ? 'SF' : `D${i}`,
        kind: TXN_KIND.PAYMENT,
        terminal: 1,
        totalType: TOTAL_TYPE.SERVICE_FEE,
        amountFen: d.amount,
        at: base + d.dt * 1000,
      });
    });
    return list;
  });

const delivery = fc.record({
  seed: fc.integer(),
  // Notifications per list (one statement), lists between settlement runs, batch sizes.
  listSize: fc.integer({ min: 1, max: 4 }),
  listsPerRun: fc.integer({ min: 0, max: 3 }),
  batchSize: fc.integer({ min: 1, max: 5 }),
  maxBatches: fc.integer({ min: 1, max: 3 }),
});

function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Settles whatever is queued, as the job would over time (waiting takes no time here). */
async function settleAll(batchSize: number) {
  for (let i = 0; i < 100; i++) {
    await db.execute(sql`
      UPDATE settlement_queue SET not_before = not_before - (SELECT min(not_before) - now() FROM settlement_queue)
       WHERE NOT EXISTS (SELECT 1 FROM settlement_queue WHERE not_before <= now())`);
    await runSettlement(db, { batchSize });
    const [q] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM settlement_queue`);
    if (num(q!.n) === 0) return;
  }
  throw new Error('the queue never drained');
}

/**
 * Delivers the facts to a world of their own (a policy, merchant and two terminals under the
 * same chain) and returns the earnings per fact, agent level and kind. A superseded fee's
 * reversal counts against the fee it reverses; with `refundsPerPayment`, refunds count together
 * per payment.
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
  const tag = `OW${++worlds}`;
  const fx = await createSettlementFixture(db, chain, {
    tag,
    terminals: 2,
    boundAt: new Date(base - 86_400_000),
  });
  const idOf = (name: string) => (name === 'SF' ? `SF-${fx.terminalIds[1]}` : `${tag}-${name}`);
  const order = shuffled(list, d.seed);
  let lists = 0;
  for (let i = 0; i < order.length; i += d.listSize) {
    const chunk = order.slice(i, i + d.listSize);
    // A list never holds a refund with its original (the batcher sees to that): split them.
    const parts: Fact[][] = [[]];
    for (const f of chunk) {
      if (f.orig && parts.at(-1)!.some((g) => g.name === f.orig)) parts.push([]);
      parts.at(-1)!.push(f);
    }
    for (const part of parts)
      await ingestNotifications(
        db,
        part.map((f): TransactionNotificationParsed => ({
          txnId: idOf(f.name),
          kind: f.kind,
          origTxnId: f.orig ? idOf(f.orig) : undefined,
          sn: fx.sns[f.terminal]!,
          amountFen: f.amountFen,
          payType: 1,
          totalType: f.totalType,
          cardType: 1,
          method: 1,
          status: 1,
          tradeTime: new Date(f.at).toISOString(),
        })),
      );
    // The settlement process runs a few batches, and is stopped (restarted) between them.
    if (interleave && ++lists >= d.listsPerRun) {
      lists = 0;
      await runSettlement(db, { batchSize: d.batchSize, maxBatches: d.maxBatches });
    }
  }
  await settleAll(d.batchSize);
  const got = await rows<{
    acq: string;
    orig_acq: string | null;
    kind: unknown;
    agent_id: unknown;
    info_type: string;
    amount: unknown;
  }>(
    db,
    sql`SELECT coalesce(st.acquirer_txn_id, t.acquirer_txn_id) AS acq, t.orig_acquirer_txn_id AS orig_acq, t.kind,
               a.agent_id, l.info_type, sum(l.amount_fen) AS amount
          FROM ledger_lines l
          JOIN ledger_accounts a ON a.id = l.account_id
          JOIN transactions t ON t.id = l.txn_id
          LEFT JOIN transactions st ON st.id = (l.detail ->> 'supersededTxnId')::bigint
         WHERE t.terminal_id = ANY(${sql.param(fx.terminalIds)}::bigint[]) AND a.agent_id IS NOT NULL
         GROUP BY 1, 2, 3, 4, 5`,
  );
  const nameOf = (acq: string) => (acq.startsWith('SF-') ? 'SF' : acq.slice(tag.length + 1));
  const out = new Map<string, number>();
  for (const g of got) {
    const fact =
      num(g.kind) === TXN_KIND.PAYMENT || !interleave
        ? nameOf(g.acq)
        : `refunds of ${nameOf(g.orig_acq!)}`;
    const key = `${fact} ${level.get(num(g.agent_id))} ${g.info_type}`;
    out.set(key, (out.get(key) ?? 0) + num(g.amount));
  }
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

describe('property: the same facts in any order settle to the same earnings', () => {
  it('per transaction, agent and kind, to the fen, across orders, lists, batches and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(facts, delivery, delivery, async (list, a, b) => {
        // All delivered before settling: every transaction, refunds included, matches.
        const first = await deliver(list, a, false);
        expect(await deliver(list, b, false)).toEqual(first);
        // Settled while they arrive: payments and fees per transaction, a payment's refunds in all.
        const byPayment = new Map<string, number>();
        for (const [k, v] of first) {
          const [fact, ...rest] = k.split(' ');
          const f = list.find((x) => x.name === fact);
          const key = f?.orig ? `refunds of ${f.orig} ${rest.join(' ')}` : k;
          byPayment.set(key, (byPayment.get(key) ?? 0) + v);
        }
        for (const [k, v] of byPayment) if (v === 0) byPayment.delete(k);
        expect(await deliver(list, a, true)).toEqual(byPayment);
        expect(await deliver(list, b, true)).toEqual(byPayment);
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
