import { keepRawJson } from '../../lib/raw-json';
import { envelopeOf, gatewayNotify, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { verifyAcquirerSignature } from '../../modules/acquirer/verify-signature';
import { applyGatewayNotify, refundPendingPayments } from '../../modules/mall/payments';
import {
  GATEWAY_SIGNATURE_HEADER,
  closePaymentGateway,
  gatewaysOf,
} from '../../providers/payments/gateway';

/**
 * The payment gateway's callback for WeChat and Alipay payments of mall orders. It carries no
 * token: the raw body is signed with HMAC-SHA256 and PAYMENT_GATEWAY_SECRET (hex, in
 * x-gateway-signature). A bad signature is refused and logged and changes nothing; the same
 * callback twice is applied once; a payment an order no longer needs is refunded.
 */
export const payNotifyRoutes: FastifyPluginAsyncZod = async (app) => {
  // The gateway adapter (the simulator by default) lives as long as the app.
  app.addHook('onClose', async () => {
    await closePaymentGateway(app.db);
  });
  keepRawJson(app);

  app.post(
    '/api/pay/notify',
    {
      schema: {
        tags: ['mall'],
        summary: 'Signed payment result from the payment gateway (no token)',
        headers: z
          .object({ [GATEWAY_SIGNATURE_HEADER]: z.string().max(128).optional() })
          .passthrough(),
        body: gatewayNotify,
        response: {
          200: envelopeOf(
            z.object({
              paymentNo: z.string(),
              outcome: z.enum(['applied', 'refund', 'repeat']),
            }),
          ),
        },
      },
    },
    async (request) => {
      const signature = request.headers[GATEWAY_SIGNATURE_HEADER];
      if (
        !verifyAcquirerSignature(
          request.rawBody ?? '',
          typeof signature === 'string' ? signature : undefined,
          app.config.paymentGatewaySecret,
        )
      ) {
        request.log.warn({ ip: request.ip }, 'gateway callback with a bad signature refused');
        throw new AppError('UNAUTHORIZED', '签名错误');
      }
      const result = await applyGatewayNotify(app.db, request.body);
      if (result.outcome === 'refund')
        await refundPendingPayments(app.db, gatewaysOf(app), request.log);
      return ok(result);
    },
  );
};
