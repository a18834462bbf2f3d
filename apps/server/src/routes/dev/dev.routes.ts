import { envelopeOf, ok, smsOutboxMessage, smsOutboxQuery } from '@pos/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { conflict } from '../../lib/app-error';
import { acquirerFor } from '../../modules/acquirer/acquirer';
import { SimulatedAcquirer } from '../../modules/acquirer/simulated-acquirer';
import { readSmsOutbox } from '../../modules/sms/read-sms-outbox';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Headers a reverse proxy adds: a request carrying one came from somewhere else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes from this very machine: the TCP peer is a loopback address (127.0.0.0/8,
 * ::1, or 127.x mapped into IPv6) and no proxy says it forwarded it, since a reverse proxy on the
 * same host connects from loopback on everyone's behalf. The socket's own address is read, never
 * request.ip, which trusted proxy headers may rewrite.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  const address = request.socket.remoteAddress;
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

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
