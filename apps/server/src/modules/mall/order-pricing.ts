import {
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  POSTAGE_SHIPPING_WAYS,
  mallCombinationError,
  unitPriceFor,
  type CreateMallOrderRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { mallFreeQuotas, mallProducts } from '../../db/schema';
import { andInTree } from '../../db/tree';
import { decode, selectOne, selection } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { freeOfModel, lockModel } from './catalog';
import type { Buyer, OrderRow } from './order-row';
import { readMallRules } from './rules';

// How an order is priced and what it may be paid with: the lines by their tiers (reserving the
// stock when it is placed), postage, the free claim's cover, and the checks every way of paying
// repeats. Shared by the quote, the order and its payments.

const p = alias(mallProducts, 'p');

export const shortfall = (name: string, stock: number) => `${name} 库存不足，仅剩 ${stock} 台`;

export interface Priced {
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
export async function priceItems(
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

export function checkCombination(shippingWay: number, payType: number) {
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
export async function amounts(db: DbOrTx, priced: Priced[], shippingWay: number, payType: number) {
  const goods = priced.reduce((s, p) => s + p.unit * p.quantity, 0);
  const shipping = POSTAGE_SHIPPING_WAYS.includes(shippingWay)
    ? (await readMallRules(db)).postageFen
    : 0;
  const discount = payType === ORDER_PAY_TYPE.FREE_CLAIM ? goods : 0;
  return { goods, shipping, discount, total: goods - discount + shipping };
}

export async function freeQuotaLeft(db: DbOrTx, buyer: Buyer) {
  const q = mallFreeQuotas;
  const found = await selectOne(
    db,
    { left: sql`${q.granted} - ${q.used}`.mapWith(decode.number) },
    sql`FROM mall_free_quotas WHERE ${q.agentId} = ${buyer.agentId}${andInTree(sql`${q.topId}`, buyer)}`,
  );
  // No quota row: nothing granted.
  return found?.left ?? 0;
}
