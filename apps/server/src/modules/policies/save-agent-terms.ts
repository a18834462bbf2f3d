import { checkOpenTerms, type AgentPolicyTerms } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, agentPolicyRates, agentPolicyVersions } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { loadAgentPolicy, normalizeTerms, type ProductPolicy } from '../../db/policy-queries';

export interface TermsTarget {
  id: number;
  path: string;
  topId: number;
  parentId: number | null;
}

/**
 * Checks and writes an agent's terms under a product policy, inside the caller's transaction:
 * a first opening inserts them as version 1, an edit raises the version; every version's terms
 * are kept. `parentTerms` is null when the platform opens a top-level agent's root policy.
 *
 * The agent's current row is locked first, so two edits of the same terms run one after the
 * other and each is checked against what the other wrote.
 */
export async function saveAgentTerms(
  tx: DbOrTx,
  input: {
    product: ProductPolicy;
    target: TermsTarget;
    parentTerms: AgentPolicyTerms | null;
    terms: AgentPolicyTerms;
    changedBy: number;
  },
): Promise<{ id: number; version: number; created: boolean }> {
  const { product, target, parentTerms, changedBy } = input;
  const previous = await loadAgentPolicy(tx, target.id, product.id, { forUpdate: true });
  const next = normalizeTerms(input.terms, product);
  const violations = checkOpenTerms({
    product,
    parent: parentTerms,
    previous: previous?.terms ?? null,
    next: input.terms,
  });
  const first = violations[0];
  if (first) throw badRequest(first.message, first.field);

  let id: number;
  let version: number;
  if (!previous) {
    const [row] = await tx
      .insert(agentPolicies)
      .values({
        agentId: target.id,
        policyId: product.id,
        agentPath: target.path,
        topId: target.topId,
        parentAgentId: target.parentId,
        activationRewardFen: next.activationRewardFen,
        standardRewardsFen: next.standardRewardsFen,
        serviceFeeShares: next.serviceFeeShares,
        commFeeShares: next.commFeeShares,
        openedBy: changedBy,
      })
      .returning({ id: agentPolicies.id, version: agentPolicies.version });
    id = row!.id;
    version = row!.version;
  } else {
    id = previous.id;
    const [row] = await tx
      .update(agentPolicies)
      .set({
        activationRewardFen: next.activationRewardFen,
        standardRewardsFen: next.standardRewardsFen,
        serviceFeeShares: next.serviceFeeShares,
        commFeeShares: next.commFeeShares,
        version: sql`${agentPolicies.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(agentPolicies.id, id))
      .returning({ version: agentPolicies.version });
    version = row!.version;
    await tx.delete(agentPolicyRates).where(eq(agentPolicyRates.agentPolicyId, id));
  }
  await tx.insert(agentPolicyRates).values(
    next.rates.map((r) => ({
      agentPolicyId: id,
      agentId: target.id,
      policyId: product.id,
      rateType: r.rateType,
      cost: r.cost,
      minRate: r.minRate,
      maxRate: r.maxRate,
    })),
  );
  await tx
    .insert(agentPolicyVersions)
    .values({ agentPolicyId: id, version, terms: next, changedBy });
  return { id, version, created: !previous };
}
