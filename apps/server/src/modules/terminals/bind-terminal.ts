import {
  TERMINAL_OPERATE_TYPE,
  normalizeSn,
  type TerminalBindRequest,
  type TerminalBindResult,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { createMerchant } from '../merchants/create-merchant';
import { findTerminalInScope } from './get-terminal-info';
import { isOperator, num, numOrNull, pathPrefix } from './scope';

/**
 * Binds a terminal the caller holds to one of its own merchants, or to a merchant signed up with
 * it. The merchant's direct agent is the holder, so the profit chain starts where the stock was.
 */
export async function bindTerminal(
  db: Db,
  caller: Caller,
  input: TerminalBindRequest,
  now: Date = new Date(),
): Promise<TerminalBindResult> {
  if (isOperator(caller)) throw badRequest('平台账号不能绑定商户', 'sn');
  const sn = normalizeSn(input.sn);
  const t = await findTerminalInScope(db, caller, { sn });
  checkBindable(t, caller, sn);

  if (input.merchantId !== undefined) {
    const [m] = await rows<{ id: unknown; agent_id: unknown; status: unknown }>(
      db,
      sql`SELECT id, agent_id, status FROM merchants m
          WHERE m.id = ${input.merchantId} AND ${pathPrefix(sql`m.agent_path`, caller.path)}`,
    );
    if (!m) throw notFound('商户不存在');
    if (num(m.agent_id) !== caller.agentId)
      throw badRequest('只能绑定到您直属的商户', 'merchantId');
    if (num(m.status) !== 0) throw badRequest('商户已关闭，不能绑定', 'merchantId');
  }

  return db.transaction(async (tx) => {
    let merchantId = input.merchantId;
    if (merchantId === undefined) {
      if (caller.topId === null) throw badRequest('平台账号不能绑定商户', 'sn');
      const created = await createMerchant(
        tx,
        { id: caller.agentId, path: caller.path, topId: caller.topId },
        input.merchant!,
        now,
      );
      merchantId = created.id;
    }
    const [bound] = await rows<{ id: unknown }>(
      tx,
      sql`UPDATE terminals SET bind_status = 1, merchant_id = ${merchantId}, bound_at = ${now},
            activated_at = NULL, updated_at = ${now}
          WHERE id = ${num(t.id)} AND holder_agent_id = ${caller.agentId} AND bind_status = 0
            AND pending_operation_id IS NULL AND deleted_at IS NULL
          RETURNING id`,
    );
    if (!bound) throw conflict('终端状态已变化，请刷新后重试');
    const [op] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO terminal_operations (type, status, operator_id, from_agent_id, to_agent_id, merchant_id, top_id,
            count, first_sn, last_sn, created_at, decided_at)
          VALUES (${TERMINAL_OPERATE_TYPE.BIND}, 1, ${caller.agentId}, ${caller.agentId}, ${caller.agentId},
            ${merchantId}, ${caller.topId}, 1, ${sn}, ${sn}, ${now}, ${now})
          RETURNING id`,
    );
    await tx.execute(
      sql`INSERT INTO terminal_operation_items (operation_id, terminal_id, sn) VALUES (${num(op!.id)}, ${num(t.id)}, ${sn})`,
    );
    const [m] = await rows<{ merchant_no: string }>(
      tx,
      sql`SELECT merchant_no FROM merchants WHERE id = ${merchantId}`,
    );
    return {
      terminalId: num(t.id),
      sn,
      merchantId,
      merchantNo: m!.merchant_no,
      operationId: num(op!.id),
    };
  });
}

function checkBindable(t: Record<string, unknown>, caller: Caller, sn: string) {
  if (numOrNull(t.holder_agent_id) !== caller.agentId)
    throw badRequest(`SN ${sn} 不在您的库存中，不能绑定`, 'sn');
  const status = num(t.bind_status);
  if (status === 3) throw badRequest(`SN ${sn} 已激活，不能重复绑定`, 'sn');
  if (status !== 0) throw badRequest(`SN ${sn} 已绑定，不能重复绑定`, 'sn');
  if (t.pending_operation_id !== null && t.pending_operation_id !== undefined) {
    throw badRequest(`SN ${sn} 有待处理的回拨，不能绑定`, 'sn');
  }
}
