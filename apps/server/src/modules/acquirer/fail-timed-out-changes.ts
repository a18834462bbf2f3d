import { CHANGE_SERVICE_STATUS } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';

export const ACQUIRER_TIMEOUT_REASON = '收单机构处理超时';

/**
 * Rate and fee changes still applying or processing longer than timeoutMs after they were asked
 * for are failed with a reason: the acquirer never answered, so nothing took effect and the agent
 * may try again. Returns how many of each were failed.
 */
export async function failTimedOutChanges(
  db: DbOrTx,
  timeoutMs: number,
  now: Date = new Date(),
): Promise<{ rateChanges: number; feeChanges: number }> {
  const cutoff = new Date(now.getTime() - timeoutMs);
  const { FAILED } = CHANGE_SERVICE_STATUS;
  const rate = await rows<{ id: unknown }>(
    db,
    sql`UPDATE rate_changes SET status = ${FAILED}, reason = ${ACQUIRER_TIMEOUT_REASON}, updated_at = now(), finished_at = now()
        WHERE status IN (0, 1) AND created_at < ${cutoff} RETURNING id`,
  );
  const fee = await rows<{ id: unknown }>(
    db,
    sql`UPDATE fee_changes SET status = ${FAILED}, reason = ${ACQUIRER_TIMEOUT_REASON}, updated_at = now(), finished_at = now()
        WHERE status IN (0, 1) AND created_at < ${cutoff} RETURNING id`,
  );
  return { rateChanges: rate.length, feeChanges: fee.length };
}
