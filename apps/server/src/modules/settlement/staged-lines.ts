import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A share computed in code (fees, refunds, rewards), staged for the batch's posting. */
export interface StagedLine {
  txnId: number;
  agentId: number;
  topId: number | null;
  walletType: string;
  /** Set when the line must hit a given account (a refund hits the original's account). */
  accountId?: number | null;
  infoType: string;
  amountFen: number;
  volumeFen?: number | null;
  ownCost?: number | null;
  lowerRate?: number | null;
  diff?: number | null;
  policyVersion?: number | null;
  reversesLineId?: number | null;
  detail?: unknown;
}

/** Adds lines to the batch's s_lines in one statement. */
export async function insertStagedLines(tx: DbOrTx, lines: readonly StagedLine[]) {
  if (lines.length === 0) return;
  const col = <T>(pick: (l: StagedLine) => T) => sql.param(lines.map(pick));
  await tx.execute(sql`
    INSERT INTO s_lines (txn_id, agent_id, top_id, wallet_type, account_id, info_type, amount_fen, volume_fen, own_cost,
                         lower_rate, diff, policy_version, reverses_line_id, detail)
    SELECT * FROM unnest(
      ${col((l) => l.txnId)}::bigint[], ${col((l) => l.agentId)}::bigint[], ${col((l) => l.topId)}::bigint[],
      ${col((l) => l.walletType)}::text[], ${col((l) => l.accountId ?? null)}::bigint[], ${col((l) => l.infoType)}::text[],
      ${col((l) => l.amountFen)}::bigint[], ${col((l) => l.volumeFen ?? null)}::bigint[], ${col((l) => l.ownCost ?? null)}::bigint[],
      ${col((l) => l.lowerRate ?? null)}::bigint[], ${col((l) => l.diff ?? null)}::bigint[],
      ${col((l) => l.policyVersion ?? null)}::integer[], ${col((l) => l.reversesLineId ?? null)}::bigint[],
      ${col((l) => (l.detail === undefined || l.detail === null ? null : JSON.stringify(l.detail)))}::jsonb[])`);
}

/**
 * The profit wallets a settlement batch's lines need, made on first use: the chains' agents (a
 * small table) and the few agents of staged lines naming no account, rather than a pass over every
 * line. Run after staging the trade and fee lines and ahead of the posting gate (posting-gate.ts):
 * a batch waiting to insert a wallet another batch is inserting never holds the gate that batch
 * needs. Lines staged under the gate (reversals) name their accounts.
 */
export async function ensureWallets(tx: DbOrTx) {
  await tx.execute(sql`
    INSERT INTO ledger_accounts (kind, agent_id, top_id, wallet_type)
    SELECT 'agent', w.agent_id, a.top_id, 'profit'
      FROM (SELECT agent_id FROM s_terms UNION SELECT agent_id FROM s_lines WHERE info_type NOT IN ('trade_profit', 'debit_cap_profit') AND account_id IS NULL) w
      JOIN agents a ON a.id = w.agent_id
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts x WHERE x.agent_id = w.agent_id AND x.wallet_type = 'profit')
     ORDER BY w.agent_id
    ON CONFLICT (agent_id, wallet_type) DO NOTHING`);
}
