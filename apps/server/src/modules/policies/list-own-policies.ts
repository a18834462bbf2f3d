import type { OpenedPolicy } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { iso, json, num } from './scope';

/**
 * The policies opened for the caller (GET /api/ag/agent/open/policy/info), which the app keeps as
 * policyList after login. Operators hold none.
 */
export async function listOwnPolicies(db: DbOrTx, caller: Caller): Promise<OpenedPolicy[]> {
  if (caller.role === 'operator') return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ap.id, ap.policy_id, p.name AS policy_name, p.brand_id, b.name AS brand_name, ap.version,
          ap.activation_reward_fen, p.service_fee_options_fen, p.comm_fee_options_fen, ap.updated_at
        FROM agent_policies ap
        JOIN policies p ON p.id = ap.policy_id
        JOIN brands b ON b.id = p.brand_id
        WHERE ap.agent_id = ${caller.agentId}${andInTree('ap.top_id', caller)}
        ORDER BY b.sort, b.id, ap.policy_id`,
  );
  return found.map((r) => ({
    id: num(r.id),
    policyId: num(r.policy_id),
    policyName: String(r.policy_name),
    brandId: num(r.brand_id),
    brandName: String(r.brand_name),
    version: num(r.version),
    activationRewardFen: num(r.activation_reward_fen),
    serviceFeeOptionsFen: json<number[]>(r.service_fee_options_fen).map(Number),
    commFeeOptionsFen: json<number[]>(r.comm_fee_options_fen).map(Number),
    updatedAt: iso(r.updated_at),
  }));
}
