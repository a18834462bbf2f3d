import { FULL_PASS_PPM, type SetPriceShareRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentPolicies, priceShareHistory, priceShares } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { directChild } from '../policies/get-open-draft';
import { andInTree } from '../../db/tree';

/**
 * A parent sets the part of the adjustment income reaching it that it passes to a direct child
 * under a policy (price-property/add). Every change is kept in the history with the value before.
 */
export async function setPriceShare(
  db: Db,
  caller: Caller,
  input: SetPriceShareRequest,
): Promise<{ passPpm: number }> {
  const child = await directChild(db, caller, input.childId);
  return db.transaction(async (tx) => {
    const held = await selectOne(
      tx,
      { id: agentPolicies.id },
      sql`FROM agent_policies
           WHERE agent_id = ${child.id}${andInTree('top_id', caller)} AND policy_id = ${input.policyId} FOR SHARE`,
    );
    if (!held) throw badRequest('下级尚未开通该政策，请先为其开通', 'policyId');
    const before = await selectOne(
      tx,
      { passPpm: priceShares.passPpm },
      sql`FROM price_shares
           WHERE child_id = ${child.id}${andInTree('top_id', caller)} AND policy_id = ${input.policyId} FOR UPDATE`,
    );
    const previous = before ? before.passPpm : FULL_PASS_PPM;
    await tx.execute(sql`
      INSERT INTO price_shares AS s (child_id, policy_id, parent_id, child_path, top_id, pass_ppm, updated_by, updated_at)
      VALUES (${child.id}, ${input.policyId}, ${caller.agentId}, ${child.path}, ${child.topId}, ${input.passPpm}, ${caller.agentId}, now())
      ON CONFLICT (child_id, policy_id) DO UPDATE
        SET pass_ppm = EXCLUDED.pass_ppm, updated_by = EXCLUDED.updated_by, updated_at = now()`);
    if (!before || previous !== input.passPpm) {
      await tx.insert(priceShareHistory).values({
        childId: child.id,
        policyId: input.policyId,
        parentId: caller.agentId,
        passPpm: input.passPpm,
        previousPassPpm: previous,
        changedBy: caller.agentId,
      });
    }
    return { passPpm: input.passPpm };
  });
}
