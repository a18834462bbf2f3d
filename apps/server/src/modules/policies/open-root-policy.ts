import type { OpenPolicyResponse, OpenRootPolicyRequest } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { notifyPolicyOpened } from '../message/send-product-events';
import { loadProductPolicy } from '../../db/policy-queries';
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
  const [agent] = await db
    .select({ id: agents.id, path: agents.path, topId: agents.topId, parentId: agents.parentId })
    .from(agents)
    .where(and(eq(agents.id, input.agentId), eq(agents.role, 'agent')));
  if (!agent) throw badRequest('代理不存在', 'agentId');
  if (agent.parentId !== null)
    throw badRequest('只能为一级代理开通根政策，下级代理由其上级开通', 'agentId');
  return db.transaction(async (tx) => {
    const product = await loadProductPolicy(tx, input.policyId);
    if (!product) throw badRequest('政策不存在或尚未配置费率', 'policyId');
    const saved = await saveAgentTerms(tx, {
      product,
      target: {
        id: agent.id,
        path: agent.path,
        // A top-level agent is its tree's top.
        topId: Number(agent.topId),
        parentId: null,
      },
      parentTerms: null,
      terms: input.terms,
      changedBy: caller.agentId,
    });
    await notifyPolicyOpened(tx, { ...saved, agentId: agent.id, name: product.name });
    return saved;
  });
}
