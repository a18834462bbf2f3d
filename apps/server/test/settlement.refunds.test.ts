import { TOTAL_TYPE, TXN_KIND, refundReversal } from '@pos/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { platformAccountId } from '../src/db/ledger-accounts';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { postEntry } from '../src/modules/ledger/post-entry';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { getEarning } from '../src/modules/wallet/get-earning';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * What refunds and reversals take back is read from the ledger lines already reversed for the
 * payment, so no order of refunds, reversals and batches takes back more than the payment earned
 * (issue 26).
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
const fx = await createSettlementFixture(db, chain, { tag: 'RF', terminals: 1 });
let seq = 0;
let tick = 0;
const base = Date.now() - 3_600_000;

async function send(n: {
  txnId: string;
  kind?: number;
  origTxnId?: string;
  amountFen: number;
  at?: number;
}) {
  return ingestNotification(db, {
    txnId: n.txnId,
    kind: n.kind ?? TXN_KIND.PAYMENT,
    origTxnId: n.origTxnId,
    sn: fx.sns[0]!,
    amountFen: n.amountFen,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date(n.at ?? base + ++tick * 1000).toISOString(),
  });
}

/** Settles whatever is queued, as the job would over time (waiting takes no time here). */
async function settleAll(batchSize?: number) {
  for (let i = 0; i < 50; i++) {
    // Time passes until the first waiting transaction is due (the order of the waits is kept).
    await db.execute(sql`
      UPDATE settlement_queue SET not_before = not_before - (SELECT min(not_before) - now() FROM settlement_queue)
       WHERE NOT EXISTS (SELECT 1 FROM settlement_queue WHERE not_before <= now())`);
    await runSettlement(db, { batchSize });
    const [q] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM settlement_queue`);
    if (num(q!.n) === 0) return;
  }
  const left = await rows(
    db,
    sql`SELECT q.*, t.kind, t.total_type, t.flag, t.acquirer_txn_id FROM settlement_queue q LEFT JOIN transactions t ON t.id = q.txn_id LIMIT 5`,
  );
  throw new Error(`the queue never drained: ${JSON.stringify(left)}`);
}

/** The payment's earning lines and what its refunds took back from each (wallet and receivable). */
async function takenBack(paymentId: number) {
  return rows<{ id: unknown; agent_id: unknown; amount_fen: unknown; taken: unknown }>(
    db,
    sql`SELECT l.id, l.agent_id, l.amount_fen,
               (SELECT coalesce(-sum(r.amount_fen), 0) FROM ledger_lines r WHERE r.reverses_line_id = l.id) AS taken
          FROM ledger_lines l
         WHERE l.txn_id = ${paymentId} AND l.agent_id IS NOT NULL AND l.amount_fen > 0
         ORDER BY l.id`,
  );
}

/** Fee and acquirer cost the payment's refunds reversed, from their settlements. */
async function platformTaken(paymentId: number) {
  const [r] = await rows<{ fee: unknown; acq: unknown }>(
    db,
    sql`SELECT coalesce(-sum(fee_fen), 0) AS fee, coalesce(-sum(acquirer_cost_fen), 0) AS acq
          FROM settlements WHERE orig_txn_id = ${paymentId}`,
  );
  return { fee: num(r!.fee), acq: num(r!.acq) };
}

describe('refunds take back at most what the payment earned', () => {
  it('a reversal then a partial refund in a later batch take back the earnings once', async () => {
    const pay = await send({ txnId: `RFP${++seq}`, amountFen: 1_000_000 });
    await settleAll();
    const earned = await takenBack(pay.id!);
    expect(earned.length).toBeGreaterThan(0);
    // The acquirer's reversal carries less than the payment (it cancels all the same).
    await send({ txnId: `RFV${seq}`, kind: 3, origTxnId: `RFP${seq}`, amountFen: 400_000 });
    await settleAll();
    await send({ txnId: `RFR${seq}`, kind: 2, origTxnId: `RFP${seq}`, amountFen: 300_000 });
    await settleAll();
    const after = await takenBack(pay.id!);
    for (const line of after) expect(num(line.taken)).toBe(num(line.amount_fen));
    const [st] = await rows<{ fee_fen: unknown; acquirer_cost_fen: unknown }>(
      db,
      sql`SELECT fee_fen, acquirer_cost_fen FROM settlements WHERE txn_id = ${pay.id!}`,
    );
    expect(await platformTaken(pay.id!)).toEqual({
      fee: num(st!.fee_fen),
      acq: num(st!.acquirer_cost_fen),
    });
    // The later refund took nothing: the reversal had taken it all.
    const [late] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM ledger_lines l JOIN transactions t ON t.id = l.txn_id
           WHERE t.acquirer_txn_id = ${`RFR${seq}`} AND l.reverses_line_id IS NOT NULL`,
    );
    expect(num(late!.n)).toBe(0);
  });

  it('what a refund owes on the receivable names the share it takes back', async () => {
    const pay = await send({ txnId: `RFP${++seq}`, amountFen: 2_000_000 });
    await settleAll();
    // The agents withdrew everything: the reversal is owed.
    const wallets = await rows<{ id: unknown; balance_fen: unknown }>(
      db,
      sql`SELECT id, balance_fen FROM ledger_accounts WHERE kind = 'agent' AND wallet_type = 'profit'
           AND agent_id = ANY(${sql.param(chain.map((c) => c.id))}::bigint[]) AND balance_fen > 0`,
    );
    const payout = await platformAccountId(db, 'withdrawal_clearing');
    await postEntry(db, {
      idemKey: `withdraw-all-${seq}`,
      reason: 'withdrawal',
      lines: [
        ...wallets.map((w) => ({
          accountId: num(w.id),
          amountFen: -num(w.balance_fen),
          infoType: 'withdrawal',
        })),
        {
          accountId: payout,
          amountFen: wallets.reduce((s, w) => s + num(w.balance_fen), 0),
          infoType: 'withdrawal',
        },
      ],
    });
    await send({ txnId: `RFR${seq}a`, kind: 2, origTxnId: `RFP${seq}`, amountFen: 500_000 });
    await settleAll();
    await send({ txnId: `RFV${seq}`, kind: 3, origTxnId: `RFP${seq}`, amountFen: 2_000_000 });
    await send({ txnId: `RFR${seq}b`, kind: 2, origTxnId: `RFP${seq}`, amountFen: 500_000 });
    await settleAll();
    const after = await takenBack(pay.id!);
    for (const line of after) expect(num(line.taken)).toBe(num(line.amount_fen));
    const [owed] = await rows<{ n: unknown; named: unknown }>(
      db,
      sql`SELECT count(*) AS n, count(reverses_line_id) AS named FROM ledger_lines l
           JOIN transactions t ON t.id = l.txn_id
          WHERE t.orig_txn_id = ${pay.id!} AND l.detail ->> 'owed' = 'true'`,
    );
    expect(num(owed!.n)).toBeGreaterThan(0);
    expect(num(owed!.named)).toBe(num(owed!.n));
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
    });
  });

  it('refunds of one payment in one batch apply in trade-time order, not arrival order', async () => {
    const pay = await send({ txnId: `RFP${++seq}`, amountFen: 999_999 });
    await settleAll();
    const t0 = base + 500_000 + ++tick * 10_000;
    // Arrive late-first; the earlier one (by trade time) carries the first part.
    const late = await send({
      txnId: `RFR${seq}z`,
      kind: 2,
      origTxnId: `RFP${seq}`,
      amountFen: 333_333,
      at: t0 + 2000,
    });
    const early = await send({
      txnId: `RFR${seq}a`,
      kind: 2,
      origTxnId: `RFP${seq}`,
      amountFen: 333_333,
      at: t0 + 1000,
    });
    await settleAll();
    const lines = await takenBack(pay.id!);
    const shares = lines.map((l) => num(l.amount_fen));
    const first = refundReversal(shares, 999_999, 333_333);
    const [got] = await rows<{ total: unknown }>(
      db,
      sql`SELECT coalesce(-sum(amount_fen), 0) AS total FROM ledger_lines WHERE txn_id = ${early.id!}`,
    );
    expect(num(got!.total)).toBe(first.reduce((a, b) => a + b, 0));
    expect(late.id).toBeGreaterThan(0);
  });
});

/** Per line of the payment (in id order), what the given refund took back, and its settlement. */
async function carried(paymentId: number, refundId: number) {
  const lines = await rows<{ taken: unknown }>(
    db,
    sql`SELECT (SELECT coalesce(-sum(r.amount_fen), 0) FROM ledger_lines r
                 WHERE r.reverses_line_id = l.id AND r.txn_id = ${refundId}) AS taken
          FROM ledger_lines l
         WHERE l.txn_id = ${paymentId} AND l.agent_id IS NOT NULL AND l.amount_fen > 0
         ORDER BY l.id`,
  );
  const [st] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT fee_fen, acquirer_cost_fen, shares_fen, margin_fen FROM settlements WHERE txn_id = ${refundId}`,
  );
  const [sum] = await rows<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_fen), 0) AS total FROM ledger_lines WHERE txn_id = ${refundId}`,
  );
  return {
    taken: lines.map((l) => num(l.taken)),
    fee: num(st!.fee_fen),
    acq: num(st!.acquirer_cost_fen),
    shares: num(st!.shares_fen),
    margin: num(st!.margin_fen),
    linesSum: num(sum!.total),
  };
}

describe('a refund that sorts earlier arrives after a later one settled', () => {
  // Amounts whose shares do not divide evenly, so which refund carries the rounding fen shows.
  const AMOUNT = 1_000_003;
  const PARTS = [333_337, 666_666];

  /** Pays, then refunds in the order given (by index into PARTS), settling after each. */
  async function run(order: number[], opts: { reversalLast?: boolean; withdrawn?: boolean }) {
    const id = `RFO${++seq}`;
    const pay = await send({ txnId: id, amountFen: AMOUNT });
    await settleAll();
    if (opts.withdrawn) {
      // The agents took everything out: what is taken back again is owed.
      const wallets = await rows<{ id: unknown; balance_fen: unknown }>(
        db,
        sql`SELECT id, balance_fen FROM ledger_accounts WHERE kind = 'agent' AND wallet_type = 'profit'
             AND agent_id = ANY(${sql.param(chain.map((c) => c.id))}::bigint[]) AND balance_fen > 0`,
      );
      await postEntry(db, {
        idemKey: `withdraw-${id}`,
        reason: 'withdrawal',
        lines: [
          ...wallets.map((w) => ({
            accountId: num(w.id),
            amountFen: -num(w.balance_fen),
            infoType: 'withdrawal',
          })),
          {
            accountId: await platformAccountId(db, 'withdrawal_clearing'),
            amountFen: wallets.reduce((a, w) => a + num(w.balance_fen), 0),
            infoType: 'withdrawal',
          },
        ],
      });
    }
    const t0 = base + 2_000_000 + ++tick * 100_000;
    const ids: number[] = [];
    for (const i of order) {
      const last = opts.reversalLast && i === PARTS.length - 1;
      const r = await send({
        txnId: `${id}-${i}`,
        kind: last ? TXN_KIND.REVERSAL : TXN_KIND.REFUND,
        origTxnId: id,
        amountFen: last ? AMOUNT : PARTS[i]!,
        at: t0 + i * 1000,
      });
      ids[i] = r.id!;
      await settleAll();
    }
    return { pay: pay.id!, refunds: ids };
  }

  for (const opts of [{}, { reversalLast: true }, { withdrawn: true }]) {
    it(`each refund carries what in-order delivery gives it ${JSON.stringify(opts)}`, async () => {
      const inOrder = await run([0, 1], opts);
      const reversed = await run([1, 0], opts);
      for (const i of [0, 1]) {
        const want = await carried(inOrder.pay, inOrder.refunds[i]!);
        const got = await carried(reversed.pay, reversed.refunds[i]!);
        expect(got).toEqual(want);
        // The settlement of a re-applied refund says what its lines say.
        expect(got.shares).toBe(got.linesSum);
        expect(got.margin).toBe(got.fee - got.acq - got.shares);
      }
      // The reversal, re-applied after the refund, gives that refund's part back; the line
      // explains itself to its agent.
      if ('reversalLast' in opts) {
        const [fix] = await rows<{ id: unknown; agent_id: unknown; amount_fen: unknown }>(
          db,
          sql`SELECT l.id, l.agent_id, l.amount_fen FROM ledger_lines l
               WHERE l.txn_id = ${reversed.refunds[1]!} AND l.agent_id IS NOT NULL
                 AND l.detail ->> 'reapplied' = 'true'
               ORDER BY l.id LIMIT 1`,
        );
        expect(num(fix!.amount_fen)).toBeGreaterThan(0);
        const agent = chain.find((c) => c.id === num(fix!.agent_id))!;
        const shown = await getEarning(
          db,
          {
            agentId: agent.id,
            role: 'agent',
            path: agent.path,
            topId: agent.topId,
            sessionId: 'test',
            mustChangePassword: false,
          },
          num(fix!.id),
        );
        expect(shown.formula).toContain('较早的退款后到');
        expect(shown.formulaEn).toContain('is returned');
      }
      // Fully refunded: every share taken back exactly once, fee and acquirer cost too.
      const lines = await takenBack(reversed.pay);
      for (const l of lines) expect(num(l.taken)).toBe(num(l.amount_fen));
      const [st] = await rows<{ fee_fen: unknown; acquirer_cost_fen: unknown }>(
        db,
        sql`SELECT fee_fen, acquirer_cost_fen FROM settlements WHERE txn_id = ${reversed.pay}`,
      );
      expect(await platformTaken(reversed.pay)).toEqual({
        fee: num(st!.fee_fen),
        acq: num(st!.acquirer_cost_fen),
      });
      expect(await ledgerHealth(db)).toMatchObject({
        globalSumFen: 0,
        negativeAgentAccounts: 0,
        unbalancedEntries: 0,
        balanceMismatches: 0,
      });
    });
  }
});

describe('ledger health', () => {
  it("the operators' endpoint reports refunds waiting for their original and fees superseded in their period", async () => {
    const operator = await loginAs(
      ctx.app,
      DEMO_ACCOUNTS.operator.mobile,
      DEMO_ACCOUNTS.operator.password,
    );
    const health = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/prod-api/api/ag/admin/ledger/health',
        headers: bearer(operator),
      });
      expect(res.json().code).toBe(200);
      return res.json().data as Record<string, number>;
    };
    const before = await health();
    const id = `RFH${++seq}`;
    await send({ txnId: `${id}-r`, kind: TXN_KIND.REFUND, origTxnId: id, amountFen: 1000 });
    // A deposit counts and is settled; an earlier one (by trade time) arrives and takes over.
    const deposit = (txnId: string, amountFen: number, at: number) =>
      ingestNotification(db, {
        txnId,
        kind: TXN_KIND.PAYMENT,
        sn: fx.sns[0]!,
        amountFen,
        payType: 1,
        totalType: TOTAL_TYPE.SERVICE_FEE,
        cardType: 1,
        method: 1,
        status: 1,
        tradeTime: new Date(at).toISOString(),
      });
    await deposit(`${id}-late`, 9900, base + 5000);
    await runSettlement(db);
    await deposit(`${id}-early`, 19900, base);
    expect(await health()).toMatchObject({
      refundsAwaitingOriginal: before.refundsAwaitingOriginal! + 1,
      feesSuperseded: before.feesSuperseded! + 1,
    });
    await send({ txnId: id, amountFen: 100_000 });
    await settleAll();
    expect(await health()).toMatchObject({
      refundsAwaitingOriginal: 0,
      feesSuperseded: before.feesSuperseded! + 1,
      globalSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
    });
  });

  it('reports refunds still waiting for their original', async () => {
    const before = (await ledgerHealth(db)).refundsAwaitingOriginal;
    const id = `RFW${++seq}`;
    await send({ txnId: `${id}-r`, kind: TXN_KIND.REFUND, origTxnId: id, amountFen: 1000 });
    await runSettlement(db);
    expect((await ledgerHealth(db)).refundsAwaitingOriginal).toBe(before + 1);
    await send({ txnId: id, amountFen: 100_000 });
    await settleAll();
    expect((await ledgerHealth(db)).refundsAwaitingOriginal).toBe(0);
  });
});

describe('property: refunds and reversals split across batches', () => {
  it('never take back more than earned, per share and in total, and land on the cumulative target', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10_000, max: 3_000_000 }),
        fc.array(
          fc.record({
            reversal: fc.boolean(),
            part: fc.integer({ min: 0, max: 1000 }),
            settleAfter: fc.boolean(),
            batchSize: fc.integer({ min: 1, max: 4 }),
            dt: fc.integer({ min: 0, max: 5 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (amount, steps) => {
          const id = `RFX${++seq}`;
          const pay = await send({ txnId: id, amountFen: amount });
          await settleAll();
          let refunded = 0;
          let reversed = false;
          let k = 0;
          const t0 = base + 1_000_000 + ++tick * 100_000;
          for (const s of steps) {
            const part = Math.floor((amount * s.part) / 2000);
            await send({
              txnId: `${id}-${++k}`,
              kind: s.reversal ? TXN_KIND.REVERSAL : TXN_KIND.REFUND,
              origTxnId: id,
              amountFen: s.reversal ? amount : part,
              at: t0 + s.dt * 1000 + k,
            });
            if (s.reversal) reversed = true;
            else refunded += part;
            if (s.settleAfter) await settleAll(s.batchSize);
          }
          await settleAll(steps[0]!.batchSize);
          const lines = await takenBack(pay.id!);
          const shares = lines.map((l) => num(l.amount_fen));
          const cumulative = reversed ? amount : Math.min(amount, refunded);
          const target = refundReversal(shares, amount, cumulative);
          lines.forEach((l, i) => {
            expect(num(l.taken)).toBeLessThanOrEqual(num(l.amount_fen));
            expect(num(l.taken)).toBe(target[i]);
          });
          const [st] = await rows<{ fee_fen: unknown; acquirer_cost_fen: unknown }>(
            db,
            sql`SELECT fee_fen, acquirer_cost_fen FROM settlements WHERE txn_id = ${pay.id!}`,
          );
          const [fee, acq] = refundReversal(
            [num(st!.fee_fen), num(st!.acquirer_cost_fen)],
            amount,
            cumulative,
          );
          expect(await platformTaken(pay.id!)).toEqual({ fee, acq });
        },
      ),
      { numRuns: 25, seed: 26 },
    );
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
    });
  }, 60_000);
});
