import {
  TERMINAL_OPERATE_TYPE,
  type TerminalBatchResult,
  type TerminalPlatformBatchRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import {
  BatchShortfall,
  changedBy,
  explainStock,
  firstIneligible,
  recordPerHolder,
} from '../../db/terminals/platform-batch';
import { readSelection } from '../../db/terminals/selection';

/**
 * The platform takes unbound terminals back into its own stock (a faulty unit, a closed agent),
 * from whichever agent holds them. All or nothing.
 */
export async function reclaimTerminals(
  db: Db,
  caller: Caller,
  input: TerminalPlatformBatchRequest,
  now: Date = new Date(),
): Promise<TerminalBatchResult> {
  const selection = readSelection(input);
  try {
    const operationId = await db.transaction(async (tx) => {
      const moved = await changedBy(
        tx,
        sql`UPDATE terminals t SET holder_agent_id = NULL, holder_path = '', top_id = NULL, updated_at = ${now}
            FROM terminals old
            WHERE old.id = t.id AND ${selection.where(sql`t`)} AND t.deleted_at IS NULL AND t.bind_status = 0
              AND t.pending_operation_id IS NULL AND t.holder_agent_id IS NOT NULL
            RETURNING t.id, t.sn, old.holder_agent_id AS from_id, old.top_id`,
      );
      if (moved.length !== selection.count) throw new BatchShortfall();
      return recordPerHolder(tx, moved, {
        type: TERMINAL_OPERATE_TYPE.RECLAIM,
        operatorId: caller.agentId,
        reason: input.reason ?? '',
        now,
      });
    });
    return { count: selection.count, operationId };
  } catch (err) {
    if (!(err instanceof BatchShortfall)) throw err;
    throw (
      (await firstIneligible(
        db,
        selection,
        sql`(t.bind_status <> 0 OR t.pending_operation_id IS NOT NULL OR t.holder_agent_id IS NULL)`,
        explainStock('回收'),
      )) ?? conflict('终端状态已变化，请刷新后重试')
    );
  }
}
