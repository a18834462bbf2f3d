import { type OpenedForChild } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { decodeIdCursor, iso, num, numOrNull, pageOf } from './scope';
import { shownMobile, shownName } from '../../lib/people';

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
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ap.id, ap.agent_id, a.name, a.mobile, ap.policy_id, p.name AS policy_name, b.name AS brand_name,
          ap.version, ap.activation_reward_fen, ap.updated_at,
          (SELECT r.cost FROM agent_policy_rates r WHERE r.agent_policy_id = ap.id AND r.rate_type = 1) AS pos_cost
        FROM agent_policies ap
        JOIN agents a ON a.id = ap.agent_id${andInTree('a.top_id', caller)}
        JOIN policies p ON p.id = ap.policy_id
        JOIN brands b ON b.id = p.brand_id
        WHERE ap.parent_agent_id = ${caller.agentId}${andInTree('ap.top_id', caller)}
          ${query.childId ? sql`AND ap.agent_id = ${query.childId}` : sql``}
          ${after ? sql`AND ap.id < ${after}` : sql``}
        ORDER BY ap.id DESC LIMIT ${query.pageSize + 1}`,
  );
  const mapped = found.map((r) => ({
    id: num(r.id),
    childId: num(r.agent_id),
    childName: shownName(caller, 'direct', String(r.name)),
    childMobile: shownMobile(caller, 'direct', String(r.mobile)),
    policyId: num(r.policy_id),
    policyName: String(r.policy_name),
    brandName: String(r.brand_name),
    version: num(r.version),
    activationRewardFen: num(r.activation_reward_fen),
    posCost: numOrNull(r.pos_cost),
    updatedAt: iso(r.updated_at),
  }));
  return pageOf(mapped, query.pageSize);
}
