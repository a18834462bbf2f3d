import { keepRawJson } from '../../lib/raw-json';
import { ACQUIRER_SIGNATURE_HEADER, acquirerCallbackRequest, envelopeOf, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyAcquirerResult } from '../../modules/acquirer/apply-acquirer-result';
import { verifyAcquirerSignature } from '../../modules/acquirer/verify-signature';
import { AppError } from '../../lib/app-error';

/**
 * The acquirer's result callback. It carries no token: the body is signed with HMAC-SHA256 over
 * the raw bytes with ACQUIRER_SECRET, sent in the x-acquirer-signature header as hex. A bad
 * signature is refused and logged, and changes nothing.
 */
export const acquirerRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJson(app);

  app.post(
    '/api/acquirer/callback',
    {
      schema: {
        tags: ['acquirer'],
        summary:
          'Result of a rate or fee change from the acquirer (HMAC-SHA256 signed body, no token)',
        headers: z
          .object({ [ACQUIRER_SIGNATURE_HEADER]: z.string().max(128).optional() })
          .passthrough(),
        body: acquirerCallbackRequest,
        response: {
          200: envelopeOf(
            z.object({ requestNo: z.string(), status: z.number(), changed: z.boolean() }),
          ),
        },
      },
    },
    async (request) => {
      const signature = request.headers[ACQUIRER_SIGNATURE_HEADER];
      if (
        !verifyAcquirerSignature(
          request.rawBody ?? '',
          typeof signature === 'string' ? signature : undefined,
          app.config.acquirerSecret,
        )
      ) {
        request.log.warn({ ip: request.ip }, 'acquirer callback with a bad signature refused');
        throw new AppError('UNAUTHORIZED', '签名错误');
      }
      return ok(await applyAcquirerResult(app.db, request.body));
    },
  );
};
