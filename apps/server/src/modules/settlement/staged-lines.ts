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
