import type { Db } from '../../db/client';
import { cancelOrder } from './cancel-order';
import { loadOrder, toOrder, type Buyer } from './order-row';

/** The buyer cancels its own order (unpaid, or paid and not shipped: refunded). */
export async function cancelOwnOrder(db: Db, buyer: Buyer, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, buyer, id, true);
    return toOrder(tx, buyer, await cancelOrder(tx, order, '买家取消', now, buyer));
  });
}
