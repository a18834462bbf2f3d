import type { FastifyPluginAsync } from 'fastify';
import { applyGatewayNotify, refundPendingPayments } from '../../modules/mall/payments';
import { alipayClient } from '../../providers/payments/alipay/alipay-client';
import { AlipayGateway } from '../../providers/payments/alipay/alipay-gateway';
import { defineRealGateway, gatewayFor, gatewaysOf } from '../../providers/payments/gateway';

// ALIPAY_GATEWAY=alipay: the openapi gateway with the ALIPAY_* application (built on first use).
defineRealGateway(
  'alipay',
  (app) =>
    new AlipayGateway(alipayClient(app.config.alipay), {
      ...app.config.alipay,
      paymentMinutes: app.config.mallOrderTimeoutMinutes,
    }),
);

/**
 * Alipay's asynchronous notify of mall payments (the notify_url of every Alipay payment). Alipay
 * posts a form and retries until the answer is the text `success`. Only a form whose RSA2
 * signature verifies with Alipay's public key, for this app, for a paid trade, moves anything;
 * a forged one is answered `fail` and logged; the same notify again is applied once.
 */
export const alipayNotifyRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post('/api/pay/alipay/notify', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/plain; charset=utf-8');
    const gateway = gatewayFor(app, 'alipay');
    if (!(gateway instanceof AlipayGateway)) return reply.status(404).send('fail');
    const form =
      request.body && typeof request.body === 'object'
        ? Object.fromEntries(
            Object.entries(request.body as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          )
        : {};
    const reading = gateway.readNotify(form);
    if (reading.kind === 'refused') {
      request.log.warn(
        { ip: request.ip, reason: reading.reason, outTradeNo: form.out_trade_no },
        'alipay notify refused',
      );
      return reply.status(400).send('fail');
    }
    if (reading.kind === 'ignored') return 'success';
    try {
      const result = await applyGatewayNotify(app.db, reading.notify);
      if (result.outcome === 'refund')
        await refundPendingPayments(app.db, gatewaysOf(app), request.log);
    } catch (err) {
      // A genuine notify that does not fit its payment (another amount, an unknown number) is
      // kept failing, so Alipay's retries and its dashboard show it until someone looks.
      request.log.error({ err, paymentNo: reading.notify.paymentNo }, 'alipay notify not applied');
      return reply.status(400).send('fail');
    }
    return 'success';
  });
};
