import { OPERATE_STATUS } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { terminalOperations, terminals } from '../../db/schema';
import { findAgentParty, PLATFORM_PARTY } from '../../db/terminals/parties';

/**
 * Closes a pending recall: passed moves its locked terminals to the recalling side, rejected
 * only releases them. Guarded on the pending status, so answering twice (or the holder and the
 * 72-hour job at the same moment) settles it once. Returns false when it was no longer pending.
 */
export async function settleRecall(
  tx: DbOrTx,
  operationId: number,
  outcome: 'passed' | 'rejected',
  now: Date,
  reason: string | null,
): Promise<boolean> {
  const status = outcome === 'passed' ? OPERATE_STATUS.PASSED : OPERATE_STATUS.REJECTED;
  const o = terminalOperations;
  const [op] = await tx
    .update(o)
    .set({ status, decidedAt: now, decisionReason: reason })
    .where(and(eq(o.id, operationId), eq(o.type, 2), eq(o.status, OPERATE_STATUS.PENDING)))
    .returning({ toAgentId: o.toAgentId });
  if (!op) return false;
  const locked = eq(terminals.pendingOperationId, operationId);
  if (outcome === 'rejected') {
    await tx.update(terminals).set({ pendingOperationId: null, updatedAt: now }).where(locked);
    return true;
  }
  const toId = op.toAgentId;
  const to = toId === null ? PLATFORM_PARTY : await findAgentParty(tx, toId);
  if (!to) throw new Error(`recall ${operationId}: receiving agent ${toId} missing`);
  await tx
    .update(terminals)
    .set({
      holderAgentId: to.id,
      holderPath: to.path,
      topId: to.topId,
      pendingOperationId: null,
      updatedAt: now,
    })
    .where(locked);
  return true;
}
