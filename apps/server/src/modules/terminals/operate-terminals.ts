import {
  OPERATE_STATUS,
  TERMINAL_OPERATE_TYPE,
  type TerminalOperateRequest,
  type TerminalOperateResult,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminalOperations } from '../../db/schema';
import { decode, selectOne } from '../../db/typed';
import { conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { notifyTerminalMove } from '../message/send-product-events';
import { firstOffence, planMove, type MovePlan } from '../../db/terminals/move-plan';
import { andInTree } from '../../db/tree';

/** A recall the holder does not answer passes by itself after this long. */
export const RECALL_AUTO_PASS_MS = 72 * 3600 * 1000;

class BatchMismatch extends Error {}

/**
 * Allocate, transfer or recall a batch, all or nothing. The terminals move in one set-based
 * UPDATE whose conditions repeat every eligibility rule, so a terminal that changed under a
 * concurrent call is not moved either; if fewer rows moved than were named, the whole batch is
 * rolled back and one query names the first offending SN.
 *
 * Allocate and transfer pass at once. A recall only locks the terminals (pending) until the
 * holder accepts or rejects it, or it passes by itself after 72 hours.
 */
export async function operateTerminals(
  db: Db,
  caller: Caller,
  input: TerminalOperateRequest,
  now: Date = new Date(),
): Promise<TerminalOperateResult> {
  const plan = await planMove(db, caller, input);
  try {
    return await db.transaction(async (tx) => {
      const isRecall = plan.type === TERMINAL_OPERATE_TYPE.RECALL;
      const autoPassAt = isRecall ? new Date(now.getTime() + RECALL_AUTO_PASS_MS) : null;
      const [op] = await tx
        .insert(terminalOperations)
        .values({
          type: plan.type,
          status: isRecall ? OPERATE_STATUS.PENDING : OPERATE_STATUS.PASSED,
          operatorId: caller.agentId,
          fromAgentId: plan.from.id,
          toAgentId: plan.to.id,
          topId: plan.to.topId ?? plan.from.topId,
          count: plan.selection.count,
          firstSn: plan.selection.firstSn,
          lastSn: plan.selection.lastSn,
          reason: input.reason ?? '',
          createdAt: now,
          decidedAt: isRecall ? null : now,
          autoPassAt,
        })
        .returning({ id: terminalOperations.id });
      const operationId = op!.id;
      const change = isRecall
        ? sql`pending_operation_id = ${operationId}`
        : sql`holder_agent_id = ${plan.to.id}, holder_path = ${plan.to.path}, top_id = ${plan.to.topId}`;
      const moved = await selectOne(
        tx,
        { n: sql`count(*)`.mapWith(decode.number) },
        sql`FROM items`,
        {
          with: sql`WITH moved AS (
              UPDATE terminals t SET ${change}, updated_at = ${now}
              WHERE ${plan.selection.where(sql`t`)} AND t.deleted_at IS NULL
                AND t.holder_path = ${plan.from.path}${andInTree(sql`t.top_id`, caller)} AND t.bind_status = 0
                AND t.pending_operation_id IS NULL
              RETURNING t.id, t.sn
            ), items AS (
              INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
              SELECT ${operationId}, id, sn FROM moved
              RETURNING 1
            )`,
        },
      );
      if (moved?.n !== plan.selection.count) throw new BatchMismatch();
      const { count, firstSn, lastSn } = plan.selection;
      await notifyTerminalMove(tx, {
        type: plan.type,
        operationId,
        fromAgentId: plan.from.id,
        toAgentId: plan.to.id,
        count,
        firstSn,
        lastSn,
        autoPassAt,
      });
      return {
        operationId,
        type: plan.type,
        status: isRecall ? OPERATE_STATUS.PENDING : OPERATE_STATUS.PASSED,
        count: plan.selection.count,
        autoPassAt: autoPassAt?.toISOString() ?? null,
      };
    });
  } catch (err) {
    if (err instanceof BatchMismatch) throw await explain(db, caller, plan);
    throw err;
  }
}

async function explain(db: Db, caller: Caller, plan: MovePlan) {
  return (await firstOffence(db, caller, plan)) ?? conflict('终端状态已变化，请刷新后重试');
}
