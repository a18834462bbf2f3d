import { TERMINAL_OPERATE_TYPE, normalizeSn, type TerminalUnbindRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findTerminalInScope } from './get-terminal-info';
import { isOperator, num, numOrNull } from './scope';

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
  if (numOrNull(t.holder_agent_id) !== caller.agentId)
    throw badRequest(`SN ${sn} 不在您的库存中，不能解绑`, 'sn');
  const status = num(t.bind_status);
  if (status === 3) throw badRequest(`SN ${sn} 已激活，不能解绑`, 'sn');
  if (status === 0) throw badRequest(`SN ${sn} 未绑定商户`, 'sn');
  return db.transaction(async (tx) => {
    const [released] = await rows<{ merchant_id: unknown }>(
      tx,
      sql`UPDATE terminals t SET bind_status = 0, merchant_id = NULL, bound_at = NULL, updated_at = ${now}
          FROM terminals old
          WHERE t.id = ${num(t.id)} AND old.id = t.id AND t.holder_agent_id = ${caller.agentId} AND t.bind_status = 1
          RETURNING old.merchant_id`,
    );
    if (!released) throw conflict('终端状态已变化，请刷新后重试');
    const [op] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO terminal_operations (type, status, operator_id, from_agent_id, to_agent_id, merchant_id, top_id,
            count, first_sn, last_sn, reason, created_at, decided_at)
          VALUES (${TERMINAL_OPERATE_TYPE.UNBIND}, 1, ${caller.agentId}, ${caller.agentId}, ${caller.agentId},
            ${num(released.merchant_id)}, ${caller.topId}, 1, ${sn}, ${sn}, ${input.reason ?? ''}, ${now}, ${now})
          RETURNING id`,
    );
    await tx.execute(
      sql`INSERT INTO terminal_operation_items (operation_id, terminal_id, sn) VALUES (${num(op!.id)}, ${num(t.id)}, ${sn})`,
    );
    return { operationId: num(op!.id) };
  });
}
