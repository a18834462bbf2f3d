import { MALL_ORDER_STATUS } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mallOrders } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { cancelOrder } from './cancel-order';
import { ORDER, orderTable as o } from './order-row';

/**
 * Cancels every unpaid order past its time, each in its own transaction guarded on its status,
 * so the job can run on several processes and meet a payment in flight; once the signal is
 * aborted it stops before the next order. Returns how many.
 */
export async function expireUnpaidOrders(
  db: Db,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const due = await select(
    db,
    { id: mallOrders.id },
    sql`FROM mall_orders WHERE status = ${MALL_ORDER_STATUS.PENDING_PAYMENT}
          AND expires_at <= ${now} ORDER BY expires_at LIMIT 500`,
  );
  let n = 0;
  for (const { id } of due) {
    if (signal?.aborted) break;
    const done = await db.transaction(async (tx) => {
      const order = await selectOne(
        tx,
        ORDER,
        sql`FROM mall_orders o WHERE ${o.id} = ${id} AND ${o.status} = ${MALL_ORDER_STATUS.PENDING_PAYMENT}
            FOR UPDATE SKIP LOCKED`,
      );
      if (!order) return false;
      await cancelOrder(tx, order, '超时未支付，自动取消', now);
      return true;
    });
    if (done) n += 1;
  }
  return n;
}
