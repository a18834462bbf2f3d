import { GATEWAY_PAY_TYPES, MALL_ORDER_STATUS } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { andInTree } from '../../db/tree';
import { conflict } from '../../lib/app-error';
import { closeOpenPayments, postOrderMoney } from './order-money';
import { writtenOrder, type Buyer, type OrderRow } from './order-row';

/**
 * Cancels an order in one transaction: its reserved stock returns; a free claim's units return to
 * the quota; a paid order's money goes back to where it came from through a ledger entry keyed
 * by the order (refunded), and a gateway payment is marked for its refund at the gateway (sent
 * after the commit, see refundPendingPayments). Shipped, received or closed orders cannot be
 * cancelled. Its buyer's cancellation (`tree`: the buyer's) writes in the buyer's tree
 * (decision 020).
 */
export async function cancelOrder(
  tx: DbOrTx,
  order: OrderRow,
  reason: string,
  now: Date = new Date(),
  tree: Pick<Buyer, 'topId'> = { topId: null },
): Promise<OrderRow> {
  const { status } = order;
  if (status !== MALL_ORDER_STATUS.PENDING_PAYMENT && status !== MALL_ORDER_STATUS.PAID)
    throw conflict('订单已发货或已关闭，不能取消');
  const { id } = order;
  await tx.execute(
    tree.topId === null
      ? sql`UPDATE mall_products p SET stock = p.stock + i.quantity, updated_at = ${now}
          FROM mall_order_items i WHERE i.order_id = ${id} AND p.id = i.product_id`
      : sql`UPDATE mall_products p SET stock = p.stock + i.quantity, updated_at = ${now}
          FROM mall_order_items i JOIN mall_orders o ON o.id = i.order_id AND o.top_id = ${tree.topId}
          WHERE i.order_id = ${id} AND p.id = i.product_id`,
  );
  if (order.freeUnits > 0) {
    await tx.execute(
      sql`UPDATE mall_free_quotas SET used = used - ${order.freeUnits}, updated_at = ${now}
           WHERE agent_id = ${order.agentId}${andInTree(sql`top_id`, tree)}`,
    );
  }
  await closeOpenPayments(tx, id, now, tree);
  let refundEntry: number | null = null;
  if (status === MALL_ORDER_STATUS.PAID && order.payEntryId !== null) {
    // A paid order always has its pay type.
    const payType = order.payType ?? 0;
    const posted = await postOrderMoney(
      tx,
      {
        id,
        orderNo: order.orderNo,
        agentId: order.agentId,
        payType,
        amountFen: order.totalFen,
      },
      `mall:refund:${id}`,
      true,
    );
    refundEntry = posted.entryId;
    if (GATEWAY_PAY_TYPES.includes(payType)) {
      await tx.execute(
        sql`UPDATE mall_payments SET status = 2, refund_entry_id = ${refundEntry},
              refund_reason = ${`订单取消：${reason}`}, updated_at = ${now}
            WHERE order_id = ${id}${andInTree(sql`top_id`, tree)} AND entry_id = ${order.payEntryId}
              AND status = 1`,
      );
    }
  }
  const closed = await writtenOrder(
    tx,
    sql`UPDATE mall_orders SET status = ${refundEntry ? MALL_ORDER_STATUS.REFUNDED : MALL_ORDER_STATUS.CANCELLED},
          refund_entry_id = ${refundEntry}, cancelled_at = ${now}, cancel_reason = ${reason}, updated_at = ${now}
        WHERE id = ${id}${andInTree(sql`top_id`, tree)} RETURNING *`,
  );
  return closed!;
}
