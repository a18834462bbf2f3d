import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';
import { select } from '../../db/typed';
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
  const r = alias(ledgerAccounts, 'r');
  const owed = await select(
    db,
    { agentId: r.agentId, receivableId: r.id, balanceFen: r.balanceFen },
    sql`FROM ledger_accounts r
         WHERE ${r.walletType} = 'receivable' AND ${r.balanceFen} < 0
           ${agentIds ? sql`AND ${r.agentId} = ANY(${sql.param(agentIds)}::bigint[])` : sql``}
         ORDER BY ${r.id} FOR UPDATE`,
  );
  const w = ledgerAccounts;
  let recovered = 0;
  for (const o of owed) {
    // A receivable is an agent's (the platform's own accounts have no agent).
    const agentId = o.agentId!;
    const owedFen = -o.balanceFen;
    let left = owedFen;
    const wallets = await select(
      db,
      { id: w.id, balanceFen: w.balanceFen },
      sql`FROM ${w}
           WHERE ${w.agentId} = ${agentId} AND ${w.kind} = 'agent' AND ${w.walletType} IN ('profit', 'reward') AND ${w.balanceFen} > 0
           ORDER BY ${w.walletType} = 'profit' DESC, ${w.id} FOR UPDATE`,
    );
    const lines = [];
    for (const wallet of wallets) {
      if (left <= 0) break;
      const take = Math.min(left, wallet.balanceFen);
      lines.push({
        accountId: wallet.id,
        amountFen: -take,
        infoType: 'refund_reversal',
        detail: { recovery: true },
      });
      left -= take;
      recovered += take;
    }
    const taken = owedFen - left;
    if (taken === 0) continue;
    lines.push({
      accountId: o.receivableId,
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
