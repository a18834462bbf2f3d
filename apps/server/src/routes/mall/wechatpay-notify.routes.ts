import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { keepRawJson } from '../../lib/raw-json';
import { applyGatewayNotify, refundPendingPayments } from '../../modules/mall/payments';
import { recordRefundResult, type RefundResult } from '../../modules/mall/refund-results';
import { defineRealGateway, gatewayFor, gatewaysOf } from '../../providers/payments/gateway';
import {
  WechatPayGateway,
  WechatPayNotifyError,
  type WechatPayRefundResult,
  type WechatPayTransaction,
} from '../../providers/payments/wechatpay/wechatpay-gateway';

// WECHATPAY_GATEWAY=wechatpay: the API v3 adapter on the WECHATPAY_* account.
defineRealGateway('wechat', (app) => new WechatPayGateway(app.config.wechatPaySettings));

/** WeChat Pay's answer that it should send the notification again later. */
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ code: 'FAIL', message });

/**
 * WeChat Pay's notifications (API v3) for mall payments and their refunds, at
 * POST /prod-api/api/pay/wechat/notify (WECHATPAY_NOTIFY_URL). No token: the Wechatpay-Signature
 * over the raw body is checked with the platform key, the resource decrypted with the APIv3 key
 * (WechatPayGateway.verifyNotify). TRANSACTION.SUCCESS applies the payment once, as the
 * simulator's callback does; REFUND.* records the refund's final state once. A refused one
 * changes nothing and is answered FAIL, so WeChat Pay retries a genuine one; 204 tells it to stop.
 */
export const wechatPayNotifyRoutes: FastifyPluginAsync = async (app) => {
  keepRawJson(app);

  app.post(
    '/api/pay/wechat/notify',
    {
      schema: {
        tags: ['mall'],
        summary:
          'WeChat Pay API v3 notification of a payment or refund (signed, encrypted; no token)',
      },
    },
    async (request, reply) => {
      const gateway = gatewayFor(app, 'wechat');
      if (!(gateway instanceof WechatPayGateway)) return fail(reply, 404, 'WeChat Pay is not on');
      let event;
      try {
        event = await gateway.verifyNotify(request.headers, request.rawBody ?? '');
      } catch (err) {
        if (!(err instanceof WechatPayNotifyError)) throw err;
        request.log.warn({ ip: request.ip, reason: err.message }, 'WeChat Pay notify refused');
        return fail(reply, 401, '签名错误');
      }
      if (event.eventType === 'TRANSACTION.SUCCESS') {
        const t = event.resource as unknown as WechatPayTransaction;
        if (t.trade_state !== 'SUCCESS') return reply.status(204).send();
        const result = await applyGatewayNotify(app.db, {
          paymentNo: t.out_trade_no,
          tradeNo: t.transaction_id,
          channel: 'wechat',
          amountFen: t.amount.total,
          status: 'SUCCESS',
          paidAt: t.success_time ?? new Date().toISOString(),
        });
        request.log.info({ ...result, notifyId: event.id }, 'WeChat Pay payment notified');
        if (result.outcome === 'refund')
          await refundPendingPayments(app.db, gatewaysOf(app), request.log);
        return reply.status(204).send();
      }
      if (event.eventType.startsWith('REFUND.')) {
        const r = event.resource as unknown as WechatPayRefundResult;
        if (r.refund_status === 'PROCESSING') return reply.status(204).send();
        const outcome = await recordRefundResult(app.db, {
          paymentNo: r.out_refund_no,
          channel: 'wechat',
          result: r.refund_status as RefundResult,
          amountFen: r.amount.refund,
        });
        const log = r.refund_status === 'SUCCESS' ? request.log.info : request.log.error;
        log.call(
          request.log,
          { paymentNo: r.out_refund_no, status: r.refund_status, outcome },
          'WeChat Pay refund notified',
        );
        return reply.status(204).send();
      }
      request.log.warn({ eventType: event.eventType }, 'WeChat Pay notify of an unknown kind');
      return reply.status(204).send();
    },
  );
};
