import { type OpenDraft } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { loadAgentPolicy, loadProductPolicy, productView } from '../../db/policy-queries';
import { shownMobile, shownName } from '../../lib/people';

/**
 * What the open-policy form starts from: the product, the caller's own terms (the bounds) and the
 * child's current terms when it already holds the policy. Only a direct sub-agent qualifies;
 * anyone else answers like an agent that does not exist.
 */
export async function getOpenDraft(
  db: DbOrTx,
  caller: Caller,
  query: { childId: number; policyId: number },
): Promise<OpenDraft> {
  const child = await directChild(db, caller, query.childId);
  const tree = { topId: caller.topId };
  const own = await loadAgentPolicy(db, caller.agentId, query.policyId, tree);
  const product = own ? await loadProductPolicy(db, query.policyId) : null;
  if (!own || !product) throw badRequest('您尚未开通该政策，不能为下级开通', 'policyId');
  const current = await loadAgentPolicy(db, child.id, query.policyId, tree);
  return {
    child: {
      id: child.id,
      name: shownName(caller, 'direct', child.name),
      mobile: shownMobile(caller, 'direct', child.mobile),
    },
    policyId: product.id,
    policyName: product.name,
    brandName: product.brandName,
    product: productView(product, caller),
    own: own.terms,
    current: current?.terms ?? null,
    currentVersion: current?.version ?? null,
  };
}

export interface ChildRow {
  id: number;
  name: string;
  mobile: string;
  path: string;
  topId: number;
  parentId: number;
}

/** The caller's direct sub-agent, or 404 for anyone else (a deeper descendant included). */
export async function directChild(db: DbOrTx, caller: Caller, childId: number): Promise<ChildRow> {
  if (caller.role === 'operator') throw notFound();
  const [row] = await db
    .select({
      id: agents.id,
      name: agents.name,
      mobile: agents.mobile,
      path: agents.path,
      topId: agents.topId,
      parentId: agents.parentId,
    })
    .from(agents)
    .where(
      and(
        eq(agents.id, childId),
        eq(agents.parentId, caller.agentId),
        // In the caller's tree (decision 020).
        caller.topId === null ? undefined : eq(agents.topId, caller.topId),
        eq(agents.role, 'agent'),
      ),
    );
  if (!row) throw notFound('下级代理不存在');
  // A direct sub-agent has a parent and a tree.
  return { ...row, topId: Number(row.topId), parentId: Number(row.parentId) };
}
