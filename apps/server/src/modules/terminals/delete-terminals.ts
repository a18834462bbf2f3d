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
 * The platform retires unbound terminals: they leave every list and count, and their history
 * (operations and items) is kept. All or nothing.
 */
export async function deleteTerminals(
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
        sql`UPDATE terminals t SET deleted_at = ${now}, updated_at = ${now}
            WHERE ${selection.where(sql`t`)} AND t.deleted_at IS NULL AND t.bind_status = 0
              AND t.pending_operation_id IS NULL
            RETURNING t.id, t.sn, t.holder_agent_id AS from_id, t.top_id`,
      );
      if (moved.length !== selection.count) throw new BatchShortfall();
      return recordPerHolder(tx, moved, {
        type: TERMINAL_OPERATE_TYPE.DELETE,
        operatorId: caller.agentId,
        reason: input.reason ?? '',
        now,
      });
    });
    return { count: selection.count, operationId };
  } catch (err) {
    if (!(err instanceof BatchShortfall)) throw err;
    const explain = explainStock('删除');
    throw (
      (await firstIneligible(
        db,
        selection,
        sql`(t.bind_status <> 0 OR t.pending_operation_id IS NOT NULL)`,
        explain,
      )) ?? conflict('终端状态已变化，请刷新后重试')
    );
  }
}
