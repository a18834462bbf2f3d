import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { num } from './accounts';
import { postEntry } from './post-entry';

/**
 * A refund can take back more than an agent still holds (it may have withdrawn the profit
 * already). The wallet then goes to zero and the rest is owed: a negative balance on the agent's
 * receivable, a platform account. This moves whatever the agent's profit and reward wallets hold
 * now into that receivable, profit first, until nothing is owed. Run inside the posting
 * transaction that credited the agent (settlement does, after each batch).
 * Returns the fen recovered.
 */
export async function recoverArrears(db: DbOrTx, agentIds?: readonly number[]): Promise<number> {
  const owed = await rows<{ agent_id: unknown; receivable_id: unknown; owed: unknown }>(
    db,
    sql`SELECT r.agent_id, r.id AS receivable_id, -r.balance_fen AS owed
          FROM ledger_accounts r
         WHERE r.wallet_type = 'receivable' AND r.balance_fen < 0
           ${agentIds ? sql`AND r.agent_id = ANY(${sql.param(agentIds)}::bigint[])` : sql``}
         ORDER BY r.id FOR UPDATE`,
  );
  let recovered = 0;
  for (const o of owed) {
    const agentId = num(o.agent_id);
    let left = num(o.owed);
    const wallets = await rows<{ id: unknown; wallet_type: string; balance_fen: unknown }>(
      db,
      sql`SELECT id, wallet_type, balance_fen FROM ledger_accounts
           WHERE agent_id = ${agentId} AND kind = 'agent' AND wallet_type IN ('profit', 'reward') AND balance_fen > 0
           ORDER BY wallet_type = 'profit' DESC, id FOR UPDATE`,
    );
    const lines = [];
    for (const w of wallets) {
      if (left <= 0) break;
      const take = Math.min(left, num(w.balance_fen));
      lines.push({
        accountId: num(w.id),
        amountFen: -take,
        infoType: 'refund_reversal',
        detail: { recovery: true },
      });
      left -= take;
      recovered += take;
    }
    const taken = num(o.owed) - left;
    if (taken === 0) continue;
    lines.push({
      accountId: num(o.receivable_id),
      amountFen: taken,
      infoType: 'refund_reversal',
      detail: { recovery: true },
    });
    await postEntry(db, {
      idemKey: `arrears:${agentId}:${randomUUID()}`,
      reason: 'arrears_recovery',
      lines,
    });
  }
  return recovered;
}
