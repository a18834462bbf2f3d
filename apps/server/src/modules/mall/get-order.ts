import type { MallOrder } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { loadOrder, toOrder, type Buyer } from './order-row';

/** An order as its buyer sees it. */
export async function getOrder(db: DbOrTx, buyer: Buyer, id: number): Promise<MallOrder> {
  return toOrder(db, buyer, await loadOrder(db, buyer, id));
}
