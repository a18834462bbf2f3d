import type { OpenedPolicy } from '@pos/core';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentPolicies as ap, brands as b, productPolicies as p } from '../../db/schema';
import type { Caller } from '../../plugins/auth';

/**
 * The policies opened for the caller (GET /api/ag/agent/open/policy/info), which the app keeps as
 * policyList after login. Operators hold none.
 */
export async function listOwnPolicies(db: DbOrTx, caller: Caller): Promise<OpenedPolicy[]> {
  if (caller.role === 'operator') return [];
  const found = await db
    .select({
      id: ap.id,
      policyId: ap.policyId,
      policyName: p.name,
      brandId: p.brandId,
      brandName: b.name,
      version: ap.version,
      activationRewardFen: ap.activationRewardFen,
      serviceFeeOptionsFen: p.serviceFeeOptionsFen,
      commFeeOptionsFen: p.commFeeOptionsFen,
      updatedAt: ap.updatedAt,
    })
    .from(ap)
    .innerJoin(p, eq(p.id, ap.policyId))
    .innerJoin(b, eq(b.id, p.brandId))
    .where(
      and(
        eq(ap.agentId, caller.agentId),
        // In the caller's tree (decision 020).
        caller.topId === null ? undefined : eq(ap.topId, caller.topId),
      ),
    )
    .orderBy(asc(b.sort), asc(b.id), asc(ap.policyId));
  return found.map((r) => ({
    ...r,
    serviceFeeOptionsFen: r.serviceFeeOptionsFen.map(Number),
    commFeeOptionsFen: r.commFeeOptionsFen.map(Number),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
