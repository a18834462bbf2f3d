import {
  formatDate,
  GATEWAY_PAY_TYPES,
  WALLET_PAY_TYPES,
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  POSTAGE_SHIPPING_WAYS,
  mallCombinationError,
  orderPayTypeOptions,
  unitPriceFor,
  type CreateMallOrderRequest,
  type MallOrder,
  type MallQuote,
  type MallQuoteRequest,
  type PayMallOrderRequest,
  type PriceTier,
} from '@pos/core';
import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import {
  agentAccountId,
  agentBalances,
  num,
  platformAccountId,
  PLATFORM_ACCOUNTS,
} from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { checkPayPassword } from '../withdrawals/pay-password';
import { readMallRules } from './rules';
import { freeOfModel, lockModel } from './catalog';
import type { GatewayLookup } from '../payments/gateway';
import { isoOrEpoch, isoOrNull, json } from '../../db/convert';

/**
 * An order or payment number: a letter, the time to the second in Asia/Shanghai (the day the
 * agent and the operator read, yymmddhhMMss), six random digits.
 */
export const serialNo = (prefix: string, now: Date) =>
  `${prefix}${formatDate(now, 'yyyymmddhhMMss').slice(2)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const shortfall = (name: string, stock: number) => `${name} 库存不足，仅剩 ${stock} 台`;

/**
 * The agent buying: its id and its tree. Its orders, quota and the rest are read in its tree
 * (top_id, decision 020); a buyer without one (topId null) reads them by its id alone.
 */
export type Buyer = Pick<Caller, 'agentId' | 'topId'>;

/** ` AND column = the buyer's tree`, or nothing without one. */
const inTree = (column: SQL, buyer: Pick<Buyer, 'topId'>) => andInTree(column, buyer);

async function loadOrder(db: DbOrTx, buyer: Buyer, id: number, lock = false) {
  const [o] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM mall_orders WHERE id = ${id} AND agent_id = ${buyer.agentId}${inTree(sql`top_id`, buyer)}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!o) throw notFound('订单不存在');
  return o;
}

/** An order as its buyer sees it. */
export async function getOrder(db: DbOrTx, buyer: Buyer, id: number): Promise<MallOrder> {
  return toOrder(db, buyer, await loadOrder(db, buyer, id));
}

async function toOrder(
  db: DbOrTx,
  buyer: Pick<Buyer, 'topId'>,
  o: Record<string, unknown>,
): Promise<MallOrder> {
  return (await toOrders(db, buyer, [o]))[0]!;
}

/**
 * Orders as their buyer sees them, with the lines of all of them read in one query; the lines
 * and shipped SNs through their order and operation in the buyer's tree (decision 020).
 */
async function toOrders(
  db: DbOrTx,
  buyer: Pick<Buyer, 'topId'>,
  orders: Record<string, unknown>[],
): Promise<MallOrder[]> {
  if (orders.length === 0) return [];
  const lines = await rows<Record<string, unknown>>(
    db,
    sql`SELECT i.order_id, i.product_id, p.name, p.model, i.quantity, i.unit_price_fen, i.amount_fen
          FROM mall_order_items i JOIN mall_products p ON p.id = i.product_id
          ${buyer.topId === null ? sql`` : sql`JOIN mall_orders o ON o.id = i.order_id AND o.top_id = ${buyer.topId}`}
         WHERE i.order_id = ANY(string_to_array(${orders.map((o) => num(o.id)).join(',')}, ',')::bigint[])
         ORDER BY i.order_id, i.product_id`,
  );
  const operations = orders.filter((o) => o.operation_id != null).map((o) => num(o.operation_id));
  const shipped = operations.length
    ? await rows<{ operation_id: unknown; sn: string }>(
        db,
        sql`SELECT i.operation_id, i.sn FROM terminal_operation_items i
             ${buyer.topId === null ? sql`` : sql`JOIN terminal_operations o ON o.id = i.operation_id AND o.top_id = ${buyer.topId}`}
             WHERE i.operation_id = ANY(string_to_array(${operations.join(',')}, ',')::bigint[])
             ORDER BY i.operation_id, i.sn`,
      )
    : [];
  return orders.map((o) =>
    toView(
      o,
      lines.filter((l) => num(l.order_id) === num(o.id)),
      o.operation_id == null
        ? []
        : shipped.filter((x) => num(x.operation_id) === num(o.operation_id)).map((x) => x.sn),
    ),
  );
}

function toView(
  o: Record<string, unknown>,
  items: Record<string, unknown>[],
  shippedSns: string[],
): MallOrder {
  const address = json<Record<string, string>>(o.address);
  return {
    id: num(o.id),
    orderNo: String(o.order_no),
    status: num(o.status),
    payType: o.pay_type == null ? null : num(o.pay_type),
    shippingWay: num(o.shipping_way),
    goodsFen: num(o.goods_fen),
    shippingFen: num(o.shipping_fen),
    discountFen: num(o.discount_fen),
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
    expiresAt: isoOrEpoch(o.expires_at),
    createdAt: isoOrEpoch(o.created_at),
    paidAt: isoOrNull(o.paid_at),
    shippedAt: isoOrNull(o.shipped_at),
    receivedAt: isoOrNull(o.received_at),
    cancelledAt: isoOrNull(o.cancelled_at),
    cancelReason: (o.cancel_reason as string | null) ?? null,
    shippedSns,
    courier: (o.courier as string | null) ?? null,
    waybillNo: (o.waybill_no as string | null) ?? null,
  };
}

/**
 * The ledger accounts a pay type moves money between: who pays, who is paid. Goods balance: the
 * agent's capital pool to the platform's capital clearing; points: the agent's points back to
 * the platform's points account; WeChat/Alipay: the gateway's money into capital clearing.
 */
async function payAccounts(tx: DbOrTx, payType: number, agentId: number) {
  switch (payType) {
    case ORDER_PAY_TYPE.GOODS_BALANCE:
      return {
        payer: await agentAccountId(tx, agentId, 'capital_pool'),
        payee: await platformAccountId(tx, PLATFORM_ACCOUNTS.capitalClearing),
      };
    case ORDER_PAY_TYPE.POINTS:
      return {
        payer: await agentAccountId(tx, agentId, 'points'),
        payee: await platformAccountId(tx, PLATFORM_ACCOUNTS.pointsIssued),
      };
    default:
      return {
        payer: await platformAccountId(tx, PLATFORM_ACCOUNTS.mallGateway),
        payee: await platformAccountId(tx, PLATFORM_ACCOUNTS.capitalClearing),
      };
  }
}

/** Posts a payment (or, with refund, its reverse) of an order between the pay type's accounts. */
export async function postOrderMoney(
  tx: DbOrTx,
  o: { id: number; orderNo: string; agentId: number; payType: number; amountFen: number },
  idemKey: string,
  refund = false,
) {
  const { payer, payee } = await payAccounts(tx, o.payType, o.agentId);
  const sign = refund ? -1 : 1;
  const infoType = refund ? 'mall_refund' : 'mall_purchase';
  return postEntry(tx, {
    idemKey,
    reason: infoType,
    memo: o.orderNo,
    lines: [
      {
        accountId: payer,
        amountFen: -sign * o.amountFen,
        infoType,
        detail: { orderNo: o.orderNo },
      },
      { accountId: payee, amountFen: sign * o.amountFen, infoType, detail: { orderNo: o.orderNo } },
    ],
  });
}

interface Priced {
  productId: number;
  name: string;
  model: string;
  quantity: number;
  unit: number;
  stock: number;
}

/**
 * Prices the lines by their tiers. With reserve, each product's stock is taken in the same
 * statement that checks it (concurrent orders for the last units let exactly as many through
 * as there are units); without, the stock is only read (a quote, which names a shortfall
 * itself). Refusals name the line.
 */
async function priceItems(
  tx: DbOrTx,
  items: CreateMallOrderRequest['items'],
  opts: { reserve: boolean; now: Date },
): Promise<Priced[]> {
  const ids = items.map((i) => i.productId);
  if (new Set(ids).size !== ids.length) throw badRequest('同一商品请合并数量', 'items');
  const priced: Priced[] = [];
  for (const [i, item] of items.entries()) {
    if (opts.reserve) {
      // Orders and product edits of one model take its lock, so the platform's free units of
      // the model are read and taken by one order at a time.
      const [m] = await rows<{ brand_id: unknown; model: string }>(
        tx,
        sql`SELECT brand_id, model FROM mall_products WHERE id = ${item.productId}`,
      );
      if (m) await lockModel(tx, num(m.brand_id), m.model);
    }
    const [p] = opts.reserve
      ? await rows<Record<string, unknown>>(
          tx,
          sql`UPDATE mall_products SET stock = stock - ${item.quantity}, updated_at = ${opts.now}
               WHERE id = ${item.productId} AND on_sale AND stock >= ${item.quantity}
              RETURNING name, model, price_tiers, stock, brand_id`,
        )
      : await rows<Record<string, unknown>>(
          tx,
          sql`SELECT name, model, price_tiers, stock, brand_id FROM mall_products
               WHERE id = ${item.productId} AND on_sale`,
        );
    if (p) {
      // Never more than the platform's unallocated terminals of the model: the lines of this
      // order are not written yet, so the free units must still cover this line.
      const free = await freeOfModel(tx, num(p.brand_id), String(p.model));
      const left = Math.min(num(p.stock) + (opts.reserve ? item.quantity : 0), free);
      if (opts.reserve && free < item.quantity)
        throw badRequest(shortfall(String(p.name), left), `items.${i}.quantity`);
      p.stock = left - (opts.reserve ? item.quantity : 0);
    }
    if (!p) {
      const [exists] = await rows<{
        name: string;
        stock: unknown;
        on_sale: boolean;
        brand_id: unknown;
        model: string;
      }>(
        tx,
        sql`SELECT name, stock, on_sale, brand_id, model FROM mall_products WHERE id = ${item.productId}`,
      );
      if (!exists || !exists.on_sale) throw badRequest('商品已下架', `items.${i}.productId`);
      const free = await freeOfModel(tx, num(exists.brand_id), exists.model);
      throw badRequest(
        shortfall(exists.name, Math.min(num(exists.stock), free)),
        `items.${i}.quantity`,
      );
    }
    const unit = unitPriceFor(json<PriceTier[]>(p.price_tiers), item.quantity);
    if (unit === null) throw badRequest(`${String(p.name)} 暂无价格`, `items.${i}.productId`);
    priced.push({
      productId: item.productId,
      name: String(p.name),
      model: String(p.model),
      quantity: item.quantity,
      unit,
      stock: num(p.stock) + (opts.reserve ? item.quantity : 0),
    });
  }
  return priced;
}

function checkCombination(shippingWay: number, payType: number) {
  const refusal = mallCombinationError(shippingWay, payType);
  // The shipping way decides which pay types go with it, so a mismatch is the shipping way's.
  if (refusal) throw badRequest(refusal, refusal === '支付方式不正确' ? 'payType' : 'shippingWay');
}

/**
 * Refuses to take payment for an order that is not awaiting it, is past its time, or whose
 * shipping way does not go with the pay type (named on the request's pay type, the shipping way
 * being fixed on the order by then). Every way of paying checks the same.
 */
export function assertPayable(o: Record<string, unknown>, payType: number, now: Date) {
  if (num(o.status) !== MALL_ORDER_STATUS.PENDING_PAYMENT)
    throw badRequest('订单不是待付款状态', 'id');
  if (new Date(o.expires_at as string) <= now) throw badRequest('订单已超时，请重新下单', 'id');
  const refusal = mallCombinationError(num(o.shipping_way), payType);
  if (refusal) throw badRequest(refusal, 'payType');
}

/** Goods, postage, the free claim's cover and the total of priced lines. */
async function amounts(db: DbOrTx, priced: Priced[], shippingWay: number, payType: number) {
  const goods = priced.reduce((s, p) => s + p.unit * p.quantity, 0);
  const shipping = POSTAGE_SHIPPING_WAYS.includes(shippingWay)
    ? (await readMallRules(db)).postageFen
    : 0;
  const discount = payType === ORDER_PAY_TYPE.FREE_CLAIM ? goods : 0;
  return { goods, shipping, discount, total: goods - discount + shipping };
}

async function freeQuotaLeft(db: DbOrTx, buyer: Buyer) {
  const [q] = await rows<{ left: unknown }>(
    db,
    sql`SELECT granted - used AS left FROM mall_free_quotas
         WHERE agent_id = ${buyer.agentId}${inTree(sql`top_id`, buyer)}`,
  );
  return num(q?.left);
}

/**
 * What an order would cost, priced by the server so the confirm page shows the server's figures:
 * lines by tier, postage by shipping way, the free claim's cover, the total, and why it could
 * not be placed now (stock, quota, balance) without refusing the quote itself.
 */
export async function quoteOrder(
  db: Db,
  buyer: Buyer,
  input: MallQuoteRequest,
  gateways?: GatewayLookup,
): Promise<MallQuote> {
  checkCombination(input.shippingWay, input.payType);
  const priced = await priceItems(db, input.items, { reserve: false, now: new Date() });
  const short = priced.find((p) => p.stock < p.quantity);
  const a = await amounts(db, priced, input.shippingWay, input.payType);
  const quantity = priced.reduce((s, p) => s + p.quantity, 0);
  const balances = await agentBalances(db, buyer.agentId, buyer.topId);
  const quotaLeft = await freeQuotaLeft(db, buyer);
  // Why each pay type could not pay this order as it stands (its own total: the free claim covers
  // the goods), so the app can start on one that can and say what the others lack.
  const payTypes = orderPayTypeOptions.map(({ value: payType }) => {
    const total = payType === ORDER_PAY_TYPE.FREE_CLAIM ? a.shipping : a.goods + a.shipping;
    let refusal = mallCombinationError(input.shippingWay, payType);
    if (refusal) return { payType, refusal };
    // WeChat Pay and Alipay are offered while their gateway is on (simulated or real).
    if (payType === ORDER_PAY_TYPE.WECHAT && gateways && !gateways('wechat'))
      refusal = '微信支付暂未开放';
    else if (payType === ORDER_PAY_TYPE.ALIPAY && gateways && !gateways('alipay'))
      refusal = '支付宝支付暂未开放';
    else if (payType === ORDER_PAY_TYPE.FREE_CLAIM && quotaLeft < quantity)
      refusal = `免费领取额度不足，剩余 ${quotaLeft} 台`;
    else if (payType === ORDER_PAY_TYPE.GOODS_BALANCE && (balances.capital_pool ?? 0) < total)
      refusal = '货款余额不足，请先转入资金池';
    else if (payType === ORDER_PAY_TYPE.POINTS && (balances.points ?? 0) < total)
      refusal = '积分不足';
    return { payType, refusal };
  });
  const refusal = short
    ? shortfall(short.name, short.stock)
    : (payTypes.find((p) => p.payType === input.payType)?.refusal ?? null);
  return {
    items: priced.map((p) => ({
      productId: p.productId,
      name: p.name,
      model: p.model,
      quantity: p.quantity,
      unitPriceFen: p.unit,
      amountFen: p.unit * p.quantity,
      stock: p.stock,
    })),
    goodsFen: a.goods,
    shippingFen: a.shipping,
    discountFen: a.discount,
    totalFen: a.total,
    refusal,
    payTypes,
  };
}

/**
 * An order placed: each product priced by its tier for the quantity, its stock reserved in the
 * same statement that checks it, the address copied onto the order, the pay type checked against
 * the shipping way, payment due within the timeout. A free claim takes its units from the
 * agent's quota in the same transaction and, having nothing to pay, is paid at once. Nothing is
 * reserved when anything is refused.
 */
export async function createOrder(
  db: Db,
  agent: { agentId: number; topId: number | null; path: string },
  input: CreateMallOrderRequest,
  opts: { timeoutMinutes: number; now?: Date },
): Promise<MallOrder> {
  const now = opts.now ?? new Date();
  checkCombination(input.shippingWay, input.payType);
  const [address] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ma.name, ma.mobile, ma.province, ma.city, ma.district, ma.detail FROM mall_addresses ma
          ${agent.topId === null ? sql`` : sql`JOIN agents buyer ON buyer.id = ma.agent_id AND buyer.top_id = ${agent.topId}`}
         WHERE ma.id = ${input.addressId} AND ma.agent_id = ${agent.agentId}`,
  );
  if (!address) throw badRequest('收货地址不存在', 'addressId');
  return db.transaction(async (tx) => {
    const priced = await priceItems(tx, input.items, { reserve: true, now });
    const a = await amounts(tx, priced, input.shippingWay, input.payType);
    const free = input.payType === ORDER_PAY_TYPE.FREE_CLAIM;
    const units = free ? priced.reduce((s, p) => s + p.quantity, 0) : 0;
    if (free) {
      const [taken] = await rows(
        tx,
        sql`UPDATE mall_free_quotas SET used = used + ${units}, updated_at = ${now}
             WHERE agent_id = ${agent.agentId}${inTree(sql`top_id`, agent)} AND granted - used >= ${units}
             RETURNING agent_id`,
      );
      if (!taken) {
        throw badRequest(`免费领取额度不足，剩余 ${await freeQuotaLeft(tx, agent)} 台`, 'payType');
      }
    }
    const paidNow = free && a.total === 0;
    const [o] = await rows<Record<string, unknown>>(
      tx,
      sql`INSERT INTO mall_orders (order_no, agent_id, top_id, agent_path, status, pay_type, shipping_way, goods_fen,
                                   shipping_fen, discount_fen, total_fen, free_units, address, expires_at,
                                   paid_at, created_at, updated_at)
          VALUES (${serialNo('M', now)}, ${agent.agentId}, ${agent.topId}, ${agent.path},
                  ${paidNow ? MALL_ORDER_STATUS.PAID : MALL_ORDER_STATUS.PENDING_PAYMENT}, ${input.payType},
                  ${input.shippingWay}, ${a.goods}, ${a.shipping}, ${a.discount}, ${a.total}, ${units},
                  ${JSON.stringify(address)}::jsonb,
                  ${new Date(now.getTime() + opts.timeoutMinutes * 60_000)}, ${paidNow ? now : null}, ${now}, ${now})
          RETURNING *`,
    );
    for (const p of priced) {
      await tx.execute(
        sql`INSERT INTO mall_order_items (order_id, product_id, quantity, unit_price_fen, amount_fen)
            VALUES (${o!.id as number}, ${p.productId}, ${p.quantity}, ${p.unit}, ${p.unit * p.quantity})`,
      );
    }
    return toOrder(tx, agent, o!);
  });
}

/**
 * Pays an order from a wallet after the pay password: the goods balance (capital pool) or points.
 * One ledger entry between the pay type's accounts, keyed by the order so a repeated request
 * pays once. WeChat and Alipay go through the gateway's cashier instead (prepay); a free claim
 * is settled when it is placed. An order past its time, cancelled or already paid is refused.
 */
export async function payOrder(
  db: Db,
  buyer: Buyer,
  input: PayMallOrderRequest,
  now: Date = new Date(),
): Promise<MallOrder> {
  if (GATEWAY_PAY_TYPES.includes(input.payType))
    throw badRequest('微信、支付宝请在收银台完成支付', 'payType');
  if (!WALLET_PAY_TYPES.includes(input.payType))
    throw badRequest('免费领取在下单时确定，请选择其他支付方式', 'payType');
  // Checked before the pay password is tried, and again on the locked order.
  const agentId = buyer.agentId;
  assertPayable(await loadOrder(db, buyer, input.id), input.payType, now);
  await checkPayPassword(db, agentId, input.payPassword);
  try {
    return await db.transaction(async (tx) => {
      const o = await loadOrder(tx, buyer, input.id, true);
      assertPayable(o, input.payType, now);
      const posted = await postOrderMoney(
        tx,
        {
          id: num(o.id),
          orderNo: String(o.order_no),
          agentId,
          payType: input.payType,
          amountFen: num(o.total_fen),
        },
        `mall:pay:${num(o.id)}`,
      );
      const [paid] = await rows<Record<string, unknown>>(
        tx,
        sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.PAID}, pay_type = ${input.payType},
              pay_entry_id = ${posted.entryId}, paid_at = ${now}, updated_at = ${now}
            WHERE id = ${num(o.id)} RETURNING *`,
      );
      await closeOpenPayments(tx, num(o.id), now);
      return toOrder(tx, buyer, paid!);
    });
  } catch (err) {
    if (err instanceof InsufficientBalanceError)
      throw badRequest(
        input.payType === ORDER_PAY_TYPE.POINTS ? '积分不足' : '货款余额不足',
        'payType',
      );
    throw err;
  }
}

/** Gateway payments of an order still open at the gateway are closed (the order no longer needs them). */
async function closeOpenPayments(
  tx: DbOrTx,
  orderId: number,
  now: Date,
  tree: Pick<Buyer, 'topId'> = { topId: null },
) {
  await tx.execute(
    sql`UPDATE mall_payments SET status = 4, updated_at = ${now}
         WHERE order_id = ${orderId}${inTree(sql`top_id`, tree)} AND status = 0`,
  );
}

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
  order: Record<string, unknown>,
  reason: string,
  now: Date = new Date(),
  tree: Pick<Buyer, 'topId'> = { topId: null },
): Promise<Record<string, unknown>> {
  const status = num(order.status);
  if (status !== MALL_ORDER_STATUS.PENDING_PAYMENT && status !== MALL_ORDER_STATUS.PAID)
    throw conflict('订单已发货或已关闭，不能取消');
  const id = num(order.id);
  await tx.execute(
    tree.topId === null
      ? sql`UPDATE mall_products p SET stock = p.stock + i.quantity, updated_at = ${now}
          FROM mall_order_items i WHERE i.order_id = ${id} AND p.id = i.product_id`
      : sql`UPDATE mall_products p SET stock = p.stock + i.quantity, updated_at = ${now}
          FROM mall_order_items i JOIN mall_orders o ON o.id = i.order_id AND o.top_id = ${tree.topId}
          WHERE i.order_id = ${id} AND p.id = i.product_id`,
  );
  if (num(order.free_units) > 0) {
    await tx.execute(
      sql`UPDATE mall_free_quotas SET used = used - ${num(order.free_units)}, updated_at = ${now}
           WHERE agent_id = ${num(order.agent_id)}${inTree(sql`top_id`, tree)}`,
    );
  }
  await closeOpenPayments(tx, id, now, tree);
  let refundEntry: number | null = null;
  if (status === MALL_ORDER_STATUS.PAID && order.pay_entry_id != null) {
    const payType = num(order.pay_type);
    const posted = await postOrderMoney(
      tx,
      {
        id,
        orderNo: String(order.order_no),
        agentId: num(order.agent_id),
        payType,
        amountFen: num(order.total_fen),
      },
      `mall:refund:${id}`,
      true,
    );
    refundEntry = posted.entryId;
    if (GATEWAY_PAY_TYPES.includes(payType)) {
      await tx.execute(
        sql`UPDATE mall_payments SET status = 2, refund_entry_id = ${refundEntry},
              refund_reason = ${`订单取消：${reason}`}, updated_at = ${now}
            WHERE order_id = ${id}${inTree(sql`top_id`, tree)} AND entry_id = ${num(order.pay_entry_id)}
              AND status = 1`,
      );
    }
  }
  const [closed] = await rows<Record<string, unknown>>(
    tx,
    sql`UPDATE mall_orders SET status = ${refundEntry ? MALL_ORDER_STATUS.REFUNDED : MALL_ORDER_STATUS.CANCELLED},
          refund_entry_id = ${refundEntry}, cancelled_at = ${now}, cancel_reason = ${reason}, updated_at = ${now}
        WHERE id = ${id}${inTree(sql`top_id`, tree)} RETURNING *`,
  );
  return closed!;
}

/** The buyer cancels its own order (unpaid, or paid and not shipped: refunded). */
export async function cancelOwnOrder(db: Db, buyer: Buyer, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const o = await loadOrder(tx, buyer, id, true);
    return toOrder(tx, buyer, await cancelOrder(tx, o, '买家取消', now, buyer));
  });
}

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
  const due = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM mall_orders WHERE status = ${MALL_ORDER_STATUS.PENDING_PAYMENT}
          AND expires_at <= ${now} ORDER BY expires_at LIMIT 500`,
  );
  let n = 0;
  for (const { id } of due) {
    if (signal?.aborted) break;
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
  buyer: Buyer,
  q: { status?: number; cursor?: string; pageSize: number },
) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM mall_orders WHERE agent_id = ${buyer.agentId}${inTree(sql`top_id`, buyer)}
          ${q.status === undefined ? sql`` : sql`AND status = ${q.status}`}
          ${q.cursor ? sql`AND id < ${Number(q.cursor)}` : sql``}
        ORDER BY id DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize);
  return {
    rows: await toOrders(db, buyer, page),
    nextCursor: found.length > q.pageSize ? String(num(page[page.length - 1]!.id)) : null,
  };
}
