import type { TeamOpenedPolicy } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, brands, productPolicies } from '../../db/schema';
import { select } from '../../db/typed';
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
  return select(
    db,
    { id: agentPolicies.id, name: productPolicies.name, brandName: brands.name },
    sql`FROM ${agentPolicies}
          JOIN ${productPolicies} ON ${productPolicies.id} = ${agentPolicies.policyId}
          JOIN ${brands} ON ${brands.id} = ${productPolicies.brandId}
         WHERE ${agentPolicies.agentId} = ${agentId}${andInTree(sql`${agentPolicies.topId}`, caller)}
         ORDER BY ${agentPolicies.id}`,
  );
}
