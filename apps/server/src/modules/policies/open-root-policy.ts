import type { OpenPolicyResponse, OpenRootPolicyRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { loadProductPolicy } from './policy-queries';
import { saveAgentTerms } from './save-agent-terms';

/**
 * An operator opens a product policy for a top-level agent (its root policy), or edits it under
 * the same one-way rule as any parent: costs only down, rewards and shares only up.
 */
export async function openRootPolicy(
  db: Db,
  caller: Caller,
  input: OpenRootPolicyRequest,
): Promise<OpenPolicyResponse> {
  const [agent] = await rows<{ id: unknown; path: string; top_id: unknown; parent_id: unknown }>(
    db,
    sql`SELECT id, path, top_id, parent_id FROM agents WHERE id = ${input.agentId} AND role = 'agent'`,
  );
  if (!agent) throw badRequest('代理不存在', 'agentId');
  if (agent.parent_id !== null)
    throw badRequest('只能为一级代理开通根政策，下级代理由其上级开通', 'agentId');
  return db.transaction(async (tx) => {
    const product = await loadProductPolicy(tx, input.policyId);
    if (!product) throw badRequest('政策不存在或尚未配置费率', 'policyId');
    return saveAgentTerms(tx, {
      product,
      target: {
        id: Number(agent.id),
        path: agent.path,
        topId: Number(agent.top_id),
        parentId: null,
      },
      parentTerms: null,
      terms: input.terms,
      changedBy: caller.agentId,
    });
  });
}
