import { simTierFigure, simTierOfPeriod, splitFixed, type FeeShare, type Share } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  agentPolicies,
  feeCollections,
  feeSupersessions,
  ledgerAccounts,
  ledgerLines,
  settlements,
} from '../../db/schema';
import { decode, select } from '../../db/typed';
import { notNull, stagedTx } from './chain-sql';
import { chainIds } from '../../db/tree';
import { coverShortfalls } from './stage-refunds';
import { lockPostingGate } from './posting-gate';
import { ensureWallets, insertStagedLines, type StagedLine } from './staged-lines';

// The tables as the statements below name them (FROM fee_collections f, …).
const feePeriod = alias(feeCollections, 'f');
const agentTerms = alias(agentPolicies, 'ap');
const supersession = alias(feeSupersessions, 's');
const oldLine = alias(ledgerLines, 'l');
const oldWallet = alias(ledgerAccounts, 'a');

/** A share as a staged line with its explanation. */
export function shareLine(
  share: Share,
  txnId: number,
  topId: number | null,
  walletType: string,
  detail?: unknown,
): StagedLine {
  return {
    txnId,
    agentId: share.agentId,
    topId,
    walletType,
    infoType: share.kind,
    amountFen: share.amountFen,
    volumeFen: share.basis.volumeFen,
    ownCost: share.basis.ownCost,
    lowerRate: share.basis.lowerRate,
    diff: share.basis.diff,
    policyVersion: share.basis.policyVersion,
    detail: detail ?? null,
  };
}

/**
 * Service-fee (deposit) and communication-fee collections of the batch: the fee is shared up the
 * chain by each agent's share of the fee option (a0 earns S0, ai earns Si - S(i-1)), computed by
 * core's splitFixed; what the top does not share is the platform's.
 *
 * Only the fee that counts in its period (the one fee_collections names) is paid; one that an
 * earlier fee superseded before it was settled is settled with nothing. The fee that counts
 * reverses what a fee it superseded had already paid (its lines, named by reverses_line_id, and
 * its amount off the platform's fee), so a period pays once whatever order the fees came in.
 */
export async function stageFeeCollections(tx: DbOrTx): Promise<number> {
  const fees = await select(
    tx,
    {
      id: stagedTx.id,
      totalType: stagedTx.totalType,
      amountFen: stagedTx.amountFen,
      agentPath: notNull(stagedTx.agentPath),
      policyId: stagedTx.policyId,
      topId: stagedTx.topId,
      terminalId: stagedTx.terminalId,
    },
    sql`FROM s_tx x WHERE kind = 1 AND total_type IN (8, 9) AND agent_path IS NOT NULL`,
  );
  if (fees.length === 0) return 0;
  // The periods of these terminals, locked: ingestion taking a period over waits for this batch,
  // and this batch sees a take-over that committed before it.
  const periods = await select(
    tx,
    {
      terminalId: feePeriod.terminalId,
      kind: feePeriod.kind,
      periodIndex: feePeriod.periodIndex,
      txnId: feePeriod.txnId,
    },
    sql`FROM fee_collections f
         WHERE f.terminal_id = ANY(${sql.param([...new Set(fees.map((f) => f.terminalId))])}::bigint[])
         ORDER BY f.terminal_id, f.kind, f.period_index FOR UPDATE`,
  );
  const counting = new Map(periods.flatMap((p) => (p.txnId === null ? [] : [[p.txnId, p]])));
  const paid = fees.filter((f) => counting.has(f.id));
  const unpaid = fees.filter((f) => !counting.has(f.id));

  // A fee on a terminal without a policy finds no terms (policy 0 is no policy's id).
  const policyOf = (f: { policyId: number | null }) => f.policyId ?? 0;
  const pairs = new Map<string, { agentId: number; policyId: number }>();
  for (const f of paid) {
    for (const agentId of chainIds(f.agentPath))
      pairs.set(`${agentId}:${policyOf(f)}`, { agentId, policyId: policyOf(f) });
  }
  const list = [...pairs.values()];
  const terms = await select(
    tx,
    {
      agentId: agentTerms.agentId,
      policyId: agentTerms.policyId,
      version: agentTerms.version,
      serviceFeeShares: agentTerms.serviceFeeShares,
      commFeeShares: agentTerms.commFeeShares,
    },
    sql`FROM agent_policies ap
          JOIN unnest(${sql.param(list.map((p) => p.agentId))}::bigint[], ${sql.param(list.map((p) => p.policyId))}::bigint[])
               AS w(agent_id, policy_id) ON ap.agent_id = w.agent_id AND ap.policy_id = w.policy_id`,
  );
  const byKey = new Map(terms.map((t) => [`${t.agentId}:${t.policyId}`, t]));
  const lines: StagedLine[] = [];
  const feeOf = new Map<number, number>(unpaid.map((f) => [f.id, 0]));
  for (const f of paid) {
    const service = f.totalType === 8;
    const amount = f.amountFen;
    feeOf.set(f.id, amount);
    // A SIM fee pays the cashback of its tier: its period on the terminal, from its own trade
    // time, never the order it arrived in (fee-tiers.ts, decision 033).
    const periodIndex = counting.get(f.id)!.periodIndex;
    const tier = service ? null : simTierOfPeriod(periodIndex);
    const split = splitFixed({
      kind: service ? 'service_fee_profit' : 'communication_fee_profit',
      poolFen: amount,
      chain: chainIds(f.agentPath).map((agentId) => {
        const t = byKey.get(`${agentId}:${policyOf(f)}`);
        const shares: FeeShare[] = t ? (service ? t.serviceFeeShares : t.commFeeShares) : [];
        const share = shares.find((s) => Number(s.optionFen) === amount);
        return {
          agentId,
          figureFen: share ? (tier ? simTierFigure(share, tier) : Number(share.shareFen)) : null,
          policyVersion: t ? t.version : null,
        };
      }),
    });
    for (const share of split.shares) {
      const line = shareLine(
        share,
        f.id,
        f.topId,
        'profit',
        tier ? { optionFen: amount, tier, periodIndex } : { optionFen: amount },
      );
      line.volumeFen = amount;
      lines.push(line);
    }
  }
  await insertStagedLines(tx, lines);
  // Their wallets, before reverseSuperseded takes the gate.
  if (lines.length > 0) await ensureWallets(tx);
  await reverseSuperseded(tx, paid, counting, feeOf);
  // A superseded fee settled now pays nothing: nothing is left for its successor to reverse.
  if (unpaid.length > 0)
    await tx.execute(sql`
      UPDATE fee_supersessions SET settled_txn_id = txn_id
       WHERE txn_id = ANY(${sql.param(unpaid.map((f) => f.id))}::bigint[]) AND settled_txn_id IS NULL`);
  await tx.execute(sql`
    UPDATE s_tx x SET fee_fen = p.fee, acq_fen = 0
      FROM unnest(${sql.param([...feeOf.keys()])}::bigint[], ${sql.param([...feeOf.values()])}::bigint[]) AS p(id, fee)
     WHERE x.id = p.id`);
  return lines.length;
}

/**
 * The fees of the batch that count reverse what the fees they superseded in their period had
 * already paid: each line of the superseded fee, taken back on the same account and naming it
 * (a wallet that no longer holds it goes to zero and owes the rest, as for refunds), and its
 * amount off this fee's (feeOf); of both, only what refunds of the superseded fee have not
 * already taken back.
 */
async function reverseSuperseded(
  tx: DbOrTx,
  paid: readonly { id: number }[],
  counting: Map<number, { terminalId: number; kind: string; periodIndex: number }>,
  feeOf: Map<number, number>,
) {
  if (paid.length === 0) return;
  // Under the gate before reading what refunds of the superseded fees took back: a batch settling
  // such a refund holds it while it reads and reverses, so either it sees this batch's supersession
  // or this batch sees its refund, never neither (decision 007).
  await lockPostingGate(tx);
  const keys = paid.map((f) => ({ id: f.id, ...counting.get(f.id)! }));
  const gone = await select(
    tx,
    {
      txnId: supersession.txnId,
      amountFen: supersession.amountFen,
      by: sql`k.id`.mapWith(decode.number),
    },
    sql`FROM unnest(${sql.param(keys.map((k) => k.id))}::bigint[], ${sql.param(keys.map((k) => k.terminalId))}::bigint[],
                      ${sql.param(keys.map((k) => k.kind))}::text[], ${sql.param(keys.map((k) => k.periodIndex))}::integer[])
               AS k(id, terminal_id, kind, period_index)
          JOIN fee_supersessions s ON s.terminal_id = k.terminal_id AND s.kind = k.kind AND s.period_index = k.period_index
         WHERE s.settled_txn_id IS NULL AND s.txn_id <> k.id
           AND EXISTS (SELECT 1 FROM settlements st WHERE st.txn_id = s.txn_id)
         ORDER BY s.txn_id FOR UPDATE OF s`,
  );
  if (gone.length === 0) return;
  const byOld = new Map(gone.map((g) => [g.txnId, g.by]));
  // What refunds of the superseded fees already took back (their settlements' fee, their lines
  // naming its lines) is not taken again: only what is left of each.
  const refunds = await select(
    tx,
    {
      txnId: settlements.txnId,
      origTxnId: notNull(settlements.origTxnId),
      feeFen: settlements.feeFen,
    },
    sql`FROM settlements WHERE orig_txn_id = ANY(${sql.param([...byOld.keys()])}::bigint[])`,
  );
  const feeRefunded = new Map<number, number>();
  for (const r of refunds)
    feeRefunded.set(r.origTxnId, (feeRefunded.get(r.origTxnId) ?? 0) - r.feeFen);
  for (const g of gone) {
    const left = Math.max(0, g.amountFen - (feeRefunded.get(g.txnId) ?? 0));
    feeOf.set(g.by, feeOf.get(g.by)! - left);
  }
  const taken = new Map<number, number>();
  if (refunds.length > 0) {
    const back = await select(
      tx,
      {
        reversesLineId: notNull(ledgerLines.reversesLineId),
        amountFen: ledgerLines.amountFen,
      },
      sql`FROM ledger_lines
           WHERE txn_id = ANY(${sql.param(refunds.map((r) => r.txnId))}::bigint[])
             AND reverses_line_id IS NOT NULL`,
    );
    for (const b of back)
      taken.set(b.reversesLineId, (taken.get(b.reversesLineId) ?? 0) - b.amountFen);
  }
  const old = await select(
    tx,
    {
      id: oldLine.id,
      txnId: notNull(oldLine.txnId),
      accountId: oldLine.accountId,
      agentId: notNull(oldLine.agentId),
      topId: oldLine.topId,
      amountFen: oldLine.amountFen,
      infoType: oldLine.infoType,
      volumeFen: oldLine.volumeFen,
      ownCost: oldLine.ownCost,
      lowerRate: oldLine.lowerRate,
      diff: oldLine.diff,
      policyVersion: oldLine.policyVersion,
      walletType: oldWallet.walletType,
    },
    sql`FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
         WHERE l.txn_id = ANY(${sql.param([...byOld.keys()])}::bigint[]) AND l.agent_id IS NOT NULL
           AND l.reverses_line_id IS NULL AND l.amount_fen > 0
         ORDER BY l.txn_id, l.id`,
  );
  const leftOf = (l: { id: number; amountFen: number }) => l.amountFen - (taken.get(l.id) ?? 0);
  const reversals: StagedLine[] = old
    .filter((l) => leftOf(l) > 0)
    .map((l) => ({
      txnId: byOld.get(l.txnId)!,
      agentId: l.agentId,
      topId: l.topId,
      walletType: l.walletType,
      accountId: l.accountId,
      infoType: l.infoType,
      amountFen: -leftOf(l),
      volumeFen: l.volumeFen,
      ownCost: l.ownCost,
      lowerRate: l.lowerRate,
      diff: l.diff,
      policyVersion: l.policyVersion,
      reversesLineId: l.id,
      detail: { supersededTxnId: l.txnId, origAmountFen: l.amountFen },
    }));
  await coverShortfalls(tx, reversals);
  await insertStagedLines(tx, reversals);
  await tx.execute(sql`
    UPDATE fee_supersessions s SET settled_txn_id = p.by
      FROM unnest(${sql.param([...byOld.keys()])}::bigint[], ${sql.param([...byOld.values()])}::bigint[]) AS p(txn_id, by)
     WHERE s.txn_id = p.txn_id`);
}
