import { simTierFigure, simTierOfPeriod, splitFixed, type FeeShare, type Share } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { num } from '../../db/ledger-accounts';
import { chainIds } from '../../db/tree';
import { coverShortfalls } from './stage-refunds';
import { lockPostingGate } from './posting-gate';
import { ensureWallets, insertStagedLines, type StagedLine } from './staged-lines';

const asJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

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
  const fees = await rows<{
    id: unknown;
    total_type: unknown;
    amount_fen: unknown;
    agent_path: string;
    policy_id: unknown;
    top_id: unknown;
    terminal_id: unknown;
  }>(
    tx,
    sql`SELECT id, total_type, amount_fen, agent_path, policy_id, top_id, terminal_id FROM s_tx
         WHERE kind = 1 AND total_type IN (8, 9) AND agent_path IS NOT NULL`,
  );
  if (fees.length === 0) return 0;
  // The periods of these terminals, locked: ingestion taking a period over waits for this batch,
  // and this batch sees a take-over that committed before it.
  const periods = await rows<{
    terminal_id: unknown;
    kind: string;
    period_index: unknown;
    txn_id: unknown;
  }>(
    tx,
    sql`SELECT f.terminal_id, f.kind, f.period_index, f.txn_id FROM fee_collections f
         WHERE f.terminal_id = ANY(${sql.param([...new Set(fees.map((f) => num(f.terminal_id)))])}::bigint[])
         ORDER BY f.terminal_id, f.kind, f.period_index FOR UPDATE`,
  );
  const counting = new Map(periods.filter((p) => p.txn_id != null).map((p) => [num(p.txn_id), p]));
  const paid = fees.filter((f) => counting.has(num(f.id)));
  const unpaid = fees.filter((f) => !counting.has(num(f.id)));

  const pairs = new Map<string, { agentId: number; policyId: number }>();
  for (const f of paid) {
    for (const agentId of chainIds(f.agent_path))
      pairs.set(`${agentId}:${num(f.policy_id)}`, { agentId, policyId: num(f.policy_id) });
  }
  const list = [...pairs.values()];
  const terms = await rows<{
    agent_id: unknown;
    policy_id: unknown;
    version: unknown;
    service_fee_shares: unknown;
    comm_fee_shares: unknown;
  }>(
    tx,
    sql`SELECT ap.agent_id, ap.policy_id, ap.version, ap.service_fee_shares, ap.comm_fee_shares
          FROM agent_policies ap
          JOIN unnest(${sql.param(list.map((p) => p.agentId))}::bigint[], ${sql.param(list.map((p) => p.policyId))}::bigint[])
               AS w(agent_id, policy_id) ON ap.agent_id = w.agent_id AND ap.policy_id = w.policy_id`,
  );
  const byKey = new Map(terms.map((t) => [`${num(t.agent_id)}:${num(t.policy_id)}`, t]));
  const lines: StagedLine[] = [];
  const feeOf = new Map<number, number>(unpaid.map((f) => [num(f.id), 0]));
  for (const f of paid) {
    const service = num(f.total_type) === 8;
    const amount = num(f.amount_fen);
    feeOf.set(num(f.id), amount);
    // A SIM fee pays the cashback of its tier: its period on the terminal, from its own trade
    // time, never the order it arrived in (fee-tiers.ts, decision 033).
    const periodIndex = num(counting.get(num(f.id))!.period_index);
    const tier = service ? null : simTierOfPeriod(periodIndex);
    const split = splitFixed({
      kind: service ? 'service_fee_profit' : 'communication_fee_profit',
      poolFen: amount,
      chain: chainIds(f.agent_path).map((agentId) => {
        const t = byKey.get(`${agentId}:${num(f.policy_id)}`);
        const shares = t
          ? asJson<FeeShare[]>(service ? t.service_fee_shares : t.comm_fee_shares)
          : [];
        const share = shares.find((s) => Number(s.optionFen) === amount);
        return {
          agentId,
          figureFen: share ? (tier ? simTierFigure(share, tier) : Number(share.shareFen)) : null,
          policyVersion: t ? num(t.version) : null,
        };
      }),
    });
    for (const share of split.shares) {
      const line = shareLine(
        share,
        num(f.id),
        f.top_id == null ? null : num(f.top_id),
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
       WHERE txn_id = ANY(${sql.param(unpaid.map((f) => num(f.id)))}::bigint[]) AND settled_txn_id IS NULL`);
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
  paid: readonly { id: unknown }[],
  counting: Map<number, { terminal_id: unknown; kind: string; period_index: unknown }>,
  feeOf: Map<number, number>,
) {
  if (paid.length === 0) return;
  // Under the gate before reading what refunds of the superseded fees took back: a batch settling
  // such a refund holds it while it reads and reverses, so either it sees this batch's supersession
  // or this batch sees its refund, never neither (decision 007).
  await lockPostingGate(tx);
  const keys = paid.map((f) => ({ id: num(f.id), ...counting.get(num(f.id))! }));
  const gone = await rows<{ txn_id: unknown; amount_fen: unknown; by: unknown }>(
    tx,
    sql`SELECT s.txn_id, s.amount_fen, k.id AS by
          FROM unnest(${sql.param(keys.map((k) => k.id))}::bigint[], ${sql.param(keys.map((k) => num(k.terminal_id)))}::bigint[],
                      ${sql.param(keys.map((k) => k.kind))}::text[], ${sql.param(keys.map((k) => num(k.period_index)))}::integer[])
               AS k(id, terminal_id, kind, period_index)
          JOIN fee_supersessions s ON s.terminal_id = k.terminal_id AND s.kind = k.kind AND s.period_index = k.period_index
         WHERE s.settled_txn_id IS NULL AND s.txn_id <> k.id
           AND EXISTS (SELECT 1 FROM settlements st WHERE st.txn_id = s.txn_id)
         ORDER BY s.txn_id FOR UPDATE OF s`,
  );
  if (gone.length === 0) return;
  const byOld = new Map(gone.map((g) => [num(g.txn_id), num(g.by)]));
  // What refunds of the superseded fees already took back (their settlements' fee, their lines
  // naming its lines) is not taken again: only what is left of each.
  const refunds = await rows<{ txn_id: unknown; orig_txn_id: unknown; fee_fen: unknown }>(
    tx,
    sql`SELECT txn_id, orig_txn_id, fee_fen FROM settlements
         WHERE orig_txn_id = ANY(${sql.param([...byOld.keys()])}::bigint[])`,
  );
  const feeRefunded = new Map<number, number>();
  for (const r of refunds)
    feeRefunded.set(
      num(r.orig_txn_id),
      (feeRefunded.get(num(r.orig_txn_id)) ?? 0) - num(r.fee_fen),
    );
  for (const g of gone) {
    const left = Math.max(0, num(g.amount_fen) - (feeRefunded.get(num(g.txn_id)) ?? 0));
    feeOf.set(num(g.by), feeOf.get(num(g.by))! - left);
  }
  const taken = new Map<number, number>();
  if (refunds.length > 0) {
    const back = await rows<{ reverses_line_id: unknown; amount_fen: unknown }>(
      tx,
      sql`SELECT reverses_line_id, amount_fen FROM ledger_lines
           WHERE txn_id = ANY(${sql.param(refunds.map((r) => num(r.txn_id)))}::bigint[])
             AND reverses_line_id IS NOT NULL`,
    );
    for (const b of back)
      taken.set(
        num(b.reverses_line_id),
        (taken.get(num(b.reverses_line_id)) ?? 0) - num(b.amount_fen),
      );
  }
  const old = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT l.id, l.txn_id, l.account_id, l.agent_id, l.top_id, l.amount_fen, l.info_type, l.volume_fen, l.own_cost,
               l.lower_rate, l.diff, l.policy_version, a.wallet_type
          FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
         WHERE l.txn_id = ANY(${sql.param([...byOld.keys()])}::bigint[]) AND l.agent_id IS NOT NULL
           AND l.reverses_line_id IS NULL AND l.amount_fen > 0
         ORDER BY l.txn_id, l.id`,
  );
  const leftOf = (l: Record<string, unknown>) => num(l.amount_fen) - (taken.get(num(l.id)) ?? 0);
  const reversals: StagedLine[] = old
    .filter((l) => leftOf(l) > 0)
    .map((l) => ({
      txnId: byOld.get(num(l.txn_id))!,
      agentId: num(l.agent_id),
      topId: l.top_id == null ? null : num(l.top_id),
      walletType: String(l.wallet_type),
      accountId: num(l.account_id),
      infoType: String(l.info_type),
      amountFen: -leftOf(l),
      volumeFen: l.volume_fen == null ? null : num(l.volume_fen),
      ownCost: l.own_cost == null ? null : num(l.own_cost),
      lowerRate: l.lower_rate == null ? null : num(l.lower_rate),
      diff: l.diff == null ? null : num(l.diff),
      policyVersion: l.policy_version == null ? null : num(l.policy_version),
      reversesLineId: num(l.id),
      detail: { supersededTxnId: num(l.txn_id), origAmountFen: num(l.amount_fen) },
    }));
  await coverShortfalls(tx, reversals);
  await insertStagedLines(tx, reversals);
  await tx.execute(sql`
    UPDATE fee_supersessions s SET settled_txn_id = p.by
      FROM unnest(${sql.param([...byOld.keys()])}::bigint[], ${sql.param([...byOld.values()])}::bigint[]) AS p(txn_id, by)
     WHERE s.txn_id = p.txn_id`);
}
