import { type OpenedForChild } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, agentPolicyRates, agents, brands, productPolicies } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { pageOf } from '../../db/subtree-scope';
import { shownMobile, shownName } from '../../lib/people';
import { decodeIdCursor } from '../../lib/keyset';

const ap = alias(agentPolicies, 'ap');
const a = alias(agents, 'a');
const p = alias(productPolicies, 'p');
const b = alias(brands, 'b');
const r = alias(agentPolicyRates, 'r');

/**
 * The policies the caller opened for its direct sub-agents (queryPolicy), newest change first by
 * keyset on the agent policy id.
 */
export async function listOpenedForChildren(
  db: DbOrTx,
  caller: Caller,
  query: { childId?: number; cursor?: string; pageSize: number },
): Promise<{ rows: OpenedForChild[]; nextCursor: string | null }> {
  if (caller.role === 'operator') return { rows: [], nextCursor: null };
  const after = decodeIdCursor(query.cursor);
  const found = await select(
    db,
    {
      id: ap.id,
      childId: ap.agentId,
      name: a.name,
      mobile: a.mobile,
      policyId: ap.policyId,
      policyName: p.name,
      brandName: b.name,
      version: ap.version,
      activationRewardFen: ap.activationRewardFen,
      updatedAt: ap.updatedAt,
      posCost:
        sql`(SELECT ${r.cost} FROM agent_policy_rates r WHERE ${r.agentPolicyId} = ${ap.id} AND ${r.rateType} = 1)`.mapWith(
          decode.numberOrNull,
        ),
    },
    sql`FROM agent_policies ap
        JOIN agents a ON ${a.id} = ${ap.agentId}${andInTree('a.top_id', caller)}
        JOIN policies p ON ${p.id} = ${ap.policyId}
        JOIN brands b ON ${b.id} = ${p.brandId}
        WHERE ap.parent_agent_id = ${caller.agentId}${andInTree('ap.top_id', caller)}
          ${query.childId ? sql`AND ap.agent_id = ${query.childId}` : sql``}
          ${after ? sql`AND ap.id < ${after}` : sql``}
        ORDER BY ap.id DESC LIMIT ${query.pageSize + 1}`,
  );
  const mapped = found.map(({ name, mobile, updatedAt, ...row }) => ({
    ...row,
    childName: shownName(caller, 'direct', name),
    childMobile: shownMobile(caller, 'direct', mobile),
    updatedAt: updatedAt.toISOString(),
  }));
  return pageOf(mapped, query.pageSize);
}
