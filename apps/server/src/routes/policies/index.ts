import type { FastifyPluginAsync } from 'fastify';
import { closeAcquirer } from '../../providers/acquirer/acquirer';
import { acquirerRoutes } from './acquirer.routes';
import { policyRoutes } from './policies.routes';
import { priceShareRoutes } from './price-share.routes';
import { rateChangeRoutes } from './rate-changes.routes';

/** Routes without a token: the acquirer's signed callback. */
export const policiesPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(acquirerRoutes);
};

/**
 * Routes of the policies feature inside the authenticated scope. The acquirer adapter (the
 * simulator by default) lives as long as the app and is closed with it; the timeout job is run by
 * the jobs scheduler (jobs/index.ts).
 */
export const policiesProtectedRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onClose', async () => {
    await closeAcquirer(app.db);
  });
  await app.register(policyRoutes);
  await app.register(rateChangeRoutes);
  await app.register(priceShareRoutes);
};
