import { OPERATE_STATUS } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { findAgentParty, PLATFORM_PARTY } from './parties';
import { numOrNull } from './scope';

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
  const [op] = await rows<{ to_agent_id: unknown }>(
    tx,
    sql`UPDATE terminal_operations SET status = ${status}, decided_at = ${now}, decision_reason = ${reason}
        WHERE id = ${operationId} AND type = 2 AND status = ${OPERATE_STATUS.PENDING}
        RETURNING to_agent_id`,
  );
  if (!op) return false;
  if (outcome === 'rejected') {
    await tx.execute(
      sql`UPDATE terminals SET pending_operation_id = NULL, updated_at = ${now}
          WHERE pending_operation_id = ${operationId}`,
    );
    return true;
  }
  const toId = numOrNull(op.to_agent_id);
  const to = toId === null ? PLATFORM_PARTY : await findAgentParty(tx, toId);
  if (!to) throw new Error(`recall ${operationId}: receiving agent ${toId} missing`);
  await tx.execute(
    sql`UPDATE terminals SET holder_agent_id = ${to.id}, holder_path = ${to.path}, top_id = ${to.topId},
          pending_operation_id = NULL, updated_at = ${now}
        WHERE pending_operation_id = ${operationId}`,
  );
  return true;
}
