import { maskName, type RateChangeDetail } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents, policies } from '../../db/schema';
import { orNull, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { inSubtree } from '../../db/subtree-scope';
import { andInTree } from '../../db/tree';
import { c, m, r, rateChangeFields, toRateChangeItem } from './list-rate-changes';

const a = alias(agents, 'a');
const p = alias(policies, 'p');

/** One rate change in full (changeRateInfo): who asked, old and new rate, when, and the outcome. */
export async function getRateChange(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<RateChangeDetail> {
  // The change, its merchant and agents: the caller's tree (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const row = await selectOne(
    db,
    {
      ...rateChangeFields,
      updatedAt: c.updatedAt,
      agentId: c.agentId,
      agentName: a.name,
      policyName: orNull(p.name),
    },
    sql`FROM rate_changes c
        JOIN merchants m ON ${m.id} = ${c.merchantId}${tree(sql`${m.topId}`)}
        JOIN agents r ON ${r.id} = ${c.requestedBy}${tree(sql`${r.topId}`)}
        JOIN agents a ON ${a.id} = ${c.agentId}${tree(sql`${a.topId}`)}
        LEFT JOIN policies p ON ${p.id} = ${c.policyId}
        WHERE ${c.id} = ${id} AND ${inSubtree(sql`${c.agentPath}`, caller)}${tree(sql`${c.topId}`)}`,
  );
  if (!row) throw notFound();
  return {
    ...toRateChangeItem(row, caller),
    policyName: row.policyName,
    requestNo: `R${row.id}`,
    agentName: row.agentId === caller.agentId ? row.agentName : maskName(row.agentName),
    updatedAt: row.updatedAt.toISOString(),
  };
}
