import { dashboard, dictData, ENUM_TYPE_NAMES, envelopeOf, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getDashboard } from '../../modules/admin/dashboard';
import { listDictData } from '../../modules/system/list-dict-data';

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
  app.get(
    '/dicts',
    {
      config: { permission: 'dict:view' },
      schema: {
        tags: ['admin'],
        summary: 'Every dictionary the app reads (/system/dict/data/type/{type}), read-only',
        security: [{ bearer: [] }],
        response: {
          200: envelopeOf(z.array(z.object({ type: z.string(), rows: z.array(dictData) }))),
        },
      },
    },
    async () => ok(ENUM_TYPE_NAMES.map((type) => ({ type, rows: listDictData(type) }))),
  );
};
