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
} from '@pos/core';
import { randomInt } from 'node:crypto';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  mallAddresses,
  mallFreeQuotas,
  mallOrderItems,
  mallOrders,
  mallProducts,
  terminalOperationItems,
} from '../../db/schema';
import { decode, select, selectOne, selection, type RowOf } from '../../db/typed';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import {
  agentAccountId,
  agentBalances,
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

/**
 * An order or payment number: a letter, the time to the second in Asia/Shanghai (the day the
 * agent and the operator read, yymmddhhMMss), six random digits.
 */
export const serialNo = (prefix: string, now: Date) =>
  `${prefix}${formatDate(now, 'yyyymmddhhMMss').slice(2)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** The quota a free claim took (the CTE of createOrder). */
const takenQuota = alias(mallFreeQuotas, 'taken');

const shortfall = (name: string, stock: number) => `${name} 库存不足，仅剩 ${stock} 台`;

/**
 * The agent buying: its id and its tree. Its orders, quota and the rest are read in its tree
 * (top_id, decision 020); a buyer without one (topId null) reads them by its id alone.
 */
export type Buyer = Pick<Caller, 'agentId' | 'topId'>;

/** ` AND column = the buyer's tree`, or nothing without one. */
const inTree = (column: SQL, buyer: Pick<Buyer, 'topId'>) => andInTree(column, buyer);

/** Every column of an order, read FROM mall_orders o (or a CTE o of its rows). */
const o = alias(mallOrders, 'o');
export const ORDER = selection(getTableColumns(o));
export type OrderRow = RowOf<ReturnType<typeof getTableColumns<typeof o>>>;

/** `WITH o AS (<statement> RETURNING *)`: the order a write changed, read whole. */
export async function writtenOrder(tx: DbOrTx, write: SQL): Promise<OrderRow | undefined> {
  return selectOne(tx, ORDER, sql`FROM o`, { with: sql`WITH o AS (${write})` });
}

async function loadOrder(db: DbOrTx, buyer: Buyer, id: number, lock = false) {
  const found = await selectOne(
    db,
    ORDER,
    sql`FROM mall_orders o WHERE ${o.id} = ${id} AND ${o.agentId} = ${buyer.agentId}${inTree(sql`${o.topId}`, buyer)}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!found) throw notFound('订单不存在');
  return found;
}

/** An order as its buyer sees it. */
export async function getOrder(db: DbOrTx, buyer: Buyer, id: number): Promise<MallOrder> {
  return toOrder(db, buyer, await loadOrder(db, buyer, id));
}

async function toOrder(
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
async function toOrders(
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

/** A product as an order prices it, read FROM mall_products p (or a CTE p of its rows). */
const PRICED = selection({
  name: p.name,
  model: p.model,
  priceTiers: p.priceTiers,
  stock: p.stock,
  brandId: p.brandId,
});

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
      const m = await selectOne(
        tx,
        { brandId: mallProducts.brandId, model: mallProducts.model },
        sql`FROM mall_products WHERE ${mallProducts.id} = ${item.productId}`,
      );
      if (m) await lockModel(tx, m.brandId, m.model);
    }
    const product = opts.reserve
      ? await selectOne(tx, PRICED, sql`FROM p`, {
          with: sql`WITH p AS (UPDATE mall_products SET stock = stock - ${item.quantity}, updated_at = ${opts.now}
               WHERE id = ${item.productId} AND on_sale AND stock >= ${item.quantity}
              RETURNING name, model, price_tiers, stock, brand_id)`,
        })
      : await selectOne(
          tx,
          PRICED,
          sql`FROM mall_products p WHERE ${p.id} = ${item.productId} AND ${p.onSale}`,
        );
    if (product) {
      // Never more than the platform's unallocated terminals of the model: the lines of this
      // order are not written yet, so the free units must still cover this line.
      const free = await freeOfModel(tx, product.brandId, product.model);
      const left = Math.min(product.stock + (opts.reserve ? item.quantity : 0), free);
      if (opts.reserve && free < item.quantity)
        throw badRequest(shortfall(product.name, left), `items.${i}.quantity`);
      product.stock = left - (opts.reserve ? item.quantity : 0);
    }
    if (!product) {
      const exists = await selectOne(
        tx,
        {
          name: mallProducts.name,
          stock: mallProducts.stock,
          onSale: mallProducts.onSale,
          brandId: mallProducts.brandId,
          model: mallProducts.model,
        },
        sql`FROM mall_products WHERE ${mallProducts.id} = ${item.productId}`,
      );
      if (!exists || !exists.onSale) throw badRequest('商品已下架', `items.${i}.productId`);
      const free = await freeOfModel(tx, exists.brandId, exists.model);
      throw badRequest(shortfall(exists.name, Math.min(exists.stock, free)), `items.${i}.quantity`);
    }
    const unit = unitPriceFor(product.priceTiers, item.quantity);
    if (unit === null) throw badRequest(`${product.name} 暂无价格`, `items.${i}.productId`);
    priced.push({
      productId: item.productId,
      name: product.name,
      model: product.model,
      quantity: item.quantity,
      unit,
      stock: product.stock + (opts.reserve ? item.quantity : 0),
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
export function assertPayable(
  order: Pick<OrderRow, 'status' | 'expiresAt' | 'shippingWay'>,
  payType: number,
  now: Date,
) {
  if (order.status !== MALL_ORDER_STATUS.PENDING_PAYMENT)
    throw badRequest('订单不是待付款状态', 'id');
  if (order.expiresAt <= now) throw badRequest('订单已超时，请重新下单', 'id');
  const refusal = mallCombinationError(order.shippingWay, payType);
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
  const q = mallFreeQuotas;
  const found = await selectOne(
    db,
    { left: sql`${q.granted} - ${q.used}`.mapWith(decode.number) },
    sql`FROM mall_free_quotas WHERE ${q.agentId} = ${buyer.agentId}${inTree(sql`${q.topId}`, buyer)}`,
  );
  // No quota row: nothing granted.
  return found?.left ?? 0;
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
  const ma = alias(mallAddresses, 'ma');
  const address: MallOrder['address'] | undefined = await selectOne(
    db,
    {
      name: ma.name,
      mobile: ma.mobile,
      province: ma.province,
      city: ma.city,
      district: ma.district,
      detail: ma.detail,
    },
    sql`FROM mall_addresses ma
          ${agent.topId === null ? sql`` : sql`JOIN agents buyer ON buyer.id = ${ma.agentId} AND buyer.top_id = ${agent.topId}`}
         WHERE ${ma.id} = ${input.addressId} AND ${ma.agentId} = ${agent.agentId}`,
  );
  if (!address) throw badRequest('收货地址不存在', 'addressId');
  return db.transaction(async (tx) => {
    const priced = await priceItems(tx, input.items, { reserve: true, now });
    const a = await amounts(tx, priced, input.shippingWay, input.payType);
    const free = input.payType === ORDER_PAY_TYPE.FREE_CLAIM;
    const units = free ? priced.reduce((s, p) => s + p.quantity, 0) : 0;
    if (free) {
      const taken = await selectOne(tx, { agentId: takenQuota.agentId }, sql`FROM taken`, {
        with: sql`WITH taken AS (UPDATE mall_free_quotas SET used = used + ${units}, updated_at = ${now}
             WHERE agent_id = ${agent.agentId}${inTree(sql`top_id`, agent)} AND granted - used >= ${units}
             RETURNING agent_id)`,
      });
      if (!taken) {
        throw badRequest(`免费领取额度不足，剩余 ${await freeQuotaLeft(tx, agent)} 台`, 'payType');
      }
    }
    const paidNow = free && a.total === 0;
    const placed = await writtenOrder(
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
    for (const line of priced) {
      await tx.execute(
        sql`INSERT INTO mall_order_items (order_id, product_id, quantity, unit_price_fen, amount_fen)
            VALUES (${placed!.id}, ${line.productId}, ${line.quantity}, ${line.unit}, ${line.unit * line.quantity})`,
      );
    }
    return toOrder(tx, agent, placed!);
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
      const order = await loadOrder(tx, buyer, input.id, true);
      assertPayable(order, input.payType, now);
      const posted = await postOrderMoney(
        tx,
        {
          id: order.id,
          orderNo: order.orderNo,
          agentId,
          payType: input.payType,
          amountFen: order.totalFen,
        },
        `mall:pay:${order.id}`,
      );
      const paid = await writtenOrder(
        tx,
        sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.PAID}, pay_type = ${input.payType},
              pay_entry_id = ${posted.entryId}, paid_at = ${now}, updated_at = ${now}
            WHERE id = ${order.id} RETURNING *`,
      );
      await closeOpenPayments(tx, order.id, now);
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
           WHERE agent_id = ${order.agentId}${inTree(sql`top_id`, tree)}`,
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
            WHERE order_id = ${id}${inTree(sql`top_id`, tree)} AND entry_id = ${order.payEntryId}
              AND status = 1`,
      );
    }
  }
  const closed = await writtenOrder(
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
    const order = await loadOrder(tx, buyer, id, true);
    return toOrder(tx, buyer, await cancelOrder(tx, order, '买家取消', now, buyer));
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

/** The buyer's orders, newest first, by state; keyset by id. */
export async function listOrders(
  db: Db,
  buyer: Buyer,
  q: { status?: number; cursor?: string; pageSize: number },
) {
  const found = await select(
    db,
    ORDER,
    sql`FROM mall_orders o WHERE ${o.agentId} = ${buyer.agentId}${inTree(sql`${o.topId}`, buyer)}
          ${q.status === undefined ? sql`` : sql`AND ${o.status} = ${q.status}`}
          ${q.cursor ? sql`AND ${o.id} < ${Number(q.cursor)}` : sql``}
        ORDER BY ${o.id} DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize);
  return {
    rows: await toOrders(db, buyer, page),
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}
