import type { MallWallet } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, ledgerLines, mallFreeQuotas } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { agentBalances } from '../../db/ledger-accounts';
import { getPayPasswordStatus } from '../../db/pay-password';
import { andInTree } from '../../db/tree';
import type { Buyer } from './order-row';
import { readMallRules } from './rules';

/** The caller's means of paying in the mall: goods balance, points, free-claim quota, rules. */
export async function getMallWallet(db: DbOrTx, buyer: Buyer): Promise<MallWallet> {
  const { agentId, topId } = buyer;
  const balances = await agentBalances(db, agentId, topId);
  const fq = mallFreeQuotas;
  const q = await selectOne(
    db,
    { granted: fq.granted, used: fq.used },
    sql`FROM mall_free_quotas WHERE ${fq.agentId} = ${agentId}${andInTree(sql`${fq.topId}`, buyer)}`,
  );
  const rules = await readMallRules(db);
  // No quota row: nothing granted, nothing used.
  const granted = q?.granted ?? 0;
  const used = q?.used ?? 0;
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
  const l = alias(ledgerLines, 'l');
  const e = alias(ledgerEntries, 'e');
  const found = await select(
    db,
    { id: l.id, points: l.amountFen, infoType: l.infoType, memo: e.memo, createdAt: l.createdAt },
    sql`FROM ledger_lines l JOIN ledger_entries e ON ${e.id} = ${l.entryId}
         WHERE l.account_id = (SELECT id FROM ledger_accounts
                                WHERE agent_id = ${buyer.agentId} AND wallet_type = 'points'${tree(sql`top_id`)})${tree(sql`l.top_id`)}
           ${q.cursor ? sql`AND l.id < ${Number(q.cursor)}` : sql``}
         ORDER BY l.id DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize);
  return {
    rows: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}
