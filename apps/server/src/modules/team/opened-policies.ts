import type { TeamOpenedPolicy } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';

/**
 * The policies opened for an agent (the policies feature's agent_policies), with the product
 * policy's and the brand's names, for the agent detail page. The caller has already checked that
 * the agent lies in its scope; the rows are read in its tree (decision 020).
 */
export async function listOpenedPolicies(
  db: DbOrTx,
  agentId: number,
  caller: Pick<Caller, 'topId'>,
): Promise<TeamOpenedPolicy[]> {
  const found = await rows<{ id: string | number; name: string; brand_name: string }>(
    db,
    sql`SELECT ap.id, p.name, b.name AS brand_name
          FROM agent_policies ap
          JOIN policies p ON p.id = ap.policy_id
          JOIN brands b ON b.id = p.brand_id
         WHERE ap.agent_id = ${agentId}${andInTree('ap.top_id', caller)}
         ORDER BY ap.id`,
  );
  return found.map((r) => ({ id: Number(r.id), name: r.name, brandName: r.brand_name }));
}
