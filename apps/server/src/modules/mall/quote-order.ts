import {
  ORDER_PAY_TYPE,
  mallCombinationError,
  orderPayTypeOptions,
  type MallQuote,
  type MallQuoteRequest,
} from '@pos/core';
import type { Db } from '../../db/client';
import { agentBalances } from '../../db/ledger-accounts';
import type { GatewayLookup } from '../../providers/payments/gateway';
import type { Buyer } from './order-row';
import { amounts, checkCombination, freeQuotaLeft, priceItems, shortfall } from './order-pricing';

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
