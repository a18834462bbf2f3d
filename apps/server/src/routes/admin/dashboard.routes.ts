import { dashboard, envelopeOf, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboard } from '../../modules/admin/dashboard';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'dashboard:view' },
      schema: {
        tags: ['admin'],
        summary: "Today's and this month's figures and what needs attention",
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(dashboard) },
      },
    },
    async () => ok(await getDashboard(app.db)),
  );
};
