import {
  OPERATE_STATUS,
  type CreditControlRequest,
  type CreditDecisionRequest,
  type CreditStatus,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { creditSales, terminalOperations } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { andInTree } from '../../db/tree';
import { badRequest, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { shanghaiDay } from '../../lib/periods';
import { findAgentParty } from '../../db/terminals/parties';

interface SaleHead {
  id: number;
  operationId: number;
  hop: number;
  status: CreditStatus;
  sellerId: number;
  buyerId: number;
  receiverId: number | null;
  operatorId: number;
}

const s = alias(creditSales, 's');
const o = alias(terminalOperations, 'o');
/** The operation a credit sale's closing changed (the CTE of closeOperation). */
const closed = alias(terminalOperations, 'closed');

/** A sale with its operation's receiver and maker, locked for the change (FOR UPDATE). */
async function lockSale(tx: DbOrTx, caller: Caller, saleId: number): Promise<SaleHead | null> {
  const r = await selectOne(
    tx,
    {
      id: s.id,
      operationId: s.operationId,
      hop: s.hop,
      status: s.status,
      sellerId: s.sellerAgentId,
      buyerId: s.buyerAgentId,
      receiverId: o.toAgentId,
      operatorId: o.operatorId,
    },
    sql`FROM credit_sales s JOIN terminal_operations o ON ${o.id} = ${s.operationId}
         WHERE ${s.id} = ${saleId}${andInTree(sql`${s.topId}`, caller)}
         FOR UPDATE OF s`,
  );
  return r ?? null;
}

/** Closes the pending operation of a sale: its terminals move to the receiver, or stay. */
async function closeOperation(
  tx: DbOrTx,
  operationId: number,
  passed: boolean,
  now: Date,
  reason: string,
): Promise<boolean> {
  const op = await selectOne(tx, { toAgentId: closed.toAgentId }, sql`FROM closed`, {
    with: sql`WITH closed AS (
        UPDATE terminal_operations
           SET status = ${passed ? OPERATE_STATUS.PASSED : OPERATE_STATUS.REJECTED}, decided_at = ${now},
               decision_reason = ${reason}
         WHERE id = ${operationId} AND status = ${OPERATE_STATUS.PENDING}
        RETURNING to_agent_id)`,
  });
  if (!op) return false;
  if (!passed) {
    await tx.execute(
      sql`UPDATE terminals SET pending_operation_id = NULL, updated_at = ${now}
           WHERE pending_operation_id = ${operationId}`,
    );
    return true;
  }
  const to = op.toAgentId === null ? null : await findAgentParty(tx, op.toAgentId);
  if (!to) throw new Error(`credit operation ${operationId}: receiver missing`);
  await tx.execute(
    sql`UPDATE terminals SET holder_agent_id = ${to.id}, holder_path = ${to.path}, top_id = ${to.topId},
               pending_operation_id = NULL, updated_at = ${now}
         WHERE pending_operation_id = ${operationId}`,
  );
  return true;
}

/**
 * The receiver's answer to terminals offered on credit. Accepting moves the terminals to it and
 * starts every debt of the chain (instalment 1 falls due that Asia/Shanghai day, one more each
 * day after); refusing
 * releases the terminals where they were and nothing is owed. Only the receiver may answer;
 * anyone else is told the record does not exist.
 */
export async function decideCreditSale(
  db: Db,
  caller: Caller,
  input: CreditDecisionRequest,
  now: Date = new Date(),
): Promise<{ status: CreditStatus; msg: string }> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, caller, input.saleId);
    if (!sale || sale.receiverId !== caller.agentId) throw notFound('赊销记录不存在');
    if (sale.status !== 'pending') throw badRequest('该赊销已处理', 'saleId');
    const closed = await closeOperation(
      tx,
      sale.operationId,
      input.accept,
      now,
      input.accept ? '接收方接受赊销' : '接收方拒绝赊销',
    );
    if (!closed) throw badRequest('该赊销已处理', 'saleId');
    const status: CreditStatus = input.accept ? 'active' : 'refused';
    const firstDay = input.accept ? shanghaiDay(now) : null;
    await tx.execute(
      sql`UPDATE credit_sales SET status = ${status}, first_day = ${firstDay}::date, decided_at = ${now},
                 updated_at = ${now}
           WHERE operation_id = ${sale.operationId} AND status = 'pending'`,
    );
    return { status, msg: input.accept ? '已接受赊销，终端已入库' : '已拒绝赊销' };
  });
}

const NEXT: Record<
  CreditControlRequest['action'],
  { from: readonly CreditStatus[]; to: CreditStatus; msg: string }
> = {
  pause: { from: ['active'], to: 'paused', msg: '已暂停扣款' },
  resume: { from: ['paused'], to: 'active', msg: '已恢复扣款' },
  cancel: { from: ['active', 'paused'], to: 'cancelled', msg: '已取消，剩余货款不再扣收' },
  withdraw: { from: ['pending'], to: 'withdrawn', msg: '已撤回赊销' },
};

/** The seller actions a sale in this status allows. */
export function sellerActions(status: CreditStatus, hop: number): CreditControlRequest['action'][] {
  return (Object.keys(NEXT) as CreditControlRequest['action'][]).filter(
    (a) => NEXT[a].from.includes(status) && (a !== 'withdraw' || hop === 0),
  );
}

/**
 * The seller's controls: pause and resume the daily deduction, cancel what is left (nothing more
 * is deducted; what was paid stays paid), or withdraw an offer not yet answered (the terminals
 * stay where they were; only the seller who made the offer, for the whole chain). Only the
 * hop's seller may act; anyone else is told the record does not exist.
 */
export async function controlCreditSale(
  db: Db,
  caller: Caller,
  input: CreditControlRequest,
  now: Date = new Date(),
): Promise<{ status: CreditStatus; msg: string }> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, caller, input.saleId);
    if (!sale || sale.sellerId !== caller.agentId) throw notFound('赊销记录不存在');
    const rule = NEXT[input.action];
    if (!sellerActions(sale.status, sale.hop).includes(input.action)) {
      throw badRequest(`当前状态不能${rule.msg.replace(/^已/, '').split('，')[0]}`, 'action');
    }
    if (input.action === 'withdraw') {
      if (!(await closeOperation(tx, sale.operationId, false, now, '卖方撤回赊销'))) {
        throw badRequest('该赊销已处理', 'saleId');
      }
      await tx.execute(
        sql`UPDATE credit_sales SET status = 'withdrawn', decided_at = ${now}, updated_at = ${now}
             WHERE operation_id = ${sale.operationId} AND status = 'pending'`,
      );
    } else {
      await tx.execute(
        sql`UPDATE credit_sales SET status = ${rule.to}, updated_at = ${now} WHERE id = ${sale.id}`,
      );
    }
    return { status: rule.to, msg: rule.msg };
  });
}
