import {
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  SHIPPING_PAY_WAY,
  unitPriceFor,
  type CreateMallOrderRequest,
  type MallOrder,
  type PayMallOrderRequest,
  type PriceTier,
} from '@pos/core';
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { agentAccountId, num, platformAccountId, PLATFORM_ACCOUNTS } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { json } from '../policies/scope';
import { iso, isoNow } from '../terminals/scope';
import { checkPayPassword } from '../withdrawals/pay-password';

/**
 * Shipping ways this platform offers, and what each costs in the app: free shipping and self
 * pickup cost nothing; cash on delivery is paid to the courier, so the order carries no postage.
 * Points and Alipay postage need the points wallet and the payment gateway (decision 012).
 */
const SHIPPING_OPEN: readonly number[] = [
  SHIPPING_PAY_WAY.CASH_ON_DELIVERY,
  SHIPPING_PAY_WAY.FREE_SHIPPING,
  SHIPPING_PAY_WAY.SELF_PICKUP,
];
/** Pay types open now: the goods balance (capital pool). */
const PAY_OPEN: readonly number[] = [ORDER_PAY_TYPE.GOODS_BALANCE];

const orderNo = (now: Date) =>
  `M${now.toISOString().replace(/\D/g, '').slice(2, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

async function loadOrder(db: DbOrTx, agentId: number, id: number, lock = false) {
  const [o] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM mall_orders WHERE id = ${id} AND agent_id = ${agentId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!o) throw notFound('订单不存在');
  return o;
}

/** An order as its buyer sees it. */
export async function getOrder(db: DbOrTx, agentId: number, id: number): Promise<MallOrder> {
  return toOrder(db, await loadOrder(db, agentId, id));
}

async function toOrder(db: DbOrTx, o: Record<string, unknown>): Promise<MallOrder> {
  return (await toOrders(db, [o]))[0]!;
}

/** Orders as their buyer sees them, with the lines of all of them read in one query. */
async function toOrders(db: DbOrTx, orders: Record<string, unknown>[]): Promise<MallOrder[]> {
  if (orders.length === 0) return [];
  const lines = await rows<Record<string, unknown>>(
    db,
    sql`SELECT i.order_id, i.product_id, p.name, p.model, i.quantity, i.unit_price_fen, i.amount_fen
          FROM mall_order_items i JOIN mall_products p ON p.id = i.product_id
         WHERE i.order_id = ANY(string_to_array(${orders.map((o) => num(o.id)).join(',')}, ',')::bigint[])
         ORDER BY i.order_id, i.product_id`,
  );
  return orders.map((o) =>
    toView(
      o,
      lines.filter((l) => num(l.order_id) === num(o.id)),
    ),
  );
}

function toView(o: Record<string, unknown>, items: Record<string, unknown>[]): MallOrder {
  const address = json<Record<string, string>>(o.address);
  return {
    id: num(o.id),
    orderNo: String(o.order_no),
    status: num(o.status),
    payType: o.pay_type == null ? null : num(o.pay_type),
    shippingWay: num(o.shipping_way),
    goodsFen: num(o.goods_fen),
    shippingFen: num(o.shipping_fen),
    totalFen: num(o.total_fen),
    address: {
      name: address.name!,
      mobile: address.mobile!,
      province: address.province!,
      city: address.city!,
      district: address.district!,
      detail: address.detail!,
    },
    items: items.map((i) => ({
      productId: num(i.product_id),
      name: String(i.name),
      model: String(i.model),
      quantity: num(i.quantity),
      unitPriceFen: num(i.unit_price_fen),
      amountFen: num(i.amount_fen),
    })),
    expiresAt: isoNow(o.expires_at),
    createdAt: isoNow(o.created_at),
    paidAt: iso(o.paid_at),
    shippedAt: iso(o.shipped_at),
    receivedAt: iso(o.received_at),
    cancelledAt: iso(o.cancelled_at),
    cancelReason: (o.cancel_reason as string | null) ?? null,
  };
}

/**
 * An order placed: each product priced by its tier for the quantity, its stock reserved in the
 * same statement that checks it (so concurrent orders for the last units let exactly as many
 * through as there are units), the address copied onto the order, payment due within the
 * timeout. Nothing is reserved when anything is refused.
 */
export async function createOrder(
  db: Db,
  agent: { agentId: number; topId: number | null; path: string },
  input: CreateMallOrderRequest,
  opts: { timeoutMinutes: number; now?: Date },
): Promise<MallOrder> {
  const now = opts.now ?? new Date();
  if (!SHIPPING_OPEN.includes(input.shippingWay))
    throw badRequest('该配送方式暂未开放，请选择包邮、自提或货到付款', 'shippingWay');
  const ids = input.items.map((i) => i.productId);
  if (new Set(ids).size !== ids.length) throw badRequest('同一商品请合并数量', 'items');
  const [address] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT name, mobile, province, city, district, detail FROM mall_addresses
         WHERE id = ${input.addressId} AND agent_id = ${agent.agentId}`,
  );
  if (!address) throw badRequest('收货地址不存在', 'addressId');
  return db.transaction(async (tx) => {
    const priced: { productId: number; quantity: number; unit: number }[] = [];
    for (const [i, item] of input.items.entries()) {
      const [p] = await rows<{ name: string; price_tiers: unknown; on_sale: boolean }>(
        tx,
        sql`UPDATE mall_products SET stock = stock - ${item.quantity}, updated_at = ${now}
             WHERE id = ${item.productId} AND on_sale AND stock >= ${item.quantity}
            RETURNING name, price_tiers, on_sale`,
      );
      if (!p) {
        const [exists] = await rows<{ name: string; stock: unknown; on_sale: boolean }>(
          tx,
          sql`SELECT name, stock, on_sale FROM mall_products WHERE id = ${item.productId}`,
        );
        if (!exists || !exists.on_sale) throw badRequest('商品已下架', `items.${i}.productId`);
        throw badRequest(
          `${exists.name} 库存不足，仅剩 ${num(exists.stock)} 台`,
          `items.${i}.quantity`,
        );
      }
      const tiers = json<PriceTier[]>(p.price_tiers);
      const unit = unitPriceFor(tiers, item.quantity);
      if (unit === null) throw badRequest(`${p.name} 暂无价格`, `items.${i}.productId`);
      priced.push({ productId: item.productId, quantity: item.quantity, unit });
    }
    const goods = priced.reduce((s, p) => s + p.unit * p.quantity, 0);
    const shipping = 0;
    const [o] = await rows<Record<string, unknown>>(
      tx,
      sql`INSERT INTO mall_orders (order_no, agent_id, top_id, agent_path, status, shipping_way, goods_fen,
                                   shipping_fen, total_fen, address, expires_at, created_at, updated_at)
          VALUES (${orderNo(now)}, ${agent.agentId}, ${agent.topId}, ${agent.path},
                  ${MALL_ORDER_STATUS.PENDING_PAYMENT}, ${input.shippingWay}, ${goods}, ${shipping},
                  ${goods + shipping}, ${JSON.stringify(address)}::jsonb,
                  ${new Date(now.getTime() + opts.timeoutMinutes * 60_000)}, ${now}, ${now})
          RETURNING *`,
    );
    for (const p of priced) {
      await tx.execute(
        sql`INSERT INTO mall_order_items (order_id, product_id, quantity, unit_price_fen, amount_fen)
            VALUES (${o!.id as number}, ${p.productId}, ${p.quantity}, ${p.unit}, ${p.unit * p.quantity})`,
      );
    }
    return toOrder(tx, o!);
  });
}

/**
 * Pays an order from the goods balance (the capital pool) after the pay password: one ledger entry
 * from the agent's capital pool to the platform's capital clearing, keyed by the order so a
 * repeated request pays once. An order past its time, cancelled or already paid is refused.
 */
export async function payOrder(
  db: Db,
  agentId: number,
  input: PayMallOrderRequest,
  now: Date = new Date(),
): Promise<MallOrder> {
  if (!PAY_OPEN.includes(input.payType))
    throw badRequest('该支付方式暂未开放，请使用货款余额支付', 'payType');
  const before = await loadOrder(db, agentId, input.id);
  if (num(before.status) !== MALL_ORDER_STATUS.PENDING_PAYMENT)
    throw badRequest('订单不是待付款状态', 'id');
  await checkPayPassword(db, agentId, input.payPassword);
  try {
    return await db.transaction(async (tx) => {
      const o = await loadOrder(tx, agentId, input.id, true);
      if (num(o.status) !== MALL_ORDER_STATUS.PENDING_PAYMENT)
        throw badRequest('订单不是待付款状态', 'id');
      if (new Date(o.expires_at as string) <= now) throw badRequest('订单已超时，请重新下单', 'id');
      const total = num(o.total_fen);
      const posted = await postEntry(tx, {
        idemKey: `mall:pay:${num(o.id)}`,
        reason: 'mall_purchase',
        memo: String(o.order_no),
        lines: [
          {
            accountId: await agentAccountId(tx, agentId, 'capital_pool'),
            amountFen: -total,
            infoType: 'mall_purchase',
            detail: { orderNo: o.order_no },
          },
          {
            accountId: await platformAccountId(tx, PLATFORM_ACCOUNTS.capitalClearing),
            amountFen: total,
            infoType: 'mall_purchase',
            detail: { orderNo: o.order_no },
          },
        ],
      });
      const [paid] = await rows<Record<string, unknown>>(
        tx,
        sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.PAID}, pay_type = ${input.payType},
              pay_entry_id = ${posted.entryId}, paid_at = ${now}, updated_at = ${now}
            WHERE id = ${num(o.id)} RETURNING *`,
      );
      return toOrder(tx, paid!);
    });
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw badRequest('货款余额不足', 'payType');
    throw err;
  }
}

/**
 * Cancels an order in one transaction: its reserved stock returns; a paid order's money goes back
 * to where it came from through a ledger entry keyed by the order (refunded). Shipped, received
 * or already closed orders cannot be cancelled.
 */
export async function cancelOrder(
  tx: DbOrTx,
  order: Record<string, unknown>,
  reason: string,
  now: Date = new Date(),
): Promise<Record<string, unknown>> {
  const status = num(order.status);
  if (status !== MALL_ORDER_STATUS.PENDING_PAYMENT && status !== MALL_ORDER_STATUS.PAID)
    throw conflict('订单已发货或已关闭，不能取消');
  await tx.execute(
    sql`UPDATE mall_products p SET stock = p.stock + i.quantity, updated_at = ${now}
          FROM mall_order_items i WHERE i.order_id = ${num(order.id)} AND p.id = i.product_id`,
  );
  let refundEntry: number | null = null;
  if (status === MALL_ORDER_STATUS.PAID) {
    const total = num(order.total_fen);
    const posted = await postEntry(tx, {
      idemKey: `mall:refund:${num(order.id)}`,
      reason: 'mall_refund',
      memo: String(order.order_no),
      lines: [
        {
          accountId: await platformAccountId(tx, PLATFORM_ACCOUNTS.capitalClearing),
          amountFen: -total,
          infoType: 'mall_refund',
          detail: { orderNo: order.order_no },
        },
        {
          accountId: await agentAccountId(tx, num(order.agent_id), 'capital_pool'),
          amountFen: total,
          infoType: 'mall_refund',
          detail: { orderNo: order.order_no },
        },
      ],
    });
    refundEntry = posted.entryId;
  }
  const [closed] = await rows<Record<string, unknown>>(
    tx,
    sql`UPDATE mall_orders SET status = ${refundEntry ? MALL_ORDER_STATUS.REFUNDED : MALL_ORDER_STATUS.CANCELLED},
          refund_entry_id = ${refundEntry}, cancelled_at = ${now}, cancel_reason = ${reason}, updated_at = ${now}
        WHERE id = ${num(order.id)} RETURNING *`,
  );
  return closed!;
}

/** The buyer cancels its own order (unpaid, or paid and not shipped: refunded). */
export async function cancelOwnOrder(db: Db, agentId: number, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const o = await loadOrder(tx, agentId, id, true);
    return toOrder(tx, await cancelOrder(tx, o, '买家取消', now));
  });
}

/**
 * Cancels every unpaid order past its time, each in its own transaction guarded on its status,
 * so the job can run on several processes and meet a payment in flight. Returns how many.
 */
export async function expireUnpaidOrders(db: Db, now: Date = new Date()): Promise<number> {
  const due = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM mall_orders WHERE status = ${MALL_ORDER_STATUS.PENDING_PAYMENT}
          AND expires_at <= ${now} ORDER BY expires_at LIMIT 500`,
  );
  let n = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [o] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT * FROM mall_orders WHERE id = ${num(id)} AND status = ${MALL_ORDER_STATUS.PENDING_PAYMENT}
            FOR UPDATE SKIP LOCKED`,
      );
      if (!o) return false;
      await cancelOrder(tx, o, '超时未支付，自动取消', now);
      return true;
    });
    if (done) n += 1;
  }
  return n;
}

/** The buyer's orders, newest first, by state; keyset by id. */
export async function listOrders(
  db: Db,
  agentId: number,
  q: { status?: number; cursor?: string; pageSize: number },
) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM mall_orders WHERE agent_id = ${agentId}
          ${q.status === undefined ? sql`` : sql`AND status = ${q.status}`}
          ${q.cursor ? sql`AND id < ${Number(q.cursor)}` : sql``}
        ORDER BY id DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize);
  return {
    rows: await toOrders(db, page),
    nextCursor: found.length > q.pageSize ? String(num(page[page.length - 1]!.id)) : null,
  };
}
