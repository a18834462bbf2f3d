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
import { sql } from 'drizzle-orm';
import { AppError, forbidden } from '../../lib/app-error';
import { forgetChannels } from '../../modules/channels/channel-config';
import {
  DEFAULT_CHANNEL,
  pushContextOf,
  receiveNotification,
} from '../../modules/channels/receive-push';
import { logNotifyRefusal } from '../../modules/transactions/log-refusal';
import { verifyNotifySignature } from '../../lib/signature';

/** The raw bytes of each notification, as signed by the acquirer. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * The acquirer's transaction notifications (no token: the signature is the credential). Inside
 * this plugin only, JSON bodies are kept as raw bytes too, because the signature covers the exact
 * bytes sent, not a re-serialisation of the parsed JSON. In effect the simulated channel's
 * endpoint (decision 026): after the signature, the channel's sequence (raw push stored, the
 * terminal's brand checked, idempotent by txnId), answered in the format it always had.
 */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Notifications arriving together are stored together (one statement and commit per batch),
  // through the app's one push context, shared with the channel endpoints.
  const ctx = pushContextOf(app);
  // The channel whose pushes these are: there even where no demo data was seeded.
  await app.db.execute(sql`
    INSERT INTO channels (code, name, protocol) VALUES (${DEFAULT_CHANNEL}, '模拟通道', 'simulated')
    ON CONFLICT (code) DO NOTHING`);
  forgetChannels();
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
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers))
        headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
      const push = { body: rawBodies.get(request) ?? Buffer.alloc(0), headers };
      const receipt = await receiveNotification(ctx, push, request.body, request.ip);
      if (!receipt.ok) {
        request.log.warn(
          {
            channel: DEFAULT_CHANNEL,
            reason: receipt.reason,
            pushId: receipt.pushId,
            ip: request.ip,
          },
          'transaction notification refused',
        );
        throw forbidden(
          receipt.reason.includes('not served by this channel')
            ? '该终端由其他通道受理'
            : '通道拒绝接收',
        );
      }
      const { result } = receipt;
      return ok(result, result.duplicate ? '重复通知，已忽略' : '接收成功');
    },
  );
};
