import type { WalletType } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { ledgerAccounts } from './schema';
import { select, selectOne } from './typed';
import { andInTree } from './tree';

/**
 * Ledger accounts. Each agent has one account per wallet type, made on first use; the platform's
 * accounts are made by the migration. Every posting moves money between them and never creates
 * or destroys any, so the sum over all accounts is zero.
 */

/** The platform's side of postings. */
export const PLATFORM_ACCOUNTS = {
  /** Pays every share of a fee: trade profit, the debit cap, price adjustment, fee shares. */
  shareExpense: 'share_expense',
  /** Pays rewards and the monthly allowance. */
  rewardExpense: 'reward_expense',
  /** Withdrawals paid out to bank cards. */
  withdrawalClearing: 'withdrawal_clearing',
  /** Capital-pool money spent on terminal purchase orders. */
  capitalClearing: 'capital_clearing',
  /** Money paid for mall orders through the payment gateway (WeChat Pay, Alipay). */
  mallGateway: 'mall_gateway',
  /** Issues the points agents earn; points spent in the mall return to it. */
  pointsIssued: 'points_issued',
} as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[keyof typeof PLATFORM_ACCOUNTS];

/** An agent's accounts: its wallets, its receivable, and its mall points (not money). */
export type AgentAccountType = WalletType | 'receivable' | 'points';

/** Kept for the modules that still convert by hand (decision 040); defined in db/convert. */
export { num } from './convert';

const l = ledgerAccounts;

/** The id of a platform account (made by the migration, so it always exists). */
export async function platformAccountId(db: DbOrTx, walletType: PlatformAccount): Promise<number> {
  const row = await selectOne(
    db,
    { id: l.id },
    sql`FROM ${l} WHERE ${l.agentId} IS NULL AND ${l.walletType} = ${walletType}`,
  );
  if (!row) throw new Error(`platform account ${walletType} missing`);
  return row.id;
}

/**
 * The ids of agents' wallet accounts, made when missing. Returns a map 'agentId:walletType' -> id.
 * One statement each way, however many agents.
 */
export async function ensureAgentAccounts(
  db: DbOrTx,
  wanted: readonly { agentId: number; walletType: AgentAccountType }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  const agentIds = wanted.map((w) => w.agentId);
  const types = wanted.map((w) => w.walletType);
  await db.execute(sql`
    INSERT INTO ledger_accounts (kind, agent_id, top_id, wallet_type)
    SELECT CASE WHEN w.t = 'receivable' THEN 'platform' ELSE 'agent' END, a.id, a.top_id, w.t
      FROM unnest(${sql.param(agentIds)}::bigint[], ${sql.param(types)}::text[]) AS w(agent_id, t)
      JOIN agents a ON a.id = w.agent_id
     ORDER BY a.id, w.t
    ON CONFLICT (agent_id, wallet_type) DO NOTHING`);
  const found = await select(
    db,
    { id: l.id, agentId: l.agentId, walletType: l.walletType },
    sql`FROM ${l}
          JOIN unnest(${sql.param(agentIds)}::bigint[], ${sql.param(types)}::text[]) AS w(agent_id, t)
            ON ${l.agentId} = w.agent_id AND ${l.walletType} = w.t`,
  );
  for (const r of found) out.set(`${r.agentId}:${r.walletType}`, r.id);
  return out;
}

export async function agentAccountId(
  db: DbOrTx,
  agentId: number,
  walletType: AgentAccountType,
): Promise<number> {
  const map = await ensureAgentAccounts(db, [{ agentId, walletType }]);
  const id = map.get(`${agentId}:${walletType}`);
  if (id === undefined) throw new Error(`agent ${agentId} does not exist`);
  return id;
}

/**
 * An agent's balances by wallet type (accounts it does not have yet read as zero), read in its
 * tree when `topId` is given (the shard key, decision 020).
 */
export async function agentBalances(
  db: DbOrTx,
  agentId: number,
  topId?: number | null,
): Promise<Record<string, number>> {
  const tree = andInTree(sql`${l.topId}`, { topId });
  const found = await select(
    db,
    { walletType: l.walletType, balanceFen: l.balanceFen },
    sql`FROM ${l} WHERE ${l.agentId} = ${agentId} AND ${l.kind} = 'agent'${tree}`,
  );
  return Object.fromEntries(found.map((r) => [r.walletType, r.balanceFen]));
}
