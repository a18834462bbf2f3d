import { TXN_KIND, refundReversal } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { ensureAgentAccounts, num } from '../ledger/accounts';
import { insertStagedLines, type StagedLine } from './staged-lines';

interface RefundRow {
  id: number;
  kind: number;
  amountFen: number;
  origTxnId: number | null;
  origAcquirerTxnId: string | null;
  tradeTime: unknown;
  attempts: number;
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
}

/**
 * Refunds and reversals of the batch. Each takes back the original payment's shares at the
 * figures frozen when they were earned (its ledger lines), never at today's rates: cumulatively,
 * after refunds totalling r of an original amount A each share has been reversed down to
 * floor(share * r / A), and entirely once r >= A or on a reversal (core refundReversal). The
 * platform's fee and acquirer cost are undone the same way, so the identity holds for the refund
 * too. A refund whose original is not settled yet goes back to the queue to wait.
 *
 * A reversal may take more than an agent's wallet holds now (the profit may have been
 * withdrawn): the wallet goes to zero and the rest is owed on the agent's receivable, recovered
 * from later earnings (recoverArrears).
 *
 * Returns how many refunds were deferred.
 */
export async function stageRefunds(tx: DbOrTx): Promise<number> {
  const found = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT x.id, x.kind, x.amount_fen, coalesce(x.orig_txn_id, k.txn_id) AS orig_txn_id, x.orig_acquirer_txn_id,
               x.trade_time, x.attempts
          FROM s_tx x LEFT JOIN transaction_keys k ON k.acquirer_txn_id = x.orig_acquirer_txn_id
         WHERE x.kind IN (2, 3) ORDER BY x.id`,
  );
  if (found.length === 0) return 0;
  const refunds: RefundRow[] = found.map((r) => ({
    id: num(r.id),
    kind: num(r.kind),
    amountFen: num(r.amount_fen),
    origTxnId: r.orig_txn_id == null ? null : num(r.orig_txn_id),
    origAcquirerTxnId: (r.orig_acquirer_txn_id as string | null) ?? null,
    tradeTime: r.trade_time,
    attempts: num(r.attempts),
  }));
  const origIds = [...new Set(refunds.flatMap((r) => (r.origTxnId === null ? [] : [r.origTxnId])))];
  const origs = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT s.txn_id, s.amount_fen, s.fee_fen, s.acquirer_cost_fen,
               (SELECT coalesce(sum(r.amount_fen), 0) FROM settlements r WHERE r.orig_txn_id = s.txn_id) AS refunded
          FROM settlements s WHERE s.txn_id = ANY(${sql.param(origIds)}::bigint[]) AND s.orig_txn_id IS NULL`,
  );
  const origById = new Map(
    origs.map((o) => [
      num(o.txn_id),
      {
        amount: num(o.amount_fen),
        fee: num(o.fee_fen),
        acq: num(o.acquirer_cost_fen),
        refunded: num(o.refunded),
      },
    ]),
  );

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
  const ready = refunds.filter((r) => r.origTxnId !== null && origById.has(r.origTxnId));
  if (ready.length === 0) return waiting.length;

  const readyOrigIds = [...new Set(ready.map((r) => r.origTxnId!))];
  // Every original's lines in one pass: the block-range index on txn_id takes the whole list and
  // each page it points at is read once (the lines of a transaction sit together). Where its
  // ranges are not summarised yet it cannot narrow anything, and one pass over the lines beats
  // a join per original, which the planner had sort the whole table for.
  const lineRows = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT l.id, l.txn_id, l.account_id, l.agent_id, l.top_id, l.amount_fen, l.info_type, l.own_cost, l.lower_rate,
               l.diff, l.policy_version, a.wallet_type
          FROM ledger_lines l
          JOIN ledger_accounts a ON a.id = l.account_id
         WHERE l.txn_id = ANY(${sql.param(readyOrigIds)}::bigint[]) AND l.agent_id IS NOT NULL
           AND l.reverses_line_id IS NULL AND l.amount_fen > 0 AND l.info_type <> 'refund_reversal'
         ORDER BY l.txn_id, l.id`,
  );
  const linesByOrig = new Map<number, OrigLine[]>();
  for (const l of lineRows) {
    const list = linesByOrig.get(num(l.txn_id)) ?? [];
    list.push({
      id: num(l.id),
      accountId: num(l.account_id),
      agentId: num(l.agent_id),
      topId: l.top_id == null ? null : num(l.top_id),
      walletType: String(l.wallet_type),
      amountFen: num(l.amount_fen),
      infoType: String(l.info_type),
      ownCost: l.own_cost == null ? null : num(l.own_cost),
      lowerRate: l.lower_rate == null ? null : num(l.lower_rate),
      diff: l.diff == null ? null : num(l.diff),
      policyVersion: l.policy_version == null ? null : num(l.policy_version),
    });
    linesByOrig.set(num(l.txn_id), list);
  }

  const staged: StagedLine[] = [];
  const platformSide: { id: number; origTxnId: number; fee: number; acq: number }[] = [];
  for (const r of ready) {
    const orig = origById.get(r.origTxnId!)!;
    const before = orig.refunded;
    const after =
      r.kind === TXN_KIND.REVERSAL ? Math.max(orig.amount, before) : before + r.amountFen;
    orig.refunded = after;
    const lines = linesByOrig.get(r.origTxnId!) ?? [];
    const figures = [...lines.map((l) => l.amountFen), orig.fee, orig.acq];
    const done = refundReversal(figures, orig.amount, Math.min(before, orig.amount));
    const now = refundReversal(figures, orig.amount, Math.min(after, orig.amount), done);
    lines.forEach((l, i) => {
      const amount = now[i]!;
      if (amount <= 0) return;
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
        detail: { origTxnId: r.origTxnId, origInfoType: l.infoType, origAmountFen: l.amountFen },
      });
    });
    platformSide.push({
      id: r.id,
      origTxnId: r.origTxnId!,
      fee: now[lines.length]!,
      acq: now[lines.length + 1]!,
    });
  }

  await coverShortfalls(tx, staged);
  await insertStagedLines(tx, staged);
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
  return waiting.length;
}

/**
 * Where reversals would take an agent wallet below zero (counting what this batch credits it),
 * the wallet is taken to zero and the rest moves to the agent's receivable (a platform account).
 */
async function coverShortfalls(tx: DbOrTx, staged: StagedLine[]) {
  if (staged.length === 0) return;
  const accountIds = [...new Set(staged.map((l) => l.accountId!))];
  const balances = await rows<{
    id: unknown;
    agent_id: unknown;
    wallet_type: string;
    available: unknown;
  }>(
    tx,
    sql`WITH acc AS (
          SELECT a.id, a.agent_id, a.wallet_type, a.balance_fen FROM ledger_accounts a
           WHERE a.id = ANY(${sql.param(accountIds)}::bigint[]) ORDER BY a.id FOR UPDATE
        ), credits AS (
          -- What this batch credits those wallets, summed once.
          SELECT l.agent_id, l.wallet_type, sum(l.amount_fen) AS amount
            FROM s_lines l
           WHERE l.account_id IS NULL AND l.amount_fen > 0 AND l.agent_id IN (SELECT agent_id FROM acc)
           GROUP BY l.agent_id, l.wallet_type
        )
        SELECT acc.id, acc.agent_id, acc.wallet_type, acc.balance_fen + coalesce(c.amount, 0) AS available
          FROM acc LEFT JOIN credits c ON c.agent_id = acc.agent_id AND c.wallet_type = acc.wallet_type`,
  );
  const available = new Map(balances.map((b) => [num(b.id), num(b.available)]));
  const owed = new Map<
    string,
    { agentId: number; topId: number | null; amount: number; txnId: number }
  >();
  for (const line of staged) {
    const left = available.get(line.accountId!) ?? 0;
    const take = Math.min(left, -line.amountFen);
    const short = -line.amountFen - take;
    available.set(line.accountId!, left - take);
    if (short > 0) {
      line.amountFen = -take;
      // Per agent and refund, so each refund's settlement adds up to what it reversed.
      const key = `${line.agentId}:${line.txnId}`;
      const o = owed.get(key) ?? {
        agentId: line.agentId,
        topId: line.topId,
        amount: 0,
        txnId: line.txnId,
      };
      o.amount += short;
      owed.set(key, o);
    }
  }
  if (owed.size === 0) return;
  const receivables = await ensureAgentAccounts(
    tx,
    [...new Set([...owed.values()].map((o) => o.agentId))].map((agentId) => ({
      agentId,
      walletType: 'receivable' as const,
    })),
  );
  for (const o of owed.values()) {
    staged.push({
      txnId: o.txnId,
      agentId: o.agentId,
      topId: o.topId,
      walletType: 'receivable',
      accountId: receivables.get(`${o.agentId}:receivable`)!,
      infoType: 'refund_reversal',
      amountFen: -o.amount,
      detail: { owed: true },
    });
  }
  // Lines reduced to nothing are dropped.
  for (let i = staged.length - 1; i >= 0; i--) if (staged[i]!.amountFen === 0) staged.splice(i, 1);
}
