import { envelopeOf, ok, smsOutboxMessage, smsOutboxQuery } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSmsOutbox } from '../../modules/sms/read-sms-outbox';

/**
 * Development and test helpers, registered only when config.smsOutboxApi is on: they read the
 * built-in simulated SMS gateway, which would hand out codes if a real gateway were in use.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/sms/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest message the simulated SMS gateway sent to a mobile (dev and tests only)',
        querystring: smsOutboxQuery,
        response: { 200: envelopeOf(smsOutboxMessage.nullable()) },
      },
    },
    async (request) => ok(await readSmsOutbox(app.db, request.query.mobile)),
  );
};
