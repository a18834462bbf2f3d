import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { agentPolicies } from './schema';
import { select } from './typed';

/** An agent's terms under one policy, as rewards need them. */
export interface RewardTerms {
  version: number;
  activationRewardFen: number;
  standardRewardsFen: number[];
}

const ap = alias(agentPolicies, 'ap');

/** The reward terms of every agent of the given chains under a policy, keyed 'agent:policy'. */
export async function loadRewardTerms(
  db: DbOrTx,
  pairs: readonly { agentId: number; policyId: number }[],
): Promise<Map<string, RewardTerms>> {
  const out = new Map<string, RewardTerms>();
  if (pairs.length === 0) return out;
  const found = await select(
    db,
    {
      agentId: ap.agentId,
      policyId: ap.policyId,
      version: ap.version,
      activationRewardFen: ap.activationRewardFen,
      standardRewardsFen: ap.standardRewardsFen,
    },
    sql`FROM agent_policies ap
          JOIN unnest(${sql.param(pairs.map((p) => p.agentId))}::bigint[], ${sql.param(pairs.map((p) => p.policyId))}::bigint[])
               AS w(agent_id, policy_id) ON ${ap.agentId} = w.agent_id AND ${ap.policyId} = w.policy_id`,
  );
  for (const r of found) {
    out.set(`${r.agentId}:${r.policyId}`, {
      version: r.version,
      activationRewardFen: r.activationRewardFen,
      // Typed number[] by its writer; Number() still reads a figure stored as text.
      standardRewardsFen: r.standardRewardsFen.map(Number),
    });
  }
  return out;
}
