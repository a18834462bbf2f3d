import { FULL_PASS_PPM, maskName, type ReceivedPriceShare } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, agents, policies, priceShares } from '../../db/schema';
import { andInTree } from '../../db/tree';
import { decode, orNull, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';

const ap = alias(agentPolicies, 'ap');
const c = alias(agentPolicies, 'c');
const p = alias(policies, 'p');
const par = alias(agents, 'par');
const ps = alias(priceShares, 'ps');

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
  const filter: SQL = policyId ? sql`AND ${ap.policyId} = ${policyId}` : sql``;
  const found = await select(
    db,
    {
      policyId: ap.policyId,
      policyName: p.name,
      parentName: par.name,
      passPpm: orNull(ps.passPpm),
      updatedAt: orNull(ps.updatedAt),
      childCount: sql`(SELECT count(*) FROM agent_policies c
            WHERE ${c.parentAgentId} = ${caller.agentId}${andInTree(sql`${c.topId}`, caller)} AND ${c.policyId} = ${ap.policyId})`.mapWith(
        decode.number,
      ),
    },
    sql`FROM agent_policies ap
        JOIN policies p ON ${p.id} = ${ap.policyId}
        JOIN agents par ON ${par.id} = ${ap.parentAgentId}${andInTree(sql`${par.topId}`, caller)}
        LEFT JOIN price_shares ps ON ${ps.childId} = ${ap.agentId} AND ${ps.policyId} = ${ap.policyId}${andInTree(sql`${ps.topId}`, caller)}
        WHERE ${ap.agentId} = ${caller.agentId}${andInTree(sql`${ap.topId}`, caller)} AND ${ap.parentAgentId} IS NOT NULL ${filter}
        ORDER BY ${ap.policyId}`,
  );
  return found.map((r) => ({
    policyId: r.policyId,
    policyName: r.policyName,
    parentName: maskName(r.parentName),
    passPpm: r.passPpm ?? FULL_PASS_PPM,
    isDefault: r.passPpm === null,
    updatedAt: r.updatedAt?.toISOString() ?? null,
    childCount: r.childCount,
  }));
}
