import { TERMINAL_OPERATE_TYPE, normalizeSn, type TerminalUnbindRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminalOperationItems, terminalOperations, terminals } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest, conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findTerminalInScope } from './get-terminal-info';
import { isOperator } from '../../db/tree';

/** Releases a bound terminal of the caller from its merchant; an activated one stays bound. */
export async function unbindTerminal(
  db: Db,
  caller: Caller,
  input: TerminalUnbindRequest,
  now: Date = new Date(),
): Promise<{ operationId: number }> {
  if (isOperator(caller)) throw badRequest('平台账号不能解绑商户', 'sn');
  const sn = normalizeSn(input.sn);
  const t = await findTerminalInScope(db, caller, { sn });
  if (t.holderAgentId !== caller.agentId)
    throw badRequest(`SN ${sn} 不在您的库存中，不能解绑`, 'sn');
  const status = t.bindStatus;
  if (status === 3) throw badRequest(`SN ${sn} 已激活，不能解绑`, 'sn');
  if (status === 0) throw badRequest(`SN ${sn} 未绑定商户`, 'sn');
  return db.transaction(async (tx) => {
    // The merchant it was bound to: the row as it was before the update.
    const released = await selectOne(
      tx,
      { merchantId: sql`released.merchant_id`.mapWith(terminals.merchantId) },
      sql`FROM released`,
      {
        with: sql`WITH released AS (
          UPDATE terminals t SET bind_status = 0, merchant_id = NULL, bound_at = NULL, updated_at = ${now}
            FROM terminals old
           WHERE t.id = ${t.id} AND old.id = t.id AND t.holder_agent_id = ${caller.agentId} AND t.bind_status = 1
          RETURNING old.merchant_id)`,
      },
    );
    if (!released) throw conflict('终端状态已变化，请刷新后重试');
    const [op] = await tx
      .insert(terminalOperations)
      .values({
        type: TERMINAL_OPERATE_TYPE.UNBIND,
        status: 1,
        operatorId: caller.agentId,
        fromAgentId: caller.agentId,
        toAgentId: caller.agentId,
        merchantId: released.merchantId,
        topId: caller.topId,
        count: 1,
        firstSn: sn,
        lastSn: sn,
        reason: input.reason ?? '',
        createdAt: now,
        decidedAt: now,
      })
      .returning({ id: terminalOperations.id });
    await tx.insert(terminalOperationItems).values({ operationId: op!.id, terminalId: t.id, sn });
    return { operationId: op!.id };
  });
}
