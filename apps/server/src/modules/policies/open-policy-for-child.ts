import type { OpenPolicyRequest, OpenPolicyResponse } from '@pos/core';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { notifyPolicyOpened } from '../message/send-product-events';
import { directChild } from './get-open-draft';
import { loadAgentPolicy, loadProductPolicy } from '../../db/policy-queries';
import { saveAgentTerms } from './save-agent-terms';

/**
 * Opens a product policy for a direct sub-agent, or edits the terms it holds
 * (POST /api/ag/agent/open/policy/open). The caller must hold the policy itself; the child's
 * terms are checked against the caller's and, on an edit, against the child's current terms.
 */
export async function openPolicyForChild(
  db: Db,
  caller: Caller,
  input: OpenPolicyRequest,
): Promise<OpenPolicyResponse> {
  const child = await directChild(db, caller, input.childId);
  return db.transaction(async (tx) => {
    // The caller's own row is locked too: its parent may be lowering its cost at this moment, and
    // the child must be checked against the terms that will stand.
    const own = await loadAgentPolicy(tx, caller.agentId, input.policyId, { forUpdate: true });
    const product = own ? await loadProductPolicy(tx, input.policyId) : null;
    if (!own || !product) throw badRequest('您尚未开通该政策，不能为下级开通', 'policyId');
    const saved = await saveAgentTerms(tx, {
      product,
      target: { id: child.id, path: child.path, topId: child.topId, parentId: child.parentId },
      parentTerms: own.terms,
      terms: input.terms,
      changedBy: caller.agentId,
    });
    await notifyPolicyOpened(tx, { ...saved, agentId: child.id, name: product.name });
    return saved;
  });
}
