import { CHANGE_SERVICE_STATUS } from '@pos/core';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feeChanges, rateChanges } from '../../db/schema';

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
  const fail = (table: typeof rateChanges | typeof feeChanges) =>
    db
      .update(table)
      .set({
        status: FAILED,
        reason: ACQUIRER_TIMEOUT_REASON,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(and(inArray(table.status, [0, 1]), lt(table.createdAt, cutoff)))
      .returning({ id: table.id });
  const rate = await fail(rateChanges);
  const fee = await fail(feeChanges);
  return { rateChanges: rate.length, feeChanges: fee.length };
}
