import { EARNING_INFO_TYPES, WALLET_TYPES, type AgentWallet } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { num } from '../ledger/accounts';
import { inTree } from '../policies/scope';
import { shanghaiDay } from '../settlement/periods';

/**
 * The caller's own wallet (GET /api/ag/agent/wallet/showAgentWallet): the balance of every wallet
 * type, and today's, this month's and all-time earnings (Asia/Shanghai), read from the daily
 * earnings rollup, so the cost does not grow with the number of lines.
 */
export async function getAgentWallet(
  db: DbOrTx,
  caller: Caller,
  now: Date = new Date(),
): Promise<AgentWallet> {
  const balances = await rows<{ wallet_type: string; balance_fen: unknown }>(
    db,
    sql`SELECT wallet_type, balance_fen FROM ledger_accounts
         WHERE agent_id = ${caller.agentId} AND kind = 'agent' AND ${inTree(sql`top_id`, caller)}`,
  );
  const byType = new Map(balances.map((b) => [b.wallet_type, num(b.balance_fen)]));
  const today = shanghaiDay(now);
  const [e] = await rows<{ today: unknown; month: unknown; total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_fen) FILTER (WHERE day = ${today}::date), 0) AS today,
               coalesce(sum(amount_fen) FILTER (WHERE day >= date_trunc('month', ${today}::date)), 0) AS month,
               coalesce(sum(amount_fen), 0) AS total
          FROM agent_daily_earnings
         WHERE agent_id = ${caller.agentId} AND ${inTree(sql`top_id`, caller)}
           AND info_type = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])`,
  );
  const wallets = WALLET_TYPES.map((walletType) => ({
    walletType,
    balanceFen: byType.get(walletType) ?? 0,
  }));
  const available = (byType.get('profit') ?? 0) + (byType.get('reward') ?? 0);
  return {
    wallets,
    availableFen: available,
    totalBalanceFen: wallets.reduce((s, w) => s + w.balanceFen, 0),
    todayEarningsFen: num(e?.today),
    monthEarningsFen: num(e?.month),
    totalEarningsFen: num(e?.total),
  };
}
