import {
  TERMINAL_OPERATE_TYPE,
  normalizeSn,
  type TerminalBindRequest,
  type TerminalBindResult,
} from '@pos/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, terminalOperationItems, terminalOperations, terminals } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { createMerchant } from '../merchants/create-merchant';
import { findTerminalInScope } from './get-terminal-info';
import { pathPrefix } from '../../db/terminals/scope';
import type { TerminalFieldsRow } from './terminal-row';
import { isOperator } from '../../db/tree';

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
    const [m] = await db
      .select({ agentId: merchants.agentId, status: merchants.status })
      .from(merchants)
      .where(
        and(
          eq(merchants.id, input.merchantId),
          pathPrefix(sql`${merchants.agentPath}`, caller.path),
        ),
      );
    if (!m) throw notFound('商户不存在');
    if (m.agentId !== caller.agentId) throw badRequest('只能绑定到您直属的商户', 'merchantId');
    if (m.status !== 0) throw badRequest('商户已关闭，不能绑定', 'merchantId');
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
    const [bound] = await tx
      .update(terminals)
      .set({ bindStatus: 1, merchantId, boundAt: now, activatedAt: null, updatedAt: now })
      .where(
        and(
          eq(terminals.id, t.id),
          eq(terminals.holderAgentId, caller.agentId),
          eq(terminals.bindStatus, 0),
          isNull(terminals.pendingOperationId),
          isNull(terminals.deletedAt),
        ),
      )
      .returning({ id: terminals.id });
    if (!bound) throw conflict('终端状态已变化，请刷新后重试');
    const [op] = await tx
      .insert(terminalOperations)
      .values({
        type: TERMINAL_OPERATE_TYPE.BIND,
        status: 1,
        operatorId: caller.agentId,
        fromAgentId: caller.agentId,
        toAgentId: caller.agentId,
        merchantId,
        topId: caller.topId,
        count: 1,
        firstSn: sn,
        lastSn: sn,
        createdAt: now,
        decidedAt: now,
      })
      .returning({ id: terminalOperations.id });
    await tx.insert(terminalOperationItems).values({ operationId: op!.id, terminalId: t.id, sn });
    const [m] = await tx
      .select({ merchantNo: merchants.merchantNo })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return {
      terminalId: t.id,
      sn,
      merchantId,
      merchantNo: m!.merchantNo,
      operationId: op!.id,
    };
  });
}

function checkBindable(t: TerminalFieldsRow, caller: Caller, sn: string) {
  if (t.holderAgentId !== caller.agentId)
    throw badRequest(`SN ${sn} 不在您的库存中，不能绑定`, 'sn');
  const status = t.bindStatus;
  if (status === 3) throw badRequest(`SN ${sn} 已激活，不能重复绑定`, 'sn');
  if (status !== 0) throw badRequest(`SN ${sn} 已绑定，不能重复绑定`, 'sn');
  if (t.pendingOperationId !== null) {
    throw badRequest(`SN ${sn} 有待处理的回拨，不能绑定`, 'sn');
  }
}
