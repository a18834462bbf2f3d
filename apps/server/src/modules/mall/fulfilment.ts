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
import { rows, type Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../admin/audit';
import { platformCaller } from '../admin/terminal-import';
import { num } from '../ledger/accounts';
import { notifyOrderShipped } from '../message/send-product-events';
import { BatchShortfall, explainStock, firstIneligible } from '../terminals/platform-batch';
import { readSelection } from '../terminals/selection';
import { platformStock } from './catalog';
import { cancelOrder } from './orders';
import { isoOrEpoch, isoOrNull, json } from '../../db/convert';

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
  const platform = await platformCaller(db);
  try {
    return await db.transaction(async (tx) => {
      const [o] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT o.*, a.path AS buyer_path, a.top_id AS buyer_top, a.name AS buyer_name
              FROM mall_orders o JOIN agents a ON a.id = o.agent_id WHERE o.id = ${input.id} FOR UPDATE OF o`,
      );
      if (!o) throw notFound('订单不存在');
      if (num(o.status) !== MALL_ORDER_STATUS.PAID)
        throw badRequest('只有待发货的订单可以发货', 'id');
      const buyer = num(o.agent_id);
      const topId = o.buyer_top == null ? null : num(o.buyer_top);
      const moved = await rows<{ id: unknown; sn: string; brand_id: unknown; model: string }>(
        tx,
        sql`UPDATE terminals t SET holder_agent_id = ${buyer}, holder_path = ${o.buyer_path as string},
              top_id = ${topId}, updated_at = ${now}
            WHERE ${selection.where(sql`t`)} AND t.deleted_at IS NULL AND t.bind_status = 0
              AND t.holder_agent_id IS NULL AND t.pending_operation_id IS NULL
            RETURNING t.id, t.sn, t.brand_id, t.model`,
      );
      if (moved.length !== selection.count) throw new BatchShortfall();
      const wanted = await rows<{
        brand_id: unknown;
        model: string;
        quantity: unknown;
        name: string;
      }>(
        tx,
        sql`SELECT p.brand_id, p.model, sum(i.quantity) AS quantity, min(p.name) AS name
              FROM mall_order_items i JOIN mall_products p ON p.id = i.product_id
             WHERE i.order_id = ${input.id} GROUP BY p.brand_id, p.model`,
      );
      for (const w of wanted) {
        const n = moved.filter(
          (m) => num(m.brand_id) === num(w.brand_id) && m.model === w.model,
        ).length;
        if (n !== num(w.quantity))
          throw badRequest(
            `${w.name}（${w.model}）应发 ${num(w.quantity)} 台，所选SN中有 ${n} 台`,
            'sns',
          );
      }
      const total = wanted.reduce((s, w) => s + num(w.quantity), 0);
      if (moved.length !== total)
        throw badRequest(`订单共 ${total} 台，所选SN有 ${moved.length} 台`, 'sns');
      const sns = moved.map((m) => m.sn).sort();
      const [record] = await rows<{ id: unknown }>(
        tx,
        sql`INSERT INTO terminal_operations (type, status, operator_id, from_agent_id, to_agent_id, top_id, count,
              first_sn, last_sn, reason, created_at, decided_at)
            VALUES (${TERMINAL_OPERATE_TYPE.ALLOCATE}, ${OPERATE_STATUS.PASSED}, ${platform.agentId}, NULL, ${buyer},
              ${topId}, ${moved.length}, ${sns[0]!}, ${sns[sns.length - 1]!}, ${`商城订单 ${String(o.order_no)}`},
              ${now}, ${now})
            RETURNING id`,
      );
      const operationId = num(record!.id);
      await tx.execute(
        sql`INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
            SELECT ${operationId}, unnest(string_to_array(${moved.map((m) => num(m.id)).join(',')}, ','))::bigint,
                   unnest(string_to_array(${moved.map((m) => m.sn).join(',')}, ','))`,
      );
      await tx.execute(
        sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.SHIPPED}, shipped_at = ${now},
              operation_id = ${operationId}, courier = ${input.courier}, waybill_no = ${input.waybillNo},
              updated_at = ${now} WHERE id = ${input.id}`,
      );
      await notifyOrderShipped(tx, {
        ...input,
        agentId: buyer,
        orderNo: String(o.order_no),
        count: moved.length,
      });
      await audit(tx, op, {
        action: 'mall_order.ship',
        targetType: 'mall_order',
        targetId: input.id,
        before: { status: MALL_ORDER_STATUS.PAID },
        after: {
          status: MALL_ORDER_STATUS.SHIPPED,
          operationId,
          count: moved.length,
          sns: sns.slice(0, 50),
          courier: input.courier,
          waybillNo: input.waybillNo,
        },
      });
      return { id: input.id, operationId, count: moved.length };
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
  const wanted = await rows<Record<string, unknown>>(
    db,
    sql`SELECT p.brand_id, b.name AS brand_name, p.model, sum(i.quantity) AS quantity
          FROM mall_order_items i JOIN mall_products p ON p.id = i.product_id JOIN brands b ON b.id = p.brand_id
         WHERE i.order_id = ${orderId} GROUP BY p.brand_id, b.name, p.model ORDER BY p.model`,
  );
  if (wanted.length === 0) throw notFound('订单不存在');
  const out: MallShippableModel[] = [];
  for (const w of wanted) {
    const brandId = num(w.brand_id);
    const model = String(w.model);
    const [count] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n ${platformStock(sql`${brandId}`, sql`${model}`)}`,
    );
    const sns = await rows<{ sn: string }>(
      db,
      sql`SELECT t.sn ${platformStock(sql`${brandId}`, sql`${model}`)} ORDER BY t.sn LIMIT 500`,
    );
    out.push({
      brandId,
      brandName: String(w.brand_name),
      model,
      quantity: num(w.quantity),
      available: num(count!.n),
      sns: sns.map((r) => r.sn),
    });
  }
  return out;
}

/** The buyer confirms receipt of a shipped order. */
export async function confirmReceipt(db: Db, agentId: number, id: number, now: Date = new Date()) {
  const [done] = await rows(
    db,
    sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.RECEIVED}, received_at = ${now}, updated_at = ${now}
        WHERE id = ${id} AND agent_id = ${agentId} AND status = ${MALL_ORDER_STATUS.SHIPPED} RETURNING id`,
  );
  if (done) return;
  const [exists] = await rows<{ status: unknown }>(
    db,
    sql`SELECT status FROM mall_orders WHERE id = ${id} AND agent_id = ${agentId}`,
  );
  if (!exists) throw notFound('订单不存在');
  throw badRequest('订单不是已发货状态', 'id');
}

/** Confirms receipt of every order shipped more than the set days ago. Returns how many. */
export async function receiveDueOrders(db: Db, now: Date = new Date(), days = AUTO_RECEIVE_DAYS) {
  const done = await rows(
    db,
    sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.RECEIVED}, received_at = ${now}, updated_at = ${now}
        WHERE status = ${MALL_ORDER_STATUS.SHIPPED} AND shipped_at <= ${new Date(now.getTime() - days * 86_400_000)}
        RETURNING id`,
  );
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
    const [o] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM mall_orders WHERE id = ${input.id} FOR UPDATE`,
    );
    if (!o) throw notFound('订单不存在');
    const closed = await cancelOrder(tx, o, input.reason, now);
    await audit(tx, op, {
      action: 'mall_order.cancel',
      targetType: 'mall_order',
      targetId: input.id,
      before: { status: num(o.status) },
      after: { status: num(closed.status), reason: input.reason },
    });
    return { id: input.id, status: num(closed.status) };
  });
}

/** Every order for the console, newest first, by state or order number. */
export function adminOrderList(q: AdminMallOrderQuery): KeysetSpec<AdminMallOrder> {
  return {
    select: sql`o.id, o.order_no, o.status, o.pay_type, o.shipping_way, o.total_fen, o.created_at, o.paid_at,
                o.shipped_at, o.courier, o.waybill_no, a.name AS agent_name, a.mobile AS agent_mobile, o.address,
                (SELECT coalesce(sum(i.quantity), 0) FROM mall_order_items i WHERE i.order_id = o.id) AS quantity,
                (SELECT string_agg(p.name || ' ' || p.model || ' x' || i.quantity, '; ' ORDER BY p.id)
                   FROM mall_order_items i JOIN mall_products p ON p.id = i.product_id WHERE i.order_id = o.id) AS summary`,
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
      const address = json<Record<string, string>>(r.address);
      return {
        id: num(r.id),
        orderNo: String(r.order_no),
        status: num(r.status),
        payType: r.pay_type == null ? null : num(r.pay_type),
        shippingWay: num(r.shipping_way),
        totalFen: num(r.total_fen),
        quantity: num(r.quantity),
        summary: String(r.summary ?? ''),
        agentName: String(r.agent_name),
        agentMobile: String(r.agent_mobile),
        address: `${address.name} ${address.mobile} ${address.province}${address.city}${address.district}${address.detail}`,
        createdAt: isoOrEpoch(r.created_at),
        paidAt: isoOrNull(r.paid_at),
        shippedAt: isoOrNull(r.shipped_at),
        courier: (r.courier as string | null) ?? null,
        waybillNo: (r.waybill_no as string | null) ?? null,
      };
    },
  };
}
