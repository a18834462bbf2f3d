import type { MallOrder } from '@pos/core';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { mallOrderItems, mallOrders, mallProducts, terminalOperationItems } from '../../db/schema';
import { andInTree } from '../../db/tree';
import { select, selectOne, selection, type RowOf } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

// An order as the mall reads it: the whole row typed by the schema, and the view its buyer gets
// (its lines and the SNs it was shipped with). Shared by the order use cases of this folder.

/**
 * The agent buying: its id and its tree. Its orders, quota and the rest are read in its tree
 * (top_id, decision 020); a buyer without one (topId null) reads them by its id alone.
 */
export type Buyer = Pick<Caller, 'agentId' | 'topId'>;

/** Every column of an order, read FROM mall_orders o (or a CTE o of its rows). */
export const orderTable = alias(mallOrders, 'o');
const o = orderTable;
export const ORDER = selection(getTableColumns(o));
export type OrderRow = RowOf<ReturnType<typeof getTableColumns<typeof o>>>;

/** `WITH o AS (<statement> RETURNING *)`: the order a write changed, read whole. */
export async function writtenOrder(tx: DbOrTx, write: SQL): Promise<OrderRow | undefined> {
  return selectOne(tx, ORDER, sql`FROM o`, { with: sql`WITH o AS (${write})` });
}

/** The buyer's order by id, in its tree (locked FOR UPDATE with `lock`); not found otherwise. */
export async function loadOrder(db: DbOrTx, buyer: Buyer, id: number, lock = false) {
  const found = await selectOne(
    db,
    ORDER,
    sql`FROM mall_orders o WHERE ${o.id} = ${id} AND ${o.agentId} = ${buyer.agentId}${andInTree(sql`${o.topId}`, buyer)}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!found) throw notFound('订单不存在');
  return found;
}

/** One order as its buyer sees it (see toOrders). */
export async function toOrder(
  db: DbOrTx,
  buyer: Pick<Buyer, 'topId'>,
  order: OrderRow,
): Promise<MallOrder> {
  return (await toOrders(db, buyer, [order]))[0]!;
}

const i = alias(mallOrderItems, 'i');
const p = alias(mallProducts, 'p');
const shippedItem = alias(terminalOperationItems, 'i');
const LINE = selection({
  orderId: i.orderId,
  productId: i.productId,
  name: p.name,
  model: p.model,
  quantity: i.quantity,
  unitPriceFen: i.unitPriceFen,
  amountFen: i.amountFen,
});
type LineRow = ReturnType<typeof LINE.toRow>;

/**
 * Orders as their buyer sees them, with the lines of all of them read in one query; the lines
 * and shipped SNs through their order and operation in the buyer's tree (decision 020).
 */
export async function toOrders(
  db: DbOrTx,
  buyer: Pick<Buyer, 'topId'>,
  orders: OrderRow[],
): Promise<MallOrder[]> {
  if (orders.length === 0) return [];
  const lines = await select(
    db,
    LINE,
    sql`FROM mall_order_items i JOIN mall_products p ON ${p.id} = ${i.productId}
          ${buyer.topId === null ? sql`` : sql`JOIN mall_orders o ON ${o.id} = ${i.orderId} AND ${o.topId} = ${buyer.topId}`}
         WHERE ${i.orderId} = ANY(string_to_array(${orders.map((x) => x.id).join(',')}, ',')::bigint[])
         ORDER BY ${i.orderId}, ${i.productId}`,
  );
  const operations = orders.flatMap((x) => (x.operationId === null ? [] : [x.operationId]));
  const shipped = operations.length
    ? await select(
        db,
        { operationId: shippedItem.operationId, sn: shippedItem.sn },
        sql`FROM terminal_operation_items i
             ${buyer.topId === null ? sql`` : sql`JOIN terminal_operations o ON o.id = ${shippedItem.operationId} AND o.top_id = ${buyer.topId}`}
             WHERE ${shippedItem.operationId} = ANY(string_to_array(${operations.join(',')}, ',')::bigint[])
             ORDER BY ${shippedItem.operationId}, ${shippedItem.sn}`,
      )
    : [];
  return orders.map((x) =>
    toView(
      x,
      lines.filter((l) => l.orderId === x.id),
      x.operationId === null
        ? []
        : shipped.filter((s) => s.operationId === x.operationId).map((s) => s.sn),
    ),
  );
}

function toView(order: OrderRow, items: LineRow[], shippedSns: string[]): MallOrder {
  const address = order.address;
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    payType: order.payType,
    shippingWay: order.shippingWay,
    goodsFen: order.goodsFen,
    shippingFen: order.shippingFen,
    discountFen: order.discountFen,
    totalFen: order.totalFen,
    address: {
      name: address.name,
      mobile: address.mobile,
      province: address.province,
      city: address.city,
      district: address.district,
      detail: address.detail,
    },
    items: items.map((l) => ({
      productId: l.productId,
      name: l.name,
      model: l.model,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    receivedAt: order.receivedAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    shippedSns,
    courier: order.courier,
    waybillNo: order.waybillNo,
  };
}
