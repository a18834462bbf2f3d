import { FULL_PASS_PPM, maskName, type ReceivedPriceShare } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { isoOrNull, num } from '../../db/convert';

/**
 * What the caller's parent passes to the caller, per policy it holds (price-property-detail), read
 * in the caller's tree (top_id, decision 020).
 */
export async function listReceivedPriceShares(
  db: DbOrTx,
  caller: Caller,
  policyId?: number,
): Promise<ReceivedPriceShare[]> {
  if (caller.role === 'operator') return [];
  const filter: SQL = policyId ? sql`AND ap.policy_id = ${policyId}` : sql``;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ap.policy_id, p.name AS policy_name, par.name AS parent_name, ps.pass_ppm, ps.updated_at,
          (SELECT count(*) FROM agent_policies c
            WHERE c.parent_agent_id = ${caller.agentId}${andInTree('c.top_id', caller)} AND c.policy_id = ap.policy_id) AS child_count
        FROM agent_policies ap
        JOIN policies p ON p.id = ap.policy_id
        JOIN agents par ON par.id = ap.parent_agent_id${andInTree('par.top_id', caller)}
        LEFT JOIN price_shares ps ON ps.child_id = ap.agent_id AND ps.policy_id = ap.policy_id${andInTree('ps.top_id', caller)}
        WHERE ap.agent_id = ${caller.agentId}${andInTree('ap.top_id', caller)} AND ap.parent_agent_id IS NOT NULL ${filter}
        ORDER BY ap.policy_id`,
  );
  return found.map((r) => ({
    policyId: num(r.policy_id),
    policyName: String(r.policy_name),
    parentName: maskName(String(r.parent_name)),
    passPpm: r.pass_ppm === null ? FULL_PASS_PPM : num(r.pass_ppm),
    isDefault: r.pass_ppm === null,
    updatedAt: isoOrNull(r.updated_at),
    childCount: num(r.child_count),
  }));
}
