import { EARNING_INFO_TYPES, WALLET_TYPES, type AgentWallet } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentDailyEarnings, ledgerAccounts } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { shanghaiToday } from '../../lib/shanghai-dates';
import { inCallerTree } from './tree';

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
  const a = ledgerAccounts;
  const balances = await select(
    db,
    { walletType: a.walletType, balanceFen: a.balanceFen },
    sql`FROM ${a}
         WHERE ${a.agentId} = ${caller.agentId} AND ${a.kind} = 'agent' AND ${inCallerTree(sql`${a.topId}`, caller)}`,
  );
  const byType = new Map(balances.map((b) => [b.walletType, b.balanceFen]));
  const today = shanghaiToday(now);
  const e = agentDailyEarnings;
  const sums = await selectOne(
    db,
    {
      today: sql`coalesce(sum(${e.amountFen}) FILTER (WHERE ${e.day} = ${today}::date), 0)`.mapWith(
        decode.number,
      ),
      month:
        sql`coalesce(sum(${e.amountFen}) FILTER (WHERE ${e.day} >= date_trunc('month', ${today}::date)), 0)`.mapWith(
          decode.number,
        ),
      total: sql`coalesce(sum(${e.amountFen}), 0)`.mapWith(decode.number),
    },
    sql`FROM ${e}
         WHERE ${e.agentId} = ${caller.agentId} AND ${inCallerTree(sql`${e.topId}`, caller)}
           AND ${e.infoType} = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])`,
  );
  // Sums without GROUP BY: one row, always.
  if (!sums) throw new Error('earnings sums read no row');
  const wallets = WALLET_TYPES.map((walletType) => ({
    walletType,
    balanceFen: byType.get(walletType) ?? 0,
  }));
  const available = (byType.get('profit') ?? 0) + (byType.get('reward') ?? 0);
  return {
    wallets,
    availableFen: available,
    totalBalanceFen: wallets.reduce((s, w) => s + w.balanceFen, 0),
    todayEarningsFen: sums.today,
    monthEarningsFen: sums.month,
    totalEarningsFen: sums.total,
  };
}
