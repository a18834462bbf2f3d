import { TXN_KIND, refundReversal } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ensureAgentAccounts } from '../../db/ledger-accounts';
import {
  feeSupersessions,
  ledgerAccounts,
  ledgerLines,
  settlements,
  transactions,
} from '../../db/schema';
import { decode, select } from '../../db/typed';
import { notNull, stagedTx } from './chain-sql';
import { lockPostingGate } from './posting-gate';
import { insertStagedLines, type StagedLine } from './staged-lines';

interface RefundRow {
  id: number;
  kind: number;
  amountFen: number;
  origTxnId: number | null;
  origAcquirerTxnId: string | null;
  /** Trade time as UTC text to the microsecond and the acquirer's id: the order of refunds. */
  at: string;
  acq: string;
}

interface OrigLine {
  id: number;
  accountId: number;
  agentId: number;
  topId: number | null;
  walletType: string;
  amountFen: number;
  infoType: string;
  ownCost: number | null;
  lowerRate: number | null;
  diff: number | null;
  policyVersion: number | null;
  /** Taken back so far by this payment's refunds (their lines naming this one), in fen >= 0. */
  reversed: number;
}

/** A refund of a payment in its place in (trade time, acquirer id) order. */
interface Step {
  id: number;
  kind: number;
  amountFen: number;
  at: string;
  acq: string;
  /** For one settled before: the fee and acquirer cost it reversed (positive). */
  settled: { fee: number; acq: number } | null;
}

// The tables as the statements below name them (FROM settlements s, ledger_lines l, …).
const settledPayment = alias(settlements, 's');
const settledRefund = alias(settlements, 'r');
const refundTxn = alias(transactions, 't');
const ledgerLine = alias(ledgerLines, 'l');
const lineWallet = alias(ledgerAccounts, 'a');
const lockedAccount = alias(ledgerAccounts, 'acc');

/** ISO 8601 in UTC to the microsecond: text that sorts as the time does. */
const utcText = (col: SQL) =>
  sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** (trade time, acquirer id), the id compared byte by byte as PostgreSQL's "C" collation does. */
function byRefundOrder(a: { at: string; acq: string }, b: { at: string; acq: string }) {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return Buffer.compare(Buffer.from(a.acq), Buffer.from(b.acq));
}

/** A settled payment as its refunds see it, kept current through the batch. */
interface Original {
  amount: number;
  fee: number;
  acq: number;
  /** How much of the payment counts as refunded: a reversal counts as the whole of it. */
  refunded: number;
  /** The fee and acquirer cost its refunds reversed so far. */
  feeReversed: number;
  acqReversed: number;
  lines: OrigLine[];
}

/**
 * Refunds and reversals of the batch. Each takes back the original payment's shares at the
 * figures frozen when they were earned (its ledger lines), never at today's rates: cumulatively,
 * after refunds totalling r of an original amount A each share has been reversed down to
 * floor(share * r / A), and entirely once r >= A or on a reversal (core refundReversal). What a
 * refund takes is that target less what was already reversed for that very share: what the
 * ledger lines naming it in reverses_line_id took (a refund's, the part owed on a receivable
 * included, or a superseding fee's), and at least the earlier refunds' cumulative target (before
 * issue 26 the owed part went on a receivable line naming no share), so no
 * order of refunds, reversals and batches takes back more than the payment earned. The
 * platform's fee and acquirer cost are undone the same way, less what earlier refunds'
 * settlements reversed, so the identity holds for the refund too.
 *
 * The refunds of one payment apply in the order of their trade time, then the acquirer's id, not
 * of arrival: within the batch by that order, and a refund waits while an earlier one of the same
 * payment is still on the queue. A refund whose original is not settled yet goes back to the
 * queue to wait.
 *
 * A reversal may take more than an agent's wallet holds now (the profit may have been
 * withdrawn): the wallet goes to zero and the rest is owed on the agent's receivable, recovered
 * from later earnings (recoverArrears).
 *
 * Returns how many refunds were deferred.
 */
export async function stageRefunds(tx: DbOrTx): Promise<number> {
  const refunds: RefundRow[] = await select(
    tx,
    {
      id: stagedTx.id,
      kind: stagedTx.kind,
      amountFen: stagedTx.amountFen,
      origTxnId: sql`coalesce(${stagedTx.origTxnId}, k.txn_id)`.mapWith(decode.numberOrNull),
      origAcquirerTxnId: stagedTx.origAcquirerTxnId,
      at: utcText(sql`x.trade_time`).mapWith(decode.text),
      acq: stagedTx.acquirerTxnId,
    },
    sql`FROM s_tx x LEFT JOIN transaction_keys k ON k.acquirer_txn_id = x.orig_acquirer_txn_id
         WHERE x.kind IN (2, 3) ORDER BY x.trade_time, x.acquirer_txn_id COLLATE "C"`,
  );
  if (refunds.length === 0) return 0;
  const origIds = [...new Set(refunds.flatMap((r) => (r.origTxnId === null ? [] : [r.origTxnId])))];
  const origs = await select(
    tx,
    {
      txnId: settledPayment.txnId,
      amountFen: settledPayment.amountFen,
      feeFen: settledPayment.feeFen,
      acquirerCostFen: settledPayment.acquirerCostFen,
    },
    sql`FROM settlements s WHERE s.txn_id = ANY(${sql.param(origIds)}::bigint[]) AND s.orig_txn_id IS NULL`,
  );
  const origById = new Map<number, Original>(
    origs.map((o) => [
      o.txnId,
      {
        amount: o.amountFen,
        fee: o.feeFen,
        acq: o.acquirerCostFen,
        refunded: 0,
        feeReversed: 0,
        acqReversed: 0,
        lines: [],
      },
    ]),
  );

  // Refunds of one payment apply in (trade time, acquirer id) order: one waits while an earlier
  // refund of its payment is still on the queue (outside this batch).
  const blocked = await earlierRefundsQueued(
    tx,
    refunds.filter((r) => r.origTxnId !== null && origById.has(r.origTxnId)).map((r) => r.id),
  );
  if (blocked.length > 0) {
    await tx.execute(sql`
      WITH b AS (
        DELETE FROM s_tx WHERE id = ANY(${sql.param(blocked.map((b) => b.id))}::bigint[])
        RETURNING id, trade_time, attempts
      )
      INSERT INTO settlement_queue (txn_id, trade_time, not_before, attempts)
      SELECT b.id, b.trade_time, p.not_before, b.attempts
        FROM b JOIN unnest(${sql.param(blocked.map((b) => b.id))}::bigint[], ${sql.param(blocked.map((b) => b.notBefore))}::timestamptz[])
                 AS p(id, not_before) ON p.id = b.id
      ON CONFLICT (txn_id) DO NOTHING`);
  }
  const blockedIds = new Set(blocked.map((b) => b.id));

  // Refunds of originals that are not settled (or not known) yet wait for them: at once when the
  // original is in this very batch (the next batch finds it settled), with a growing delay else.
  const waiting = refunds.filter((r) => r.origTxnId === null || !origById.has(r.origTxnId));
  if (waiting.length > 0) {
    await tx.execute(sql`
      WITH w AS (
        DELETE FROM s_tx WHERE id = ANY(${sql.param(waiting.map((r) => r.id))}::bigint[])
        RETURNING id, trade_time, attempts, orig_txn_id, orig_acquirer_txn_id
      ), info AS (
        SELECT w.id, w.trade_time, w.attempts, k.txn_id IS NOT NULL AS known,
               EXISTS (SELECT 1 FROM s_tx o WHERE o.id = coalesce(w.orig_txn_id, k.txn_id)) AS same_batch,
               EXISTS (SELECT 1 FROM settlement_queue q WHERE q.txn_id = coalesce(w.orig_txn_id, k.txn_id)) AS queued
          FROM w LEFT JOIN transaction_keys k ON k.acquirer_txn_id = w.orig_acquirer_txn_id
      ), given_up AS (
        -- An original that exists but is never settled (a failed or flagged payment): after a few
        -- looks (another worker may have been settling it), the refund is flagged, not retried.
        UPDATE transactions t SET flag = 'orig_not_settled'
          FROM info i
         WHERE t.id = i.id AND t.trade_time = i.trade_time AND i.known AND NOT i.same_batch AND NOT i.queued
           AND i.attempts >= 6
        RETURNING t.id
      )
      INSERT INTO settlement_queue (txn_id, trade_time, not_before, attempts)
      SELECT id, trade_time,
             CASE WHEN same_batch THEN now()
                  WHEN queued THEN now() + interval '1 second'
                  WHEN known THEN now() + make_interval(secs => power(2, attempts))
                  -- The original has not arrived: wait longer each time, at most an hour.
                  ELSE now() + make_interval(secs => LEAST(3600, 5 * power(2, LEAST(attempts, 10)))) END,
             attempts + 1
        FROM info
       WHERE NOT (known AND NOT same_batch AND NOT queued AND attempts >= 6)
      ON CONFLICT (txn_id) DO NOTHING`);
  }
  const ready = refunds.filter(
    (r) => r.origTxnId !== null && origById.has(r.origTxnId) && !blockedIds.has(r.id),
  );
  if (ready.length === 0) return waiting.length + blocked.length;

  // Settlement batches stage reversals one at a time (lockPostingGate): what this one reads as
  // already settled for a payment below is every refund of it that ever settled.
  await lockPostingGate(tx);
  const readyOrigIds = [...new Set(ready.map((r) => r.origTxnId!))];
  // The payments' settled refunds, each with its place in (trade time, acquirer id) order.
  const earlier = await select(
    tx,
    {
      txnId: settledRefund.txnId,
      origTxnId: notNull(settledRefund.origTxnId),
      amountFen: settledRefund.amountFen,
      feeFen: settledRefund.feeFen,
      acquirerCostFen: settledRefund.acquirerCostFen,
      kind: refundTxn.kind,
      acquirerTxnId: refundTxn.acquirerTxnId,
      at: utcText(sql`t.trade_time`).mapWith(decode.text),
    },
    sql`FROM settlements r
          JOIN transactions t ON t.id = r.txn_id
         WHERE r.orig_txn_id = ANY(${sql.param(readyOrigIds)}::bigint[])`,
  );
  const sequences = new Map<number, Step[]>();
  const stepsOf = (origId: number) => {
    let list = sequences.get(origId);
    if (!list) sequences.set(origId, (list = []));
    return list;
  };
  for (const e of earlier)
    stepsOf(e.origTxnId).push({
      id: e.txnId,
      kind: e.kind,
      amountFen: e.amountFen,
      at: e.at,
      acq: e.acquirerTxnId,
      settled: { fee: -e.feeFen, acq: -e.acquirerCostFen },
    });
  for (const r of ready)
    stepsOf(r.origTxnId!).push({
      id: r.id,
      kind: r.kind,
      amountFen: r.amountFen,
      at: r.at,
      acq: r.acq,
      settled: null,
    });
  // Fees superseded in their period whose successor has taken back what their refunds had not.
  const successors = await select(
    tx,
    {
      txnId: feeSupersessions.txnId,
      settledTxnId: notNull(feeSupersessions.settledTxnId),
    },
    sql`FROM fee_supersessions
         WHERE txn_id = ANY(${sql.param(readyOrigIds)}::bigint[]) AND settled_txn_id <> txn_id`,
  );
  const superseded = new Set(successors.map((s) => s.txnId));
  // Settled refunds that sort after one settling now were applied too early: they are applied
  // again after it (correction lines on their own transactions), so which refund carries which
  // fen is what an in-order delivery gives. Refunds settled before issue 26 (an owed part on a
  // line naming no share) keep what they took and the new ones follow them, as before; so do the
  // refunds of a superseded fee whose successor reversed the rest (giving a displaced refund
  // some back would leave that part of the fee paid, as the successor took only what was left).
  const displacedIds = [...sequences.values()].flatMap((steps) => {
    steps.sort(byRefundOrder);
    const first = steps.findIndex((s) => s.settled === null);
    return steps.slice(first).flatMap((s) => (s.settled ? [s.id] : []));
  });
  if (displacedIds.length > 0) {
    const legacy = await select(
      tx,
      { txnId: notNull(ledgerLine.txnId) },
      sql`FROM ledger_lines l
           WHERE l.txn_id = ANY(${sql.param(displacedIds)}::bigint[]) AND l.reverses_line_id IS NULL`,
      { distinct: true },
    );
    const old = new Set(legacy.map((l) => l.txnId));
    for (const [origId, steps] of sequences)
      if (superseded.has(origId) || steps.some((s) => old.has(s.id)))
        steps.sort((a, b) => Number(a.settled === null) - Number(b.settled === null));
  }
  const displaced = new Set<number>();
  for (const steps of sequences.values()) {
    const first = steps.findIndex((s) => s.settled === null);
    for (const s of steps.slice(first)) if (s.settled) displaced.add(s.id);
  }
  // What the payments' refunds applied before this batch's first took: a reversal counts as the
  // whole payment refunded, and their settlements say how much fee and acquirer cost they reversed.
  for (const [origId, steps] of sequences) {
    const o = origById.get(origId);
    if (!o) continue;
    for (const s of steps) {
      if (s.settled === null || displaced.has(s.id)) continue;
      o.refunded =
        s.kind === TXN_KIND.REVERSAL ? o.amount : Math.min(o.amount, o.refunded + s.amountFen);
      o.feeReversed += s.settled.fee;
      o.acqReversed += s.settled.acq;
    }
  }
  const earlierIds = earlier.map((e) => e.txnId);
  // A fee superseded in its period had what was left of it reversed by the fee that took the
  // period over (stage-fees): its lines naming this one's count as taken back, and its fee too.
  for (const s of successors) {
    const o = origById.get(s.txnId);
    if (!o) continue;
    o.feeReversed = Math.max(o.feeReversed, o.fee);
    o.acqReversed = Math.max(o.acqReversed, o.acq);
  }
  const successorIds = successors.map((s) => s.settledTxnId);
  // Every original's lines, and every line its earlier refunds posted against them, in one pass:
  // the block-range index on txn_id takes the whole list and each page it points at is read once
  // (the lines of a transaction sit together). Where its ranges are not summarised yet it cannot
  // narrow anything, and one pass over the lines beats a join per original, which the planner had
  // sort the whole table for.
  const lineRows = await select(
    tx,
    {
      id: ledgerLine.id,
      txnId: notNull(ledgerLine.txnId),
      accountId: ledgerLine.accountId,
      agentId: ledgerLine.agentId,
      topId: ledgerLine.topId,
      amountFen: ledgerLine.amountFen,
      infoType: ledgerLine.infoType,
      ownCost: ledgerLine.ownCost,
      lowerRate: ledgerLine.lowerRate,
      diff: ledgerLine.diff,
      policyVersion: ledgerLine.policyVersion,
      reversesLineId: ledgerLine.reversesLineId,
      walletType: lineWallet.walletType,
    },
    sql`FROM ledger_lines l
          JOIN ledger_accounts a ON a.id = l.account_id
         WHERE l.txn_id = ANY(${sql.param([...readyOrigIds, ...earlierIds, ...successorIds])}::bigint[])
           AND (l.reverses_line_id IS NOT NULL
                OR (l.agent_id IS NOT NULL AND l.amount_fen > 0 AND l.info_type <> 'refund_reversal'))
         ORDER BY l.txn_id, l.id`,
  );
  const lineById = new Map<number, OrigLine>();
  for (const l of lineRows) {
    if (l.reversesLineId !== null) continue;
    const o = origById.get(l.txnId);
    if (!o) continue;
    const orig: OrigLine = {
      id: l.id,
      accountId: l.accountId,
      // An agent's line here: one reversing nothing is read only with its agent (the WHERE).
      agentId: l.agentId ?? 0,
      topId: l.topId,
      walletType: l.walletType,
      amountFen: l.amountFen,
      infoType: l.infoType,
      ownCost: l.ownCost,
      lowerRate: l.lowerRate,
      diff: l.diff,
      policyVersion: l.policyVersion,
      reversed: 0,
    };
    o.lines.push(orig);
    lineById.set(orig.id, orig);
  }
  // What each displaced refund took from each line so far, set apart: it is applied again below.
  const took = new Map<number, Map<number, number>>();
  for (const l of lineRows) {
    if (l.reversesLineId === null) continue;
    const share = lineById.get(l.reversesLineId);
    if (!share) continue;
    const by = l.txnId;
    if (displaced.has(by)) {
      let m = took.get(by);
      if (!m) took.set(by, (m = new Map()));
      m.set(share.id, (m.get(share.id) ?? 0) - l.amountFen);
    } else share.reversed += -l.amountFen;
  }

  const staged: StagedLine[] = [];
  const platformSide: { id: number; origTxnId: number; fee: number; acq: number }[] = [];
  const corrected: { id: number; fee: number; acq: number; shares: number }[] = [];
  for (const [origId, steps] of sequences) {
    const orig = origById.get(origId);
    if (!orig) continue;
    for (const r of steps) {
      if (r.settled !== null && !displaced.has(r.id)) continue;
      const before = orig.refunded;
      const after =
        r.kind === TXN_KIND.REVERSAL
          ? orig.amount
          : Math.min(orig.amount, orig.refunded + r.amountFen);
      orig.refunded = after;
      const lines = orig.lines;
      const figures = [...lines.map((l) => l.amountFen), orig.fee, orig.acq];
      // What the earlier refunds took is at least their cumulative target: refunds settled before
      // issue 26 owed a share's shortfall on a receivable line that names no share.
      const floor = refundReversal(
        lines.map((l) => l.amountFen),
        orig.amount,
        before,
      );
      lines.forEach((l, i) => (l.reversed = Math.max(l.reversed, floor[i]!)));
      const done = [...lines.map((l) => l.reversed), orig.feeReversed, orig.acqReversed];
      const now = refundReversal(figures, orig.amount, after, done);
      const had = took.get(r.id);
      let shares = 0;
      lines.forEach((l, i) => {
        const want = now[i]!;
        l.reversed += want;
        // A displaced refund's line moves by the difference: more taken, or some given back.
        const amount = want - (had?.get(l.id) ?? 0);
        if (amount === 0) return;
        shares -= amount;
        staged.push({
          txnId: r.id,
          agentId: l.agentId,
          topId: l.topId,
          walletType: l.walletType,
          accountId: l.accountId,
          infoType: 'refund_reversal',
          amountFen: -amount,
          volumeFen: r.amountFen,
          ownCost: l.ownCost,
          lowerRate: l.lowerRate,
          diff: l.diff,
          policyVersion: l.policyVersion,
          reversesLineId: l.id,
          detail: {
            origTxnId: origId,
            origInfoType: l.infoType,
            origAmountFen: l.amountFen,
            ...(had ? { reapplied: true } : {}),
          },
        });
      });
      const fee = now[lines.length]!;
      const acq = now[lines.length + 1]!;
      orig.feeReversed += fee;
      orig.acqReversed += acq;
      if (r.settled === null) platformSide.push({ id: r.id, origTxnId: origId, fee, acq });
      else if (shares !== 0 || fee !== r.settled.fee || acq !== r.settled.acq)
        corrected.push({ id: r.id, fee, acq, shares });
    }
  }

  await coverShortfalls(tx, staged);
  await insertStagedLines(tx, staged);
  // A displaced refund's settlement says what it reverses now.
  if (corrected.length > 0)
    await tx.execute(sql`
      UPDATE settlements s
         SET fee_fen = -p.fee, acquirer_cost_fen = -p.acq, shares_fen = s.shares_fen + p.shares,
             margin_fen = -p.fee + p.acq - (s.shares_fen + p.shares)
        FROM unnest(${sql.param(corrected.map((c) => c.id))}::bigint[], ${sql.param(corrected.map((c) => c.fee))}::bigint[],
                    ${sql.param(corrected.map((c) => c.acq))}::bigint[], ${sql.param(corrected.map((c) => c.shares))}::bigint[])
             AS p(id, fee, acq, shares)
       WHERE s.txn_id = p.id`);
  await releaseLaterRefunds(
    tx,
    ready.flatMap((r) => (r.origAcquirerTxnId === null ? [] : [r.origAcquirerTxnId])),
  );
  if (platformSide.length > 0) {
    await tx.execute(sql`
      UPDATE s_tx x SET orig_txn_id = p.orig, fee_fen = -p.fee, acq_fen = -p.acq
        FROM unnest(${sql.param(platformSide.map((p) => p.id))}::bigint[], ${sql.param(platformSide.map((p) => p.origTxnId))}::bigint[],
                    ${sql.param(platformSide.map((p) => p.fee))}::bigint[], ${sql.param(platformSide.map((p) => p.acq))}::bigint[])
             AS p(id, orig, fee, acq)
       WHERE x.id = p.id`);
    // A refund that arrived before its original learns the original's id now.
    await tx.execute(sql`
      UPDATE transactions t SET orig_txn_id = x.orig_txn_id
        FROM s_tx x WHERE t.id = x.id AND t.trade_time = x.trade_time AND t.orig_txn_id IS NULL AND x.orig_txn_id IS NOT NULL`);
  }
  return waiting.length + blocked.length;
}

/**
 * Of the given refunds in s_tx, those with an earlier refund (trade time, then acquirer id) of
 * the same payment still on the queue. They wait until that one is settled (which makes them due
 * again, releaseLaterRefunds), or ten minutes at most, so the earlier one is never stuck behind
 * them whatever order the queue is taken in.
 */
async function earlierRefundsQueued(
  tx: DbOrTx,
  ids: readonly number[],
): Promise<{ id: number; notBefore: string }[]> {
  if (ids.length === 0) return [];
  return select(
    tx,
    {
      id: stagedTx.id,
      notBefore: utcText(sql`(now() + interval '10 minutes')`).mapWith(decode.text),
    },
    sql`FROM s_tx x
         WHERE x.id = ANY(${sql.param(ids)}::bigint[]) AND x.orig_acquirer_txn_id IS NOT NULL
           AND EXISTS (SELECT 1 FROM transactions t JOIN settlement_queue q ON q.txn_id = t.id
                        WHERE t.orig_acquirer_txn_id = x.orig_acquirer_txn_id AND t.kind IN (2, 3)
                          AND (t.trade_time, t.acquirer_txn_id COLLATE "C") < (x.trade_time, x.acquirer_txn_id COLLATE "C"))`,
  );
}

/**
 * Refunds waiting behind ones this batch settles (earlierRefundsQueued) are due again. A queue row
 * another batch has picked is skipped, not waited for: this batch holds the posting gate, which
 * that batch may be waiting for; it settles that refund or puts it back to wait its ten minutes.
 */
async function releaseLaterRefunds(tx: DbOrTx, origAcquirerIds: readonly string[]) {
  if (origAcquirerIds.length === 0) return;
  await tx.execute(sql`
    UPDATE settlement_queue q SET not_before = now()
     WHERE q.txn_id IN (
             SELECT q2.txn_id FROM settlement_queue q2
               JOIN transactions t ON q2.txn_id = t.id AND q2.trade_time = t.trade_time
              WHERE t.orig_acquirer_txn_id = ANY(${sql.param([...new Set(origAcquirerIds)])}::text[])
                AND t.kind IN (2, 3) AND q2.not_before > now()
                FOR UPDATE OF q2 SKIP LOCKED)`);
}

/**
 * Where reversals would take an agent wallet below zero (counting what this batch credits it and
 * what a displaced refund gives back), the wallet is taken to zero and the rest moves to the agent's receivable (a platform account),
 * on a line that names the same reversed line.
 */
export async function coverShortfalls(tx: DbOrTx, staged: StagedLine[]) {
  if (staged.length === 0) return;
  await lockPostingGate(tx);
  const accountIds = [...new Set(staged.map((l) => l.accountId!))];
  const balances = await select(
    tx,
    {
      id: lockedAccount.id,
      agentId: lockedAccount.agentId,
      walletType: lockedAccount.walletType,
      available: sql`acc.balance_fen + coalesce(c.amount, 0) + coalesce(d.amount, 0)`.mapWith(
        decode.number,
      ),
    },
    sql`FROM acc LEFT JOIN credits c ON c.agent_id = acc.agent_id AND c.wallet_type = acc.wallet_type
          LEFT JOIN debits d ON d.account_id = acc.id`,
    {
      with: sql`WITH acc AS (
          SELECT a.id, a.agent_id, a.wallet_type, a.balance_fen FROM ledger_accounts a
           WHERE a.id = ANY(${sql.param(accountIds)}::bigint[]) ORDER BY a.id FOR UPDATE
        ), credits AS (
          -- What this batch credits those wallets, summed once.
          SELECT l.agent_id, l.wallet_type, sum(l.amount_fen) AS amount
            FROM s_lines l
           WHERE l.account_id IS NULL AND l.amount_fen > 0 AND l.agent_id IN (SELECT agent_id FROM acc)
           GROUP BY l.agent_id, l.wallet_type
        ), debits AS (
          -- And what it already takes from them (a superseded fee's reversal, staged before).
          SELECT l.account_id, sum(l.amount_fen) AS amount
            FROM s_lines l
           WHERE l.account_id IN (SELECT id FROM acc) AND l.amount_fen < 0
           GROUP BY l.account_id
        )`,
    },
  );
  const available = new Map(balances.map((b) => [b.id, b.available]));
  // What a displaced refund gives back (a positive line) is there to take first.
  for (const line of staged)
    if (line.amountFen > 0)
      available.set(line.accountId!, (available.get(line.accountId!) ?? 0) + line.amountFen);
  const owed: { line: StagedLine; amount: number }[] = [];
  for (const line of staged) {
    if (line.amountFen >= 0) continue;
    const left = Math.max(0, available.get(line.accountId!) ?? 0);
    const take = Math.min(left, -line.amountFen);
    const short = -line.amountFen - take;
    available.set(line.accountId!, left - take);
    if (short > 0) {
      line.amountFen = -take;
      owed.push({ line, amount: short });
    }
  }
  if (owed.length === 0) return;
  const receivables = await ensureAgentAccounts(
    tx,
    [...new Set(owed.map((o) => o.line.agentId))].map((agentId) => ({
      agentId,
      walletType: 'receivable' as const,
    })),
  );
  // Per line reversed, naming it like the wallet's part does, so what was taken back from each
  // share (wallet and receivable together) is read from the lines that name it.
  for (const { line, amount } of owed) {
    staged.push({
      ...line,
      walletType: 'receivable',
      accountId: receivables.get(`${line.agentId}:receivable`)!,
      amountFen: -amount,
      detail: { ...(line.detail as object | null), owed: true },
    });
  }
  // Lines reduced to nothing are dropped.
  for (let i = staged.length - 1; i >= 0; i--) if (staged[i]!.amountFen === 0) staged.splice(i, 1);
}
