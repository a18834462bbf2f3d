import { envelopeOf, ok, smsOutboxMessage, smsOutboxQuery } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../../lib/app-error';
import { fromThisMachine } from '../../lib/this-machine';
import { acquirerFor } from '../../providers/acquirer/acquirer';
import { SimulatedAcquirer } from '../../providers/acquirer/simulated-acquirer';
import { readSmsOutbox } from '../../modules/sms/read-sms-outbox';

/**
 * Development and test helpers, registered only when config.smsOutboxApi is on (production
 * refuses that setting): they read the built-in simulated SMS gateway's codes, and hold the
 * simulated acquirer's answers so a journey can see a change while it is applying. They answer
 * only a caller on this machine; anyone else gets the 404 of an unknown route. Operators read
 * the simulated codes in the console instead (GET /prod-api/admin/sms/outbox).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromThisMachine(request)) {
      reply.callNotFound();
      return reply;
    }
  });
  const simulator = () => {
    const acquirer = acquirerFor(app);
    return acquirer instanceof SimulatedAcquirer ? acquirer : null;
  };
  for (const action of ['hold', 'release'] as const) {
    app.post(
      `/api/dev/acquirer/${action}`,
      {
        schema: {
          tags: ['dev'],
          summary:
            action === 'hold'
              ? "Holds the simulated acquirer's answers until release (dev and tests only)"
              : "Lets the simulated acquirer's held answers go (dev and tests only)",
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async () => {
        const sim = simulator();
        if (!sim) throw conflict('当前收单机构不是模拟收单');
        sim[action]();
        return ok(null);
      },
    );
  }

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
