import { maskName, type RateChangeDetail } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { inSubtree, iso, num } from '../policies/scope';
import { andInTree } from '../../db/tree';
import { RATE_CHANGE_COLUMNS, toRateChangeItem } from './list-rate-changes';

/** One rate change in full (changeRateInfo): who asked, old and new rate, when, and the outcome. */
export async function getRateChange(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<RateChangeDetail> {
  // The change, its merchant and agents: the caller's tree (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${RATE_CHANGE_COLUMNS}, c.requested_by, c.updated_at, c.agent_id, a.name AS agent_name, p.name AS policy_name
        FROM rate_changes c
        JOIN merchants m ON m.id = c.merchant_id${tree(sql`m.top_id`)}
        JOIN agents r ON r.id = c.requested_by${tree(sql`r.top_id`)}
        JOIN agents a ON a.id = c.agent_id${tree(sql`a.top_id`)}
        LEFT JOIN policies p ON p.id = c.policy_id
        WHERE c.id = ${id} AND ${inSubtree(sql`c.agent_path`, caller)}${tree(sql`c.top_id`)}`,
  );
  if (!r) throw notFound();
  return {
    ...toRateChangeItem(r, caller),
    policyName: r.policy_name === null ? null : String(r.policy_name),
    requestNo: `R${num(r.id)}`,
    agentName:
      num(r.agent_id) === caller.agentId ? String(r.agent_name) : maskName(String(r.agent_name)),
    updatedAt: iso(r.updated_at),
  };
}
