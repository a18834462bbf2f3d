import {
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  type CreateMallOrderRequest,
  type MallOrder,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { mallAddresses, mallFreeQuotas } from '../../db/schema';
import { andInTree } from '../../db/tree';
import { selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { amounts, checkCombination, freeQuotaLeft, priceItems } from './order-pricing';
import { toOrder, writtenOrder } from './order-row';
import { serialNo } from './serial-no';

/** The quota a free claim took (the CTE of createOrder). */
const takenQuota = alias(mallFreeQuotas, 'taken');

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
             WHERE agent_id = ${agent.agentId}${andInTree(sql`top_id`, agent)} AND granted - used >= ${units}
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
