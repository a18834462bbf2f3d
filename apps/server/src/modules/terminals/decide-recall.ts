import { OPERATE_STATUS, type RecallDecisionRequest, type TerminalOperateResult } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminalOperations as o } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { settleRecall } from './settle-recall';

/**
 * The holder's answer to a recall. Only the agent the terminals are recalled from may answer;
 * anyone else (the recalling agent included) is told the record does not exist, as it is not
 * theirs to answer. A recall past its 72 hours has already passed, whatever the answer.
 */
export async function decideRecall(
  db: Db,
  caller: Caller,
  input: RecallDecisionRequest,
  now: Date = new Date(),
): Promise<TerminalOperateResult & { msg: string }> {
  const [op] = await db
    .select({
      status: o.status,
      count: o.count,
      fromAgentId: o.fromAgentId,
      autoPassAt: o.autoPassAt,
    })
    .from(o)
    .where(and(eq(o.id, input.operationId), eq(o.type, 2)));
  if (!op || op.fromAgentId !== caller.agentId) throw notFound('回拨记录不存在');
  if (op.status !== OPERATE_STATUS.PENDING) throw badRequest('该回拨已处理', 'operationId');
  const overdue = op.autoPassAt !== null && op.autoPassAt <= now;
  const outcome = input.accept || overdue ? 'passed' : 'rejected';
  const settled = await db.transaction((tx) =>
    settleRecall(
      tx,
      input.operationId,
      outcome,
      now,
      overdue ? '超过72小时未处理，自动通过' : (input.reason ?? null),
    ),
  );
  if (!settled) throw conflict('该回拨已处理');
  const status = outcome === 'passed' ? OPERATE_STATUS.PASSED : OPERATE_STATUS.REJECTED;
  let msg = outcome === 'passed' ? '已同意回拨' : '已拒绝回拨';
  if (overdue && !input.accept) msg = '该回拨已超过72小时，已自动通过';
  return {
    operationId: input.operationId,
    type: 2,
    status,
    count: op.count,
    autoPassAt: op.autoPassAt?.toISOString() ?? null,
    msg,
  };
}
