import {
  GATEWAY_PAY_TYPES,
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  WALLET_PAY_TYPES,
  type MallOrder,
  type PayMallOrderRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { InsufficientBalanceError } from '../ledger/post-entry';
import { checkPayPassword } from '../../db/pay-password';
import { closeOpenPayments, postOrderMoney } from './order-money';
import { assertPayable } from './order-pricing';
import { loadOrder, toOrder, writtenOrder, type Buyer } from './order-row';

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
