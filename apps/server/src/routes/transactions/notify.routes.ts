import {
  NOTIFY_SIGNATURE_HEADER,
  NOTIFY_SIGN_TYPE_HEADER,
  envelopeOf,
  notifyResult,
  ok,
  transactionNotification,
} from '@pos/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../lib/app-error';
import { NotificationBatcher } from '../../modules/transactions/notification-batcher';
import { logNotifyRefusal } from '../../modules/transactions/log-refusal';
import { verifyNotifySignature } from '../../modules/transactions/signature';

/** The raw bytes of each notification, as signed by the acquirer. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * The acquirer's transaction notifications (no token: the signature is the credential). Inside
 * this plugin only, JSON bodies are kept as raw bytes too, because the signature covers the exact
 * bytes sent, not a re-serialisation of the parsed JSON.
 */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Notifications arriving together are stored together (one statement and commit per batch).
  const batcher = new NotificationBatcher(app.db);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    try {
      done(null, raw.length === 0 ? {} : JSON.parse(raw.toString('utf8')));
    } catch {
      done(new AppError('BAD_REQUEST', '请求内容不是有效的JSON'), undefined);
    }
  });

  app.post(
    '/api/notify/transaction',
    {
      schema: {
        tags: ['transactions'],
        summary:
          "The acquirer's signed transaction notification (payments, refunds, reversals, fee collections)",
        description:
          'Signed with HMAC-SHA256 of the raw body (hex, header x-signature), or RSA-SHA256 (base64, x-sign-type: RSA-SHA256) when an RSA key is configured. Idempotent by txnId.',
        body: transactionNotification,
        response: { 200: envelopeOf(notifyResult) },
      },
      preValidation: async (request) => {
        const raw = rawBodies.get(request) ?? Buffer.alloc(0);
        const header = (name: string) => {
          const v = request.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const check = verifyNotifySignature(
          raw,
          header(NOTIFY_SIGNATURE_HEADER),
          header(NOTIFY_SIGN_TYPE_HEADER),
          app.config,
        );
        if (!check.ok) {
          const body = request.body as { txnId?: unknown } | undefined;
          await logNotifyRefusal(app.db, {
            outcome: 'bad_signature',
            acquirerTxnId: typeof body?.txnId === 'string' ? body.txnId : null,
            remoteIp: request.ip,
            detail: check.reason,
          });
          request.log.warn(
            { reason: check.reason, ip: request.ip },
            'transaction notification refused: bad signature',
          );
          throw forbidden('签名错误');
        }
      },
    },
    async (request) => {
      const result = await batcher.submit(request.body);
      return ok(result, result.duplicate ? '重复通知，已忽略' : '接收成功');
    },
  );
};
