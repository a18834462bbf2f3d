import { splitFixed, type FeeShare, type Share } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { num } from '../ledger/accounts';
import { insertStagedLines, type StagedLine } from './staged-lines';

/** Agent ids of a materialised path, bottom-up (direct agent first). */
export function chainIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number).reverse();
}

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
 */
export async function stageFeeCollections(tx: DbOrTx): Promise<number> {
  const fees = await rows<{
    id: unknown;
    total_type: unknown;
    amount_fen: unknown;
    agent_path: string;
    policy_id: unknown;
    top_id: unknown;
  }>(
    tx,
    sql`SELECT id, total_type, amount_fen, agent_path, policy_id, top_id FROM s_tx
         WHERE kind = 1 AND total_type IN (8, 9) AND agent_path IS NOT NULL`,
  );
  if (fees.length === 0) return 0;
  const pairs = new Map<string, { agentId: number; policyId: number }>();
  for (const f of fees) {
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
  for (const f of fees) {
    const service = num(f.total_type) === 8;
    const amount = num(f.amount_fen);
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
          figureFen: share ? Number(share.shareFen) : null,
          policyVersion: t ? num(t.version) : null,
        };
      }),
    });
    for (const share of split.shares) {
      const line = shareLine(share, num(f.id), f.top_id == null ? null : num(f.top_id), 'profit', {
        optionFen: amount,
      });
      line.volumeFen = amount;
      lines.push(line);
    }
  }
  await insertStagedLines(tx, lines);
  await tx.execute(
    sql`UPDATE s_tx SET fee_fen = amount_fen, acq_fen = 0 WHERE kind = 1 AND total_type IN (8, 9)`,
  );
  return lines.length;
}
