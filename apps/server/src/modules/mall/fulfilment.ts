import {
  MALL_ORDER_STATUS,
  OPERATE_STATUS,
  TERMINAL_OPERATE_TYPE,
  type AdminMallOrder,
  type AdminMallOrderQuery,
  type MallShippableModel,
  type ShipMallOrderRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  agents,
  brands,
  mallOrderItems,
  mallOrders,
  mallProducts,
  terminalOperations,
  terminals,
} from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { getPlatformCaller } from '../agents/get-platform-caller';
import { notifyOrderShipped } from '../message/send-product-events';
import { BatchShortfall, explainStock, firstIneligible } from '../../db/terminals/platform-batch';
import { readSelection } from '../../db/terminals/selection';
import { platformStock } from './catalog';
import { cancelOrder } from './cancel-order';
import { ORDER } from './order-row';

const o = alias(mallOrders, 'o');
const a = alias(agents, 'a');
const i = alias(mallOrderItems, 'i');
const p = alias(mallProducts, 'p');
const b = alias(brands, 'b');
const t = alias(terminals, 't');
/** The terminals a shipment moved (the CTE of shipOrder). */
const moved = alias(terminals, 'moved');
/** The orders a receipt changed (the CTE of confirmReceipt and receiveDueOrders). */
const received = alias(mallOrders, 'received');

/** Days after shipping when receipt is confirmed for the buyer (MALL_AUTO_RECEIVE_DAYS). */
export const AUTO_RECEIVE_DAYS = 10;

/**
 * The platform ships a paid order by SN list or range from its own unbound stock: in one
 * transaction the terminals move to the buyer's stock as a platform allocation with its operation
 * record (so the buyer's terminal pages show them at once), and the order becomes shipped. The
 * SNs must match the order exactly: the brand and model of each line, as many as it bought.
 * The courier and waybill number are recorded on the order for the buyer.
 */
export async function shipOrder(
  db: Db,
  op: OperatorCaller,
  input: ShipMallOrderRequest,
  now: Date = new Date(),
) {
  const selection = readSelection(input);
  const platform = await getPlatformCaller(db);
  try {
    return await db.transaction(async (tx) => {
      const order = await selectOne(
        tx,
        {
          status: o.status,
          agentId: o.agentId,
          orderNo: o.orderNo,
          buyerPath: a.path,
          buyerTop: a.topId,
        },
        sql`FROM mall_orders o JOIN agents a ON ${a.id} = ${o.agentId} WHERE ${o.id} = ${input.id} FOR UPDATE OF o`,
      );
      if (!order) throw notFound('订单不存在');
      if (order.status !== MALL_ORDER_STATUS.PAID)
        throw badRequest('只有待发货的订单可以发货', 'id');
      const buyer = order.agentId;
      const topId = order.buyerTop;
      const shipped = await select(
        tx,
        { id: moved.id, sn: moved.sn, brandId: moved.brandId, model: moved.model },
        sql`FROM moved`,
        {
          with: sql`WITH moved AS (UPDATE terminals t SET holder_agent_id = ${buyer}, holder_path = ${order.buyerPath},
              top_id = ${topId}, updated_at = ${now}
            WHERE ${selection.where(sql`t`)} AND t.deleted_at IS NULL AND t.bind_status = 0
              AND t.holder_agent_id IS NULL AND t.pending_operation_id IS NULL
            RETURNING t.id, t.sn, t.brand_id, t.model)`,
        },
      );
      if (shipped.length !== selection.count) throw new BatchShortfall();
      const wanted = await select(
        tx,
        {
          brandId: p.brandId,
          model: p.model,
          quantity: sql`sum(${i.quantity})`.mapWith(decode.number),
          name: sql`min(${p.name})`.mapWith(decode.text),
        },
        sql`FROM mall_order_items i JOIN mall_products p ON ${p.id} = ${i.productId}
             WHERE ${i.orderId} = ${input.id} GROUP BY ${p.brandId}, ${p.model}`,
      );
      for (const w of wanted) {
        const n = shipped.filter((m) => m.brandId === w.brandId && m.model === w.model).length;
        if (n !== w.quantity)
          throw badRequest(
            `${w.name}（${w.model}）应发 ${w.quantity} 台，所选SN中有 ${n} 台`,
            'sns',
          );
      }
      const total = wanted.reduce((s, w) => s + w.quantity, 0);
      if (shipped.length !== total)
        throw badRequest(`订单共 ${total} 台，所选SN有 ${shipped.length} 台`, 'sns');
      const sns = shipped.map((m) => m.sn).sort();
      const [record] = await tx
        .insert(terminalOperations)
        .values({
          type: TERMINAL_OPERATE_TYPE.ALLOCATE,
          status: OPERATE_STATUS.PASSED,
          operatorId: platform.agentId,
          fromAgentId: null,
          toAgentId: buyer,
          topId,
          count: shipped.length,
          firstSn: sns[0]!,
          lastSn: sns[sns.length - 1]!,
          reason: `商城订单 ${order.orderNo}`,
          createdAt: now,
          decidedAt: now,
        })
        .returning({ id: terminalOperations.id });
      const operationId = record!.id;
      await tx.execute(
        sql`INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
            SELECT ${operationId}, unnest(string_to_array(${shipped.map((m) => m.id).join(',')}, ','))::bigint,
                   unnest(string_to_array(${shipped.map((m) => m.sn).join(',')}, ','))`,
      );
      await tx.execute(
        sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.SHIPPED}, shipped_at = ${now},
              operation_id = ${operationId}, courier = ${input.courier}, waybill_no = ${input.waybillNo},
              updated_at = ${now} WHERE id = ${input.id}`,
      );
      await notifyOrderShipped(tx, {
        ...input,
        agentId: buyer,
        orderNo: order.orderNo,
        count: shipped.length,
      });
      await audit(tx, op, {
        action: 'mall_order.ship',
        targetType: 'mall_order',
        targetId: input.id,
        before: { status: MALL_ORDER_STATUS.PAID },
        after: {
          status: MALL_ORDER_STATUS.SHIPPED,
          operationId,
          count: shipped.length,
          sns: sns.slice(0, 50),
          courier: input.courier,
          waybillNo: input.waybillNo,
        },
      });
      return { id: input.id, operationId, count: shipped.length };
    });
  } catch (err) {
    if (!(err instanceof BatchShortfall)) throw err;
    throw (
      (await firstIneligible(
        db,
        selection,
        sql`(t.bind_status <> 0 OR t.pending_operation_id IS NOT NULL OR t.holder_agent_id IS NOT NULL)`,
        (row, sn) =>
          row.holder_agent_id != null &&
          Number(row.bind_status) === 0 &&
          row.pending_operation_id == null
            ? `SN ${sn} 不在平台库存中`
            : explainStock('发货')(row, sn),
      )) ?? badRequest('终端状态已变化，请刷新后重试', 'sns')
    );
  }
}

/**
 * What an order can ship with: per brand and model of its lines, the units bought, how many of
 * the platform's unallocated terminals of that model there are, and the first 500 of their SNs
 * (the operator picks from these, by list or range).
 */
export async function shippableFor(db: Db, orderId: number): Promise<MallShippableModel[]> {
  const wanted = await select(
    db,
    {
      brandId: p.brandId,
      brandName: b.name,
      model: p.model,
      quantity: sql`sum(${i.quantity})`.mapWith(decode.number),
    },
    sql`FROM mall_order_items i JOIN mall_products p ON ${p.id} = ${i.productId} JOIN brands b ON ${b.id} = ${p.brandId}
         WHERE ${i.orderId} = ${orderId} GROUP BY ${p.brandId}, ${b.name}, ${p.model} ORDER BY ${p.model}`,
  );
  if (wanted.length === 0) throw notFound('订单不存在');
  const out: MallShippableModel[] = [];
  for (const w of wanted) {
    const { brandId, model } = w;
    const count = await selectOne(
      db,
      { n: sql`count(*)`.mapWith(decode.number) },
      platformStock(sql`${brandId}`, sql`${model}`),
    );
    const sns = await select(
      db,
      { sn: t.sn },
      sql`${platformStock(sql`${brandId}`, sql`${model}`)} ORDER BY ${t.sn} LIMIT 500`,
    );
    out.push({
      brandId,
      brandName: w.brandName,
      model,
      quantity: w.quantity,
      available: count!.n,
      sns: sns.map((r) => r.sn),
    });
  }
  return out;
}

/** The buyer confirms receipt of a shipped order. */
export async function confirmReceipt(db: Db, agentId: number, id: number, now: Date = new Date()) {
  const done = await selectOne(db, { id: received.id }, sql`FROM received`, {
    with: sql`WITH received AS (UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.RECEIVED}, received_at = ${now}, updated_at = ${now}
        WHERE id = ${id} AND agent_id = ${agentId} AND status = ${MALL_ORDER_STATUS.SHIPPED} RETURNING id)`,
  });
  if (done) return;
  const exists = await selectOne(
    db,
    { status: mallOrders.status },
    sql`FROM mall_orders WHERE ${mallOrders.id} = ${id} AND ${mallOrders.agentId} = ${agentId}`,
  );
  if (!exists) throw notFound('订单不存在');
  throw badRequest('订单不是已发货状态', 'id');
}

/** Confirms receipt of every order shipped more than the set days ago. Returns how many. */
export async function receiveDueOrders(db: Db, now: Date = new Date(), days = AUTO_RECEIVE_DAYS) {
  const done = await select(db, { id: received.id }, sql`FROM received`, {
    with: sql`WITH received AS (UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.RECEIVED}, received_at = ${now}, updated_at = ${now}
        WHERE status = ${MALL_ORDER_STATUS.SHIPPED} AND shipped_at <= ${new Date(now.getTime() - days * 86_400_000)}
        RETURNING id)`,
  });
  return done.length;
}

/** The platform cancels an order that has not shipped (a paid one is refunded), audited. */
export async function cancelByOperator(
  db: Db,
  op: OperatorCaller,
  input: { id: number; reason: string },
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const order = await selectOne(
      tx,
      ORDER,
      sql`FROM mall_orders o WHERE ${o.id} = ${input.id} FOR UPDATE`,
    );
    if (!order) throw notFound('订单不存在');
    const closed = await cancelOrder(tx, order, input.reason, now);
    await audit(tx, op, {
      action: 'mall_order.cancel',
      targetType: 'mall_order',
      targetId: input.id,
      before: { status: order.status },
      after: { status: closed.status, reason: input.reason },
    });
    return { id: input.id, status: closed.status };
  });
}

const ADMIN_ORDER = {
  id: o.id,
  orderNo: o.orderNo,
  status: o.status,
  payType: o.payType,
  shippingWay: o.shippingWay,
  totalFen: o.totalFen,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
  shippedAt: o.shippedAt,
  courier: o.courier,
  waybillNo: o.waybillNo,
  agentName: a.name,
  agentMobile: a.mobile,
  address: o.address,
  quantity:
    sql`(SELECT coalesce(sum(i.quantity), 0) FROM mall_order_items i WHERE i.order_id = ${o.id})`.mapWith(
      decode.number,
    ),
  summary:
    sql`(SELECT string_agg(p.name || ' ' || p.model || ' x' || i.quantity, '; ' ORDER BY p.id)
                 FROM mall_order_items i JOIN mall_products p ON p.id = i.product_id WHERE i.order_id = ${o.id})`.mapWith(
      decode.textOrNull,
    ),
};

/** Every order for the console, newest first, by state or order number. */
export function adminOrderList(q: AdminMallOrderQuery): KeysetSpec<AdminMallOrder> {
  return typedKeyset({
    shape: ADMIN_ORDER,
    from: sql`FROM mall_orders o JOIN agents a ON a.id = o.agent_id`,
    where: [
      q.status !== undefined && sql`o.status = ${q.status}`,
      q.orderNo ? sql`o.order_no = ${q.orderNo}` : undefined,
    ],
    sorts: { id: { expr: sql`o.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`o.id`,
    // Mall orders are few (an agent restocks a few times a month) and the status filter has its
    // index: the operator sees how many there are.
    counted: true,
    map: (r) => {
      const address = r.address;
      return {
        id: r.id,
        orderNo: r.orderNo,
        status: r.status,
        payType: r.payType,
        shippingWay: r.shippingWay,
        totalFen: r.totalFen,
        quantity: r.quantity,
        summary: r.summary ?? '',
        agentName: r.agentName,
        agentMobile: r.agentMobile,
        address: `${address.name} ${address.mobile} ${address.province}${address.city}${address.district}${address.detail}`,
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
        shippedAt: r.shippedAt?.toISOString() ?? null,
        courier: r.courier,
        waybillNo: r.waybillNo,
      };
    },
  });
}
