import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/**
 * The graceful shutdown (SIGTERM, SIGINT), in this order: readiness fails and the listener
 * closes, so no new request is taken (one arriving on an open keep-alive connection is answered
 * 503, which the balancer sends elsewhere); the requests in flight finish; then the jobs stop
 * starting runs and finish the batch in hand (app.close() runs app.jobs.stop once the listener is
 * done, before the adapters close); then the database closes.
 */
export async function shutDown(app: FastifyInstance, database: Database): Promise<void> {
  app.ops.draining = true;
  await app.close();
  await database.close();
}
