import type { MallWallet } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { agentBalances, num } from '../ledger/accounts';
import { getPayPasswordStatus } from '../withdrawals/pay-password';
import { andInTree } from '../../db/tree';
import type { Buyer } from './orders';
import { readMallRules } from './rules';

/** The caller's means of paying in the mall: goods balance, points, free-claim quota, rules. */
export async function getMallWallet(db: DbOrTx, buyer: Buyer): Promise<MallWallet> {
  const { agentId, topId } = buyer;
  const balances = await agentBalances(db, agentId, topId);
  const [q] = await rows<{ granted: unknown; used: unknown }>(
    db,
    sql`SELECT granted, used FROM mall_free_quotas WHERE agent_id = ${agentId}${andInTree(sql`top_id`, buyer)}`,
  );
  const rules = await readMallRules(db);
  const granted = num(q?.granted);
  const used = num(q?.used);
  return {
    goodsBalanceFen: balances.capital_pool ?? 0,
    points: balances.points ?? 0,
    freeQuota: { granted, used, left: granted - used },
    hasPayPassword: (await getPayPasswordStatus(db, agentId, topId)).hasPayPassword,
    postageFen: rules.postageFen,
    pointsPerActivation: rules.pointsPerActivation,
  };
}

/** The caller's points lines, newest first; keyset by line id; in its tree (decision 020). */
export async function listPoints(
  db: DbOrTx,
  buyer: Buyer,
  q: { cursor?: string; pageSize: number },
) {
  const tree = (column: SQL) => andInTree(column, buyer);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT l.id, l.amount_fen, l.info_type, e.memo, l.created_at
          FROM ledger_lines l JOIN ledger_entries e ON e.id = l.entry_id
         WHERE l.account_id = (SELECT id FROM ledger_accounts
                                WHERE agent_id = ${buyer.agentId} AND wallet_type = 'points'${tree(sql`top_id`)})${tree(sql`l.top_id`)}
           ${q.cursor ? sql`AND l.id < ${Number(q.cursor)}` : sql``}
         ORDER BY l.id DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize);
  return {
    rows: page.map((r) => ({
      id: num(r.id),
      points: num(r.amount_fen),
      infoType: String(r.info_type),
      memo: (r.memo as string | null) ?? null,
      createdAt: new Date(r.created_at as string).toISOString(),
    })),
    nextCursor: found.length > q.pageSize ? String(num(page[page.length - 1]!.id)) : null,
  };
}
