import { adminSmsOutboxQuery, adminSmsOutboxRecord, envelopeOf, ok, pageOf } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSmsOutboxPage } from '../../modules/admin/sms-outbox';
import { OutboxSmsSender } from '../../modules/sms/sms-sender';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Whether the SMS provider in use is the built-in simulated gateway (codes reach no phone). */
export const usesSimulatedSms = (app: { sms: unknown }) => app.sms instanceof OutboxSmsSender;

/**
 * The simulated SMS gateway's outbox for operators. It exists only while that gateway is the SMS
 * provider: with a real one, codes are on people's phones and nowhere to be read.
 */
export const adminSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!usesSimulatedSms(app)) return;
  app.get(
    '/sms/outbox',
    {
      config: { permission: 'sms:view' },
      schema: {
        tags,
        summary: "The simulated SMS gateway's messages with their codes, newest first (audited)",
        security,
        querystring: adminSmsOutboxQuery,
        response: { 200: envelopeOf(pageOf(adminSmsOutboxRecord)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await readSmsOutboxPage(app.db, operatorOf(request), request.query));
    },
  );
};
