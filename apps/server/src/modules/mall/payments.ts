import {
  GATEWAY_PAY_TYPES,
  MALL_ORDER_STATUS,
  ORDER_PAY_TYPE,
  type GatewayNotify,
  type MallPrepay,
} from '@pos/core';
import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { mallOrders, mallPayments } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import type {
  GatewayChannel,
  GatewayClient,
  GatewayLookup,
} from '../../providers/payments/gateway';
import { postOrderMoney } from './order-money';
import { assertPayable } from './order-pricing';
import { ORDER } from './order-row';
import { serialNo } from './serial-no';

/** A payment a write marked (the CTE of refundPendingPayments and recordRefundResult). */
export const markedPayment = alias(mallPayments, 'marked');

/** Payment states (mall_payments.status). */
export const PAYMENT_STATUS = {
  AWAITING: 0,
  APPLIED: 1,
  REFUND_PENDING: 2,
  REFUNDED: 3,
  CLOSED: 4,
} as const;

/** The gateway channel of an order's pay type (WeChat Pay or Alipay), and back. */
export const channelOf = (payType: number): GatewayChannel =>
  payType === ORDER_PAY_TYPE.WECHAT ? 'wechat' : 'alipay';
export const payTypeOf = (channel: GatewayChannel) =>
  channel === 'wechat' ? ORDER_PAY_TYPE.WECHAT : ORDER_PAY_TYPE.ALIPAY;

/**
 * Opens a WeChat or Alipay payment of the caller's unpaid order at the gateway: a payment row
 * for the order's total, and the gateway's cashier. The order becomes paid only when the gateway's
 * signed callback arrives (applyGatewayNotify).
 */
export async function prepayOrder(
  db: Db,
  gateways: GatewayLookup,
  agentId: number,
  input: { id: number; payType: number; client?: GatewayClient; openid?: string },
  payerIp?: string,
  now: Date = new Date(),
): Promise<MallPrepay> {
  if (!GATEWAY_PAY_TYPES.includes(input.payType))
    throw badRequest('请选择微信或支付宝支付', 'payType');
  const channel = channelOf(input.payType);
  const gateway = gateways(channel);
  if (!gateway)
    throw badRequest(
      `${channel === 'wechat' ? '微信' : '支付宝'}支付暂未开放，请使用其他方式支付`,
      'payType',
    );
  const mo = mallOrders;
  const o = await selectOne(
    db,
    {
      id: mo.id,
      orderNo: mo.orderNo,
      topId: mo.topId,
      status: mo.status,
      shippingWay: mo.shippingWay,
      totalFen: mo.totalFen,
      expiresAt: mo.expiresAt,
    },
    sql`FROM mall_orders WHERE ${mo.id} = ${input.id} AND ${mo.agentId} = ${agentId}`,
  );
  if (!o) throw notFound('订单不存在');
  assertPayable(o, input.payType, now);
  const amountFen = o.totalFen;
  const no = serialNo('P', now);
  await db.execute(
    sql`INSERT INTO mall_payments (payment_no, order_id, agent_id, top_id, pay_type, amount_fen, created_at, updated_at)
        VALUES (${no}, ${o.id}, ${agentId}, ${o.topId}, ${input.payType},
                ${amountFen}, ${now}, ${now})`,
  );
  const cashier = await gateway.createPayment({
    paymentNo: no,
    channel,
    amountFen,
    subject: `终端采购订单 ${o.orderNo}`,
    client: input.client,
    openid: input.openid,
    payerIp,
  });
  return {
    paymentNo: no,
    payType: input.payType,
    amountFen,
    cashierUrl: cashier.cashierUrl,
    ...(cashier.appParams ? { appParams: cashier.appParams } : {}),
    simulated: gateway.simulated,
  };
}

/** The payment of the caller's own (for the simulated cashier, which confirms as the payer). */
export async function ownPayment(db: DbOrTx, agentId: number, paymentNo: string) {
  const mp = mallPayments;
  const p = await selectOne(
    db,
    { paymentNo: mp.paymentNo },
    sql`FROM mall_payments WHERE ${mp.paymentNo} = ${paymentNo} AND ${mp.agentId} = ${agentId}`,
  );
  if (!p) throw notFound('支付单不存在');
  return p.paymentNo;
}

/**
 * A verified gateway callback, applied once: the money is recorded in the ledger (gateway into
 * capital clearing) and, when its order still awaits payment, the order becomes paid by it.
 * When the order was already paid (a second payment) or has closed, the money is not needed: the
 * payment is marked for its refund, and the reverse entry is posted in the same transaction.
 * The same callback again (gateways retry) changes nothing.
 */
export async function applyGatewayNotify(
  db: Db,
  notify: GatewayNotify,
  now: Date = new Date(),
): Promise<{ paymentNo: string; outcome: 'applied' | 'refund' | 'repeat' }> {
  return db.transaction(async (tx) => {
    // The order is locked before its payment, as every path that touches an order's payments
    // does, so two callbacks for one order queue on the order instead of deadlocking.
    const mp = mallPayments;
    const ref = await selectOne(
      tx,
      { orderId: mp.orderId },
      sql`FROM mall_payments WHERE ${mp.paymentNo} = ${notify.paymentNo}`,
    );
    if (!ref) throw notFound('支付单不存在');
    const o = await selectOne(
      tx,
      ORDER,
      sql`FROM mall_orders o WHERE o.id = ${ref.orderId} FOR UPDATE`,
    );
    const p = await selectOne(
      tx,
      getTableColumns(mallPayments),
      sql`FROM mall_payments WHERE ${mp.paymentNo} = ${notify.paymentNo} FOR UPDATE`,
    );
    if (!p || !o) throw notFound('支付单不存在');
    if (p.payType !== payTypeOf(notify.channel) || p.amountFen !== notify.amountFen)
      throw badRequest('支付渠道或金额与支付单不符', 'amountFen');
    const { status } = p;
    if (status !== PAYMENT_STATUS.AWAITING && status !== PAYMENT_STATUS.CLOSED) {
      if (p.tradeNo !== notify.tradeNo) throw badRequest('支付单已由另一笔交易支付', 'tradeNo');
      return { paymentNo: notify.paymentNo, outcome: 'repeat' as const };
    }
    const order = {
      id: o.id,
      orderNo: o.orderNo,
      agentId: o.agentId,
      payType: p.payType,
      amountFen: p.amountFen,
    };
    const paid = await postOrderMoney(tx, order, `mall:gw:${notify.paymentNo}`);
    const paidAt = new Date(notify.paidAt);
    const at = Number.isNaN(paidAt.getTime()) ? now : paidAt;
    if (o.status === MALL_ORDER_STATUS.PENDING_PAYMENT) {
      await tx.execute(
        sql`UPDATE mall_payments SET status = ${PAYMENT_STATUS.APPLIED}, trade_no = ${notify.tradeNo},
              entry_id = ${paid.entryId}, paid_at = ${at}, updated_at = ${now}
            WHERE id = ${p.id}`,
      );
      await tx.execute(
        sql`UPDATE mall_orders SET status = ${MALL_ORDER_STATUS.PAID}, pay_type = ${order.payType},
              pay_entry_id = ${paid.entryId}, paid_at = ${at}, updated_at = ${now}
            WHERE id = ${order.id}`,
      );
      await tx.execute(
        sql`UPDATE mall_payments SET status = ${PAYMENT_STATUS.CLOSED}, updated_at = ${now}
             WHERE order_id = ${order.id} AND status = ${PAYMENT_STATUS.AWAITING}`,
      );
      return { paymentNo: notify.paymentNo, outcome: 'applied' as const };
    }
    const reason =
      o.status === MALL_ORDER_STATUS.CANCELLED || o.status === MALL_ORDER_STATUS.REFUNDED
        ? '订单已关闭，付款原路退回'
        : '订单已支付，重复付款原路退回';
    const refund = await postOrderMoney(tx, order, `mall:gwrefund:${notify.paymentNo}`, true);
    await tx.execute(
      sql`UPDATE mall_payments SET status = ${PAYMENT_STATUS.REFUND_PENDING}, trade_no = ${notify.tradeNo},
            entry_id = ${paid.entryId}, refund_entry_id = ${refund.entryId}, refund_reason = ${reason},
            paid_at = ${at}, updated_at = ${now}
          WHERE id = ${p.id}`,
    );
    return { paymentNo: notify.paymentNo, outcome: 'refund' as const };
  });
}

/**
 * Sends the refunds the ledger has already recorded (payments marked refund pending) to the
 * gateway, and marks each done once the gateway accepts it. Runs after the transactions that
 * mark them, and as a job, so a refund the gateway refused for a while is sent again. Once the
 * signal is aborted it stops before the next refund.
 */
export async function refundPendingPayments(
  db: Db,
  gateways: GatewayLookup,
  log?: Pick<FastifyBaseLogger, 'error'>,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const mp = mallPayments;
  const due = await select(
    db,
    {
      id: mp.id,
      paymentNo: mp.paymentNo,
      payType: mp.payType,
      tradeNo: mp.tradeNo,
      amountFen: mp.amountFen,
      refundReason: mp.refundReason,
    },
    sql`FROM mall_payments
         WHERE status = ${PAYMENT_STATUS.REFUND_PENDING} ORDER BY id LIMIT 200`,
  );
  let done = 0;
  for (const p of due) {
    if (signal?.aborted) break;
    const channel = channelOf(p.payType);
    // A channel switched off keeps its refunds pending until it is on again.
    const gateway = gateways(channel);
    if (!gateway) continue;
    try {
      await gateway.refund({
        paymentNo: p.paymentNo,
        channel,
        tradeNo: String(p.tradeNo),
        amountFen: p.amountFen,
        reason: p.refundReason ?? '退款',
      });
    } catch (err) {
      log?.error({ err, paymentNo: p.paymentNo }, 'gateway refund failed; it will be sent again');
      continue;
    }
    const marked = await selectOne(db, { id: markedPayment.id }, sql`FROM marked`, {
      with: sql`WITH marked AS (UPDATE mall_payments SET status = ${PAYMENT_STATUS.REFUNDED}, refunded_at = ${now}, updated_at = ${now}
           WHERE id = ${p.id} AND status = ${PAYMENT_STATUS.REFUND_PENDING} RETURNING id)`,
    });
    if (marked) done += 1;
  }
  return done;
}
